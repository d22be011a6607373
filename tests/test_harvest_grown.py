"""Hook E's pattern memories: a pattern found again, wider, supersedes its narrower self."""

from __future__ import annotations

from agentmem.hooks.judgment_harvest import draft_for

from agentmem import MemoryHooks
from agentmem.harvest.patterns import mine
from tests.test_judgment_harvest import episode, patterns

SAID = {
    "r1": ("search", "contract-geo", "GET /v2/lookup -> 429 Too Many Requests"),
    "r2": ("maps", "e2e", "tiles.spec.ts: no tiles; tile-worker throttled by the provider"),
    "r3": ("search", "contract-geo", "lookup batch 7: quota_exceeded (HTTP 429)"),
    "r4": ("ads", "load-test", "k6: 31% of POST /bid answered HTTP 429, rate limited"),
}


def test_a_wider_pattern_supersedes_the_one_whose_records_it_all_cites(
    hooks: MemoryHooks,
) -> None:
    """A cause found in a third app's check is the same pattern with more runs, though its
    checks (and so its tag) changed: it supersedes the held pattern whose every record it
    cites, whatever the writer makes of their words (one cause, one live count). A held
    pattern that cites a record of its own is another cause and stays."""
    for day, (run, (app, check, detail)) in enumerate(list(SAID.items())[:3], start=3):
        episode(hooks, f"2026-03-0{day}-{run}", f"Work {day}", check, detail, "", app_id=app)
    assert hooks.judgment_harvest(window={"since": "2026-03-01"}).ok
    [narrower] = patterns(hooks, "_global")
    app, check, detail = SAID["r4"]
    episode(hooks, "2026-03-09-r4", "Bid load test", check, detail, "", app_id=app)
    records = [m for m in hooks.store.list() if m.type.value == "episodic"]
    [wider] = mine(records)
    assert len(wider.runs) == 4 and "load-test" in wider.verifier
    assert draft_for(wider, [narrower])["supersedes"] == [narrower.id]
    other = narrower.model_copy(update={"cites": (*narrower.cites, "episodic-elsewhere")})
    assert "supersedes" not in draft_for(wider, [other])
