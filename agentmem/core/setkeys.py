"""A setting named by its key and given another value (`rekeyed`): "Kiln jobs wait for the
door sensor, up to 90 s (door_wait_s: 90)" after "A firing starts once the door sensor
closes, waiting at most 45 s (door_wait_s: 45)". A key written with its value names one
setting, however differently the two texts word the rest, so a new value of the key is a
new value of what the held text tells, even where each text opens on another word.

`agentmem.core.held` asks it among the changes told in other words; the judge has already
set apart a draft of another environment, region or tier (`agentmem.core.apart`)."""

from __future__ import annotations

import re

from agentmem.core.qualified import qualifiers
from agentmem.core.slots import BREAK, SENTENCE, named_terms, slots
from agentmem.core.spoken import MONTH_NAMES, WEEKDAYS, normalised
from agentmem.core.statement import UNITS, terms
from agentmem.core.textcache import textcached
from agentmem.core.words import tokenized

# A setting's key (words joined by underscores, any case) and the value written after its
# colon or equals sign: "retry_limit: 5", "MAX_ROWS=200", "cache_ttl_s = 30".
SETTING = re.compile(
    r"(?<![\w.-])([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+)\s?[:=]\s?"
    r"([\w.-]*\w)(?![\w])"
)
# A key whose last word names a record's field, not a setting: "order_id: 42" and "order_id:
# 97" are two orders, "error_code: 502" and "error_code: 404" two errors.
FIELDS = frozenset(
    [
        "id",
        "ids",
        "code",
        "codes",
        "status",
        "state",
        "type",
        "kind",
        "name",
        "key",
        "ref",
        "hash",
        "sha",
        "uuid",
    ]
)


@textcached
def settings(text: str) -> dict[str, set[str]]:
    """Each key the text sets, with the values it writes after it, in lower case."""
    out: dict[str, set[str]] = {}
    for key, value in SETTING.findall(text):
        if key.lower().rsplit("_", 1)[-1] in FIELDS:
            continue
        out.setdefault(key.lower(), set()).add(value.lower())
    return out


# Months and weekdays are written with a capital and name no thing: when, not what of.
CALENDAR = frozenset(
    t
    for w in (*MONTH_NAMES, "may", *WEEKDAYS, *WEEKDAYS.values(), "tues", "thur", "thurs")
    for t in tokenized(w)
)
LIVE = frozenset(("production",))  # where a setting put in force is set: no case of its own


def _one_case(draft: str, held: str) -> bool:
    """The draft names an environment, region, platform or tier the held text names
    nothing of: a value of one case ("in staging, door_wait_s: 90"). Production alone is
    where a change goes live ("DOOR_WAIT_S=75 deployed to production"), no case of its own. Or
    the sentence setting the key names a thing (a name, an identifier) the held text does
    not."""
    named = qualifiers(held)
    if any(
        kind not in named and not (kind == "environment" and words <= LIVE)
        for kind, words in qualifiers(draft).items()
    ):
        return True
    # the sentence that sets the key names a thing the held text never mentions: "max_trays=3
    # in the Leeds plant" is the Leeds plant's setting, not a new one of every plant's
    told = terms(held).tokens
    for sentence in SENTENCE.split(draft):
        keys = settings(sentence)
        if keys and named_terms(sentence) - told - CALENDAR - {
            t for k in keys for t in tokenized(k)
        }:
            return True
    return False


def rekeyed(draft: str, held: str) -> bool:
    """Both texts set one key, and each to a value the other never writes for it
    ("door_wait_s: 90" after "door_wait_s: 45"). A text that writes both values of the key
    holds both, or tells the old one as history, and is read by the worded rules. Nor
    does a draft that names an environment, region, platform or tier the held text names
    nothing of ("in staging, door_wait_s: 90"): it tells one case, and the held value
    stays for the rest."""
    now, before = settings(draft), settings(held)
    if not now.keys() & before.keys():
        return False
    if _one_case(draft, held):
        return False
    return any(values.isdisjoint(before.get(key, values)) for key, values in now.items())


# The value a change says it replaced: "(MIX_MIN = 12; was 14)", "was 14.0: Polibase".
WAS = re.compile(r"\bwas (-?\d{1,12}(?:\.\d{1,6})?)\b(?![.,]\d)", re.I)


def _number(value: str) -> float | str:
    """A value as a number where it is one ("14", "14.0"), so either writing is one."""
    try:
        return float(value)
    except ValueError:
        return value


LETTERS = re.compile(r"[a-z0-9]+")
JOINED = 3  # words of the held clause a key's word may join ("lastgasp" of "last-gasp")


def _named_in(word: str, clause: str) -> bool:
    """The key's word opens a word of the clause, or a run of its words written together
    ("debounce" of "debounced", "lastgasp" of "last-gasp events")."""
    stem = (tokenized(word) or (word,))[0]
    words = LETTERS.findall(clause.lower())
    return any("".join(words[i : i + JOINED]).startswith(stem) for i in range(len(words)))


def key_words(text: str) -> list[str]:
    """The words of each key the text sets whose name ends in a unit, the unit left out
    ("DOOR_WAIT_S=90": "door wait"): what a lesson of that setting is found by."""
    out = []
    for key in settings(text):
        *named, last = key.split("_")
        if named and UNITS.get(last):
            out.append(" ".join(named))
    return out


def keyed_anew(draft: str, held: str) -> bool:
    """The draft sets a key whose name ends in a unit ("DOOR_WAIT_S=90", "door_wait_s:
    90"), and a clause of the held text names every other word of the key and gives
    another value in that unit ("the kiln door wait is 45 s"): the setting the held text
    tells of, set to a new value. Not when the draft writes the held value in that unit
    too (both hold, or the old one is history), nor when it names an environment, region,
    platform or tier the held text names nothing of."""
    now = settings(draft)
    if not now or _one_case(draft, held):
        return False
    written = {(s.value, s.unit) for s in slots(draft)}
    # the draft says what the value was ("MIX_MIN = 12; was 14"): a held clause of another
    # value in that unit ("the last 2 min of the mix") tells of another thing
    was = {_number(v) for v in WAS.findall(draft)}
    for key, values in now.items():
        *named, last = key.split("_")
        unit = UNITS.get(last, "")
        if not unit or not named or len(values) != 1:
            continue
        for clause in BREAK.split(normalised(held)):
            if not clause or not all(_named_in(word, clause) for word in named):
                continue
            if any(
                old.unit == unit
                and old.value not in values
                and (old.value, unit) not in written
                and (not was or _number(old.value) in was)
                for old in slots(clause)
            ):
                return True
    return False
