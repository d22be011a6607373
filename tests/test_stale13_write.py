"""Stale facts caught at write time: a draft that tells a change or withdraws a lesson in
the words a loop's writer uses marks the held lesson superseded, and a draft on another
thing leaves it alone."""

from __future__ import annotations

from agentmem.core.minrelease import below_floor
from agentmem.core.namedday import month_days
from agentmem.core.notcause import not_the_cause
from agentmem.core.oldtool import retired
from agentmem.core.relieved import relieved
from agentmem.core.retract import withdrawn
from agentmem.core.verdict import Held, judge

MOISTURE = (
    "Soil moisture is read at 06:00 on each bed and compared with a 10-day rolling mean; "
    "the drip line opens when a bed falls 15% below it."
)


def replaced(draft: str, *held: str, draft_type: str = "semantic") -> list[str]:
    """The held texts (each its own id) the draft replaces or withdraws."""
    return judge(draft, [Held(text, text, "semantic") for text in held], draft_type).replaces


def test_a_value_moved_from_one_to_another_with_articles_replaces() -> None:
    """A draft saying "from a 10-day to a 4-day mean" names the old value as "from 10 days to 4" does: the
    lesson that states the old one is replaced, though the two share few words."""
    draft = (
        "We moved from a 10-day to a 4-day rolling mean of soil moisture: the longer one "
        "hides dry spells in a heat wave."
    )
    assert replaced(draft, MOISTURE) == [MOISTURE]


def test_a_move_away_from_a_value_the_held_lesson_never_states_replaces_nothing() -> None:
    """A change away from a 20-day mean is no change of a lesson on a 10-day one."""
    draft = "We moved from a 20-day to a 4-day rolling mean of air temperature for the fans."
    assert replaced(draft, MOISTURE) == []


CUTOFF = (
    "Late orders can miss the 12 h packing cutoff before courier pickup; re-check the cutoff "
    "whenever a courier slot moves."
)
COATS = "Varnished shelves get 3 coats of the oil varnish, sanded between coats."


def test_the_old_advice_called_wrong_is_replaced_by_the_new_value_after_it() -> None:
    """A draft saying "The old advice was wrong …: <new value>" names no lesson by its words; the lesson
    its new value replaces is the one it calls old."""
    draft = (
        "The old advice was wrong since the 1st: the packing cutoff is 20 h before pickup. "
        "Pack at pickup minus 24 h."
    )
    assert replaced(draft, CUTOFF, draft_type="procedural") == [CUTOFF]


def test_the_old_rule_named_by_its_value_is_the_lesson_stating_that_value() -> None:
    """A draft saying "The old 3-coat advice is wrong" is the varnish lesson's; a claim naming a value the
    held lesson never states ("the old 5-coat advice") calls some other lesson old."""
    draft = "The old 3-coat advice is wrong after the switch: shelves get 2 coats of the oil varnish now."
    assert replaced(draft, COATS) == [COATS]
    other = "The old 5-coat advice is wrong after the switch: shelves get 2 coats of the oil varnish now."
    assert replaced(other, COATS) == []


def test_the_old_advice_on_another_thing_replaces_nothing() -> None:
    """The new value after the claim must be of what the held lesson says."""
    draft = "The old advice was wrong: the glue dries in 40 minutes at room temperature."
    assert replaced(draft, CUTOFF, COATS, draft_type="procedural") == []


COLLAPSE = "Loaf collapse is caused by the cold proofing room; set the room heater to 26 C."
GUESS = (
    "Loaves sink by mid-morning and the proofing room runs cold overnight, so the working "
    "guess is the cold room."
)
TRUE_CAUSE = (
    "The proofing room runs cold overnight, but the starter feeding time decides the loaf "
    "rise; feed the starter 8 h before mixing."
)
WITHDRAWN = (
    "Retracted: the loaf collapse was never caused by the cold proofing room. The starter "
    "was over-fermented; feed it 8 h before mixing."
)


def test_a_retraction_withdraws_every_lesson_telling_its_claim() -> None:
    """The review line that gave the same cause in other words goes with the run's lesson."""
    assert replaced(WITHDRAWN, COLLAPSE, GUESS, draft_type="procedural") == [COLLAPSE, GUESS]


def test_a_lesson_telling_the_true_cause_stays() -> None:
    """A lesson sharing the claim's words that tells the reason given as much stays."""
    assert replaced(WITHDRAWN, COLLAPSE, TRUE_CAUSE, draft_type="procedural") == [COLLAPSE]


def test_a_lesson_sharing_a_word_or_two_of_the_claim_stays() -> None:
    """A lesson on the proofing room's heater schedule tells no cause of the collapse."""
    heater = "The proofing room heater is serviced every spring by the landlord's contractor."
    assert replaced(WITHDRAWN, COLLAPSE, heater, draft_type="procedural") == [COLLAPSE]


SIGN_OFF = (
    "Mix a test batch with glazectl mix --cone 6; a new glaze recipe needs sign-off from "
    "Dana Whitfield (studio lead)."
)


def test_a_holder_who_no_longer_holds_the_role_retires_the_lesson_giving_it() -> None:
    """The draft names the old holder and, in a clause of its own, the new one."""
    draft = (
        "Dana Whitfield no longer signs off glaze recipes; since the 3rd the approver is "
        "Omar Reyes in production."
    )
    assert replaced(draft, SIGN_OFF, draft_type="procedural") == [SIGN_OFF]


def test_a_holder_leaving_a_role_over_another_thing_is_not_relieved_of_this_one() -> None:
    """Her sign-off of the kiln budget is not her sign-off of glaze recipes; a name before
    "no longer" in another sentence is no holder leaving."""
    assert relieved("Dana Whitfield no longer signs off new glaze recipes.", SIGN_OFF)
    assert not relieved("Dana Whitfield no longer signs off the kiln budget.", SIGN_OFF)
    other = "Recipes were checked by Dana Whitfield. Kiln logs no longer need sign-off."
    assert not relieved(other, SIGN_OFF)


FIRE = "Fire a bisque load with python -m kilnlib.fire --profile bisque <kiln>."


def test_an_old_entry_point_said_removed_retires_the_module_run_by_its_interpreter() -> None:
    """ "the old module entry point was removed" while the draft runs another tool for the
    task retires the how-to that runs the module with its interpreter."""
    draft = (
        "Firing changed: run kilnctl fire --profile bisque <kiln>. The old module entry "
        "point was removed when the package was reworked."
    )
    assert replaced(draft, FIRE, draft_type="procedural") == [FIRE]


def test_an_entry_point_kept_beside_a_new_tool_is_no_way_retired() -> None:
    """A draft that still names the interpreter runs the module still."""
    draft = (
        "The old module entry point was removed from the docs only: python -m kilnlib.fire "
        "still works beside kilnctl fire --profile bisque <kiln>."
    )
    assert not retired(draft, FIRE)


SENSORS = (
    "Greenhouse sensors connect to the self-hosted broker at mqtt://broker.farmnet:1883 and "
    "subscribe to a topic named after the bed id."
)


def test_a_change_told_as_an_action_opens_on_what_it_changed() -> None:
    """A draft opening "We moved the greenhouse sensors off our own broker: …" is about the
    sensors, as the held lesson is, though it opens on the verb: the new place replaces the
    old one."""
    draft = (
        "We moved the greenhouse sensors off our own broker: sensors connect to "
        "mqtts://iot.farmnet.io (port 8883) with a per-device key."
    )
    assert replaced(draft, SENSORS) == [SENSORS]


def test_a_change_of_another_thing_told_as_an_action_replaces_nothing() -> None:
    """The heaters moved to a timer: nothing new of where the sensors connect."""
    draft = (
        "We moved the greenhouse heaters onto a timer: heaters connect to the farmnet plug hub "
        "with a per-device key."
    )
    assert replaced(draft, SENSORS) == []


EXPORT = (
    "The nightly export job compresses the archives with zstd before the upload to cold storage."
)


def test_what_the_lesson_tells_said_to_hold_no_more_retires_it() -> None:
    """ "… no longer compresses the archives" says the held lesson's words, and is no
    restatement of it: it ends it, with a new value or none."""
    for draft in (
        "The nightly export job no longer compresses the archives.",
        "The nightly export job does not compress the archives any more.",
    ):
        verdict = judge(draft, [Held(EXPORT, EXPORT, "semantic")], "semantic")
        assert (verdict.restates, verdict.replaces) == (None, [EXPORT])


def test_something_else_said_to_hold_no_more_retires_nothing() -> None:
    """What stopped (failing on a cold cache) is not what the held lesson does."""
    draft = (
        "Runs no longer fail on a cold cache; the nightly export job compresses the archives first."
    )
    assert replaced(draft, EXPORT) == []


def test_a_retraction_naming_the_day_by_its_month_withdraws_that_day_s_lesson() -> None:
    """ "the 10 March note" is the lesson written on 03-10, as "the 03-10 note" is, though
    another day's lesson shares as many of the claim's words."""
    first = "The oven drift comes from the thermocouple; swap the sensor when it passes 5 C."
    second = "The oven drift comes from the fan motor; oil the motor every week."
    held = [(first, first), (second, second)]
    written = {first: "2026-03-03-run-004 2026-03-03T12:00:00", second: "2026-03-10-run-010"}
    for said in ("the 10 March note", "the note of March 10th", "the 03-10 note"):
        draft = f"Retracted: {said} on the oven drift was wrong; the door seal leaks."
        assert withdrawn(draft, held, written) == [second], said
    assert month_days("the 3 March note, the May 4th run, 5th of Oct") == {
        "03-03",
        "05-04",
        "10-05",
    }


CRAWLING = "Glaze crawling comes from dust on the bisque; wipe each piece before glazing."


def test_a_new_cause_that_denies_the_held_one_replaces_it() -> None:
    """ "… not from dust" names the held lesson's cause as not it: a correction."""
    draft = "Glaze crawling comes from glaze applied too thick, not from dust; keep coats thin."
    assert replaced(draft, CRAWLING) == [CRAWLING]


def test_a_denial_of_another_failure_or_of_what_the_lesson_never_said_replaces_nothing() -> None:
    """Pinholes are another failure; "not in the kiln" denies nothing the lesson says."""
    for draft in (
        "Glaze pinholes come from glaze applied too thick, not from dust; keep coats thin.",
        "Glaze crawling comes from dust on the bisque, not in the kiln.",
    ):
        assert not_the_cause(draft, CRAWLING) is False


GLAZING = "Glaze batches are mixed with glazectl 2.x from the recipe sheet, 500 g at a time."


def test_a_release_floor_retires_a_lesson_running_the_tool_below_it() -> None:
    """ "needs glazectl >= 3.1" says no change word; the floor is the change."""
    draft = (
        "Glaze batches need glazectl >= 3.1 for recipe sheets with units; older ones misread them."
    )
    assert replaced(draft, GLAZING, draft_type="procedural") == [GLAZING]


def test_a_floor_the_held_release_may_meet_retires_nothing() -> None:
    """ "2.x" may be 2.4; "glazectl 2.2 or newer" says nothing against it."""
    draft = "Glaze batches need glazectl 2.2 or newer for recipe sheets with units."
    assert below_floor(draft, GLAZING) is False
