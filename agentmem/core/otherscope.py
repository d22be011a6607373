"""Another channel, side, group or holder: a look-alike that scopes the held thing anew.

"Orders placed by phone ship within 2 days" held, then "Web orders: shipping takes 4
days": the same measure of the same thing, told of another channel, not a new value of
the phone one. So too "in-state members pay a $20 fee" against "members out of state pay
$35", and "the north yard holds 40 trailers" against "the east yard holds 25 trailers".
`other_scope` reads such a draft by what it scopes its value to;
`agentmem.core.lookalike.another_instance` asks it with its own readings.

It reads, where each text gives a number the other does not (the value that differs is
a number, so the channel or the place is what the value is of, not the value: "reminders
go by text" against "reminders go by email" is a new way of sending, left to the rules):

- a channel each names and the other does not ("by phone" against "web orders"), from a
  short list of the words that name how a thing is bought, sent or reached;
- one side of a place each ("in-state" against "out of state", "inside the ring road"
  against "outside the ring road", "domestic" against "international"), or one of two
  sides named by one word each, of a flow ("suction" against "discharge", "inlet",
  "upstream") or of the clock ("morning" against "evening", "the day shift" against "the
  night shift", "summer");
- a compass point before one word in both, another point in the draft, the held one
  nowhere in it ("the north yard" against "the east yard");
- a group of what the held text speaks of, marked by what its members have ("members
  with a family plan" against "members"), the mark nowhere in the held text;
- a rule of another holder, the draft saying the held text's name is not its source ("the
  night crew's own checklist asks for 6 rounds; that is their routine, not the Dorset
  policy" against "the Dorset policy asks for 4 rounds a night").
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.textcache import textcached
from agentmem.core.values import raw_values
from agentmem.core.words import tokenized

# How a thing is bought, sent or reached: a channel of it, written in many domains.
CHANNEL = re.compile(
    r"\b(e-?mail|sms|text\s+messages?|push(?=\s+notifications?)|web(?:site)?|online|"
    r"mobile|app|phone|telephone|fax|postal|mail-order|by\s+mail|in-store|"
    r"in-person|in\s+person|walk-in|kiosk|portal|chat|retail|wholesale)\b",
    re.IGNORECASE,
)
SPELLING = {"e-mail": "email", "website": "web", "telephone": "phone", "postal": "mail-order"}
# One side of a place: "in-state", "inside the ring road", "out of state", "outside city
# limits", "out-of-network"; the word after it names the place.
INSIDE = re.compile(r"\b(?:in-|inside\s+(?:the\s+)?|within\s+(?:the\s+)?)([a-z]{3,})", re.I)
OUTSIDE = re.compile(
    r"\b(?:out-of-|out\s+of\s+(?:the\s+)?|outside\s+(?:of\s+)?(?:the\s+)?|beyond\s+(?:the\s+)?)"
    r"([a-z]{3,})",
    re.I,
)
# Two sides named by one word each: of a place, of a flow, of the day, week or year.
SIDES = (
    *(("domestic", "international"), ("inbound", "outbound"), ("indoor", "outdoor")),
    *(("suction", "discharge"), ("inlet", "outlet"), ("upstream", "downstream")),
    *(("morning", "evening"), ("weekday", "weekend"), ("summer", "winter")),
    *(("daytime", "overnight"), ("day shift", "night shift"), ("day-shift", "night-shift")),
)
COMPASS = re.compile(
    r"\b(north|south|east|west|northern|southern|eastern|western)(?:-|\s+)([a-z]{3,})\b", re.I
)
# "in-house", "in person", "in-store": no place with a side beyond it.
NOT_PLACE = frozenset(
    {"house", "person", "store", "place", "line", "flight", "app", "time", "memory", "order"}
)


# "for members with a family plan", "orders without a coupon" opening a sentence: a group
# named after a word that leads to a thing, not after a verb ("it solves with a tool").
GROUP = re.compile(
    r"(?:^|\b(?:from|for|of|to|by|on|all|any|only|the)\s+)([a-z]{3,}s)\s+"
    r"(?:with|without|who\s+have|who\s+hold|holding)\s+(?:an?\s+|the\s+|no\s+)?"
    r"(?:[a-z]+\s+)?([a-z][a-z-]{3,})",
    re.IGNORECASE,
)
# "..., not the Dorset policy": the held text's source named as not the draft's.
NOT_SOURCE = re.compile(
    r"\bnot\s+(?:the\s+|an?\s+)?([A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)?)(?:'s)?\s+(?:rule|"
    r"policy|requirement|contract|limit|standard|regulation|law|spec|guideline|mandate)s?\b"
)


@lru_cache(maxsize=4096)  # a draft meets every held lesson of an add: each read once
def numbers(text: str) -> frozenset[str]:
    """The values a text states, dates aside."""
    values, _ = raw_values(text)
    return frozenset(v for kind, found in values.items() if kind != "date" for v in found)


@lru_cache(maxsize=4096)
def _channels(text: str) -> frozenset[str]:
    out = set()
    for m in CHANNEL.finditer(text):
        word = re.sub(r"\s+", " ", m[1].lower())
        word = word.removeprefix("by ").removesuffix("s")
        out.add(SPELLING.get(word, word))
    return frozenset("mail-order" if w == "mail" else w for w in out)


@lru_cache(maxsize=4096)
def _sides(text: str) -> frozenset[tuple[str, str]]:
    low = text.lower()
    out = {("in", m[1].lower()) for m in INSIDE.finditer(low) if m[1] not in NOT_PLACE}
    out |= {("out", m[1].lower()) for m in OUTSIDE.finditer(low) if m[1] not in NOT_PLACE}
    for a, b in SIDES:
        out |= {(side, "") for side in (a, b) if re.search(rf"\b{side}\b", low)}
    return frozenset(out)


@textcached
def _opposite(draft: frozenset[tuple[str, str]], held: frozenset[tuple[str, str]]) -> bool:
    """One side of a place in each, the other side in the other, neither text on both."""
    flip = {"in": "out", "out": "in"}
    for a, b in SIDES:
        flip |= {a: b, b: a}
    return any(
        (flip[side], place) in held
        and (side, place) not in held
        and (flip[side], place) not in draft
        for side, place in draft
    )


@textcached
def _compass(text: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for m in COMPASS.finditer(text):
        out.setdefault(m[2].lower(), set()).add(m[1].lower().removesuffix("ern"))
    return out


def _repointed(draft: str, held: str) -> bool:
    """A compass point before a word both put one before, another in the draft, the held
    one nowhere in the draft."""
    mine, theirs, low = _compass(draft), _compass(held), draft.lower()
    for word, points in mine.items():
        had = theirs.get(word, set())
        if had and points - had and not any(re.search(rf"\b{p}", low) for p in had):
            return True
    return False


def _grouped(draft: str, held: str) -> bool:
    """The draft marks a group of a thing the held text names by what its members have,
    and the held text writes nothing of that mark."""
    words = set(tokenized(held))
    for m in GROUP.finditer(draft):
        thing, mark = tokenized(m[1]), tokenized(m[2])
        if thing and mark and set(thing) <= words and not set(mark) & words:
            return True
    return False


def _disowned(draft: str, held: str) -> bool:
    """The draft says a name the held text writes is not the source of what it tells."""
    words = set(tokenized(held))
    return any(set(tokenized(m[1])) & words for m in NOT_SOURCE.finditer(draft))


def other_scope(draft: str, held: str) -> bool:
    """The draft gives its number for another channel or another side of a place than the
    held text (see the module docstring): a look-alike, no new value of the held one."""
    mine, theirs = numbers(draft), numbers(held)
    if not mine or not theirs or mine & theirs:
        return False
    channels_d, channels_h = _channels(draft), _channels(held)
    if channels_d and channels_h and not channels_d & channels_h:
        return True
    return (
        _opposite(_sides(draft), _sides(held))
        or _repointed(draft, held)
        or _grouped(draft, held)
        or _disowned(draft, held)
    )
