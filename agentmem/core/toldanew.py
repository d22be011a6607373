"""Does a draft tell a held text anew, read whole or read without its clauses that say
what did not change (`tells_anew`)? A change told in other words than the held text's
(`TOLD_OTHERWISE`), a new value where its value stood (`_said_anew`), each unless the
draft is of another thing, kind, side or instance of it. `agentmem.core.held.judge` asks it
of each live held memory a draft was compared with."""

from __future__ import annotations

from agentmem.core.aligned import realigned
from agentmem.core.apart import set_apart
from agentmem.core.asbefore import other_instance, told_around
from agentmem.core.asked import answered_anew
from agentmem.core.cited import recited
from agentmem.core.coda import without_coda
from agentmem.core.committed import removed_by_commit
from agentmem.core.conditional import in_case
from agentmem.core.describedstop import described_stopped
from agentmem.core.devicerun import of_the_reading
from agentmem.core.dropped import dropped
from agentmem.core.dutyrole import role_given
from agentmem.core.handedon import handed_on
from agentmem.core.handover import handed_over
from agentmem.core.headed import commit_swapped, label_swapped, moved_to_name
from agentmem.core.inunits import told_in_units
from agentmem.core.joined import joins_apart
from agentmem.core.keptonly import only_kept
from agentmem.core.later import recued, reequipped
from agentmem.core.listed import relisted
from agentmem.core.lookalike import another_instance
from agentmem.core.markedold import marked_old
from agentmem.core.minrelease import below_floor
from agentmem.core.movedaddress import address_moved
from agentmem.core.movedon import moved_on
from agentmem.core.namedslot import named_anew
from agentmem.core.narrowed import narrowed
from agentmem.core.nolonger import no_longer_of
from agentmem.core.notcause import not_the_cause
from agentmem.core.oldadvice import corrected
from agentmem.core.oldgone import way_gone
from agentmem.core.oldnamed import named_old
from agentmem.core.oldtool import retired
from agentmem.core.otherscope import other_scope
from agentmem.core.outofservice import put_elsewhere
from agentmem.core.ownkind import own_kinds
from agentmem.core.pagetitle import page_holder
from agentmem.core.percase import split_by_case
from agentmem.core.placed import placed_anew
from agentmem.core.plainnews import elsewhere_unsaid, told_plainly
from agentmem.core.productswap import product_swapped
from agentmem.core.readdressed import moved_host, readdressed
from agentmem.core.recounted import recounted
from agentmem.core.refilled import refilled
from agentmem.core.reheld import held_in_turn, reheld
from agentmem.core.rehomed import rehomed
from agentmem.core.relieved import relieved
from agentmem.core.renumbered import renumbered
from agentmem.core.rerated import rerated
from agentmem.core.restaffed import restaffed, tells_no_one, tells_who
from agentmem.core.restate import replaces
from agentmem.core.resupplied import resupplied
from agentmem.core.sameframe import reframed
from agentmem.core.samething import given_anew
from agentmem.core.scoped import rescoped
from agentmem.core.separate import of_the_other
from agentmem.core.setkeys import keyed_anew, rekeyed
from agentmem.core.setto import set_anew
from agentmem.core.slots import renewed
from agentmem.core.sourced import resourced
from agentmem.core.succeeded import succeeded
from agentmem.core.successor import succeeds
from agentmem.core.swapped import swapped
from agentmem.core.tagged import tagged_anew
from agentmem.core.takeover import took_over
from agentmem.core.toldgate import opened
from agentmem.core.turned import turned
from agentmem.core.unchanged import left_alone, told_changed
from agentmem.core.whichone import another_one
from agentmem.core.widened import widened
from agentmem.core.withdrawnname import withdrawn_by_name

# Changes told in other words than the lesson they end, asked after `replaces`: a role taken
# over, a tool left with some commands, a way said to be gone, a rule split per case, a
# name it uses taken away, "the old advice was wrong: <the new value>", a role its holder
# no longer holds, what it tells said to hold no more, a cause it gave denied, a tool's
# release below the one now needed, a value it calls the old one, a role handed on, a
# thing kept elsewhere now, an old way said to be over, two things kept apart now joined, a
# post given to another holder, a setting's key given another value or named by its key
# set anew, a component reaching what it exchanges on another host, a thing moved to a
# host, a rule now said to apply only to another thing, another supplier after its
# subject's label, another list in a list's slot, a page's title naming another holder.
TOLD_OTHERWISE = (
    *(took_over, narrowed, retired, split_by_case, dropped),
    *(corrected, relieved, no_longer_of, not_the_cause, below_floor),
    *(named_old, handed_over, placed_anew, way_gone, joins_apart, restaffed, rekeyed),
    *(keyed_anew, readdressed, moved_host, rescoped, label_swapped, relisted, page_holder),
    role_given,  # a role among numbered units given to another unit
    *(succeeded, renumbered),  # a post taken over as; a host's numbered successor
    address_moved,  # another address, the old way said gone (`agentmem.core.movedaddress`)
    described_stopped,  # "no longer waits on <its thing described>" (`core.describedstop`)
    rerated,  # "<thing> every <n> s", another rate, per case (`agentmem.core.rerated`)
    handed_on,  # "<the holder> handed <the thing> over" (`agentmem.core.handedon`)
    refilled,  # the held sentence told again of another person, hour, amount (`core.refilled`)
    put_elsewhere,  # its thing said out of service, another named (`core.outofservice`)
    moved_on,  # the person it names said to have left, another named (`core.movedon`)
    marked_old,  # its value marked old in any voice, another given (`core.markedold`)
    turned,  # the opposite state of one it gives: "is off" of "is on" (`core.turned`)
)


def tells_anew(draft: str, told: str, held: str, lessons: bool) -> bool:
    """The draft replaces the held text, read whole, unless one of the two says in a clause
    that the other's thing did not change (`agentmem.core.unchanged.left_alone`); or read
    without such clauses (`told`: the change alone), against the held text read so too; or,
    between two lessons, it says a value of the held one stayed and tells the rest of its
    thing otherwise (`agentmem.core.asbefore.told_around`). A lesson whose every value is
    said to hold as it did (`agentmem.core.keptonly`) is read only that last way."""
    kept = lessons and only_kept(draft)  # every value it gives said to hold as it did
    if (
        not kept
        and _anew_told(draft, held, lessons)
        and not (left_alone(draft, held) or left_alone(held, draft))
    ):
        return True
    text = told_changed(held)
    if not kept and (told != draft or text != held) and _anew_told(told, text, lessons):
        return True
    # a finding closed by a few words the draft never says ("… No CCP 3 breach."): its claim
    # read alone (`agentmem.core.coda`)
    claim = without_coda(held, draft)
    if claim is not None and tells_anew(draft, told, claim, lessons):
        return True
    # a value of the held lesson said to stay as it was, the rest told otherwise: read whole,
    # as the kept clause is what ties the change to this lesson (`agentmem.core.asbefore`)
    return (
        lessons
        and told_around(draft, held)
        and not (_refuted(draft, held, lessons) or _of_another_side(draft, held))
        and not (other_instance(draft, held) or elsewhere_unsaid(draft, held))
    )


def _anew_told(draft: str, held: str, lessons: bool) -> bool:
    """The draft tells the held text anew, however told (`TOLD_OTHERWISE`, `replaces`,
    `_lesson_anew` between two lessons, `_remeasured`, last the general `given_anew`), and
    not of another thing, nor of another kind of its thing (`own_kinds`): nor, but by a rule
    that reads its own voice of change, of another year, numbered or named instance of it
    (`another_instance`)."""
    if lessons and held_in_turn(draft, held) and not set_apart(draft, held):
        return True  # a unit after another of one series, a name by a wider word
    if lessons and succeeds(draft, held):
        return True  # its sentence again, another holder's name in one place (`core.successor`)
    # The refuting tests asked last: each a pure test of the two texts, so the order changes
    # no answer, and as most pairs tell nothing anew a refutation read first (a held text read
    # cold by `set_apart`, `own_kinds`, `another_instance`) is mostly read for nothing (#17).
    return _told_anew(draft, held, lessons) and not _refuted(draft, held, lessons)


def _refuted(draft: str, held: str, lessons: bool) -> bool:
    """The draft is of another thing, kind or case of the held text's, or, between two
    lessons, of another one of its things."""
    return (
        set_apart(draft, held)
        or own_kinds(draft, held)
        or of_the_other(draft, held)
        or in_case(draft, held)
        or (lessons and another_one(draft, held))
    )


def _told_anew(draft: str, held: str, lessons: bool) -> bool:
    """The rules of `_anew_told` that tell the held text anew, before the tests that say
    the draft is of another thing or kind."""
    return (
        # only the rules whose cue the draft holds (`agentmem.core.toldgate`): read once a
        # draft, so a held text is not read by rules that cannot act on this draft
        any(f(draft, held) for f in opened(draft, TOLD_OTHERWISE))
        # a new value beside a tag both name (`core.tagged`), lesson against lesson: a
        # pattern's count of runs beside the tag it recurs on is no value of the tag's
        or (lessons and tagged_anew(draft, held) and not other_scope(draft, held))
        or (_said_anew(draft, held, lessons) and not _of_another(draft, held, lessons))
    )


def _said_anew(draft: str, held: str, lessons: bool) -> bool:
    """The general rules of a new value told where the held text's stood."""
    return (
        replaces(draft, held)
        or (lessons and _lesson_anew(draft, held))
        or _remeasured(draft, held, lessons)
        or (lessons and (given_anew(draft, held) or told_plainly(draft, held)))
        or (lessons and reframed(draft, held))  # the held clause's words, a new value
        or (lessons and realigned(draft, held))  # one frame, a new value of its kind
        or (lessons and rehomed(draft, held))  # its subject, a change, a new name
        or (lessons and reheld(draft, held))  # its duty's holder, no cue (`core.reheld`)
        or (lessons and (resupplied(draft, held) or resourced(draft, held)))  # another source
        or (lessons and product_swapped(draft, held))  # another product's setting, the old gone
    )


def _of_another(draft: str, held: str, lessons: bool) -> bool:
    """What keeps `_said_anew` from telling the held text anew: another side of its thing,
    another year, numbered or named instance of it, its news told elsewhere, or a limit of
    what a new device now measures (`agentmem.core.devicerun.of_the_reading`)."""
    return (
        _of_another_side(draft, held)
        or of_the_reading(draft, held)  # a new device: the measured thing's limit stays
        or (lessons and another_instance(draft, held) and not recited(draft, held))
        or (lessons and elsewhere_unsaid(draft, held))
    )


def _of_another_side(draft: str, held: str) -> bool:
    """The held lesson tells who holds a role ("the kiln rota is owned by Ines Vale") and
    the draft names no one and no role ("the kiln now fires on the new controller"): it
    tells a new value of another side of the thing, never a new holder (a role handed on
    or left is read by `TOLD_OTHERWISE`)."""
    return tells_no_one(draft) and tells_who(held)  # the draft's side first: read once a draft


def _anew(draft: str, held: str) -> bool:
    """A new value where the held lesson's stood, read by its place (`renewed`), told
    with a change word in a slot the held lesson fills (`agentmem.core.later.recued`), the
    held how-to's task run with another tool (`agentmem.core.later.reequipped`), a new
    count of a unit it counts, told as a change (`agentmem.core.recounted`), or the held
    lesson's thing done with another named tool or supplier (`agentmem.core.swapped`)."""
    return (
        renewed(draft, held)
        or recued(draft, held)
        or reequipped(draft, held)
        or recounted(draft, held)
        or swapped(draft, held)
        or set_anew(draft, held)  # "raised to 10", "30 → 20", "Beginning with …, 80%"
        or answered_anew(draft, held)  # "Q: how long …? A: 20 minutes"
    )


def _lesson_anew(draft: str, held: str) -> bool:
    """Between two lessons, the draft tells the held one anew (`_anew`), withdraws it by
    naming what it says is gone (`withdrawn_by_name`, `removed_by_commit`), puts another
    person or named thing in a slot it names (`named_anew`), tells in a commit subject
    its task done with another supplier, the old way removed (`commit_swapped`), says its
    thing moved to another (`moved_to_name`), or its task done across all the parts it
    did one by one (`widened`)."""
    return (
        _anew(draft, held)
        or withdrawn_by_name(draft, held)
        or removed_by_commit(draft, held)
        or named_anew(draft, held)
        or commit_swapped(draft, held)
        or moved_to_name(draft, held)
        or widened(draft, held)
    )


def _remeasured(draft: str, held: str, lessons: bool) -> bool:
    """The draft, its measures written in the held text's units (`told_in_units`: "90 min"
    of a held "6 hours" as "1.5 hours"), replaces the held text by `replaces` or, between
    two lessons, by `_anew`."""
    return any(
        not set_apart(told, held) and (replaces(told, held) or (lessons and _anew(told, held)))
        for told in told_in_units(held, draft)
    )
