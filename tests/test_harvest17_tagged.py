"""Hook E's kinds of failure: a tag the loop put on failed runs of several apps, under other
checks and in other words each time, and that successful runs carry only where they fixed
one, makes a pattern that names it; a topic tag (on successes too) or one app's tag does not."""

from __future__ import annotations

from typing import Any

import pytest

from agentmem.core.model import Memory
from agentmem.harvest.patterns import mine
from agentmem.harvest.prose import describe
from agentmem.harvest.tagged import kinds

_N = [0]


def _run(day: int, app: str, outcome: str, summary: str, tags: list[str], check: str = "",
         detail: str = "") -> Memory:  # fmt: skip
    _N[0] += 1
    run = f"2026-03-{day:02d}-r{_N[0]}"
    failed = f" Failed: {check} ({detail})." if check else ""
    text = f"Run {run}: Work on {app} ended in {outcome}. {summary}{failed}"
    kept = [f"outcome-{outcome}", *([f"fail-{check}"] if check else []), *tags]
    fields: dict[str, Any] = {
        "id": f"episodic-{_N[0]:012d}", "text": text, "type": "episodic", "confidence": 1.0,
        "trigger": "manual", "user_id": "u", "app_id": app, "run_id": run, "outcome": outcome,
        "created_at": f"2026-03-{day:02d}T12:00:00+00:00", "tags": kept,
    }  # fmt: skip
    return Memory.model_validate(fields)


# Each loop: one kind of failure (its tag) told three ways in three apps under three checks,
# each fixed by the next run of its app; and ordinary successes under other tags.
LOOPS = {
    "glazes": (
        "glaze-chem",
        [
            (
                "kiln-a",
                "Bisque came out pinholed across the batch.",
                "fire-test",
                "14 of 20 tiles pinholed after the ramp",
            ),
            (
                "blender",
                "Recipe sheet had silica doubled for one lot.",
                "batch-audit",
                "lot 88 silica 2x the card value",
            ),
            (
                "stock",
                "Supplier swapped frit; nobody re-tested the melt.",
                "intake-check",
                "frit F3 melt point 40 below spec",
            ),
        ],
    ),
    "orchard": (
        "irrigation",
        [
            (
                "valves",
                "Zone B stayed open overnight after the timer reset.",
                "valve-sim",
                "zone B open 9 h, limit 2 h",
            ),
            (
                "sensors",
                "Moisture probe read soaked soil as dry.",
                "probe-replay",
                "probe 4 reported 3% against 41% by hand",
            ),
            (
                "planner",
                "Schedule ignored the rain forecast for the week.",
                "plan-diff",
                "watering planned on 5 rain days",
            ),
        ],
    ),
    "library": (
        "shelf-listing",
        [
            (
                "ingest",
                "Shelf marks lost their volume suffix in the import.",
                "import-dryrun",
                "1,204 records without volume part",
            ),
            (
                "search",
                "Subject headings indexed under the old scheme.",
                "index-check",
                "312 headings map to retired terms",
            ),
            (
                "loans",
                "Reference-only items were lent out by the kiosk.",
                "kiosk-e2e",
                "17 reference items issued",
            ),
        ],
    ),
}


def _loop(name: str, *, fixes_tagged: bool = True, extra_wins: int = 0) -> list[Memory]:
    tag, failures = LOOPS[name]
    out = []
    for i, (app, summary, check, detail) in enumerate(failures):
        day = 2 + 5 * i
        out.append(_run(day, app, "success", "Routine change shipped.", ["routine"]))
        out.append(_run(day + 1, app, "failure", summary, [app, tag], check, detail))
        fixed = [app, tag] if fixes_tagged else [app]
        out.append(_run(day + 2, app, "success", "Corrected and reran; all green.", fixed))
        out.append(_run(day + 3, app, "success", "Docs and small cleanups.", [app]))
    for k in range(extra_wins):
        out.append(_run(20 + k, failures[k % 3][0], "success", "Unrelated work.", [tag]))
    return out


@pytest.mark.parametrize("name", sorted(LOOPS))
def test_a_tag_failed_runs_of_several_apps_share_makes_a_pattern(name: str) -> None:
    """Three failures in three apps share no words, only the loop's tag; the successes that
    carry it are their fixes: one pattern of the three runs, whose text names the tag and
    quotes no single app's newest check."""
    tag, failures = LOOPS[name]
    found = [p for p in mine(_loop(name)) if len(p.runs) == len(failures)]
    assert len(found) == 1
    assert tag in describe(found[0])
    assert "Last failed" not in describe(found[0])  # one app's newest instance, not the kind
    assert sorted(p.memory.app_id for p in found[0].failures) == sorted(f[0] for f in failures)


@pytest.mark.parametrize("name", sorted(LOOPS))
def test_a_tag_successes_carry_as_often_is_a_topic(name: str) -> None:
    """The same failures, and as many other successful runs as failed ones carrying the
    tag: it is what the loop works on, no kind of failure."""
    tag, _ = LOOPS[name]
    records = _loop(name, extra_wins=4)
    assert tag not in kinds([m for m in records if m.outcome.value != "success"],
                            [m for m in records if m.outcome.value == "success"])  # fmt: skip
    assert not mine(records)


@pytest.mark.parametrize("name", sorted(LOOPS))
def test_one_apps_tag_is_no_kind(name: str) -> None:
    """Failed runs of one app sharing a tag share its topic (its own checks group them)."""
    records = _loop(name)
    app = LOOPS[name][1][0][0]
    setbacks = [m for m in records if m.outcome.value != "success"]
    wins = [m for m in records if m.outcome.value == "success"]
    assert app not in kinds(setbacks, wins)
    assert LOOPS[name][0] in kinds(setbacks, wins)


def test_a_pair_needs_no_other_success() -> None:
    """Two failed runs of two apps: a kind while no success but their fixes carries the
    tag; one other success carrying it makes it a topic."""
    records = _loop("orchard")[:8]  # the first two failures, their fixes and neighbours
    setbacks = [m for m in records if m.outcome.value != "success"]
    wins = [m for m in records if m.outcome.value == "success"]
    assert "irrigation" in kinds(setbacks, wins)
    late = _run(28, "planner", "success", "Unrelated work.", ["irrigation"])
    assert "irrigation" not in kinds(setbacks, [*wins, late])
