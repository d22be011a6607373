"""A state turned round: "Auto-approval is switched off since the audit" after "Auto-approval
is on for orders under 50 EUR", "Ramp R2 is two-way again" after "ramp R2 is one-way
downhill", "Empty pallets may be stacked again" after "empty pallets must not be stacked",
"the F-105 filter stays bypassed" after "keep filter F-105 in service". The draft tells the
opposite state of one the held lesson gives (`OPPOSITES`: on/off, enabled/disabled,
required/optional, allowed/forbidden, automatic/manual, in service/out of it, one-way/
two-way, may/must not be done), so it tells no new value that the value rules read, and it
shares too few words to be read as the lesson told anew; yet it ends the lesson.

Against a false merge: what the draft's state is said of (the content words just before it
in its sentence) is named, every word of it, just before the held state (a state of another
component, "pump B is off" of "pump A is on", leaves the lesson); the draft's sentence says
it in no condition ("if", "when", "during" …), with no "still", "also" or "too", and no
negation just before the state ("is not off"); neither text gives both states (a rule per
case, "on weekdays, off at weekends"); and a may/must-not pair is of one deed (the verb
after it).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator

from agentmem.core.textcache import textcached

# A state an ambiguous word tells only after a verb of being or setting: "is on", "switched
# off" (not "on the roof", "off the line").
_LEAD = r"(?:\b(?:is|are|was|were|be|been|stays?|stayed|remains?|remained|kept|keep|left|set|switched|turned)\s+(?:now\s+)?)"
_AFTER = (
    r"(?=\s*(?:[.;:,!?()]|$|\b(?:since|for|again|from|until|now|by|at|in|during|after|on|and)\b))"
)
# Each pair: two opposite states of one thing, either of which the held lesson may give.
OPPOSITES: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = tuple(
    (re.compile(a, re.IGNORECASE), re.compile(b, re.IGNORECASE))
    for a, b in (
        (rf"{_LEAD}on{_AFTER}", rf"{_LEAD}off{_AFTER}"),
        (
            r"\b(?:enabled|switched\s+on|turned\s+on)\b",
            r"\b(?:disabled|switched\s+off|turned\s+off)\b",
        ),
        (r"\b(?:required|mandatory|compulsory)\b", r"\b(?:optional|voluntary)\b"),
        (
            r"(?<!\bnot\s)\b(?:allowed|permitted)\b",
            r"\b(?:forbidden|prohibited|banned|not\s+allowed|not\s+permitted)\b",
        ),
        (r"\b(?:automatic|automatically|automated)\b", r"\b(?:manual|manually|by\s+hand)\b"),
        (r"\bin\s+service\b", r"\b(?:out\s+of\s+service|bypassed|decommissioned)\b"),
        (r"\bone-way\b", r"\btwo-way\b"),
        (
            r"\b(?:may|can)\s+be\s+(?P<deed>[a-z]+ed)\b",
            r"\b(?:must\s+not|may\s+not|cannot|can't|mustn't|must\s+never)\s+be\s+(?P<deed>[a-z]+ed)\b",
        ),
    )
)
SENTENCE = re.compile(r"[^.;:!?]+")
WORD = re.compile(r"[^\W_][\w-]*")
# Words of a sentence that say what a state is of no more than its verb does.
_PLAIN = (
    "a an the its our their this that these those is are was were be been being stays stay "
    "stayed remains remain remained kept keep left set switched turned now again may can must "
    "will would should it they we all every each of to for done made handled run runs go goes"
)
PLAIN = frozenset(_PLAIN.split())
SUBJECT = 4  # content words before a state that say what it is of
NEGATED = re.compile(r"\b(?:not|no|never|n't|nor)\b|n't\b", re.IGNORECASE)
HEDGED = re.compile(
    r"\b(?:still|also|too|if|unless|when|whenever|while|during|except)\b", re.IGNORECASE
)


State = tuple[frozenset[str], str, str, int]  # what it is of, its deed, its sentence, where


@textcached
def _both(text: str) -> tuple[bool, ...]:
    """For each pair of opposite states (`OPPOSITES`), whether the text gives both (a rule
    per case), read once per text: a held lesson meets many drafts, a draft every candidate
    of its add (issue 17)."""
    return tuple(_gives_both(text, a, b) for a, b in OPPOSITES)


@textcached
def _given(text: str, pair: int, side: int) -> dict[str, frozenset[frozenset[str]]]:
    """What the text gives one state of one pair (`OPPOSITES[pair][side]`) of, by the deed:
    read once per text, a held text's only when a draft gives the opposite state."""
    gone: dict[str, set[frozenset[str]]] = {}
    for of, deed, _, _ in _states(text, OPPOSITES[pair][side]):
        gone.setdefault(deed, set()).add(of)
    return {deed: frozenset(ofs) for deed, ofs in gone.items()}


@textcached
def _told(text: str, pair: int, side: int) -> tuple[tuple[frozenset[str], str], ...]:
    """What the text gives that state of, and the deed, each once: of something, in a
    sentence with no hedge ("still", "if", …), not negated just before the state."""
    told: dict[tuple[frozenset[str], str], None] = {}
    hedged: dict[str, bool] = {}  # a sentence read once for all the states it gives
    for of, deed, sentence, start in _states(text, OPPOSITES[pair][side]):
        if not of or (of, deed) in told:
            continue
        if sentence not in hedged:
            hedged[sentence] = bool(HEDGED.search(sentence))
        if hedged[sentence] or NEGATED.search(_before(sentence, start, 2)):
            continue
        told[(of, deed)] = None
    return tuple(told)


def turned(draft: str, held: str) -> bool:
    """The draft gives the opposite state of one the held lesson gives, of the same thing
    (see the module docstring)."""
    for pair, (mine, theirs) in enumerate(zip(_both(draft), _both(held), strict=True)):
        if theirs or mine:
            continue
        for old, new in ((0, 1), (1, 0)):
            told = _told(draft, pair, new)
            if not told:
                continue
            gone = _given(held, pair, old)
            for of, deed in told:
                if any(of <= h_of for h_of in gone.get(deed, ())):
                    return True
    return False


def _gives_both(text: str, a: re.Pattern[str], b: re.Pattern[str]) -> bool:
    return bool(a.search(text)) and bool(b.search(text))


def _states(text: str, state: re.Pattern[str]) -> Iterator[State]:
    """Each place the text gives the state: what it is of (the content words just before it
    in its sentence), the deed it allows or forbids, the sentence and where it starts."""
    for s in SENTENCE.finditer(text):
        sentence = s[0]
        found = list(state.finditer(sentence))
        if not found:
            continue
        # The sentence's content words and where each ends, read once for all its states.
        words = list(WORD.finditer(sentence))
        starts = [w.start() for w in words]
        content = [
            (w.end(), low) for w in words for low in WORD.findall(w[0].lower()) if low not in PLAIN
        ]
        ends = [end for end, _ in content]
        for m in found:
            start = m.start()
            upto = bisect_right(ends, start)  # content words that end before the state
            of_words = [w for _, w in content[max(0, upto - SUBJECT) : upto]]
            cut = bisect_left(starts, start)
            if cut and words[cut - 1].end() > start:  # the word the state's match begins in
                piece = sentence[words[cut - 1].start() : start].lower()
                of_words += [w for w in WORD.findall(piece) if w not in PLAIN]
            of = frozenset(of_words[-SUBJECT:])
            deed = m.groupdict().get("deed") or ""
            yield of, deed.lower(), sentence, m.start()


def _before(sentence: str, start: int, n: int) -> str:
    return " ".join(sentence[:start].rsplit(maxsplit=n)[-n:])
