"""Hook E's reading of one cause told in words that differ.

- a check that says a time stamp has no zone ("has no UTC offset") names the time-zone
  family: the want of a zone is the cause, not a denial of one (`families`);
- two failures of one check that open with one message, filled with other values, and go
  on to say different things about it are one failure said twice (`message`).
"""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.harvest.families import families
from agentmem.harvest.message import opening, same_message
from tests.test_judgment_harvest import episode, patterns, success

ZONE = "~time-zone"


def test_a_time_given_with_no_zone_names_the_time_zone_family() -> None:
    """ "has no UTC offset", "without a time zone" and "missing tzinfo" name time zones; an
    offset of another kind, or a denial that the zone is at fault, does not."""
    for said in (
        "reading '2031-02-03T04:05:06' has no UTC offset",
        "rows stamped without a time zone",
        "event time missing tzinfo",
    ):
        assert families(said) == {ZONE}, said
    assert families("no offset applied to the coupon total") == frozenset()
    assert families("not a time zone problem: the feed was late") == frozenset()


def test_one_message_opening_two_checks_is_one_failure_said_twice() -> None:
    """Two details opening "bay 7 not in layout QX-v4:" and "bay 12 not in layout QX-v4:"
    say one message (numbers masked); a short label ("smoke: ...") or a count of failures
    ("3 of 9 specs failed in suite: ...") is no message of its own."""
    first = "bay 7 not in layout QX-v4: the extension added bays 7-12 last winter"
    second = "bay 12 not in layout QX-v4: the night job read the packaged copy"
    assert opening(first) == "bay # not in layout qx-v#"
    assert same_message(first, second)
    assert not same_message("smoke: login page blank", "smoke: payment form empty")
    assert not same_message("3 of 9 specs failed in suite: a", "2 of 9 specs failed in suite: b")


def test_two_failures_opening_with_one_message_are_a_pattern(hooks: MemoryHooks) -> None:
    """A layout check fails twice in one app, each time saying the bay is not in layout
    QX-v4 and then explaining it differently: most of their words differ, and what they
    share the app's successful runs say too, yet they are one recurring failure, and the
    pattern quotes the message."""
    for n, (bay, why, summary) in enumerate(
        (
            (
                "7",
                "the extension of the hall last winter added new bays along the east wall",
                "Some pallets had nowhere to go.",
            ),
            (
                "12",
                "the nightly job read the packaged copy shipped with the release",
                "Wave two stalled halfway.",
            ),
        )
    ):
        episode(
            hooks,
            f"2031-03-0{n + 2}-f{n}",
            f"Assign stock to the north hall, wave {n}",
            "layout-check",
            f"bay {bay} not in layout QX-v4: {why}",
            summary,
            app_id="yard",
        )
    for n in range(4):
        stored = f"Pallets stored by bay and layout, wave {n}."
        success(hooks, f"2031-03-0{n + 5}-s{n}", "Routine yard work", stored, "yard")
    assert hooks.judgment_harvest().ok
    [pattern] = patterns(hooks, "yard")
    assert "layout-check failed in 2 runs" in pattern.text
    assert "not in layout QX-v4" in pattern.text


def test_two_failures_opening_with_a_short_label_stay_apart(hooks: MemoryHooks) -> None:
    """A label ("smoke:") opening two details names the check's part, not one failure."""
    for n, why in enumerate(("login page blank after redirect", "payment form never rendered")):
        episode(
            hooks,
            f"2031-03-0{n + 2}-f{n}",
            f"Ship release {n}",
            "smoke",
            f"smoke: {why}",
            "Release held.",
            app_id="yard",
        )
    for n in range(4):
        success(hooks, f"2031-03-0{n + 5}-s{n}", "Routine yard work", "Pallets stored.", "yard")
    assert hooks.judgment_harvest().ok
    assert patterns(hooks, "yard") == []
