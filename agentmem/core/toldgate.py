"""Which rules of a change told otherwise (`agentmem.core.toldanew.TOLD_OTHERWISE`) can act on
a draft at all, read from the draft alone, once per draft (issue 17).

Each rule gated here first reads the draft for a cue of its own (a new filler of an opening
clause, a state it gives, a role given to one unit, one address and a word of change, a
thing placed anew, a post given to one holder, a named person who left; from cpu44 a
"<doer> no longer <verb> <what>", a role and a "no longer", a thing handed over, a clause
joining two things beside a word of change, a key set; from cpu46b a value marked old, a
thing moved to a host, one host and port, a post taken over as, a tool left "only" some
commands) and answers False
without one, whatever the held text says. The judge asks every rule of every candidate, so
a draft with no such cue had each of these rules read each held text for nothing: a held
text another writer wrote is read cold (a fleet's candidates are mostly each other's new
rows), and its readings were most of what such a rule cost.

A cue is the rule's own first test, asked with the rule module's own patterns and readings
(one source: a pattern changed there changes the cue). A cue may say yes where the rule
then answers no; it must never say no where the rule could answer yes, so a gate can cost
speed, never an answer (`tests/test_toldgate43.py` asks each rule of many pairs whose draft
the gate closes). A rule with no cue here is always asked.
"""

from __future__ import annotations

from collections.abc import Callable

from agentmem.core import (
    describedstop,
    dutyrole,
    handedon,
    handover,
    joined,
    markedold,
    movedaddress,
    movedon,
    narrowed,
    placed,
    readdressed,
    refilled,
    relieved,
    renumbered,
    restaffed,
    setkeys,
    succeeded,
    turned,
)
from agentmem.core.cues import says_changed
from agentmem.core.newvalue import ALSO  # the patterns `address_moved` reads
from agentmem.core.readdressed import SECOND
from agentmem.core.statement import terms
from agentmem.core.textcache import textcached
from agentmem.core.withdrawal import retraction

Rule = Callable[[str, str], bool]
MOVED_ON_READS = 20_000  # characters of a draft `moved_on` reads (its own slice)


def _refilled(draft: str) -> bool:
    """`refilled` reads the draft's opening clause: not over `LONGEST`, not saying no, and
    with fillers of its own."""
    if len(draft) > refilled.LONGEST:
        return False
    denied, fillers, _ = refilled._read(draft)
    return not denied and bool(fillers)


def _turned(draft: str) -> bool:
    """`turned` needs a pair of opposite states the draft does not give both of, one of
    which it gives of something (`_told`)."""
    return any(
        not both and (turned._told(draft, pair, 0) or turned._told(draft, pair, 1))
        for pair, both in enumerate(turned._both(draft))
    )


def _role_given(draft: str) -> bool:
    """`role_given` needs a draft that is no retraction, says nothing beside, and gives a
    role to exactly one unit."""
    if dutyrole.BESIDE.search(draft) or retraction(draft) is not None:
        return False
    return any(len(units) == 1 for units in dutyrole._given(draft).values())


def _address_moved(draft: str) -> bool:
    """`address_moved` needs one address in the draft, a word of change or of the old place
    gone, and no word of a second place beside it."""
    if len(movedaddress.addresses(draft)) != 1 or not movedaddress.says_moved(draft):
        return False
    return not (ALSO.search(draft) or SECOND.search(draft))


def _placed_anew(draft: str) -> bool:
    """`placed_anew` needs a thing the draft says is kept somewhere now."""
    return any(
        now and len(thing) >= placed.MIN_THING and place
        for thing, place, now in placed.placements(draft)
    )


def _restaffed(draft: str) -> bool:
    """`restaffed` needs a draft with no stand-in that gives a role one holder."""
    if restaffed.STAND_IN.search(draft):
        return False
    return any(len(role.holders) == 1 for role in handover.roles(draft))


def _moved_on(draft: str) -> bool:
    """`moved_on` needs a named person the draft says left (within the part it reads)."""
    return movedon.LEFT.search(draft[:MOVED_ON_READS]) is not None


def _described_stopped(draft: str) -> bool:
    """`described_stopped` reads each "<doer> no longer <verb> <what>" of the draft."""
    return describedstop.STOPPED.search(draft) is not None


def _relieved(draft: str) -> bool:
    """`relieved` needs a role the draft gives and a "no longer" that names who left it."""
    return relieved.NO_LONGER.search(draft) is not None and bool(terms(draft).roles)


def _handed_on(draft: str) -> bool:
    """`handed_on` reads each "<giver> handed <thing> over" of the draft not said not."""
    return any(not handedon.NOT.search(match.group(0)) for match in handedon.GIVEN.finditer(draft))


def _joins_apart(draft: str) -> bool:
    """`joins_apart` needs a draft that says something changed and a clause of it that
    joins two things."""
    return says_changed(draft) and bool(joined.joined(draft))


def _rekeyed(draft: str) -> bool:
    """`rekeyed` needs a key the draft sets."""
    return bool(setkeys.settings(draft))


def _marked_old(draft: str) -> bool:
    """`marked_old` needs a value the draft marks as the old one."""
    return bool(markedold.marked(draft)[0])


def _renumbered(draft: str) -> bool:
    """`renumbered` needs a draft that opens by moving a thing to a host it names."""
    return renumbered.moved_to(draft) is not None


def _moved_host(draft: str) -> bool:
    """`moved_host` needs a draft that opens by moving a thing to a host, no place beside."""
    return readdressed.MOVED.match(draft.strip()) is not None and not readdressed.beside(draft)


def _readdressed(draft: str) -> bool:
    """`readdressed` needs one host with a port in the draft, no place beside it."""
    return readdressed._host(draft) is not None and not readdressed.beside(draft)


def _succeeded(draft: str) -> bool:
    """`succeeded` needs a post the draft says someone took over, and no stand-in."""
    return not restaffed.STAND_IN.search(draft) and bool(succeeded._taken(draft))


def _narrowed(draft: str) -> bool:
    """`narrowed` needs a word of removal in the draft and a tool it keeps "only" some
    commands of."""
    return narrowed.removes(draft) and bool(narrowed.kept(draft))


CUES: dict[Rule, Callable[[str], bool]] = {
    refilled.refilled: _refilled,
    turned.turned: _turned,
    dutyrole.role_given: _role_given,
    movedaddress.address_moved: _address_moved,
    placed.placed_anew: _placed_anew,
    restaffed.restaffed: _restaffed,
    movedon.moved_on: _moved_on,
    describedstop.described_stopped: _described_stopped,
    relieved.relieved: _relieved,
    handedon.handed_on: _handed_on,
    joined.joins_apart: _joins_apart,
    setkeys.rekeyed: _rekeyed,
    markedold.marked_old: _marked_old,  # from cpu46b: a value marked old, read first
    renumbered.renumbered: _renumbered,
    readdressed.moved_host: _moved_host,
    readdressed.readdressed: _readdressed,
    succeeded.succeeded: _succeeded,
    narrowed.narrowed: _narrowed,
}


def may_act(rule: Rule, draft: str) -> bool:
    """Whether `rule` could answer True for `draft` against some held text: False only
    when its cue is missing from the draft."""
    cue = CUES.get(rule)
    return cue is None or cue(draft)


@textcached
def opened(draft: str, rules: tuple[Rule, ...]) -> tuple[Rule, ...]:
    """The rules of `rules` that could act on `draft`, in their order: read once per draft
    (a draft meets every candidate of its add; the rules are the judge's tuple of the
    moment, so a test that changes it gets its own answer)."""
    return tuple(rule for rule in rules if may_act(rule, draft))
