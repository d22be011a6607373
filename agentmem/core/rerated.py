"""A rate given anew for the same thing: "Door sensors send a heartbeat every 10 seconds
while armed and every 60 seconds otherwise" after "Lobby door sensors send a heartbeat
every 5 minutes". No change word, and the draft gives the rate per case: no rule read a
new value in it, and the lesson with the old rate stayed beside the new one.

The draft replaces the held lesson when a clause of each says "<what> every <n> <unit>"
of the same thing (the last word before "every" alike: "heartbeat"), the words before it
are the held clause's but one at most (the verb: "send" for "report"; a thing named by a
word of its own, "staging sensors", is another thing), and the held rate is none of the
draft's; a rate told for one case alone ("every 10 seconds while armed") may leave the
held rate to the other case, and replaces nothing. The draft may name its thing by fewer words ("door sensors" of "lobby door
sensors"): it tells of all of them."""

from __future__ import annotations

import re

from agentmem.core.cadence import SECONDS
from agentmem.core.nolonger import NO_MORE
from agentmem.core.qualified import qualifiers
from agentmem.core.statement import UNITS, terms
from agentmem.core.textcache import textcached

# "every 30 s": a rate, its number and its unit (each unit one `statement.UNITS` reads)
EVERY_N = (
    r"every\s+(?P<n>\d+(?:\.\d+)?)\s*"
    r"(?P<unit>s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?)\b"
)
RATE = re.compile(rf"(?P<before>(?:[\w-]+\s+){{1,8}}?){EVERY_N}", re.IGNORECASE)
EVERY = re.compile(rf"\b{EVERY_N}", re.IGNORECASE)
CLAUSE = re.compile(r";\s+|[.!?](?:\s+|$)|,\s+so\s+")
# A case the rate holds in: "while armed", "when idle", "during storms".
CASE = re.compile(r"\b(?:while|when|whenever|during|if|unless|except|on\s+weekends)\b", re.I)
SHARED = 3  # words before the rate both clauses say, at least: the thing and what it sends
OWN = 1  # words of the draft's clause the held one does not say, at most: the verb


def _seconds(n: str, unit: str) -> float:
    return float(n) * SECONDS[UNITS[unit.lower()]]  # every unit EVERY_N reads is in both


Rate = tuple[frozenset[str], str, set[float], frozenset[tuple[str, frozenset[str]]]]


@textcached
def _rates(text: str) -> list[Rate]:
    """Each clause's rate: the words before it, the last of them, every rate it gives, and
    the qualifiers its thing is named by (an environment, a region, a tier)."""
    out: list[Rate] = []
    if "every" not in text.lower():  # RATE needs the word; its lazy prefix is costly to try
        return out
    for clause in CLAUSE.split(text):
        found = RATE.search(clause)
        if found is None:
            continue
        last = terms(found["before"].split()[-1]).content
        if len(last) != 1:
            continue  # "… report every 30 s": no thing named right before the rate
        values = {_seconds(m["n"], m["unit"]) for m in EVERY.finditer(clause)}
        if len(values) < 2 and CASE.search(clause):
            continue  # "every 5 s while armed": one case, the held rate may be the other's
        named = frozenset(qualifiers(found["before"]).items())
        out.append((terms(found["before"]).content, next(iter(last)), values, named))
    return out


def rerated(draft: str, held: str) -> bool:
    """See the module docstring."""
    if NO_MORE.search(held):
        return False
    for new, what, now, kind in _rates(draft):
        for old, was, before, held_kind in _rates(held):
            if what != was or len(new & old) < SHARED or len(new - old) > OWN:
                continue
            if kind != held_kind:
                continue  # "staging sensors" are other sensors
            if not before & now:
                return True
    return False
