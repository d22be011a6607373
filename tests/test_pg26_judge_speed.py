"""Two of the judge's readings that cost most per write answer as before from less work:
whether a draft retracts (read once per text, asked about ten times a write) and whether
it scopes a rule to another thing (a clause without "only" is never read by the slow
expression). `bench/judge_same.py --diff` shows no verdict moved."""

from __future__ import annotations

from agentmem.core.scoped import rescoped
from agentmem.core.withdrawal import retraction


def test_retraction_is_read_once_per_text() -> None:
    """The writer asks whether one draft retracts about ten times: read once, the same
    answer after."""
    text = "Retracted: the dryer fan fix; the fan was never the cause of the damp batches."
    retraction.cache_clear()
    first = retraction(text)
    assert retraction(text) == first and first is not None
    assert retraction.cache_info().hits == 1


def test_rescoped_still_reads_a_rule_scoped_to_another_thing() -> None:
    """A clause that says a rule holds only for another thing is read as before, in any
    case; a clause without "only" is never one."""
    held = "The hall heaters run in frost mode (below 2 C) overnight"
    draft = (
        "Frost mode (below 2 C) applies ONLY to the garage heaters now; the hall heaters "
        "run on the overnight timer"
    )
    assert rescoped(draft, held)
    assert not rescoped(draft.replace("ONLY ", ""), held)
