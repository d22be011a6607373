"""A supplier left: the new supplier's setting retires the old supplier's.

Every plant changes a supplier sooner or later, and the new supplier's material changes a
setting. The lesson for the new one names the new supplier ("With NordOvo frozen yolk the
colloid mill runs at a 0.25 mm rotor gap", "Every Hanul Spice gochugaru lot gets an
in-house aflatoxin B1 ELISA ... their CoA is not enough"), the held lesson the old one
("Classic with Hofgut yolk: colloid mill rotor gap 0.35 mm", "Gochugaru lots from Daeseong
are accepted on the supplier CoA alone") or none ("Spicy cut paste takes gochugaru at 4.5 %
of brined cabbage wt"). Read side by side they are two things that both hold, as two
products' limits are; what tells the change is the history: a record that the supply went
over to the new supplier ("Purchasing switches yolk to NordOvo", "Qualify new gochugaru
supplier Hanul Spice", "supplier change Kawada -> Norvik", "NordOvo ... replaces Hofgut").

A hand-over is as often told by the old supply ending, the new supplier named beside it
with no cue before its name ("Distributor stops AquaGrow 38 in April; Marivita Grower 40
contracted from 04-12", "Danvik DV-Y44 chosen; YF-310 discontinued after April", "Orchard
Vale contract ends in June"): `ended` reads the old supplier's name there (`ENDED`) when a
name of the draft stands as a name within `NEAR` characters of it. A held lesson naming
the ended supplier and not the new one is then the old supplier's setting when it shares
`SAME` content terms with the draft or the draft gives one of its values anew, its intake
rule when both tell how a lot is taken in (`ACCEPTANCE`) and share `SHARED` terms.

`switches` reads such a hand-over in a stored text (`TO_NEW`, `ARROW`), never one that keeps
the old supplier on beside the new (`BESIDE`: "also", "backup", "second"). An arrow is the
loosest of these forms (test logs, routes, mappings and conversions are full of them), so it
tells a hand-over only from a name to a name in a sentence that says a supply changed
("supplier", "lot", "switch", "change" ...): "map-zoom.spec.ts -> Access to fetch" in a
failed check hands nothing over to "Access". `retired_supply` then
takes a held lesson as the old supplier's setting when

- it never names the new supplier, and says a material word the draft and the hand-over
  also say ("yolk", "gochugaru", "tip"): the same material;
- either it names a supplier the draft does not and the hand-over's record does (the old
  one: "Hofgut", "Daeseong", "Kawada"), and shares `SAME` content terms with the draft
  besides material and names (the same setting or rule: "colloid", "mill", "rotor", "gap");
- or it names no other supplier, and gives a value of a setting the draft gives anew
  (`agentmem.core.resupplied.setting_values`: a unit in common, `SHARED` terms before both
  values, the held value nowhere in the draft).

A lesson on the material itself ("gochugaru is stored below 10 °C") shares no setting with
the draft; a lesson naming the new supplier is the new supplier's; two suppliers both in
use tell no hand-over, so both keep their lessons.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from agentmem.core.resupplied import SETTING_UNITS, SHARED, says_value, setting_values
from agentmem.core.spoken import MONTH_NAMES
from agentmem.core.statement import terms
from agentmem.core.swapped import BESIDE
from agentmem.core.words import function_words
from agentmem.stores.bm25 import tokenize

_NAME = r"(?P<new>[A-Z][\w&-]*(?:\s+[A-Z][\w&-]*){0,2})"
# A supply handed over to a new supplier, named after the cue.
TO_NEW = (
    re.compile(r"\b(?i:switch(?:es|ed|ing)?)\b[^.;\n]{0,60}?\bto\s+(?:the\s+)?" + _NAME),
    re.compile(r"\b(?i:new)\s+(?:[\w-]+\s+){0,2}(?i:suppliers?|source)\s+" + _NAME),
    re.compile(_NAME + r"(?:\s+[\w-]+){0,5}\s+(?i:replaces|replaced|took over from)\b"),
)
# "<old> -> <new>": a hand-over only between two names (a word set off on its own, opening
# with a capital: "Kawada -> Norvik", "Duroplast PF-7020 -> Kemrez KR-310"), never from a
# file, host, path or version ("map-zoom.spec.ts -> Access to fetch", "v2.3 -> v2.4").
ARROW = re.compile(
    r"(?<![\w.:/@-])(?P<old>[A-Z][\w&-]*(?:\s+[A-Z0-9][\w&-]*){0,2})\s*(?:->|\u2192)\s*"
    + _NAME
    + r"(?![\w:/@]|\.\w)"
)
# an arrow tells a supply handed over only where its sentence says a supply changed
SUPPLY = re.compile(
    r"\b(?:suppl\w*|vendors?|lots?|deliver\w*|sourc\w*|purchas\w*|procure\w*|switch\w*"
    r"|change\w*|replac\w*)\b",
    re.IGNORECASE,
)
SENTENCE = re.compile(r"[.;!?](?:\s|$)|\n")
# An old supplier's supply told ended ("Distributor stops AquaGrow 38", "CultiLac discontinues
# YF-310", "YF-310 discontinued after April", "Orchard Vale contract ends in June", "Darmex is
# phased out", "we are phasing out Chromaxa"): with a
# new supplier named in the same text, a hand-over even without a cue before the new name.
_OLD = r"(?P<old>[A-Z][\w&-]*(?:\s+[A-Z0-9][\w&-]*){0,2})"
ENDED = (
    re.compile(r"\b(?i:stops|stopped|discontinues|discontinued|phas(?:es|ed|ing)\s+out)\s+" + _OLD),
    re.compile(
        _OLD + r"\s+(?:is\s+|was\s+|has\s+been\s+)?(?:being\s+)?(?:discontinued|gone\b|"
        r"phased\s+out\b|(?i:contract|supply)\s+(?:ends|ended|runs\s+out))"
    ),
)
NEAR = 150  # characters either side of an end told within which the new supplier is named
# a rule on how a supply is taken in ("accepted on the CoA", "goes to the lab before use")
ACCEPTANCE = re.compile(
    r"\b(?:accept\w*|refus\w*|reject\w*|quarantin\w*|lab|CoA|intake)\b", re.IGNORECASE
)
# "needs only 3.0 %": an amount, not a scope ("only for the night shift")
_ONLY_AMOUNT = re.compile(r"\bonly\s+(?=[~<>]?\d)", re.IGNORECASE)
UNIT_WORDS = frozenset(("w", "n", "ms", "v", "a", "ug", "mg", "kg", "rpm"))
SAME = 3  # content terms a held rule shares with the draft, material and names aside
# words of a hand-over that are no material: its cue, its run, and when it is told (every
# month's name: "from June" was no material, "from March" was)
GENERIC = frozenset(
    tokenize(
        "switch switches switched new supplier suppliers source change changed replaces "
        "replaced purchasing qualify lot lots from run ended success failure"
    )
) | frozenset(tokenize(" ".join(MONTH_NAMES)))


def _sentence(text: str, at: int) -> str:
    start = max((m.end() for m in SENTENCE.finditer(text, 0, at)), default=0)
    end = SENTENCE.search(text, at)
    return text[start : end.start() if end else len(text)]


def _handovers(text: str, names: frozenset[str]) -> list[tuple[set[str], str]]:
    """Each hand-over to a supplier among `names` (stemmed proper tokens) the text tells:
    the new supplier's tokens among them, and the sentence that tells it."""
    out = []
    for m in [m for pattern in (*TO_NEW, ARROW) for m in pattern.finditer(text)]:
        new = {t for w in m["new"].split() for t in tokenize(w)} & names
        said = _sentence(text, m.start())
        if m.re is ARROW:
            new -= {t for w in m["old"].split() for t in tokenize(w)}  # "Node 18 -> Node 20"
            if not SUPPLY.search(said):
                continue  # a route, a mapping, a conversion: no supply changed
        if not new or BESIDE.search(said) or re.search(r"\bsecond\b", said, re.I):
            continue  # another supplier, or the old one stays on beside the new one
        out.append((new, said))
    return out


def ended(text: str, names: frozenset[str]) -> frozenset[str]:
    """The stemmed names of old suppliers whose supply the text tells ended (`ENDED`) while
    it names a supplier among `names` (stemmed proper tokens) that is not the old one; empty
    when it tells none, or keeps the old one on beside the new ("second", `BESIDE`)."""
    out: set[str] = set()
    for m in [m for pattern in ENDED for m in pattern.finditer(text)]:
        old = {t for w in m["old"].split() for t in tokenize(w)} - function_words()
        said = _sentence(text, m.start())
        if BESIDE.search(said) or re.search(r"\bsecond\b", said, re.I):
            continue
        # the new supplier named as a name ("Flour" opening a draft is not "bread flour"),
        # next to the end told (a retro's other notes name other things)
        near = text[max(0, m.start() - NEAR) : m.end() + NEAR]
        words = {t for w in re.findall(r"\b[A-Z][\w&-]*", near) for t in tokenize(w)}
        if old and (names & words) - old - function_words():
            out |= old
    return frozenset(out)


def switches(text: str, names: frozenset[str]) -> frozenset[str]:
    """The material words of a hand-over to a supplier among `names` the text tells,
    empty when it tells none."""
    out: set[str] = set()
    for new, said in _handovers(text, names):
        out |= {t for t in tokenize(said) if t.isalpha()} - new - GENERIC - function_words()
    return frozenset(out)


def named(text: str) -> frozenset[str]:
    """The text's proper words, with a capitalised word that opens it ("Norvik Ir-Rh tip
    wire needs 44 W"): a new supplier's lesson is often led by its name."""
    first = re.match(r"\s*([A-Z][\w&-]*)", text)
    lead = set(tokenize(first.group(1))) - function_words() if first else set()
    return frozenset(t for t in terms(text).proper | lead if t.isalpha())


def _content(text: str, drop: Iterable[str]) -> set[str]:
    """The text's content words, `drop` and units aside ("min" of "8 l/min" and of "min 30
    N" is no word of what is set)."""
    small = function_words() | SETTING_UNITS | UNIT_WORDS
    return {t for t in tokenize(text) if t.isalpha() and t not in small} - set(drop)


def may_retire(draft: str, held: str) -> bool:
    """Whether `retired_supply` could say yes for some hand-over: a necessary condition of
    each of its paths, read from the two texts alone, so a draft no held lesson could answer
    costs no search of every app for a hand-over. `retired_supply(draft, held, h)` implies
    `may_retire(draft, held)` for every `h` (tests/test_supplier57_gate.py): what a path
    drops besides the names the texts give (the ended supplier, the material) only takes
    terms away, and a value given anew with no material set aside is given anew with one.

    - an ended supply: the held lesson names a supplier the draft does not (the ended one),
      none the draft names, tells no hand-over itself, and shares `SAME` content terms with
      the draft (`SHARED` when both tell how a lot is taken in), names aside, or the draft
      gives one of its values anew;
    - a hand-over told: a word of both that a hand-over can carry as the material, and
      either the held lesson names another supplier and shares `SAME` content terms with the
      draft besides that word and the other supplier, or the draft gives one of its values
      anew."""
    if BESIDE.search(_ONLY_AMOUNT.sub("", draft)):
        return False
    mine = named(draft)
    theirs = frozenset(t for t in terms(held).proper if t.isalpha())
    anew = _given_anew(draft, held, mine, theirs, set())
    old = named(held)
    tells = switches(held, mine) or ended(held, mine)
    if old - mine and not old & (mine - _acronyms(draft)) and not tells:
        drop = mine | old
        common = _content(draft, drop) & _content(held, drop)
        if len(common) >= SAME or anew:
            return True
        if len(common) >= SHARED and ACCEPTANCE.search(draft) and ACCEPTANCE.search(held):
            return True
    words = set(tokenize(draft))
    material = {t for t in set(tokenize(held)) & words if t.isalpha()}
    material -= GENERIC | function_words()
    if not material:
        return False
    others = {t for t in theirs - mine - words if t.isalpha()}
    if not others:
        return anew
    common = _content(draft, others) & _content(held, others)
    return any(len(common - {word}) >= SAME for word in material)


def _acronyms(draft: str) -> set[str]:
    """The draft's acronyms: a measure ("CP", "ABV", "FCR"), no supplier's name ("CE-210",
    "DV-Y44" are product names)."""
    return {t for w in re.findall(r"(?<![\w-])[A-Z][A-Z0-9]+\b(?!-\w)", draft) for t in tokenize(w)}


def retired_supply(draft: str, held: str, handovers: Iterable[str]) -> bool:
    """The held lesson is the old supplier's setting or rule the draft gives anew for the
    new supplier, `handovers` being the stored texts that tell the hand-over (see the
    module docstring)."""
    if BESIDE.search(_ONLY_AMOUNT.sub("", draft)):
        return False
    mine = named(draft)
    theirs = frozenset(t for t in terms(held).proper if t.isalpha())
    material: set[str] = set()
    histories = list(handovers)
    gone = {t for text in histories for t in ended(text, mine)} - mine
    acronyms = _acronyms(draft)
    # the held lesson's names with the word that opens it ("Hartmill T550 dough takes ...")
    old = named(held)
    tells = switches(held, mine) or ended(held, mine)  # the held lesson tells the hand-over
    if old & gone and not old & (mine - acronyms) and not tells:
        # the held lesson names the supplier the history ended, the draft the one it took
        # on: the same supply; the same setting if they share `SAME` content terms, the
        # suppliers' names aside, or the draft gives anew a held value; the same intake
        # rule if both tell how a lot is taken in and share `SHARED` terms
        drop = gone | mine | old
        common = _content(draft, drop) & _content(held, drop)
        if len(common) >= SAME:
            return True
        if len(common) >= SHARED and ACCEPTANCE.search(draft) and ACCEPTANCE.search(held):
            return True
        return _given_anew(draft, held, mine, theirs, set())
    for text in histories:
        material |= switches(text, frozenset(mine))
    held_words = set(tokenize(held))
    material &= held_words & set(tokenize(draft))
    if not material:
        return False
    new = {t for text in histories for named, _ in _handovers(text, mine) for t in named}
    if new & theirs:
        return False  # the new supplier's own lesson
    others = {t for t in theirs - mine - set(tokenize(draft)) if t.isalpha()}
    if others:
        told = {t for text in histories for t in tokenize(text)}
        if not others & told:
            return False  # another supplier, not the one handed over from
        # the names of the two suppliers aside, not every proper word ("CoA", "ASTA")
        drop = material | new | others
        common = _content(draft, drop) & _content(held, drop)
        return len(common) >= SAME
    return _given_anew(draft, held, mine, theirs, material)


def _given_anew(
    draft: str, held: str, mine: frozenset[str], theirs: frozenset[str], material: set[str]
) -> bool:
    """The draft gives anew a value of a setting the held lesson gives (a unit in common,
    `SHARED` terms besides `material` before both values, the held value nowhere in the
    draft)."""
    told_values = setting_values(draft, (), frozenset(mine))
    held_values = setting_values(held, (), frozenset(theirs))
    for unit, values in told_values.items():
        for was, far in held_values.get(unit, []):
            if says_value(draft, was):
                continue
            if any(len((near & far) - material) >= SHARED and now != was for now, near in values):
                return True
    return False
