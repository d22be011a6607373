"""A held lesson's value set anew by a verb that names the new value ("raised to", "set to",
"cut to", "moves to"), by an arrow from the old value ("limit 30 → 45", "-> 45"), or under
a start that dates it ("Beginning with the spring term, …", "From 2031/32, …"), in a slot
the held lesson fills.

`agentmem.core.later.recued` reads a change word and a value after two frame words the
two texts share. A later writer who sets a value says what was set, not how the lesson
framed it: "the kiln's soak was cut to 20 minutes" after "kilns soak for 30 minutes at
peak", "glaze_soak_min 30 → 20" after "the glaze soak (glaze_soak_min) is 30 minutes".
Here one shared frame word is enough, or none when each text tells a single value of that
unit, because the verb, the arrow or the dated start says the value is new, and the
sentence must share two content words with the held lesson besides (what it is about),
or one and the unit of the value it sets.

Guards, as `recued`'s: a text that states both values (but an arrow's old one) or names
apart what it sets, another thing set apart (`agentmem.core.apart`), another kind of
value (a clock time is no count, minutes no percent), and `one_thing`.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.apart import set_apart
from agentmem.core.onset import START
from agentmem.core.retract import RETRACTED
from agentmem.core.slots import SENTENCE, Slot, named_terms, one_thing, slots
from agentmem.core.statement import terms
from agentmem.core.words import tokenized

# A verb of change that names the value it set: "raised to 10", "was cut to 2.5 h", "moves
# to 65%", "set the TTL to 30 min" (a few words between the verb and "to").
SET_TO = re.compile(
    r"\b(?:raised|raises?|lowered|lowers?|increased|increases?|decreased|decreases?|reduced|"
    r"reduces?|cut|set|moved?|moves|shorten(?:s|ed)?|lengthen(?:s|ed)?|extend(?:s|ed)?|"
    r"bumped|bumps?|dropped|drops?|tightened|relaxed|upped|changed|changes|goes|went)"
    r"\s+(?:[\w'-]+\s+){0,6}?to\s+(?:an?\s+|the\s+)?[$€£]?\d",
    re.IGNORECASE,
)
# An arrow from the old value to the new one: "14 → 20", "12s -> 20s", "limit -> 40".
ARROW = re.compile(r"(?:(?P<old>\d[\d.,:]*)\s*\w*\s*)?(?:->|→|=>)\s*[$€£]?(?P<new>\d[\d.,:]*)")
# a name written as a code: letters and digits ("K7", "line-4b"), or capitals ("QA")
CODED = re.compile(r"\b(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]+|\b[A-Z]{2,}[\w-]*")
KEY_PARTS = re.compile(r"[_.]+")  # a key's parts: "max_soak_per_load" names max, soak, load
ABOUT = 2  # content words the sentence shares with the held lesson
TIMES = frozenset(("s", "min", "h"))  # a span told in one of these is the same measure


def _kin(new: Slot, old: Slot) -> bool:
    if new.unit == "`" or old.unit == "`" or new.measure != old.measure:
        return False
    if (":" in new.value) != (":" in old.value):
        return False
    return new.unit == old.unit or (new.unit in TIMES and old.unit in TIMES)


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _cued(sentence: str) -> str:
    """The cue of the sentence: "set" (SET_TO), "arrow" (ARROW) or "onset" (START), or ""."""
    if SET_TO.search(sentence):
        return "set"
    if ARROW.search(sentence):
        return "arrow"
    return "onset" if START.search(sentence) else ""


def set_anew(draft: str, held: str) -> bool:
    """A sentence of the draft sets a value of a slot of the held lesson anew (see the
    module docstring)."""
    if RETRACTED.match(draft) or set_apart(draft, held):
        return False
    held_slots = slots(held)
    if not held_slots:
        return False
    h_terms = terms(held)
    h_names = named_terms(held)
    for sentence in SENTENCE.split(draft):
        cue = _cued(sentence)
        if not cue:
            continue
        if cue == "arrow" and _arrowed(sentence, held) and one_thing(sentence, held):
            return True
        s_terms = terms(sentence)
        about = len(s_terms.content & h_terms.content)
        if not about:
            continue
        d_slots = slots(sentence)
        arrowed = {m["old"] for m in ARROW.finditer(sentence) if m["old"]}
        in_held = {s.value for s in held_slots}
        d_names = named_terms(sentence)
        for new in d_slots:
            if new.value in in_held or new.value in arrowed:
                continue
            for old in held_slots:
                if not _kin(new, old):
                    continue
                if any(s.value == old.value for s in d_slots) and old.value not in arrowed:
                    continue  # both values told: two that hold
                if (new.clause & d_names) - h_terms.tokens and (old.clause & h_names) - (
                    s_terms.tokens
                ):
                    continue
                if _other_named(old, held, s_terms.tokens):
                    continue
                if not (set(new.before) & set(old.before) or _sole(new, d_slots, old, held_slots)):
                    continue
                if about + (new.unit == old.unit != "") < ABOUT:
                    continue  # a measure's own unit tells what it is of, with one word
                if one_thing(sentence, held):
                    return True
    return False


def _arrowed(sentence: str, held: str) -> bool:
    """An arrow leaves a value the held lesson states for one it does not, after words that
    name what the lesson names ("max_soak_per_load: 40 → 25" of "soak at most 40 minutes
    per load"): a key's parts read as words."""
    held_slots = slots(held)
    held_values = {s.value for s in held_slots}
    h_content, s_tokens = terms(held).content, terms(sentence).tokens
    for m in ARROW.finditer(sentence):
        old, new = (_number(m[g] or "") for g in ("old", "new"))
        if old not in held_values or new in held_values or (":" in old) != (":" in new):
            continue
        if all(_other_named(s, held, s_tokens) for s in held_slots if s.value == old):
            continue
        lead = KEY_PARTS.sub(" ", sentence[: m.start()])
        if len(terms(lead).content & h_content) >= ABOUT:
            return True
    return False


def _other_named(old: Slot, held: str, tokens: frozenset[str]) -> bool:
    """The held value's frame names a thing by a code the draft never mentions ("unit
    K7's soak is 30 minutes, unlike K9's"): its value is that thing's, not the one the
    draft sets."""
    coded = {t for m in CODED.findall(held) for t in tokenized(m)}
    return bool(set(old.before) & coded - tokens)


def _number(value: str) -> str:
    return value.rstrip(".,:").replace(",", "")


def _sole(new: Slot, d_slots: tuple[Slot, ...], old: Slot, h_slots: tuple[Slot, ...]) -> bool:
    """Each text tells a single value of that kind: the one the change is of."""
    return (
        new.unit != ""
        and sum(_kin(s, old) for s in d_slots) == 1
        and sum(_kin(new, s) for s in h_slots) == 1
    )
