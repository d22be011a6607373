"""Whose property a value is: a new value and a held one of one measure, each named by a
property the other text never names.

`agentmem.core.samething` pairs a draft's new value with a held value of the same measure
(kN/m with kN/m) when the words around the two share a term. One product's spec often
gives several limits in one unit, and a later lesson on another of its properties shares
the product's word and the unit: "Ply bond minimum is 0.4 kN/m for each flute tip line"
beside a held "C-flute C32: ECT at least 5.6 kN/m, caliper 3.8-4.2 mm". Linked by
"flute", the ply bond reads as a new ECT, and the held spec is withdrawn. The words right
before each value (in its own clause, bounds such as "minimum" or "at least" passed over)
name what it is of: "ply bond", "ECT". When the held value is an item of such a list
(its clause opened by a colon or a comma, a few words long) and the draft never names the
held value's property nor the held text the draft's, the two are limits of two
properties, and the held one stands. A value told in a sentence of its own ("the press
intake limit is 450 blanks per hour") is left to the general reading: its verbs and
nouns do not name a property so plainly. A new value of the same property keeps its name
("ECT for C32 is now 5.8 kN/m"), or names none ("C32 minimum now 5.8 kN/m").
"""

from __future__ import annotations

import re
from typing import Protocol

from agentmem.core.statement import terms
from agentmem.core.values import value_words
from agentmem.core.words import function_words, tokenized

BEFORE = 3  # words before a value that name what it is of
# Words that only say a value is a bound or a setting, not what it is of ("at least").
BOUND = frozenset(
    tokenized(
        "max maximum min minimum limit limits cap least most above below under over "
        "within between target default current new standard usual now set"
    )
)
# a value's own clause opens after the last of these: "C32: ECT at least 5.6 kN/m"
CLAUSE_END = re.compile(r"[:;,(\[]|[.!?](?:\s|$)")
LIST_MARKS = frozenset(":;,")  # an item of a list of limits opens after one of these


class Placed(Protocol):
    """A value with its place in its text (`agentmem.core.valuereadings.Value`)."""

    @property
    def start(self) -> int: ...


def named_property(text: str, value: Placed) -> frozenset[str]:
    """The content terms of the few words right before a value, within its clause: the
    property it is a value of ("ECT at least 5.6 kN/m": ect)."""
    words = {t for w in _lead(text, value)[0].split()[-BEFORE:] for t in tokenized(w)}
    return frozenset(words - function_words() - value_words() - BOUND)


def _lead(text: str, value: Placed) -> tuple[str, bool]:
    """The words of the value's clause before it, and whether the clause is an item of a
    list (opened by a colon, a semicolon or a comma, not by the sentence)."""
    before = text[: value.start]
    ends = list(CLAUSE_END.finditer(before))
    if not ends:
        return before, False
    return before[ends[-1].end() :], ends[-1][0] in LIST_MARKS


def other_property(draft: str, new: Placed, held: str, old: Placed) -> bool:
    """The held value is one limit of a list ("C32: ECT at least 5.6 kN/m, caliper …"),
    each value is named by a property, and neither text names the other's: the draft's
    value is a limit of another property than the held one's."""
    lead, listed = _lead(held, old)
    if not listed or len(lead.split()) > BEFORE:
        return False  # a value told in a sentence of its own names its thing otherwise
    mine, theirs = named_property(draft, new), named_property(held, old)
    if not mine or not theirs or mine & theirs:
        return False
    return not (mine & terms(held).tokens) and not (theirs & terms(draft).tokens)
