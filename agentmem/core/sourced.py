"""A held lesson's "<thing> comes from <source>" told again with another named source.

When a reading, a result or a fault is found to come from somewhere else, the later
lesson is written in the held one's frame, naming its new source, often with no change
word: "Edge-crush results come from the Frank-PTI tester ECT-02 through LIMS" after
"Edge-crush (ECT) results come from the L&W crush tester in the QA lab", "Roof craters on
Line B come from oil carry-over in the booth compressed air" after "Craters on Line B
roofs come from silicone contamination from the new door seals (Sealtec batch 0912)". The
rules that read a slot want the held clause's words around one value; here the whole
source, a phrase of its own, is what changed.

`resourced` reads in each text a clause "<subject> come(s)/came from <source>" or
"<subject> is/are read (measured) on/by/with <source>" (`FRAME`): a reading's instrument is
its source, and a new meter is told in either frame with no change word ("Roast colour is
read on the <new meter>" after "Roast colour is read on the <old one>"; "Line 1 density is
read by the <new gauge>" after "Line 1 density comes from the <old gauge>"; the held
lesson was compared with it and kept). It takes the draft as the held lesson's new source
when

- the two subjects have one head (`_head`: the last content word before a preposition,
  "results" of "Edge-crush (ECT) results", "craters" of "Craters on Line B roofs") and
  differ by at most one other content word ("Bale moisture" and "Lint moisture at the
  press"): one thing told twice;
- each source names something (`terms().proper`), and neither text names anything of the
  other's source: two sources, not one told more fully;
- the draft says its source is no addition nor a case of its own (`BESIDE`: "also",
  "only", "separate").

Asked between two lessons behind the judge's guards (another thing, kind, numbered unit
or side: `agentmem.core.held`), which keep "line 2's craters come from …" from replacing
line 1's cause.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.statement import terms
from agentmem.core.swapped import BESIDE
from agentmem.core.words import function_words
from agentmem.stores.bm25 import tokenize

# "<subject> comes from <source>" (or "is read on <source>") at a clause's start: the subject no longer than a phrase,
# the source up to the clause's end.
FRAME = re.compile(
    r"(?:^|(?<=[.;:]\s))(?P<subject>[^.;:\n]{3,80}?)\s+"
    r"(?:(?:comes?|came)\s+from|(?:is|are)\s+(?:read|measured)\s+(?:on|by|with))\s+"
    r"(?P<source>[^.;:\n]+)",
    re.IGNORECASE,
)
PREPOSITION = frozenset(("on", "at", "in", "of", "for", "from", "to", "by", "with"))
# what tells one unit from another in a subject: a letter or a number ("Line B", "kiln 2")
QUALIFIER = re.compile(r"\b(?:[a-z]|[a-z]*\d[\w-]*)\b")
APART = 1  # other content words two subjects of one thing may differ by
# A frame: its subject's head, the subject's other content terms, the source's names, the
# subject's qualifiers ("b" of "Line B").
Frame = tuple[str, frozenset[str], frozenset[str], frozenset[str]]


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _frames(text: str) -> tuple[Frame, ...]:
    """Each clause's subject head, the subject's other content terms, its source's names
    and the subject's qualifiers."""
    proper = terms(text).proper
    out = []
    for m in FRAME.finditer(text):
        head = _head(m["subject"])
        if not head:
            continue
        said = set(tokenize(m["subject"]))
        names = frozenset(t for t in tokenize(m["source"]) if t in proper and t not in said)
        marks = frozenset(QUALIFIER.findall(m["subject"].lower()))
        if names:
            out.append((head[-1], frozenset(head[:-1]), names, marks))
    return tuple(out)


def _head(subject: str) -> list[str]:
    """The content words before the subject's first preposition, stemmed: its head last."""
    words = re.sub(r"\([^)]*\)", " ", subject).split()
    cut = next((i for i, w in enumerate(words) if i and w.lower() in PREPOSITION), len(words))
    content = [t for w in words[:cut] for t in tokenize(w) if t.isalpha()]
    return [t for t in content if t not in function_words()]


# "too" of degree ("below 53 is too dark", "too hot") says nothing of a second source
DEGREE = re.compile(r"\btoo\s+(?=[a-z])", re.IGNORECASE)


def resourced(draft: str, held: str) -> bool:
    """The draft tells the held lesson's thing as coming from another named source."""
    if BESIDE.search(DEGREE.sub(" ", draft)):
        return False
    frames, old_frames = _frames(draft), _frames(held)
    if not frames or not old_frames:
        return False
    # a name either subject says ("(ECT)" of "Edge-crush (ECT) results") is no source's
    draft_names = terms(draft).proper - _subjects(draft)
    held_names = terms(held).proper - _subjects(held)
    for head, rest, names, marks in frames:
        for old_head, old_rest, old_names, old_marks in old_frames:
            if head != old_head or marks != old_marks:
                continue  # another thing, or another unit of it ("Line A", "Line B")
            if len(rest - old_rest) > APART or len(old_rest - rest) > APART:
                continue
            if not names & held_names and not old_names & draft_names:
                return True
    return False


@lru_cache(maxsize=4096)  # asked of each text once per pair the judge weighs
def _subjects(text: str) -> frozenset[str]:
    """The tokens of the text's frames' subjects."""
    return frozenset(t for m in FRAME.finditer(text) for t in tokenize(m["subject"]))
