"""A how-to's task run with another tool replaces the how-to.

A team that moves a task to a new tool rarely says so in the how-to's words: a handbook
revision, a decision record or a runbook gives the new command where the task comes up
and never names the old tool again. The judge links the two by structure: both run a
command (in code marks) for one task (three shared terms, and a word that leads into
each command in common: "order ... with `X`", "place the order with `Y`"), the tools
differ, and neither text names the other's tool. A draft that still names the held tool,
a command for another task, and another bakery's tool replace nothing.
"""

from __future__ import annotations

from agentmem.core.later import reequipped
from agentmem.core.verdict import Held, judge

HELD = "Order flour for the co-op bakery with `millctl order --sacks 12`; it books the Thursday delivery."
HANDBOOK = (
    "Bakery handbook, rev 2. Flour comes from the wholesaler portal: place the order with "
    "`grainhub cart submit --site bakery` and confirm the delivery slot by email."
)


def test_the_task_run_with_another_tool_replaces_the_how_to() -> None:
    """The handbook orders flour with another tool and never names the old one."""
    assert reequipped(HANDBOOK, HELD)
    assert judge(HANDBOOK, [Held("h", HELD, "procedural")], "procedural").replaces == ["h"]


def test_a_draft_that_still_names_the_held_tool_replaces_nothing() -> None:
    """Both tools still work: the new one is one more way, not the only one."""
    draft = (
        "Flour for the co-op bakery: `millctl order` still books the Thursday delivery; you "
        "can also place the order with `grainhub cart submit --site bakery`."
    )
    assert not reequipped(draft, HELD)


def test_a_command_for_another_task_replaces_nothing() -> None:
    """Proofing the dough is another task of the same bakery, with its own tool."""
    draft = (
        "Bakery handbook: proof the dough with `proofbox start --hours 2`; flour for the "
        "co-op bakery arrives on the Thursday delivery."
    )
    assert not reequipped(draft, HELD)


def test_another_bakerys_tool_replaces_nothing() -> None:
    """Each opens on a bakery the other never names: two bakeries, two tools."""
    held = "Southside bakery orders its flour with `millctl order --sacks 12`; it books the Thursday delivery."
    draft = (
        "Northside bakery orders its flour with `grainhub cart submit --site north`, and it "
        "books the Thursday delivery."
    )
    assert not reequipped(draft, held)
    assert judge(draft, [Held("h", held, "procedural")], "procedural").replaces == []
