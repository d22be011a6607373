"""Whether two values of a measure are values of one slot (`agentmem.retrieval.conflict`).

A temperature, a level in decibels, a pressure or a voltage (`agentmem.core.signed`
kinds) is seldom the one value of its kind a lesson gives: a tempering curve melts at
50 °C, cools to 27.5 °C and works at 31.5 °C; a network sends water out at 90 °C and takes
it back at 55 °C; a freezer alarm trips at -18 °C while the freezer reads -21 °C. Read as
one slot each, any newer value of the kind retired any older one ("until the cup heater
reports 24 °C or more" retired "pre-warm the sample cup to 25 °C"; "2-8 °C excursion
alerts now fire ..." retired "15-25 °C (CRT) products keep their 60-minute rule"). So two
such values are of one slot only when

- what each is said of (`label`: the content words right before it in its part of the
  sentence, or, for the second item of a list, the words that open the list) shares a
  word with the other's: "cool to 27.5 °C" is no value of "work 32.2 °C";
- no two things: not each label holding a word the other text never writes, words of a
  change or a date aside ("the walk-in freezer alarm trips at -18 °C" and "the blast
  freezer now alarms at -20 °C"; "supply water leaves at 90 °C", "return water comes back
  at 55 °C");
- both or neither is a bound ("limited to", "at most", "or more", an alarm or a trip
  point): a limit and a reading or a target are two slots.

Other kinds (times, counts, versions, paths) are read as they always were.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.signed import MEASURES, measure
from agentmem.core.spoken import MONTH_NAMES
from agentmem.core.words import function_words
from agentmem.stores.bm25 import tokenize

MEASURE_KINDS = frozenset(MEASURES.values())
LABEL = 4  # content words before a value that tell what it is a value of
# Where one item of a sentence ends and the next begins: a comma, a bracket, "and", ...
PART = re.compile(r",\s|[;()\[\]\n]|[.!?](?=\s|$)|\s(?:and|but|while|whereas|with)\s")
WORD = re.compile(r"[^\W\d_][\w'-]{0,40}")
DIGIT = re.compile(r"\d")
# A value given as a bound: a limit, an alarm or trip point, "at most", "or more".
BOUND = re.compile(
    r"\b(?:limit(?:s|ed)?|max(?:imum)?|min(?:imum)?|alarms?|alerts?|trips?|threshold|"
    r"at\s(?:most|least)|or\s(?:more|less|above|below|higher|lower|over|under)|"
    r"no\s(?:more|less|higher|lower)\sthan|not\s(?:above|below|exceed)|exceed(?:s|ing)?|"
    r"above|below|under|over|up\sto|[≤≥<>])",
    re.IGNORECASE,
)
# Words that tell when or that something changed, not what a value is of.
CHANGE_WORDS = (
    *MONTH_NAMES,
    "new",
    "now",
    "since",
    "from",
    "changed",
    "change",
    "moved",
    "raised",
    "lowered",
    "set",
    "today",
    "week",
    "month",
    "year",
    "day",
    "old",
    "earlier",
    "previous",
)


def one_slot(kind: str, old: str, value: str, new: str, now: str) -> bool:
    """Whether `value` of `kind` in `old` and `now` in `new` are values of one slot (see
    the module docstring); any kind but a measure's is, as before."""
    if kind not in MEASURE_KINDS:
        return True
    said, there = _reading(old, value), _reading(new, now)
    if said is None or there is None:
        return True  # the value is not written as read ("−12" for "-12"): as before
    (mine, bound_old), (theirs, bound_new) = said, there
    if not mine & theirs or bound_old != bound_new:
        return False
    apart_old = mine - _content(new) - _changes()
    apart_new = theirs - _content(old) - _changes()
    if apart_old and apart_new:
        return False
    # the new value is said of what another value of the older text is said of, more
    # nearly than of this one: that one's new value ("crown limit now 950 °C" beside a
    # lesson's crown limit of 980 °C and flue limit of 420 °C)
    near = len(mine & theirs)
    return not any(len(_label_at(old, at) & theirs) > near for at in _measures(old, kind))


# A number and the unit after it, for the other values of a measure's kind in a text.
MEASURED = re.compile(r"(?<![\w.,])[-+\u2212]?\d+(?:\.\d+)?\s?([°º]\s?[CFcf]?|[A-Za-z]{1,5}\b)")


@lru_cache(maxsize=1024)
def _measures(text: str, kind: str) -> tuple[int, ...]:
    """Where `text` writes a number with a unit of `kind` (at most 50 of them)."""
    out = [m.start() for m in MEASURED.finditer(text) if measure(m.group(1)) == kind]
    return tuple(out[:50])


@lru_cache(maxsize=4096)
def _reading(text: str, value: str) -> tuple[frozenset[str], bool] | None:
    """The label of `value` in `text` and whether its part gives it as a bound; None when
    the text does not write the value."""
    at = _find(text, value)
    if at is None:
        return None
    spans = _parts(text)
    start, end = spans[max(k for k, (begin, _) in enumerate(spans) if begin <= at)]
    return _label_at(text, at), BOUND.search(text[start:end]) is not None


@lru_cache(maxsize=4096)
def _label_at(text: str, at: int) -> frozenset[str]:
    """The label of the value written at `at` (module docstring)."""
    spans = _parts(text)
    i = max(k for k, (start, _) in enumerate(spans) if start <= at)
    start = spans[i][0]
    label = _label_words(text[start:at])[::-1]  # nearest first
    j = i
    while len(label) < LABEL and j > 0 and i - j < 3:
        j -= 1  # an aside or a list's earlier item: the words that lead on to the value
        lead = text[slice(*spans[j])]
        ends = [m.end() for m in DIGIT.finditer(lead)]
        label += _label_words(lead[ends[-1] :] if ends else lead)[::-1]
        if ends:
            break
    if not label:  # a list's later item: said of what opens the list
        lead = text[slice(*spans[j])]
        first = DIGIT.search(lead)
        label = _label_words(lead[: first.start()] if first else lead)[::-1]
    return frozenset(label[:LABEL])


@lru_cache(maxsize=1)
def _changes() -> frozenset[str]:
    return _content(" ".join(CHANGE_WORDS))


def _find(text: str, value: str) -> int | None:
    digits = value.lstrip("+-\u2212")
    if not digits:
        return None
    pattern = re.compile(rf"(?<![\d.,]){re.escape(digits)}(?![\d]|[.,]\d)")
    match = pattern.search(text)
    return match.start() if match else None


@lru_cache(maxsize=1024)
def _parts(text: str) -> tuple[tuple[int, int], ...]:
    spans, start = [], 0
    for match in PART.finditer(text):
        spans.append((start, match.start()))
        start = match.end()
    spans.append((start, len(text)))
    return tuple(spans)


def _label_words(text: str) -> list[str]:
    """The content words of `text` in order, each stemmed; no unit of a measure."""
    out: list[str] = []
    for match in WORD.finditer(text):
        word = match.group(0)
        if measure(word) is not None:
            continue
        out.extend(sorted(_content(word)))
    return out


@lru_cache(maxsize=4096)
def _content(text: str) -> frozenset[str]:
    """The stemmed words of `text` of three letters or more, no function word: one pass of
    the tokenizer, linear in the text."""
    return frozenset(
        t for t in tokenize(text) if len(t) >= 3 and not t.isdigit() and t not in _function()
    )


@lru_cache(maxsize=1)
def _function() -> frozenset[str]:
    return frozenset(t for w in function_words() for t in tokenize(w))
