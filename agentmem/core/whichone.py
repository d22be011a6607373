"""Which one: a qualifier that names which of two like things a text is about, said
otherwise in a later text, makes the later text another thing's, told as news or not.

Two readings, each of how the two texts name their thing, not of their values:

- another member of one series (`other_member`): "Fire-rated board runs kiln zone 1 at
  265 °C at most" held, then "kiln zone 2 now runs a Watlow F4T … 285 °C": zone 2's own
  news, no new value of zone 1's; so "kiln 1 feed is limited to 272 t/h" against "kiln 2
  free lime alarm is at 2.0 %; kiln 1 keeps 1.5 %" (the held text is kiln 2's: the
  member it names first). Each text's first sentence names a member of one common noun
  by a short id ("zone 2", "line 3", "kiln 1"), the draft another id than the one the
  held text names first, the held member nowhere in the draft, and each text gives a
  number the other does not (a value of its own member). A draft with no number of its
  own ("pump 3 is now the duty pump") moves a role to another member and is left to the
  rules, as is a name written with a capital only ("Python 3", "Windows 11": a release,
  no member) or a word of succession ("release 4", "phase 2", "week 3").
- another kind, the held kind named only as a yardstick (`kind_compared`): "Fire-rated
  slurry … runs a water/stucco ratio of 0.82, a little wetter than standard board" against
  "Standard board slurry runs at a water/stucco ratio of 0.78": the draft names standard
  board only after "than" (or "unlike", "compared with", "versus"), as what it is measured
  against, not as what it replaces. Read without such phrases, the draft opens on the head
  noun the held text opens on with a kind word of its own (`agentmem.core.ownkind`); here
  a word like "standard" or "regular" is a kind (a product type), not a state.

- another size, the texts' labels (`other_size`): "330 ml spec: dome reversal at least
  90 psi, axial load at least 1100 N" held, then "500 ml cans: dome reversal >= 95 psi and
  axial load >= 1250 N": each text opens on a size of one unit ("330 ml", "500 ml", "250 g",
  "12 kg") in a label closed by a colon, so the size names which product the values are
  of, not a value of its own; the draft's size is another, the held one nowhere in the
  draft, no change said, and each gives a number of its own. A size told as a change
  ("Cans: 330 ml, now 500 ml") opens no label and is left to the rules.

A later text that names the held member or kind as what it changes ("kiln 1 and kiln 2
now alarm at 1.8 %", "standard board slurry now runs 0.80") is not read here.
`agentmem.core.held` asks `another_one` among its refutations of a new value.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.clauses import SENTENCES
from agentmem.core.cues import CUE_BACKWARD, says_changed
from agentmem.core.lookalike import SHORT_ID
from agentmem.core.otherscope import numbers
from agentmem.core.ownkind import OPENS_WHEN, own_kinds
from agentmem.core.samething import NUMBERED
from agentmem.core.values import UNITS
from agentmem.core.words import function_words

# Words whose numbers follow one another in time: a later one replaces the earlier.
SUCCESSION = frozenset(
    "version versions release releases revision rev edition generation gen iteration sprint "  # noqa: SIM905
    "round wave phase stage attempt draft year week day month quarter step level grade "
    "tier v api".split()
)
SUBJECT = 4  # words before the draft's member, at most: it opens on it ("Kiln zone 2 …")
WORD = re.compile(r"[\w'’.-]+")
PLURAL = re.compile(r"[a-z]{2,}s")  # "22 bags", "3 pallets": a count, no member's id
# A yardstick: what the draft is measured against, named after one of these.
YARDSTICK = re.compile(
    r"\b(?:than|unlike|versus|vs\.?|compared\s+(?:with|to)|relative\s+to)\s+"
    r"(?:the\s+|our\s+|a\s+|an\s+)?[\w'’-]+(?:\s+[\w'’-]+){0,2}",
    re.IGNORECASE,
)


# A label opening on a size: a number, a unit of volume, mass or length, up to three words,
# a colon ("330 ml spec:", "500 ml cans:", "250 g portions:", "12 kg wheels:").
SIZE_LABEL = re.compile(
    r"\s*(\d+(?:[.,]\d+)?)\s?(ml|cl|l|g|kg|mm|cm|m|oz|lb|in)\b[ \t]*(?:[\w'’()/-]+[ \t]+){0,3}"
    r"?[\w'’()/-]*:(?!\S)",
    re.IGNORECASE,
)


def _first_sentence(text: str) -> str:
    return SENTENCES.split(text, maxsplit=1)[0]


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _members(text: str) -> tuple[tuple[str, str, int], ...]:
    """The members of a series a text's first sentence names, in order: a word and a short
    id, lower case, and the word's place among the sentence's words (after an opening
    "Since …," / "After …," clause). An id followed by a plural or a unit is a count
    ("runs 22 bags", "holds 3 pallets"), no member."""
    first = _first_sentence(text)
    lead = OPENS_WHEN.match(first)
    if lead:
        first = first[lead.end() :]
    out = []
    for m in NUMBERED.finditer(first):
        label, ident, after = m[1].lower(), m[2].lower(), (m[3] or "").lower()
        if after in UNITS or not SHORT_ID.fullmatch(m[2]) or PLURAL.fullmatch(after):
            continue
        if label in SUCCESSION or label in function_words():
            continue
        out.append((label, ident, len(WORD.findall(first[: m.start()]))))
    return tuple(out)


def _names(text: str, label: str, ident: str) -> bool:
    """The text names member `ident` of `label`: "zone 1", "zones 1-4", "zones 2, 1"."""
    pattern = (
        rf"\b{re.escape(label)}s?\s+(?:[\w.]+\s*(?:,|-|–|and|or|&)\s*){{0,4}}{re.escape(ident)}\b"
    )
    return re.search(pattern, text, re.IGNORECASE) is not None


def other_member(draft: str, held: str) -> bool:
    """The draft opens on another member of the series whose member the held text's first
    sentence names first, never names the held one, and each gives a number of its own
    (see the module docstring)."""
    mine = [(lab, i) for lab, i, at in _members(draft) if at < SUBJECT]
    if not mine:
        return False
    for label, ident, _ in _members(held):
        ours = next((i for lab, i in mine if lab == label), None)
        if ours is None:
            continue
        if not re.search(rf"\b{re.escape(label)}\b", draft + " " + held):
            return False  # written with a capital only: a name ("Python 3"), no member
        if ours == ident or _names(draft, label, ident):
            return False
        return _each_own_number(draft, held, {ident, ours})
    return False


def kind_compared(draft: str, held: str) -> bool:
    """The draft names the held text's kind only as a yardstick ("wetter than standard
    board") and, read without that, opens on the held text's head noun with a kind of its
    own (see the module docstring)."""
    if not YARDSTICK.search(draft) or says_changed(draft):
        return False
    return own_kinds(YARDSTICK.sub(" ", draft), held, states=True)


def another_one(draft: str, held: str) -> bool:
    """The draft is about another member, kind or size of the held text's thing."""
    return other_member(draft, held) or kind_compared(draft, held) or other_size(draft, held)


def _size_label(text: str) -> tuple[str, str] | None:
    """The size a text's opening label names ("330 ml spec:" -> ("330", "ml")), if any."""
    m = SIZE_LABEL.match(text)
    return (m[1].replace(",", "."), m[2].lower()) if m else None


def other_size(draft: str, held: str) -> bool:
    """Both texts open on a label naming a size of one unit, another size each, the held
    size nowhere in the draft, no change said, and each with a number of its own (see the
    module docstring)."""
    mine, theirs = _size_label(draft), _size_label(held)
    if mine is None or theirs is None or mine[1] != theirs[1] or mine[0] == theirs[0]:
        return False
    if re.search(rf"(?<![\d.,]){re.escape(theirs[0])}\s*{re.escape(theirs[1])}\b", draft, re.I):
        return False  # the held size named again: the draft is of it too
    if says_changed(draft) or CUE_BACKWARD.search(draft):
        return False
    return _each_own_number(draft, held, {mine[0], theirs[0]})


def _each_own_number(draft: str, held: str, ids: set[str]) -> bool:
    """Each text gives a number the other does not, the `ids` naming the two things
    aside: a value of its own member or size."""
    own_d = {v.lower() for v in numbers(draft)} - ids
    own_h = {v.lower() for v in numbers(held)} - ids
    return bool(own_d - own_h) and bool(own_h - own_d)
