"""Two texts that name one head noun, each with a qualifier of its own, are about two kinds
of that thing.

"Weekend kiln firings are limited to 6 hours" held, then "glaze test firings run 2 hours
because of the small shelf": both are firings, worded alike with other values, yet each
names its own kind ("weekend kiln" against "glaze test") and neither names the other's.
So with "harbour ferry tickets cost 4 euros" against "tickets for school groups cost 2
euros": a narrower kind with its own value, and the held value still stands for its own.
A draft whose kind words the held text all names ("kiln firings now stop at 5 hours") is
the same thing; one told with a change word or the date it takes effect, or about "all" / "every" of the thing, is
left to the other rules (a rule for every kind does change each one's).
"""

from __future__ import annotations

import re

from agentmem.core.clauses import SENTENCES
from agentmem.core.cues import says_changed
from agentmem.core.spoken import MONTH_ORDER, WEEKDAYS
from agentmem.core.statement import terms
from agentmem.core.textcache import textcached
from agentmem.core.values import value_words
from agentmem.core.words import function_words, tokenized

WORD = re.compile(r"[\w'’-]+|[^\w\s]")
CLAUSE = SENTENCES
BEFORE = 2  # qualifying words read before the head noun
AFTER = 3  # content words of a "for …" / "of …" phrase after it
LINKS = frozenset({"for", "of"})
ASIDE = re.compile(r"(?<=\s)\(([^()]{1,40})\)(?=\s)")  # " (light) ": a word in brackets
EVERY = frozenset({"all", "every", "each", "any"})
# a date the news takes effect on is a change told: "from 2026/27, …", "as of 1 June …"
EFFECTIVE = re.compile(
    r"\b(?:from|since|as\s+of|effective|beginning|starting)\s+(?:the\s+)?(?:next\b|this\b|"
    rf"today\b|tomorrow\b|\d|(?:{'|'.join((*MONTH_ORDER, *WEEKDAYS))})[a-z]*\b)",
    re.IGNORECASE,
)
# ... or a text that opens on when it holds: "Since the spring audit, ...", "After the merger, ..."
OPENS_WHEN = re.compile(
    r"^\W*(?:since|from|as\s+of|effective|beginning|starting|after)\b[^,;.]{0,40},", re.IGNORECASE
)
# words that tell which state of a thing, not which kind: "the new shifts", "current rates"
STATE = frozenset(
    "new old current previous former existing same other usual standard regular".split()  # noqa: SIM905
)


def _terms(words: list[str]) -> set[str]:
    return {t for w in words for t in tokenized(w)}


@textcached
def _qualifier(clause: str, term: str, states: bool = False) -> tuple[set[str], bool] | None:
    """The kind words around the first mention of `term` in `clause` (up to BEFORE content
    words right before it, and a "for …"/"of …" phrase after it), and whether "all" or
    "every" comes before it; None when the clause does not name it. With `states`, a word
    like "standard" is a kind too (`agentmem.core.whichone`)."""
    # a kind in brackets is a kind all the same: "Usukuchi (light) release spec" (not a
    # commit's scope: "chore(cache): …")
    words = WORD.findall(ASIDE.sub(r" \1 ", clause))
    skip = function_words() | value_words()
    for at, word in enumerate(words):
        if term not in tokenized(word):
            continue
        before: list[str] = []
        every = False
        for prior in reversed(words[max(0, at - BEFORE) : at]):
            low = prior.lower()
            if low in EVERY:
                every = True
                break
            if not prior[0].isalpha() or low in skip or (low in STATE and not states):
                break
            before.append(prior)
        after: list[str] = []
        if at + 1 < len(words) and words[at + 1].lower() in LINKS:
            for later in words[at + 2 : at + 2 + AFTER + 1]:
                low = later.lower()
                if not later[0].isalpha() or low in skip:
                    if after:
                        break
                    continue  # "for the night crew": the article before the kind
                after.append(later)
                if len(after) == AFTER:
                    break
        return _terms(before + after) - {term}, every
    return None


def own_kinds(draft: str, held: str, states: bool = False) -> bool:
    """The draft opens on a head noun the held text's first clause names, and each text
    qualifies it with a word the other never writes (see the module docstring); with
    `states`, "standard" or "regular" before it is a kind word too."""
    if says_changed(draft) or EFFECTIVE.search(draft) or OPENS_WHEN.search(draft):
        return False
    first = CLAUSE.split(draft, maxsplit=1)[0]
    held_first = CLAUSE.split(held, maxsplit=1)[0]
    for term in terms(first).head:
        theirs = _qualifier(held_first, term, states)
        if theirs is None:
            continue
        ours = _qualifier(first, term, states)
        if ours is None or ours[1] or theirs[1]:
            return False
        held_terms = _terms(WORD.findall(held))  # read only for a head both name
        return bool(ours[0] - held_terms) and bool(theirs[0] - _terms(WORD.findall(draft)))
    return False
