"""What a recorded change retired, read wider (`stated.valued`'s rates and bracketed
values, `lingering.states_retired`), as packs and hook A read it.

A print shop: the weekly flyer's proofs were due at 14:00 until a decision moved them to
11:00; an older lesson on sending the proofs still says 14:00 and leaves the pack, while the
courier's 14:00 collection, another matter, stays. The big press's cap was a rate,
"900 sheets/min", until its refit: a log that quotes the old cap in brackets of its own,
after the words it is said of, still quotes it.
"""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.retrieval.lingering import quotes_retired, retired_by, states_retired
from agentmem.retrieval.stated import valued
from tests.conftest import ManualClock, held, semantic

APP = "print-shop"
WHEN = "2027-09-20T12:00:00+00:00"
OLD = "Proofs for the weekly flyer are due at 14:00 on Thursday."
NEW = "Proofs for the weekly flyer are now due at 11:00 on Thursday."
TWIN = (
    "Book the small offset machine for the afternoon run; its slot is only held for flyer "
    "proofs the client returns before 14:00."
)
OTHER = "The courier collects finished flyers at 14:00 from the back door."


def test_a_rate_is_one_value_of_its_unit_not_a_version() -> None:
    """ "900 sheets/min" is a rate of sheets per minute; "2.5 g/page" is no version 2.5."""
    assert ("rate sheets/min", "900") in valued("The big press runs at most 900 sheets/min.")
    read = valued("Toner coverage on the draft proofs stays under 2.5 g/page.")
    assert ("rate g/page", "2.5") in read and ("version", "2.5") not in read


def test_a_value_in_brackets_of_its_own_is_said_of_the_words_before_them() -> None:
    """A time alone in brackets is said of the clause before it."""
    words = valued("The courier left the loading dock early (05:40).")[("time", "05:40")]
    assert {"courier", "dock"} <= words


RATE_OLD = "The big press runs at most 900 sheets/min on coated stock."
RATE_NEW = "After the roller refit the big press runs 1,200 sheets/min on coated stock."
JAMMED = (
    "Run 2027-09-02-r4: Print the autumn catalogue ended in failure. Failed: press-check: "
    "jam at sheet 3,112 with the feeder held to the big press cap (900 sheets/min)."
)


def test_a_record_quoting_a_retired_rate_in_brackets_quotes_what_changed() -> None:
    change = retired_by(RATE_OLD, RATE_NEW, WHEN)
    assert change is not None and ("rate sheets/min", "900") in change.retired
    record = held(JAMMED, "2027-09-02", app_id=APP, type="episodic", outcome="failure")
    assert quotes_retired(record, [change])
    assert not quotes_retired(record.model_copy(update={"created_at": "2027-09-25"}), [change])


def test_an_older_lesson_stating_the_retired_value_of_the_same_thing_is_told_before() -> None:
    change = retired_by(OLD, NEW, WHEN)
    assert change is not None
    assert states_retired(held(TWIN, "2027-09-01", app_id=APP), [change])


def test_a_lesson_of_another_thing_the_new_value_or_the_change_itself_still_holds() -> None:
    """The courier's 14:00 shares one word with the proofs' deadline; a lesson naming 11:00
    too, one written since, and one that tells the change itself are no lesson of before."""
    change = retired_by(OLD, NEW, WHEN)
    assert change is not None
    assert not states_retired(held(OTHER, "2027-09-01", app_id=APP), [change])
    both = "Flyer proofs go to the client by 11:00; the monthly insert's proofs by 14:00."
    assert not states_retired(held(both, "2027-09-01", app_id=APP), [change])
    assert not states_retired(held(TWIN, "2027-09-22", app_id=APP), [change])
    moved = "Flyer proofs were moved from 14:00 to the morning; send them to the client early."
    assert not states_retired(held(moved, "2027-09-01", app_id=APP), [change])


def test_pre_spawn_pack_leaves_out_an_older_lesson_of_the_retired_value(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The lesson that still says 14:00 for the proofs leaves the pack, the new deadline
    stays."""
    write = clocked_hooks.harvester.submit
    old = write(semantic(OLD, app_id=APP), trigger="manual").memory_id
    clock.advance(days=1)
    twin = write(semantic(TWIN, app_id=APP), trigger="manual").memory_id
    clock.advance(days=6)
    new = write(semantic(NEW, app_id=APP, supersedes=[old]), trigger="manual").memory_id
    assert old and twin and new
    goal = {"title": "Send the weekly flyer proofs to the client", "app_id": APP}
    result = clocked_hooks.pre_spawn_pack(goal=goal)
    assert result.pack is not None
    ids = [e.id for e in result.pack.entries]
    assert new in ids and twin not in ids
