"""What the read hooks search for: a goal's or a bundle's own words, never their framing."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.conftest import semantic


def test_pre_spawn_pack_never_searches_its_own_framing_words(hooks: MemoryHooks) -> None:
    """Hook B's question ("What should a worker know before working on …") is not what it
    searches: a lesson that only shares the framing words (`worker`, `before`, `know`) stays
    out of a pack for an unrelated goal, and no hop's query carries those words."""
    framing = hooks.harvester.submit(
        semantic("Before a worker starts, know which migrations are working."), trigger="manual"
    )
    payment = hooks.harvester.submit(
        semantic("PayPal payment options need the sandbox merchant id."), trigger="manual"
    )
    result = hooks.pre_spawn_pack(goal={"title": "Add PayPal as a payment option"})
    assert result.ok and result.pack is not None
    ids = [e.id for e in result.pack.entries]
    assert payment.memory_id in ids and framing.memory_id not in ids
    for query in result.reads.queries:
        assert not {"worker", "before", "know", "working"} & set(query.lower().split())


def test_pre_goal_synthesis_never_searches_its_own_framing_words(hooks: MemoryHooks) -> None:
    """Hook A searches each bundle's own title, description and tags, not "What have we
    learned that bears on …": a lesson that only shares those words is not cited."""
    framing = hooks.harvester.submit(
        semantic("What we learned bears on every release."), trigger="manual"
    )
    result = hooks.pre_goal_synthesis(queue=[{"id": "b1", "title": "Rotate the API keys"}])
    assert result.ok and result.synthesis is not None
    assert framing.memory_id not in result.synthesis
    assert result.reads.queries[0] == "Rotate the API keys"
