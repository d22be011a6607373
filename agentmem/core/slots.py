"""A value read by its place: the content words before and after it in its clause (its
frame). Two lessons that put another value in the same frame say the same thing of the
same subject with a new value, however the newer tells the change, or with no change
word at all: "The greenhouse vents open at 26 C" then, in a review's bullet, "vents now
open at 29 C"; "the press cures laminate sheets for 35 minutes" then "the press cures
laminate sheets for 55 minutes". `agentmem.core.verdict` asks it beside the worded rules
of `agentmem.core.restate`, which it does not replace: those read changes told in words
("from X to Y", "no longer"), this one reads only where a value stands.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from agentmem.core.addressed import listed, named
from agentmem.core.clauses import LINES
from agentmem.core.compound import nearest
from agentmem.core.frames import naming
from agentmem.core.loosehead import heads_apart
from agentmem.core.newvalue import also_of_another, parallel
from agentmem.core.restate import named_apart, other_component, substituted
from agentmem.core.retract import RETRACTED
from agentmem.core.spoken import normalised
from agentmem.core.statement import CAPITALISED, CAPS, IDENTIFIER, UNITS, ZONES, terms
from agentmem.core.together import read_together
from agentmem.core.words import tokenized

BEFORE = 3  # content words before a value that frame it
AFTER = 2  # ... and after it, among the words right after it
NEAR = 6  # words before a value among which its frame is read ("at", "after" in between)
MIN_FRAME = 3  # frame words two slots share, at least one of them before the value
LOOSE = 2  # ... or as few, between clauses that name the same things
# A value: a clock time, a version, a number (joined groups "1,200", "0.85" as one).
VALUE = re.compile(
    r"\b\d{1,2}:\d{2}\b|\b[vV]\d+(?:\.\d+)*\b|(?<![\w.-])\d[\d,]*(?:\.\d+)?(?![\w-])"
)
# A command or path in backticks is one value too: "rebuild with `make index`".
COMMAND = re.compile(r"`[^`\n]+`")
PIECE = re.compile(r"`[^`\n]+`|\b\d{1,2}:\d{2}\b|\b[vV]\d+(?:\.\d+)*\b|[\w][\w.,/-]*\w|\w|%")
# Clause breaks: a sentence's end, a semicolon, a colon, a comma, a dash, a bracket.
BREAK = re.compile(r"(?<=[.;:,!?])\s+|\s+[—–-]\s+|[()]")


# A clause told in the past: what a value was, not what it is ("12 workers were too few").
PAST = re.compile(r"\b(?:was|were|had been|used to)\b", re.IGNORECASE)


SENTENCE = LINES
CLAUSES = 6  # a long text's clauses looked up on their own, at most


def told_apart(text: str) -> list[str]:
    """The sentences of a text that tells several values, each holding one or more: a
    review's bullets, a chat's lines. Each is looked up on its own (`agentmem.core.verdict`),
    since the text's best matches as a whole are those of what it says most."""
    valued = [s for s in SENTENCE.split(text) if slots(s)]
    return valued[:CLAUSES] if len(valued) > 1 else []


@dataclass(frozen=True)
class Slot:
    """One value in its clause: the frame words before and after it, and its unit."""

    before: tuple[str, ...]
    value: str
    unit: str
    after: tuple[str, ...]
    clause: frozenset[str]  # the clause's content words, frame included
    measure: str = ""  # the physical unit after it ("C", "cm"), however its frame reads
    past: bool = False  # its clause is told in the past ("20 MB was too small")
    names: bool = False  # it names which one ("register 40101"): no value of a quantity


@lru_cache(maxsize=4096)
def slots(text: str) -> tuple[Slot, ...]:
    """Every value of the text with its frame, clause by clause. A value's unit is the
    word after it when that word is a unit ("5 minutes", "80%"); otherwise that word
    frames it ("5 failed swipes")."""
    out: list[Slot] = []
    head = ""  # the addressed number a clause ended on with a comma: a list may go on
    for clause in BREAK.split(normalised(text)):
        pieces = PIECE.findall(clause or "")
        words: frozenset[str] | None = None  # the clause's, read once for all its values
        past, which = False, frozenset[int]()
        for i, piece in enumerate(pieces):
            command = COMMAND.fullmatch(piece)
            if not command and not VALUE.fullmatch(piece):
                continue
            nxt = pieces[i + 1].lower() if i + 1 < len(pieces) else ""
            unit = "`" if command else UNITS.get(nxt, "")
            rest = pieces[i + 2 :] if unit else pieces[i + 1 :]
            if not unit and not command and (late := _late_unit(pieces[i + 1 : i + 3])):
                unit, rest = late, [pieces[i + 1], *pieces[i + 3 :]]
            if words is None:
                words, past = frozenset(_words(pieces)), PAST.search(clause or "") is not None
                which = named(pieces, VALUE) | listed(pieces, VALUE, head)
            out.append(
                Slot(
                    before=tuple(_words(pieces[max(0, i - NEAR) : i]))[-BEFORE:],
                    value=" ".join(piece.lower().split()) if command else _number(piece),
                    unit=unit,
                    after=tuple(_words(rest[:AFTER]))[:AFTER],
                    clause=words,
                    measure=_measure(pieces[i + 1 : i + 2]),
                    past=past,
                    names=i in which,
                )
            )
        ends = bool(pieces) and len(pieces) - 1 in which and (clause or "").endswith(",")
        head = _number(pieces[-1]) if ends else ""
    return tuple(out)


# Units of a physical measure (`UNITS` holds those of time, size and rate): "900 C", "2 cm",
# "1.2 bar". A number with one is another setting than a number with another unit or none
# ("cone 6", "900 C" and "2 cm" of one kiln are three settings, not three values of one).
MEASURES = frozenset(
    "mm cm km kg mg ml kv kw mw hz khz mhz ghz psi bar kpa mpa rpm lux db dpi ppm".split()  # noqa: SIM905
)
SYMBOL = re.compile(r"[CFKVW]")  # a unit in one capital: "900 C", "900 °C", "12 V"


def _measure(pieces: list[str]) -> str:
    """The physical unit the first of `pieces` writes, if it writes one (see MEASURES)."""
    if not pieces:
        return ""
    if SYMBOL.fullmatch(pieces[0]):
        return pieces[0].lower()
    return pieces[0].lower() if pieces[0].lower() in MEASURES else ""


def _late_unit(pieces: list[str]) -> str:
    """The unit of a value told one word after it: "30 straight minutes", "4 spare
    GiB" (the word between frames the value, the unit is still its unit)."""
    if len(pieces) < 2 or VALUE.fullmatch(pieces[0]) or pieces[0].lower() in UNITS:
        return ""
    return UNITS.get(pieces[1].lower(), "")


def _number(piece: str) -> str:
    return piece.lower().lstrip("v").replace(",", "")


# Words that bound a value rather than say what it is of ("within 30 days", "08:00 UTC"):
# no frame word, or "within 35 days" of backups would frame "within 30 days" of requests.
BOUNDS = frozenset(("within", "least", "less", "local", *ZONES))


def _words(pieces: list[str]) -> list[str]:
    """The content words among a clause's pieces, as search terms, no value among them."""
    return [
        t
        for p in pieces
        if not VALUE.fullmatch(p)
        and not COMMAND.fullmatch(p)
        and p.lower() not in UNITS
        and p.lower() not in BOUNDS
        and naming(p.lower())
        for t in tokenized(p)[:1]
    ]


def shared(a: Slot, b: Slot) -> int:
    """How many frame words the two values share (a unit both write counts as one), or 0
    when they stand in no one frame: of two units (or physical measures), no shared word before the value, or
    words after it that the other lacks where both have words there ("lock after 5 failed
    swipes" and "lock after 3 failed swipes" share four; "5 failed swipes" and "5 badge
    readers" none). A number that names which one ("holding register 40101", "slave id 3":
    `agentmem.core.addressed`) stands in no frame: it is no value of what its clause measures."""
    if a.names or b.names:
        return 0
    if a.unit != b.unit or a.measure != b.measure:
        return 0  # "900 C" and "cone 6", "2 cm" and "900 C": two settings
    before = set(a.before) & set(b.before)
    after = set(a.after) & set(b.after)
    if a.unit not in ("", "`") and not before and after:
        # a measure whose lead-in is told otherwise ("readers whose log shows over 30
        # straight minutes idle" and "kiosks with over 15 straight minutes idle"): its
        # unit, the words after it and the clause's other words say what it measures
        return min(len(a.clause & b.clause), MIN_FRAME)
    if not before or (a.after and b.after and not after):
        return 0
    return len(before) + len(after) + (a.unit not in ("", "`"))


def same_frame(a: Slot, b: Slot, least: int = MIN_FRAME) -> bool:
    """The two values stand in one frame, sharing at least `least` words (`shared`)."""
    return shared(a, b) >= least


@lru_cache(maxsize=4096)  # read once per text, whatever the pairs it is judged in
def named_terms(text: str) -> frozenset[str]:
    """The terms of what the text names outright (identifiers, capitalised words)."""
    return frozenset(
        t for p in (IDENTIFIER, CAPITALISED, CAPS) for m in p.findall(text) for t in tokenized(m)
    )


def reslotted(draft: str, held: str) -> bool:
    """The draft puts another value where the held text has one, in the same frame: the
    same thing said of the same subject with a new value. Not when either text states
    both values in that frame (two values that hold, or a change told with the old value
    as history: "was 5, now 3" is read by `agentmem.core.restate`), nor when the two
    clauses each name a thing the other text never mentions (the north site's gate, not
    the south site's)."""
    draft_slots = slots(draft)
    if not draft_slots:  # no value of its own to put anywhere: the held text is not read
        return False
    held_slots = slots(held)
    # each text's values by unit: a text that states both values anywhere holds both or
    # tells the old one as history ("14 weeks, not the 10 weeks of the old course")
    in_draft = {(s.value, s.unit) for s in draft_slots if not s.names}
    in_held = {(s.value, s.unit) for s in held_slots if not s.names}
    # ... but a value the draft tells only in a clause of the past is what it was: beside a
    # new value told in the present, it is the old value as history ("the bin holds 40
    # kg; 50 kg was splitting the bags")
    now = {(s.value, s.unit) for s in draft_slots if not s.past and not s.names}
    d_names, h_names = named_terms(draft), named_terms(held)
    d_tokens, h_tokens = terms(draft).tokens, terms(held).tokens
    for new in draft_slots:
        for old in held_slots:
            score = 0 if new.value == old.value else shared(new, old)
            if score < LOOSE:
                continue
            # a frame of two words holds only between clauses that name the same things:
            # "the probe timeout is 400 ms" of one region is not "probe timeout to 90 ms" of another
            if score < MIN_FRAME and (
                (new.clause & d_names) - old.clause or (old.clause & h_names) - new.clause
            ):
                continue
            # ... nor between leads that each measure another thing, each in `LOOSE` words
            # the other clause lacks: "bike check-in cut-off is 45 minutes" is no new "bike
            # rentals are held for 10 minutes"
            if (
                score < MIN_FRAME
                and min(len(set(new.before) - old.clause), len(set(old.before) - new.clause))
                >= LOOSE
            ):
                continue
            if score < MIN_FRAME and heads_apart(draft, held, new.clause, old.clause):
                continue
            if (new.value, new.unit) in in_held:
                continue
            if (old.value, old.unit) in (in_draft if new.past else now):
                continue
            if (new.clause & d_names) - h_tokens and (old.clause & h_names) - d_tokens:
                continue
            return True
    return False


def renewed(draft: str, held: str) -> bool:
    """`reslotted`, unless the two read as statements of two things by the guards the worded
    rules use (`agentmem.core.restate`): another component opening a parallel sentence,
    one naming word swapped in one frame, one more of a kind, each opening on a name the
    other never mentions. A draft of several sentences is guarded sentence by sentence: a
    review's other bullets tell of other things, and say nothing of whether the one that
    gives the new value is about the held lesson's."""
    if RETRACTED.match(draft) or not reslotted(draft, held):
        return False
    sentences = [s for s in SENTENCE.split(draft) if slots(s)]
    return any(one_thing(s, held) for s in sentences if len(sentences) == 1 or reslotted(s, held))


def one_thing(draft: str, held: str) -> bool:
    d, h = read_together(draft, held)
    return not (
        other_component(d, h)
        or substituted(draft, held)
        or also_of_another(draft, d, h)
        or parallel(draft, held, d.people | h.people)
        or named_apart(d, h)
    )


SUBJECT = 2  # clause words a sibling's value shares with the retired one's clause


def siblings(draft: str, replaced: list[str], others: list[tuple[str, str]]) -> list[str]:
    """Of `others` (held lessons as id and text), those stating a value the draft retired
    in what it replaced (`replaced`): a held value the draft puts another in place of
    (frames sharing `LOOSE` words: the judge has already found the replacement) and does
    not state itself, found again with its unit in a clause sharing two of the retired
    clause's words and two of its frame's ("the greenhouse vents open at 26 C" replaced,
    "shade the seedlings before the vents open at 26 C" goes too, "the cold frame lids
    open at 26 C" stays). A lesson that also states the new value tells the new state."""
    new = slots(draft)
    gone = []
    for text in replaced:
        found = [
            old
            for old in slots(text)
            if any(n.value != old.value and same_frame(n, old, LOOSE) for n in new)
            and not any(n.value == old.value and n.unit == old.unit for n in new)
        ]
        # of a compound lesson, the values of the clause the draft speaks of
        near = nearest(dict(enumerate(o.clause for o in found)), [n.clause for n in new])
        gone += [old for i, old in enumerate(found) if i in near]
    if not gone:
        return []
    stated = {(s.value, s.unit) for s in new}
    out = []
    for memory_id, text in others:
        mine = slots(text)
        if stated & {(s.value, s.unit) for s in mine}:
            continue
        if any(
            s.value == old.value
            and len(s.clause & old.clause) >= SUBJECT
            and same_frame(s, old, SUBJECT)
            for s in mine
            for old in gone
        ):
            out.append(memory_id)
    return out
