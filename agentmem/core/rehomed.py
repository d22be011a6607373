"""A held lesson's thing said to be held by another named thing now, in any voice.

A later text often tells a lesson's new holder in other words than the lesson's: "Kestrel
Hire cleans the site cabins" is followed by "Site cabins are cleaned by Ortolan Services
since 4 May", or "cabin cleaning moves to Ortolan Services". The rules that read a slot
need its words; these share only the subject. `rehomed` reads the structure instead: one
sentence of the draft

- says something changed: a change cue of `agentmem.core.cues` (`CHANGE`, `CUE_FORWARD`,
  `CUE_BACKWARD`) or a move told in the present (`MOVES`), in any voice;
- is about the held lesson's subject: two of the first three of the lesson's content
  terms that are not names (`ABOUT`: what it is about, not who holds it) are among the
  sentence's own first four (not in a clause of time or cause: "from the 24 March prime
  sale" tells when, and is not about the prime sale's commission);
- and names, within `WINDOW` words of a cue, a thing the held lesson never mentions (a
  name or a joined code: the new holder, tool or supplier);

while the held lesson names a thing (its old holder) the draft never mentions anywhere,
and the draft tells most of the rest of the lesson (`FRAME`, `TOLD`: its content terms
that are not names).
It is asked between two lessons, behind the guards every replacement rule passes in
`agentmem.core.held` (another thing, kind, instance, year, side). Its own guards: a held
lesson whose every name the draft also says (both holders told: a split or two that
hold) is never replaced; a new name far from the cue tells another fact of the subject,
not its new holder; a new name and an old one that each stand before the same content
word ("the Southgate depot", "the Northgate depot"), or two opening clauses that name two
kinds of one thing ("the deli crew's freezer log", "the bakery crew's freezer log":
`agentmem.core.holders.two_things`), tell another instance of the thing.
"""

from __future__ import annotations

import itertools
import re
from functools import lru_cache

from agentmem.core.cues import CHANGE, CUE_BACKWARD, CUE_FORWARD
from agentmem.core.holders import two_things
from agentmem.core.statement import terms
from agentmem.core.words import tokenized

SUBJECT = 2  # of the held lesson's leading terms, so many lead the draft's sentence too
ABOUT = 3  # the leading content terms of a lesson, not its names: what it is about
# Of the held lesson's content terms that are not names, the draft tells at least so many
# and so large a share: the lesson told anew with another holder, not one corner of it (a
# timetable told beside a lesson on reservations "since the summer timetable").
FRAME, TOLD = 3, 0.42
# A sentence's end, or a semicolon: the clause a change cue and its subject share.
SENTENCE = re.compile(r"(?<=[.;!?])\s+|\n+")
# A move told in the present, which `CHANGE` reads only in the past ("moved"): "Online
# bidding moves to MartStream", "the desk is switching to Zendesk".
MOVES = re.compile(
    r"\b(?:moves|moving|switches|switching|migrates|migrating)\s+(?:\w+\s+)?to\b", re.I
)
CUES = (CHANGE, CUE_FORWARD, CUE_BACKWARD, MOVES)
WINDOW = 4  # words either side of a cue that may name the new holder: the cue points at it
WORD = re.compile(r"[A-Za-z0-9][\w-]*")
OPENING = re.compile(r"[:;(\u2014]|\s[-\u2013]\s")
REACH = 160  # characters either side read for those words: a cue costs the same in any text


@lru_cache(maxsize=4096)
def _sentences(text: str) -> tuple[str, ...]:
    return tuple(s for s in SENTENCE.split(text) if s.strip())


def rehomed(draft: str, held: str) -> bool:
    """Whether a sentence of the draft tells, with a change cue, the held lesson's subject
    held by a name the lesson never mentions, and the lesson names a thing the draft never
    does."""
    told, old = terms(draft), terms(held)
    said = told.tokens | told.content | told.proper
    if not old.proper - said:  # the old holder: a name the draft never says
        return False
    frame = old.content - old.proper  # what the lesson says, less who or what holds it
    told_again = len(frame & told.content)
    if told_again < FRAME or told_again < TOLD * len(frame):
        return False  # a corner of the lesson told, not the lesson anew
    subject = _about(held, frame, ABOUT)
    known = old.tokens | old.content | old.proper
    for sentence in _sentences(draft):
        cues = [m for p in CUES for m in p.finditer(sentence)]
        if not cues:
            continue
        here = terms(sentence)
        if len(subject & _about(sentence, here.content - here.proper, ABOUT + 1)) < SUBJECT:
            continue
        # a name, or a thing written as a joined code ("the rules-api service")
        new = (here.proper | {t for c in here.codes for t in tokenized(c)}) - known
        if not new or _another_instance(sentence, held, new, old.proper - said):
            continue
        if two_things(_opening(sentence), _opening(held), new | (old.proper - said)):
            continue  # "the deli crew's log" against "the bakery crew's log": two logs
        if any(new & _near(sentence, m.start(), m.end()) for m in cues):
            return True  # a new holder named beside the change
    return False


@lru_cache(maxsize=4096)
def _about(text: str, content: frozenset[str], first: int) -> frozenset[str]:
    """The `first` of `content`'s terms in the text's order: what the text is about (its
    subject), not the names of who or what holds it. A sentence is read one term further
    than a lesson: it may open on a verb or a word of its own ("Site cabin cleaning is
    done by …")."""
    out: list[str] = []
    for word in WORD.finditer(text[:100_000]):
        out += [t for t in tokenized(word[0]) if t in content and t not in out]
        if len(out) >= first:
            break
    return frozenset(out[:first])


def _opening(text: str) -> str:
    """A text's first clause, up to a colon, a semicolon, a dash or a bracket: what it
    tells of which thing."""
    return OPENING.split(text[:100_000], maxsplit=1)[0]


def _near(sentence: str, start: int, end: int) -> set[str]:
    """The tokens of the WINDOW words before and after a cue at `start`:`end`."""
    before = sentence[max(0, start - REACH) : start].rsplit(None, WINDOW)[-WINDOW:]
    after = sentence[end : end + REACH].split(None, WINDOW)[:WINDOW]
    return {t for word in (*before, *after) for t in tokenized(word)}


def _another_instance(sentence: str, held: str, new: frozenset[str], gone: frozenset[str]) -> bool:
    """A new name of the sentence and a name of the held lesson the draft never says each
    stand before the same content word ("the Southgate depot", "the Northgate depot"):
    another instance of the held thing (a site, a unit, a line), not a new holder of it."""
    return bool(_named_before(sentence, new) & _named_before(held, gone))


def _named_before(text: str, names: frozenset[str]) -> set[str]:
    """The content words (stemmed) that follow a word of `names` in the text."""
    words = WORD.findall(text[:100_000])
    content = terms(text).content
    return {
        t
        for word, after in itertools.pairwise(words)
        if set(tokenized(word)) & names
        for t in tokenized(after)
        if t in content and t not in names
    }
