"""Three kinds of change that left stale lessons (round 55): a device replaced and told
only in a commissioning run's record (`agentmem.core.devicerun.commissioned`), a remedy undone
by going back to the value it changed, "again" (`agentmem.core.wentback`), and a labelled
retraction whose reason tells the thing's value now (`agentmem.core.labelled`)."""

from __future__ import annotations

from typing import Any

from agentmem import MemoryHooks
from agentmem.core.devicerun import commissioned, retired_by_run
from agentmem.core.held import Held, judge
from agentmem.core.labelled import relabelled
from agentmem.core.retract import withdrawn
from agentmem.core.wentback import returned, went_back
from agentmem.core.withdrawal import retraction
from agentmem.core.withdrawgate import may_withdraw
from agentmem.stores.base import Filters
from tests.conftest import lesson

RETRACTED = (
    "Retracted: the night kiln shutdown is off. Kilns fire 20 h in every bay from week 12;"
    " two cracked loads followed the shutdown."
)
KILN_HOURS = "Kilns can fire 16 h a day (off 22:00-06:00, the residual heat holds) to save gas."
KILN_OTHER = "Kilns need a 2 h soak at 900 °C before glazing."


def test_a_labelled_retraction_takes_back_the_value_its_reason_tells_anew() -> None:
    """The claim shares one word with the lesson ("kiln"), the reason its subject and a new
    value of its unit (20 h against 16 h): the lesson giving 16 h is withdrawn; one of
    another unit (°C), or one giving the reason's own value, stays."""
    said = retraction(RETRACTED)
    assert said is not None
    assert relabelled(RETRACTED, said, KILN_HOURS)
    assert not relabelled(RETRACTED, said, KILN_OTHER)
    assert not relabelled(RETRACTED, said, "Kilns fire 20 h a day in bay 3.")
    # without the label, a sentence judging the claim is read by the other rules alone
    plain = RETRACTED.removeprefix("Retracted: ")
    assert not relabelled(plain, retraction(plain), KILN_HOURS)
    assert withdrawn(RETRACTED, [("a", KILN_HOURS), ("b", KILN_OTHER)]) == ["a"]


AGAIN = "B2 runs at 40 rpm again; the faster stirring only sheared the curd."
RAISED = "Raise B2 stirring to 55 rpm: the set drops from 50 min to 42 min."
STANDING = "B2 stirring setpoint is 40 rpm; B3 (wider vat) runs at 35 rpm."
OTHER_VAT = "Raise B3 stirring to 45 rpm for the firmer set."


def test_going_back_to_a_value_undoes_the_change_that_moved_it() -> None:
    """ "B2 at 40 rpm again" undoes the lesson that raised B2 to 55 rpm; the standing rule
    that says 40 rpm merely repeats it and stays, and another vat's change stays."""
    assert went_back(AGAIN)
    assert returned(AGAIN, RAISED)
    assert not returned(AGAIN, STANDING)
    assert not returned(AGAIN, OTHER_VAT)
    assert not went_back("B2 runs at 40 rpm; the curd sets in 50 min.")
    # a unit spelled in capitals names no thing: unnamed, the clause's subject must be the
    # lesson's ("interrogator"), and a lesson of another thing in dBm stays
    back = "Interrogator is back at 59 dBm."
    assert returned(back, "Fix low replies by raising the interrogator power to 61 dBm.")
    assert not returned(back, "Raise the SWD transmitter power to 63 dBm.")
    assert may_withdraw(AGAIN, [RAISED])
    found = judge(AGAIN, [Held("r", RAISED, "semantic"), Held("s", STANDING, "semantic")])
    assert found.replaces == ["r"]


COMMISSION = (
    "Run 2027-03-20-run-031: Commission the new Vistra 9 viscometer ended in success. VX9"
    " installed on bench 2; readings go to the LIMS directly. All 3 check(s) passed."
)
OLD_WARMUP = "Brookline B40: let it run 20 minutes before the first reading of the day."
OLD_RESULTS = "B40 results are typed into the LIMS by hand; check the lot number."
NEW_LESSON = "VX9 readings need the spindle code set in the LIMS first."


def test_a_commissioning_run_tells_a_takeover() -> None:
    """The run commissions a new device of a kind, named by its code: the old device is
    the one held texts name by another code beside that kind, and its lessons go, the one
    labelled by maker and code and the one of its results; the new device's lesson stays."""
    told = commissioned(COMMISSION)
    assert told is not None and "vx9" in told.new and told.kinds == {("viscomet",)}
    assert retired_by_run(told, COMMISSION, OLD_WARMUP, {"b40"})
    assert retired_by_run(told, COMMISSION, OLD_RESULTS, {"b40"})
    assert not retired_by_run(told, COMMISSION, NEW_LESSON, {"b40"})
    # no commissioning, or no new device named by a code: no takeover
    assert commissioned(COMMISSION.replace("Commission the new", "Clean the")) is None
    assert commissioned("Run x: Commission the new viscometer ended in success.") is None


def test_the_measurement_names_the_old_device_and_another_unit_stays() -> None:
    """With no held text naming the old code beside the kind, a lesson labelled by its
    device and of what the new one measures (its words or its tags: "ph") goes; a lesson
    of another bench's device, or of another thing, stays."""
    record = (
        "Run 2027-03-21-run-032: Commission replacement lab pH meter ended in success."
        " Knick 913 in service on bench 2; 3-point cal 2.00/4.01/7.00 passes."
    )
    told = commissioned(record)
    assert told is not None and told.measures == {"ph"} and "913" in told.new
    old = "Hanna HI-98161: reads about 0.05 high on cold samples; warm them to 20 °C."
    assert retired_by_run(told, record, old, (), ["pH"])
    assert not retired_by_run(told, record, old, (), ["yogurt"])
    assert not retired_by_run(told, record, old.replace("cold", "bench 1"), (), ["pH"])
    culture = "With YF-310 the set tanks break at pH 4.60 after about 6 h."
    assert not retired_by_run(told, record, culture, (), ["pH"])


def _run(hooks: MemoryHooks, run_id: str, goal: str, summary: str, **more: Any) -> list[str]:
    result = hooks.post_run_classify(
        run={
            "run_id": run_id, "goal": goal, "outcome": more.get("outcome", "success"),
            "summary": summary, "app_id": "lab",
            "verifiers": [{"name": "check", "passed": more.get("outcome") != "failure"}],
            "lessons": [],
        }
    )  # fmt: skip
    assert result.ok
    return list(result.writes.accepted)


def test_the_writer_retires_the_old_devices_lessons_by_a_run_record(hooks: MemoryHooks) -> None:
    """Through hook C: the old device named beside its kind in a run record, its two
    lessons written; a successful commissioning run's record supersedes both, and takes
    none of their tags; a failed one retires nothing."""
    _run(hooks, "2027-03-02-run-002", "Viscosity of lot 12 on the B40 viscometer", "Fine.")
    warm, typed = lesson(hooks, OLD_WARMUP, "lab"), lesson(hooks, OLD_RESULTS, "lab")
    failed = _run(
        hooks, "2027-03-19-run-030", "Commission the new Vistra 9 viscometer",
        "VX9 would not start.", outcome="failure",
    )  # fmt: skip
    done = _run(
        hooks, "2027-03-20-run-031", "Commission the new Vistra 9 viscometer",
        "VX9 installed on bench 2; readings go to the LIMS directly.",
    )  # fmt: skip
    written = {m.id: m for m in hooks.store.list(Filters(user_id="tester"))}
    assert not written[failed[0]].supersedes
    assert set(written[done[0]].supersedes) == {warm, typed}
    assert not set(written[done[0]].tags) & set(written[warm].tags) - {"lab"}
