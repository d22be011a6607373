"""A duty's holder told anew in another frame, with no change word: "Paint robot
maintenance is with Rotec Industrial Services: raise faults as tickets …" after "Paint
robot faults go to ABB Robotics Service: call the ABB desk …", or "MEL extension
approvals come from Aisha Rahman" after "MEL deferral extensions need approval from
Piet de Vries".

A team that changes a vendor, a lab, a contractor or a person writes the lesson anew in
the new holder's words; the verb changes with it ("go to", "is with", "come from") and
nothing says it changed. The rules that read a slot need its words, and the rules that
read a new holder need a change cue (`agentmem.core.rehomed`, `agentmem.core.handover`).
Here each text is read for its holdings (`agentmem.core.holding`): a subject tied to a
named holder by a frame, a holder named first, a label, or English's general shapes (a
deed and a preposition, a copula with a name, a question and its answer). The draft tells
the held duty's holder anew when one holding of each text

- is of one duty: the two share at least `SHARED` content terms, one of them at least of
  the subjects and the others of what the holders are ("samples go to Norchem's lab",
  "samples ship to Solvaris' lab"); and each subject's other terms are said somewhere in
  the other text, but for `UNSAID` term of one side only (the held "MEL deferral
  extensions" as the draft's "MEL extension"; "paint robot faults" and "paint robot
  maintenance" each said in the other text). A term of its own on both sides ("paint robot
  faults" and "paint robot spare parts") is another duty of the same thing;
- names no instance the other text never names: a name, a code or a number in either
  subject ("Line B", "Booth 4", "T2") that the other text does not say is another site,
  line or unit with a holder of its own;
- is told in frames that do not point opposite ways (sent to it, taken from it);
- names a new holder the held text never says, while the held holding's holder has a
  name the draft never says but as ended (`ENDED`: struck through, "(was SM7B)", "not
  Lifetouch"; the same holder restated, or both holders named, replace nothing); neither holding names several holders ("ABB and Dürr"), and neither is a
  cause, a condition, a negation or a holder beside another ("also", "backup", "only").

Two readings tell a succession where the look-alike guards see another instance or kind
(`held_in_turn`, asked by the judge before them): one role held by one unit at a time,
the holders units of one series ("viscosity runs on the Brookfield DV2T (VS-01)" held,
"the viscosity instrument is VS-02" told, the old code nowhere in the draft but as ended,
the new one nowhere in the held text); and the held subject's name told by a wider plain
word, the same head and deed ("H2SO4 totes are collected by Norvik", "Acid totes:
Baltline, collected …"; `_widened`), no name of the draft's own.
"""

from __future__ import annotations

from collections.abc import Iterator

from agentmem.core.holding import CODE, ENDED, Holding, code_of, holdings
from agentmem.core.textcache import textcached
from agentmem.core.words import tokenized

__all__ = ["held_in_turn", "holdings", "reheld"]

SHARED = 2  # content terms two holdings share, of their subjects or their holders' kinds
UNSAID = 1  # terms of either subject the other text never says, at most
OPPOSITE = frozenset({("to", "from"), ("from", "to")})


def reheld(draft: str, held: str) -> bool:
    """Whether the draft tells a duty the held text gives a named holder as held by
    another, in any frame (see the module docstring)."""
    return any(True for _ in _told_anew(draft, held))


def held_in_turn(draft: str, held: str) -> bool:
    """Whether the draft tells the held duty's holder anew as one unit after another of one
    series ("VS-01", then "VS-02" told alone) or the held name by a wider word ("H2SO4
    totes" as "acid totes"): a succession, though the codes or names alone read as another
    instance or kind of the thing (`core.lookalike`, `core.ownkind`)."""
    return any(how != "duty" for how in _told_anew(draft, held))


def _told_anew(draft: str, held: str) -> Iterator[str]:
    """How each pair of holdings tells the held duty's holder anew: "duty" (one duty, see
    `_one_duty`), "series" (one duty, its holders units of one series) or "widened"."""
    old_all = holdings(held)
    if not old_all:
        return
    new_all = holdings(draft)
    if not new_all:
        return
    said, known, still = _terms(draft), _terms(held), _unended(draft)
    for new in new_all:
        if not new.holder - known or new.codes & _codes(held):
            continue  # no holder the held text never names, or a unit it names too
        for old in old_all:
            if (new.way, old.way) in OPPOSITE or not old.holder - still:
                continue  # opposite ways, or the old holder still named
            if old.codes & _codes(draft) or new.marks - known:
                continue  # the old unit still named, or another site, line or unit
            if old.marks - said:
                if _widened(new, old, said, known):
                    yield "widened"
            elif _one_duty(new, old, said, known):
                yield "series" if _series(new) & _series(old) else "duty"


def _series(holding: Holding) -> frozenset[str]:
    """The series of the holder's unit codes: "vs" of "vs01"."""
    return frozenset(code.rstrip("0123456789") for code in holding.codes)


@textcached
def _codes(text: str) -> frozenset[str]:
    """The unit codes the text names other than as ended ("VS-01", "T2")."""
    return frozenset(code_of(m[0]) for m in CODE.finditer(ENDED.sub(" ", text)))


def _widened(new: Holding, old: Holding, said: frozenset[str], known: frozenset[str]) -> bool:
    """The held subject's one name told by a wider word in the draft: one thing handled
    (the same head: "H2SO4 totes", "acid totes"), by the same deed ("collected"), its
    name ("H2SO4") the only word of it the draft does not say, and at most one word of
    the draft's subject ("acid") not in the held text: a plain word, no other name."""
    if not new.head or new.head != old.head or not ((old.deed & said) or (new.deed & known)):
        return False
    ours, theirs = new.subject - known, (old.subject - said) | (old.marks - said)
    return (
        len(ours) <= UNSAID
        and ours <= new.plain
        and len(theirs) <= UNSAID
        and not old.subject - said
    )


@textcached
def _terms(text: str) -> frozenset[str]:
    """The text's terms, read once per text: a draft meets every held candidate of its add,
    a held lesson many drafts."""
    return frozenset(tokenized(text))


@textcached
def _unended(text: str) -> frozenset[str]:
    """The terms the text says other than as ended (`ENDED`: struck, "(was X)", "not X")."""
    return frozenset(tokenized(ENDED.sub(" ", text)))


def _one_duty(new: Holding, old: Holding, said: frozenset[str], known: frozenset[str]) -> bool:
    """Two holdings of one duty: SHARED terms in common, of the subjects or of what their
    holders are ("samples go to Norchem's lab", "samples ship to Solvaris' lab"), one of
    them of the subjects; and each subject's other terms said in the other text but for
    one term of one side (see the module docstring). Of two units of one series, a
    subject's marks are its words too ("the QC GC-MS" and "QC fingerprints" share "QC")."""
    ours_all, theirs_all = new.subject, old.subject
    if _series(new) & _series(old):
        ours_all, theirs_all = new.subject | new.marks, old.subject | old.marks
    common = ours_all & theirs_all
    if not common or len(common) + len(new.kind & old.kind) < SHARED:
        return False
    ours, theirs = ours_all - known, theirs_all - said
    return len(ours) + len(theirs) <= UNSAID
