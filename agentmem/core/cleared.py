"""A cause a lesson blames on a faulty thing, cleared by what was found of it, and a thing
owned up to as taken for another.

Cleared: "… are noise from a loose cable clamp" is withdrawn by "the cable clamp was tight
and the probe passed a bench test", and "… because of a clogged filter" by "the filter is
clear". The held lesson gives a cause (`CAUSAL`) and names a thing by a fault (`FAULT`: "a
loose clamp", "the worn belt"); a clause of the text, saying no and naming no condition,
says the same thing (its head one of the words the fault names, and no word or value of its
own) is sound (`SOUND`: "was tight", "is clean", "passed a bench test"). A text that tells a
remedy done to it ("the clamp was tightened and is tight now") restates the lesson's fix,
and leaves it.

Mistaken: "we had taken the evening dips for the pump's flush cycle" withdraws "the evening
dips are the flush cycle; …": the writers own up to having taken one thing for another
(`MISTOOK`), and the held lesson names both (a word of each, two words in all).

Genuine: "the door-sensor alerts are real: …" withdraws "door-sensor alerts after 18:00
are noise from the cleaners; mute them": the held lesson calls a thing noise, spurious or
harmless (`SPURIOUS`), and the text says that thing (two words at least, none of its own)
is real. `agentmem.core.retract.denies` asks all three."""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.cues import NEGATION
from agentmem.core.gainsay import CAUSAL
from agentmem.core.statement import terms
from agentmem.core.withdrawal import DENIED, RETRACTED, retraction

FAULT = re.compile(
    r"\b(?:loose|worn|dirty|faulty|defective|broken|failing|blocked|clogged|leaking|leaky|"
    r"cracked|misaligned|stuck|corroded|damaged|miscalibrated|uncalibrated|drifting)\s+"
    r"(?P<thing>[\w-]+(?:\s+[\w-]+){0,2})",
    re.IGNORECASE,
)
SOUND = re.compile(
    r"^\W*(?P<subject>[^.;:!?,]{2,80}?)\s+(?:(?:was|were|is|are)\s+(?:all\s+|still\s+|in\s+fact\s+|"
    r"actually\s+)?(?:tight|secure|clean|intact|sound|undamaged|aligned|clear|dry|calibrated|"
    r"in\s+spec|within\s+spec|working|healthy)\b|(?:passed|passes)\s+(?:a|an|the|its|every)\s+"
    r"(?:[\w-]+\s+)?(?:test|check|inspection|calibration)\b|tested\s+(?:fine|ok|good|clean)\b)",
    re.IGNORECASE,
)
# A remedy done to the thing: the lesson's fix told again, not its cause found wrong.
REMEDY = re.compile(
    r"\b(?:replac|clean|tighten|fix|repair|swap|reseat|recalibrat|unblock|unclog|re-?torqu)\w*",
    re.IGNORECASE,
)
ONCE = re.compile(r"\b(?:once|if|when|after|unless|until|since|now)\b", re.IGNORECASE)
PIECE = re.compile(r"(?<=[.!?])\s+|[;:]\s+|\s+[—–-]+\s+|,?\s+(?:and|but|so)\s+", re.IGNORECASE)
# "we had taken X for Y", "X were mistaken for Y": the writers' own mistake owned up to.
MISTOOK = re.compile(
    r"\b(?:had\s+(?:been\s+)?taken|(?:wrongly|mistakenly)\s+took|mistook|mistaken|misread|"
    r"misidentified|confused)\s+(?P<x>[^.;:!?]{2,80}?)\s+(?:for|as|with)\s+"
    r"(?P<y>[^.;:!?,]{2,80}?)(?=\s+and\b|\s*[.;:!?,(]|$)"
    r"|\b(?P<x2>[^.;:!?,]{2,80}?)\s+(?:was|were|had\s+been)\s+(?:mistaken|taken|misread)\s+"
    r"(?:for|as)\s+(?P<y2>[^.;:!?,]{2,80}?)(?=\s+and\b|\s*[.;:!?,(]|$)",
    re.IGNORECASE,
)
# A thing called noise, a false alarm, harmless; and the same thing said to be real.
SPURIOUS = re.compile(
    r"\b(?:noise|noisy|spurious|false\s+(?:alarms?|positives?|alerts?|readings?)|artefacts?|"
    r"artifacts?|harmless|benign|nuisance\s+(?:alarms?|alerts?|trips?))\b",
    re.IGNORECASE,
)
REAL = re.compile(
    r"^\W*(?P<subject>[^.;:!?,]{2,80}?)\s+(?:are|is|were|was)\s+(?:all\s+|in\s+fact\s+|"
    r"actually\s+)?(?:real|genuine|true\s+(?:alarms?|alerts?|positives?|faults?))\b",
    re.IGNORECASE,
)
GENUINE = 2  # words of the thing the held lesson calls noise the text says are real
MISTOOK_SHARED = 2  # words of the two things the held lesson names, one of each at least


def cleared(text: str, held: str) -> bool:
    """Whether the text finds sound the faulty thing the held lesson blames (see the
    module docstring)."""
    if not _fresh(held) or CAUSAL.search(held) is None or REMEDY.search(text):
        return False
    things = [_words(m["thing"]) for m in FAULT.finditer(held)]
    if not things:
        return False
    kept = _words(held)
    for piece in PIECE.split(text):
        match = SOUND.match(piece) if piece else None
        if match is None or NEGATION.search(piece) or ONCE.search(piece):
            continue
        subject = _words(match["subject"])
        head = _head(match["subject"])
        if subject and not subject - kept and any(head in thing for thing in things):
            return True
    return False


def mistaken(text: str, held: str) -> bool:
    """Whether the text owns up to having taken one thing the held lesson names for another
    it names (see the module docstring)."""
    if not _fresh(held):
        return False
    kept = _words(held)
    for match in MISTOOK.finditer(text):
        taken, said = _words(match["x"] or match["x2"]), _words(match["y"] or match["y2"])
        if taken & kept and said & kept and len((taken | said) & kept) >= MISTOOK_SHARED:
            return True
    return False


def genuine(text: str, held: str) -> bool:
    """Whether the text says real what the held lesson calls noise (see the module
    docstring)."""
    if not _fresh(held) or SPURIOUS.search(held) is None:
        return False
    kept = _words(held)
    for piece in PIECE.split(text):
        match = REAL.match(piece) if piece else None
        if match is None or NEGATION.search(piece) or ONCE.search(piece):
            continue
        subject = _words(match["subject"])
        if len(subject) >= GENUINE and not subject - kept:
            return True
    return False


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _fresh(held: str) -> bool:
    """The held lesson is no retraction and says no thing was not it."""
    return not (RETRACTED.match(held) or DENIED.search(held) or retraction(held) is not None)


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _words(text: str) -> frozenset[str]:
    said = terms(text)
    return frozenset(said.content | {v for found in said.values.values() for v in found})


def _head(subject: str) -> str:
    """The last content word of a subject ("the cable clamp": clamp)."""
    found = [w for w in re.findall(r"[\w-]+", subject) if terms(w).content]
    return min(terms(found[-1]).content) if found else ""
