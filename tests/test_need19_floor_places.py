"""Hook B: a lesson under the confidence floor takes none of the lessons' places."""

from __future__ import annotations

from agentmem import MemoryHooks


def test_a_lesson_under_the_floor_leaves_its_place_to_the_next(hooks: MemoryHooks) -> None:
    """The best match on the goal is a how-to at 0.6, under the pack's floor of 0.7: the
    pack drops it, and it once still took one of the six places and set the bar, so the
    sixth lesson over the bar never reached the worker."""

    def submit(text: str, kind: str = "semantic", confidence: float = 0.8) -> str:
        draft = {"text": text, "type": kind, "confidence": confidence, "app_id": "kiln"}
        return hooks.harvester.submit(draft, trigger="manual").memory_id

    for topic in ["orders", "invoices", "clay stock", "studio rota", "website", "courier"]:
        submit(f"The {topic} sheet is updated every Friday by the front desk.")
    weak = submit(
        "Glaze firing in the big kiln trips the breaker; restart the kiln controller first.",
        kind="procedural",
        confidence=0.6,
    )
    held = [
        submit("Glaze firing in the big kiln ends with a short hold at the top."),
        submit("The big kiln's glaze firing needs the damper half open near the top."),
        submit("Load the big kiln for a glaze firing with wadding under every pot."),
        submit("A glaze firing in the big kiln cools overnight; never open it while warm."),
        submit("Glaze firing logs for the big kiln go in the red binder by the door."),
        submit("The big kiln is booked for glaze firing through the studio calendar."),
    ]
    result = hooks.pre_spawn_pack(goal={"title": "Glaze firing in the big kiln", "app_id": "kiln"})
    assert result.ok and result.pack is not None
    ids = {e.id for e in result.pack.entries}
    assert weak not in ids
    assert set(held) <= ids
