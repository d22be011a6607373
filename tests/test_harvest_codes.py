"""Hook E's cause words: a status or exit code the failures repeat names their cause, and a
pattern whose checks share only how they count failures still says its cause words."""

from __future__ import annotations

import pytest

from agentmem import MemoryHooks
from agentmem.core.model import Memory
from agentmem.harvest.followup import FollowUp
from agentmem.harvest.patterns import Failure, Pattern, mine
from agentmem.harvest.phrases import codes
from agentmem.harvest.prose import describe
from tests.test_judgment_harvest import episode, success


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("GET /tiles answered HTTP 502 from the edge", {"502"}),
        ("kiln-ctl: exit status 139 (segfault)", {"139"}),
        ("upload refused (413) for batch 7", {"413"}),
        ("7/90 items failed from 14:05 to 14:40", set()),
        ("took 2.500 s; 8Gi requested; 250-300 rows; 100% full", set()),
    ],
)
def test_codes_are_three_digit_numbers_standing_alone(text: str, found: set[str]) -> None:
    """A code stands alone; counts in a fraction, clock times, decimals, sizes, ranges and
    percentages vary from run to run or name a unit, and are no code."""
    assert codes(text) == found


FAILURES = {
    "render": [
        ("render-e2e", "9/120 pages failed: upstream answered 502 while the cache warmed"),
        ("render-e2e", "4/130 pages failed: proxy gave 502 during cache warm-up"),
        ("render-e2e", "11/125 pages failed: read timeout after 20 s"),
    ],
    "kiln": [
        ("firing-sim", "6/80 trays failed: controller exit status 139 mid-ramp"),
        ("firing-sim", "3/75 trays failed: controller exit status 139 on cool-down"),
        ("firing-sim", "2/90 trays failed: thermocouple drift over limit"),
    ],
    "ledger": [
        ("import-check", "14/200 rows failed: bank feed said 409 on duplicate posting"),
        ("import-check", "7/210 rows failed: bank feed 409 conflict, posting exists"),
        ("import-check", "5/190 rows failed: parse error in memo column"),
    ],
}


@pytest.mark.parametrize("app", sorted(FAILURES))
def test_a_code_most_failures_repeat_is_a_cause_word(hooks: MemoryHooks, app: str) -> None:
    """Two of three failures of one check report the same code, their counts differ: the
    pattern's text names the code (in its phrase, or among the words that set its failures
    apart from the app's successes)."""
    for day, (check, detail) in enumerate(FAILURES[app], start=3):
        episode(hooks, f"2026-02-0{day}-r{day}", f"Work item {day}", check, detail, app_id=app)
    success(hooks, "2026-02-07-r7", "Other work", "Shipped the change; all green.", app_id=app)
    records = [m for m in hooks.store.list() if m.type.value == "episodic"]
    [pattern] = mine(records)
    code = next(iter(codes(FAILURES[app][0][1])))
    assert code in describe(pattern)


def _record(day: int) -> Memory:
    return Memory.model_validate(
        {
            "id": f"episodic-00000000000{day}", "text": f"Run 2026-02-0{day}-r{day}: Work ended in failure.",
            "type": "episodic", "confidence": 1.0, "trigger": "manual", "user_id": "u",
            "app_id": "plant", "run_id": f"2026-02-0{day}-r{day}", "outcome": "failure",
            "created_at": f"2026-02-0{day}T12:00:00+00:00",
        }
    )  # fmt: skip


def _pattern(phrase: str) -> Pattern:
    failures = [Failure(_record(d), "line-check", f"{d}/40 units failed", "") for d in (3, 4, 5)]
    follow = FollowUp(_record(6), None)
    return Pattern(
        app_id="plant", apps=["plant"], verifier="line-check", failures=failures,
        phrase=phrase, causes=["503", "conveyor"], example=None, successes=4,
        contradictions=0, follow_up=follow,
    )  # fmt: skip


@pytest.mark.parametrize("weak", ["units failed", "trays failed", "rows failed"])
def test_a_phrase_that_only_counts_failures_keeps_the_cause_words(weak: str) -> None:
    """With a follow-up, a phrase that says only what every failed check says ("N units
    failed") leaves the cause words in the pattern's text."""
    assert "conveyor" in describe(_pattern(weak))


@pytest.mark.parametrize("strong", ["conveyor jam at station", "belt tension over limit"])
def test_a_phrase_that_tells_the_error_is_told_with_its_follow_up_alone(strong: str) -> None:
    """A phrase that tells the error and a follow-up say more than the shared words."""
    assert "Words these failures share" not in describe(_pattern(strong))
