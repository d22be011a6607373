"""The mem0-platform backend against PlatformDouble (a local test double of the hosted API).

The real `MemoryClient` talks HTTP to the double. Pinned here: the client is made lazily,
filters travel as an AND/OR tree, every add is polled to a terminal event, a SUCCEEDED
event with no results is a failed write, only transient errors are retried, and a write the
Platform cannot take lands in the files and the outbox and is replayed later, exactly once.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from structlog.testing import capture_logs

from agentmem.stores.base import Filters
from agentmem.stores.drift import sync
from agentmem.stores.mem0_platform import PlatformProjection, canonical, classify, tree
from agentmem.stores.projection import ProjectionError
from tests.backends import platform_store
from tests.platform_double import PlatformDouble
from tests.test_store_contract import CORPUS, mem

VENDOR = CORPUS[0]


def test_the_client_is_created_lazily(platform: PlatformDouble, root: Path) -> None:
    """Opening the store calls no network; the first real use pings once, then reuses the client."""
    store = platform_store(root, platform)
    assert sum(platform.requests.values()) == 0
    store.put(VENDOR)
    store.put(CORPUS[1])
    assert platform.requests["GET /v1/ping/"] == 1


def test_filters_travel_as_an_and_or_tree() -> None:
    """app ids and types become OR branches under one AND with the agent (and user) scope."""
    built = tree(Filters(user_id="u", app_ids=("a", "b"), types=("semantic",), cohort="c"))
    assert built == {
        "AND": [
            {"agent_id": "executive"},
            {"user_id": "u"},
            {"OR": [{"app_id": "a"}, {"app_id": "b"}]},
            {"OR": [{"metadata": {"memory_type": "semantic"}}]},
            {"metadata": {"cohort": "c"}},
        ]
    }


def test_casing_is_folded_in_one_place() -> None:
    """camelCase keys become snake_case and status words upper case; metadata stays verbatim."""
    raw = {"eventId": "e1", "status": "succeeded", "metadata": {"agentmem_id": "x", "camelKey": 1}}
    assert canonical(raw) == {"event_id": "e1", "status": "SUCCEEDED", "metadata": raw["metadata"]}


def test_a_429_storm_is_retried_until_the_write_lands(platform: PlatformDouble, root: Path) -> None:
    """Three 429s in a row are retried (each retry logged) and the memory is stored once."""
    store = platform_store(root, platform)
    platform.fail("/v3/memories/add/", 429, times=3)
    with capture_logs() as logs:
        store.put(VENDOR)
    retries = [e for e in logs if e["event"] == "projection_retry"]
    assert len(retries) == 3
    assert "HTTP 429" in retries[0]["error"]
    assert platform.by_agentmem_id() == {VENDOR.id: 1}
    assert len(store.outbox) == 0


def test_a_validation_error_is_not_retried(platform: PlatformDouble, root: Path) -> None:
    """A 400 is permanent: one attempt, no retry, the write waits in the outbox."""
    store = platform_store(root, platform)
    platform.fail("/v3/memories/add/", 400, times=1)
    with capture_logs() as logs:
        store.put(VENDOR)
    assert not [e for e in logs if e["event"] == "projection_retry"]
    assert platform.requests["POST /v3/memories/add/"] == 1
    assert [o.memory_id for o in store.outbox.pending()] == [VENDOR.id]
    assert "HTTP 400" in store.outbox.pending()[0].error
    assert (root / "entries" / f"{VENDOR.id}.md").is_file()


def test_a_failed_event_queues_the_write(platform: PlatformDouble, root: Path) -> None:
    """An add whose event ends FAILED is a failed write: file kept, id in the outbox, nothing stored."""
    store = platform_store(root, platform)
    platform.next_add("failed")
    store.put(VENDOR)
    assert platform.memories == {}
    owed = store.outbox.pending()
    assert [o.memory_id for o in owed] == [VENDOR.id]
    assert "FAILED" in owed[0].error
    assert store.get(VENDOR.id) == VENDOR


def test_an_empty_succeeded_event_is_a_failed_write(platform: PlatformDouble, root: Path) -> None:
    """SUCCEEDED with no results means nothing was stored: the write is queued, not counted done."""
    store = platform_store(root, platform)
    platform.next_add("empty")
    store.put(VENDOR)
    assert platform.memories == {}
    assert "no results" in store.outbox.pending()[0].error


def test_a_slow_event_is_polled_to_its_end(platform: PlatformDouble, root: Path) -> None:
    """An event RUNNING for several polls is waited for (lower-case status words too)."""
    platform.script.lowercase_status = True
    store = platform_store(root, platform)
    platform.next_add("ok", slow_polls=4)
    store.put(VENDOR)
    assert platform.requests.total() > 4
    assert platform.by_agentmem_id() == {VENDOR.id: 1}
    assert len(store.outbox) == 0


def test_an_event_past_the_time_limit_is_queued_and_replayed_once(
    platform: PlatformDouble, root: Path
) -> None:
    """Past the poll limit the write is queued; if it lands later, replay keeps it: no double."""
    clock = [0.0]

    def tick(seconds: float) -> None:
        clock[0] += seconds

    store = platform_store(root, platform, poll_limit_s=2.0, sleep=tick, clock=lambda: clock[0])
    platform.next_add("ok", slow_polls=50)
    store.put(VENDOR)
    assert [o.memory_id for o in store.outbox.pending()] == [VENDOR.id]
    assert "after 2s" in store.outbox.pending()[0].error
    platform.settle()  # the Platform catches up: the slow add lands after all
    assert platform.by_agentmem_id() == {VENDOR.id: 1}
    report = sync(store)
    assert report.in_sync
    assert platform.by_agentmem_id() == {VENDOR.id: 1}


def test_killing_the_platform_mid_run_loses_nothing_and_doubles_nothing(
    platform: PlatformDouble, root: Path
) -> None:
    """Writes made while the Platform is down land in files and the outbox; sync makes store = files."""
    store = platform_store(root, platform)
    store.put(CORPUS[0])
    platform.stop()
    for memory in CORPUS[1:]:
        store.put(memory)
    assert store.count() == len(CORPUS)
    assert sorted(o.memory_id for o in store.outbox.pending()) == sorted(m.id for m in CORPUS[1:])
    hits = store.search("anything about the vendor", k=3)  # the files answer meanwhile
    assert hits and all(h.explain["fallback"] == "files" for h in hits)
    platform.start()
    report = sync(store)
    assert report.in_sync
    assert sorted(report.replay.replayed) == sorted(m.id for m in CORPUS[1:])
    assert platform.by_agentmem_id() == {m.id: 1 for m in CORPUS}
    assert len(store.outbox) == 0


def test_sync_repairs_drift_both_ways(platform: PlatformDouble, root: Path) -> None:
    """Missing, stale, doubled and orphaned records are found and repaired; the files win."""
    store = platform_store(root, platform)
    for memory in CORPUS:
        store.put(memory)
    vendor_remote = next(
        k for k, m in platform.memories.items() if m["metadata"]["agentmem_id"] == VENDOR.id
    )
    del platform.memories[vendor_remote]  # missing
    deploy = next(
        m for m in platform.memories.values() if m["metadata"]["agentmem_id"] == CORPUS[1].id
    )
    platform.memories["doubled-copy"] = {**deploy, "id": "doubled-copy"}  # doubled
    platform.memories["orphan-1"] = {
        **deploy,
        "id": "orphan-1",
        "metadata": {"agentmem_id": "semantic-gone0001"},
    }
    stale = mem(
        CORPUS[2].id,
        "Run the whole test suite with pytest -q before pushing.",
        type="procedural",
        confidence=0.7,
    )
    (root / "entries" / f"{stale.id}.md").write_text(
        (root / "entries" / f"{stale.id}.md")
        .read_text()
        .replace("Run the test suite", "Run the whole test suite")
    )
    report = sync(store, repair=False)
    assert report.before.missing == [VENDOR.id]
    assert report.before.doubled == [CORPUS[1].id]
    assert report.before.stale == [CORPUS[2].id]
    assert report.before.orphans == ["orphan-1"]
    assert not report.in_sync
    repaired = sync(store)
    assert repaired.in_sync
    assert platform.by_agentmem_id() == {m.id: 1 for m in CORPUS}
    hit = store.search("How do I run the whole test suite?", k=1)[0]
    assert hit.memory.text.startswith("Run the whole test suite")


def test_transient_and_permanent_errors_are_told_apart() -> None:
    """429, 5xx and timeouts are transient; 4xx validation and auth errors are not."""
    import httpx

    request = httpx.Request("POST", "http://x/v3/memories/add/")

    def status(code: int) -> ProjectionError:
        response = httpx.Response(code, request=request)
        return classify(httpx.HTTPStatusError("boom", request=request, response=response), "add")

    assert status(429).transient and status(503).transient and status(500).transient
    assert not status(400).transient and not status(401).transient and not status(422).transient
    assert classify(httpx.ReadTimeout("slow", request=request), "add").transient
    assert classify(httpx.ConnectError("down", request=request), "add").transient


def test_a_missing_api_key_is_a_clear_permanent_error(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No key anywhere: the first use says so, as a permanent (never retried) error."""
    monkeypatch.delenv("MEM0_API_KEY", raising=False)
    projection = PlatformProjection(root, api_key=None, host="http://127.0.0.1:9")
    with pytest.raises(ProjectionError, match="API Key") as info:
        projection.find("semantic-x00001")
    assert not info.value.transient


def test_sync_never_removes_another_users_records(platform: PlatformDouble, root: Path) -> None:
    """A shared Platform project holds other users' memories: drift repair stays in this user's lane."""
    store = platform_store(root, platform, user_id="tester")
    store.put(VENDOR)
    platform.memories["someone-else"] = {
        "id": "someone-else",
        "memory": "Another team's lesson.",
        "user_id": "other-team",
        "agent_id": "executive",
        "metadata": {"agentmem_id": "semantic-theirs001"},
    }
    platform.memories["my-orphan"] = {
        "id": "my-orphan",
        "memory": "A record whose file is gone.",
        "user_id": "tester",
        "agent_id": "executive",
        "metadata": {"agentmem_id": "semantic-gone0001"},
    }
    report = sync(store)
    assert report.before.orphans == ["my-orphan"]
    assert "someone-else" in platform.memories and "my-orphan" not in platform.memories
    assert report.in_sync


def test_replay_removes_the_record_of_a_memory_whose_file_is_gone(
    platform: PlatformDouble, root: Path
) -> None:
    """An owed id with no file (archived, purged) is removed remotely on replay: files win."""
    store = platform_store(root, platform)
    store.put(VENDOR)
    (root / "entries" / f"{VENDOR.id}.md").unlink()
    store.outbox.add(VENDOR.id, "file archived")
    report = store.replay()
    assert report.replayed == [VENDOR.id] and not report.still_owed
    assert platform.memories == {}
