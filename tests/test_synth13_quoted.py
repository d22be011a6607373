"""Hook A leaves out a failure written before a change that quotes the address or path the
change retired, as the run record quotes it whole ("host:port", "GET /path"): the replaced
lesson's values are cut with the slashes and the port still on them, and the exact check
missed the record."""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.core.retiredvalues import retired_values
from tests.conftest import ManualClock, lesson

APP = "kiosk"
QUEUE = [{"id": "Q-5", "title": "Refresh menu prices on the kiosk", "app_id": APP}]
OLD = (
    "Menu prices are read from https://menu.oldhost.example:8080/api/v1/items; the `sku` "
    "field must match the till label."
)
NEW = (
    "Menu prices now come from the catalogue service at /api/v2/products; the field is "
    "`code` and the till label follows it."
)


def _failed(hooks: MemoryHooks, n: int, detail: str) -> None:
    run = {
        "run_id": f"2026-04-{n:02d}-k{n}",
        "goal": "Refresh menu prices on the kiosk",
        "outcome": "failure",
        "app_id": APP,
        "summary": "Menu prices were not refreshed.",
        "verifiers": [{"name": "price-sync", "passed": False, "detail": detail}],
    }
    assert hooks.post_run_classify(run=run).ok


def test_pre_goal_synthesis_leaves_out_a_failure_quoting_a_retired_address(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """Two failures before the change: the one on the old host and the one on the old path
    tell how things were; the one on the till's paper roll is still told."""
    old = lesson(clocked_hooks, OLD, APP)
    clock.advance(days=1)
    _failed(clocked_hooks, 1, "connection refused: menu.oldhost.example:8080")
    clock.advance(days=1)
    _failed(clocked_hooks, 2, "GET /api/v1/items -> 401 Unauthorized")
    clock.advance(days=1)
    _failed(clocked_hooks, 3, "till printer out of paper roll")
    clock.advance(days=1)
    new = clocked_hooks.harvester.submit(
        {"text": NEW, "type": "semantic", "confidence": 0.8, "app_id": APP, "supersedes": [old]},
        trigger="manual",
    ).memory_id
    assert new is not None
    clock.advance(days=1)
    result = clocked_hooks.pre_goal_synthesis(queue=QUEUE)
    assert result.ok and result.synthesis is not None
    text = result.synthesis
    assert NEW[:30] in text, text
    assert "paper roll" in text, text
    assert "menu.oldhost.example" not in text, text
    assert "/api/v1/items" not in text, text


def test_retired_values_keep_a_url_whole_with_its_host_and_path() -> None:
    """A replaced URL is one value, and its host, host with port and path are values too:
    none keeps the slashes or the port a word-by-word reading once left on it."""
    gone = retired_values(OLD, NEW)
    assert "https://menu.oldhost.example:8080/api/v1/items" in gone
    assert {"menu.oldhost.example", "menu.oldhost.example:8080", "/api/v1/items"} <= gone
    assert not any(v.startswith("//") or v[:1].isdigit() for v in gone), gone
