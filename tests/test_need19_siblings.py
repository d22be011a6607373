"""Hook B: a packed line of a decision record brings the record's other line on its ground."""

from __future__ import annotations

from agentmem import MemoryHooks

ADR = "ADR-012: the bakery moves to the tunnel ovens"
WEEKLY = "Weekly review W09 (1-7 Mar)"


def _submit(hooks: MemoryHooks, text: str, source: str) -> str:
    draft = {
        "text": text, "type": "semantic", "confidence": 0.8, "app_id": "bakery",
        "source": source,
    }  # fmt: skip
    return hooks.harvester.submit(draft, trigger="manual").memory_id


def _background(hooks: MemoryHooks) -> None:
    for topic in ["invoices", "delivery vans", "flour stock", "staff rota", "website"]:
        _submit(hooks, f"The {topic} sheet is updated every Friday by the office.", "notes.md")


def test_a_decisions_other_line_reaches_the_worker(hooks: MemoryHooks) -> None:
    """The goal finds the record's line on the recipe config and not the decision's other
    line, told in words the goal lacks (which profile the loaves bake on): it reached no
    worker, who learned the old profile is gone but not what replaced it."""
    _background(hooks)
    found = _submit(
        hooks,
        f"{ADR}: The stone-oven profile is deleted from the recipe config; there is no fallback.",
        "decisions/adr-012.md",
    )
    sibling = _submit(
        hooks,
        f"{ADR}: Loaves bake with the tunnel profile on line B; rolls go to line C.",
        "decisions/adr-012.md",
    )
    result = hooks.pre_spawn_pack(
        goal={"title": "Add the sourdough recipe to the recipe config", "app_id": "bakery"}
    )
    assert result.ok and result.pack is not None
    ids = {e.id for e in result.pack.entries}
    assert {found, sibling} <= ids


def test_a_periodic_reviews_other_line_stays_out(hooks: MemoryHooks) -> None:
    """A weekly review's title leads lines on unrelated work: no sibling comes along."""
    _background(hooks)
    found = _submit(
        hooks,
        f"{WEEKLY}: The stone-oven profile is deleted from the recipe config for good.",
        "retros/w09.md",
    )
    other = _submit(
        hooks, f"{WEEKLY}: The van profile for Saturday rounds moves to line C.", "retros/w09.md"
    )
    result = hooks.pre_spawn_pack(
        goal={"title": "Add the sourdough recipe to the recipe config", "app_id": "bakery"}
    )
    assert result.ok and result.pack is not None
    ids = {e.id for e in result.pack.entries}
    assert found in ids and other not in ids
