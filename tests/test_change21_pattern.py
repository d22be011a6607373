"""Round 21 (issue 13): hook E's pattern written after a change whose example run, from
before it, quotes the value a newer lesson displaced tells how things were; an example run
of after the change does not."""

from __future__ import annotations

from agentmem.core.model import Memory
from agentmem.retrieval.newerwins import Displaced, quotes_displaced, same_value
from tests.conftest import held

# --- hook E's example run quoting a displaced value ------------------------------------

GONE = Displaced(
    "unit luf",
    "-16",
    frozenset({"stereo", "master", "integr"}),
    "-14",
    "2027-03-13T12:00:00+00:00",
)


def _pattern(example_day: str) -> Memory:
    text = (
        "Recurring failure in press-mastering: peak-check failed in 2 runs between "
        f"2027-03-09 and 2027-03-18. Example, {example_day}-run-014: Stereo master fine at "
        "-16.0 LUFS integrated but the file failed the peak check. Last failed: peak-check."
    )
    return held(
        text, 23, "reflective-p", app_id="press-mastering", type="reflective",
        kind="assessment", trigger="judgment_harvest", cites=["episodic-x"],
    )  # fmt: skip


def test_a_pattern_whose_example_run_quotes_a_displaced_value_tells_how_things_were() -> None:
    """Hook E's pattern, written after the change, quotes an example run from before it at
    the old target ("-16.0" of "-16"): that sentence tells how things were."""
    assert same_value("-16.0", "-16") and not same_value("-16.5", "-16")
    assert quotes_displaced(_pattern("2027-03-09"), [GONE])


def test_a_pattern_whose_example_run_came_after_the_change_stays() -> None:
    """The same pattern quoting an example run of after the change is no old value."""
    assert not quotes_displaced(_pattern("2027-03-18"), [GONE])
