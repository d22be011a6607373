"""The durable outbox, its replay on the next fire, and the CLI: sync, snapshot, restore, rebuild.

The remote side is the real `MemoryClient` against PlatformDouble (a test double of the
hosted mem0 Platform): it can be killed mid-run and brought back on the same port.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from agentmem import MemoryHooks
from agentmem._plugins import make_manager
from agentmem.cli import main
from agentmem.settings import settings_from_values
from agentmem.stores.outbox import Outbox
from agentmem.stores.projected import ProjectedStore
from tests.backends import platform_store
from tests.conftest import ALL_ON
from tests.platform_double import API_KEY, PlatformDouble
from tests.test_store_contract import CORPUS


def test_the_outbox_is_durable_and_keeps_one_entry_per_memory(root: Path) -> None:
    """Queueing an id twice leaves one entry (attempts counted); a new process sees it; done clears it."""
    outbox = Outbox(root)
    outbox.add("semantic-aaa0001", "HTTP 503")
    outbox.add("semantic-bbb0001", "HTTP 503")
    again = outbox.add("semantic-aaa0001", "connection refused")
    assert again.attempts == 2 and again.error == "connection refused"
    (outbox.folder / ".semantic-x.json.tmp").write_text("half")  # a crash mid-write
    reopened = Outbox(root)
    assert [o.memory_id for o in reopened.pending()] == ["semantic-aaa0001", "semantic-bbb0001"]
    reopened.done("semantic-aaa0001")
    assert len(Outbox(root)) == 1


def _run(*args: str, env: dict[str, str]) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), env=env, catch_exceptions=False)
    return result.exit_code, result.output


def _env(root: Path, double: PlatformDouble) -> dict[str, str]:
    return {
        "AGENTMEM_ROOT": str(root),
        "AGENTMEM_USER_ID": "tester",
        "AGENTMEM_BACKEND": "mem0-platform",
        "AGENTMEM_MEM0_HOST": double.url,
        "AGENTMEM_MEM0_API_KEY": API_KEY,
    }


def _hooks(root: Path, double: PlatformDouble, tmp_path: Path) -> MemoryHooks:
    settings = settings_from_values(
        {**ALL_ON, **_env(root, double)},
        base_dir=tmp_path,
    )
    return MemoryHooks(
        settings,
        store=platform_store(root, double),
        plugin_manager=make_manager(defaults=True, entry_points=False),
    )


def _run_outcome(n: int) -> dict[str, object]:
    return {
        "run_id": f"2026-11-29-run-{n}",
        "goal": f"Ship invoice export part {n}",
        "outcome": "success",
        "summary": f"Part {n} of the invoice export shipped; all verifiers passed.",
        "app_id": "billing-api",
        "verifiers": [{"name": "tests", "passed": True}],
    }


def test_platform_killed_mid_run_then_sync_makes_the_store_equal_the_files(
    platform: PlatformDouble, root: Path, tmp_path: Path
) -> None:
    """Kill the Platform mid-run: hooks still succeed, writes land in files and the outbox;
    bring it back, `agentmem sync`, and the store holds exactly the files: none lost, none doubled."""
    hooks = _hooks(root, platform, tmp_path)
    assert hooks.post_run_classify(run=_run_outcome(1)).ok
    platform.stop()
    down = [hooks.post_run_classify(run=_run_outcome(n)) for n in (2, 3)]
    assert all(r.ok and r.writes.accepted for r in down)
    written = {i for r in down for i in r.writes.accepted}
    assert written <= {o.memory_id for o in Outbox(root).pending()}
    assert all((root / "entries" / f"{i}.md").is_file() for i in written)
    platform.start()
    code, out = _run("--json", "sync", env=_env(root, platform))
    assert code == 0, out
    report = json.loads(out)
    assert report["in_sync"] and not report["still_owed"]
    files = {p.stem for p in (root / "entries").glob("*.md")}
    assert dict(platform.by_agentmem_id()) == dict.fromkeys(files, 1)


def test_the_outbox_is_replayed_on_the_next_fire(
    platform: PlatformDouble, root: Path, tmp_path: Path
) -> None:
    """A write queued while the Platform was down is projected by the next fire, unasked."""
    hooks = _hooks(root, platform, tmp_path)
    platform.stop()
    first = hooks.post_run_classify(run=_run_outcome(1))
    assert first.ok and len(Outbox(root)) >= 1
    platform.start()
    second = hooks.post_run_classify(run=_run_outcome(2))
    assert second.ok
    assert len(Outbox(root)) == 0
    expected = set(first.writes.accepted) | set(second.writes.accepted)
    assert set(platform.by_agentmem_id()) == expected


def test_a_write_queued_while_another_process_replays_is_not_taken_for_a_deleted_one(
    platform: PlatformDouble, root: Path
) -> None:
    """Two processes on one root. B replays the outbox; while it does, A's projection of a
    new memory fails (A reaches no Platform): its file lands, its id is queued. B's replay
    projects it. It used to read the files before listing the outbox, take the new memory
    for a deleted one, remove it remotely and clear the debt: a write on no remote."""
    from agentmem.stores.mem0_platform import PlatformProjection
    from agentmem.stores.outbox import Owed
    from agentmem.stores.pg_local import free_port
    from tests.backends import QUICK, no_sleep

    nowhere = f"http://127.0.0.1:{free_port()}"  # nothing listens: A's projection fails
    projection = PlatformProjection(root, api_key=API_KEY, host=nowhere, sleep=no_sleep)
    a = ProjectedStore(root, projection, policy=QUICK, replay_interval_s=0.0)
    b = platform_store(root, platform)
    memory = CORPUS[0]
    listed = b.outbox.pending
    written: list[str] = []

    def pending() -> list[Owed]:
        if not written:  # A writes while B's replay runs
            a.put(memory)
            written.append(memory.id)
        return listed()

    b.outbox.pending = pending  # type: ignore[method-assign]
    report = b.replay()
    assert report.replayed == [memory.id], report
    assert a.outbox.get(memory.id) is None  # B listed it and projected it: nothing owed
    assert memory.id in platform.by_agentmem_id()


def test_sync_check_reports_drift_and_changes_nothing(platform: PlatformDouble, root: Path) -> None:
    """`sync --check` exits 1 on drift and leaves the store as it was; plain `sync` repairs it."""
    store = platform_store(root, platform)
    for memory in CORPUS:
        store.put(memory)
    platform.memories.clear()
    code, out = _run("--json", "sync", "--check", env=_env(root, platform))
    assert code == 1
    assert sorted(json.loads(out)["before"]["missing"]) == sorted(m.id for m in CORPUS)
    assert platform.memories == {}
    code, out = _run("sync", env=_env(root, platform))
    assert code == 0 and "in sync" in out
    assert dict(platform.by_agentmem_id()) == {m.id: 1 for m in CORPUS}


def test_snapshot_defaults_to_a_dated_file_and_restore_round_trips(
    platform: PlatformDouble, tmp_path: Path
) -> None:
    """`agentmem snapshot` writes <root>/snapshots/YYYY-MM-DD.json; `restore` loads it into a new root."""
    first = tmp_path / "a"
    store = platform_store(first, platform)
    for memory in CORPUS:
        store.put(memory)
    code, out = _run("--json", "snapshot", env=_env(first, platform))
    assert code == 0, out
    path = Path(json.loads(out)["path"])
    assert path.parent == first / "snapshots" and path.stem.count("-") == 2
    data = json.loads(path.read_text())
    assert data["count"] == len(CORPUS) and data["remote"]["records"] == len(CORPUS)
    second = tmp_path / "b"
    code, out = _run("restore", str(path), env=_env(second, platform))
    assert code == 0 and f"restored {len(CORPUS)}" in out
    code, _ = _run("snapshot", str(tmp_path / "again.json"), env=_env(second, platform))
    assert json.loads((tmp_path / "again.json").read_text())["memories"] == data["memories"]
    code, out = _run("restore", str(path), env=_env(second, platform))
    assert code == 1 and "empty store" in out


def test_restore_refuses_a_broken_snapshot_by_field(tmp_path: Path) -> None:
    """A snapshot with a bad record names the record and the field, and writes nothing."""
    path = tmp_path / "bad.json"
    record = {**CORPUS[0].record(), "confidence": 3.0}
    path.write_text(
        json.dumps(
            {"format": "agentmem-snapshot", "version": 1, "memories": [CORPUS[1].record(), record]}
        )
    )
    code, out = _run("restore", str(path), env={"AGENTMEM_ROOT": str(tmp_path / "r")})
    assert code == 1 and "memories[1].confidence" in out
    assert not (tmp_path / "r" / "entries").exists() or not any(
        (tmp_path / "r" / "entries").iterdir()
    )


def test_rebuild_backend_reprojects_every_file(platform: PlatformDouble, root: Path) -> None:
    """`agentmem rebuild --backend mem0-platform` empties the remote store and projects the files again."""
    store = platform_store(root, platform)
    for memory in CORPUS:
        store.put(memory)
    platform.memories["orphan-1"] = {
        "id": "orphan-1",
        "user_id": "tester",
        "memory": "x",
        "agent_id": "executive",
        "metadata": {},
    }
    env = {k: v for k, v in _env(root, platform).items() if k != "AGENTMEM_BACKEND"}
    code, out = _run("--json", "rebuild", "--backend", "mem0-platform", env=env)
    assert code == 0, out
    assert json.loads(out)["memories"] == len(CORPUS)
    assert dict(platform.by_agentmem_id()) == {m.id: 1 for m in CORPUS}


def test_sync_on_the_files_backend_has_nothing_to_do(root: Path) -> None:
    """The files backend is its own truth: sync says so and succeeds."""
    code, out = _run("sync", env={"AGENTMEM_ROOT": str(root)})
    assert code == 0 and "nothing to sync" in out


@pytest.mark.parametrize(
    "args", [["sync", "--help"], ["snapshot", "--help"], ["restore", "--help"]]
)
def test_the_store_commands_document_themselves(args: list[str]) -> None:
    """Each store command's help is its docstring."""
    code, out = _run(*args, env={})
    assert code == 0 and "Usage" in out


def test_rebuild_shows_a_progress_bar_while_it_reprojects(
    platform: PlatformDouble, root: Path
) -> None:
    """Human `rebuild --backend` labels its bar with the backend and ends with the file count."""
    store = platform_store(root, platform)
    for memory in CORPUS:
        store.put(memory)
    code, out = _run("rebuild", "--backend", "mem0-platform", env=_env(root, platform))
    assert code == 0, out
    assert "projecting into mem0-platform" in out
    assert f"rebuilt from {len(CORPUS)} files" in out


def test_status_shows_what_the_outbox_owes(platform: PlatformDouble, root: Path) -> None:
    """`agentmem status` on a mem0 backend counts the projections still owed."""
    store = platform_store(root, platform)
    platform.stop()
    store.put(CORPUS[0])
    platform.start()
    code, out = _run("--json", "status", env=_env(root, platform))
    assert code == 0 and json.loads(out)["outbox"] == 1
    code, out = _run("status", env=_env(root, platform))
    assert "outbox  1 projections owed to mem0-platform" in out


def test_a_search_while_the_remote_is_down_is_answered_from_the_files(
    platform: PlatformDouble, root: Path
) -> None:
    """Remote down: the search (after its retries) is answered by the embedded ranking over
    the same files, marked as a fallback, and the remote rests: the next search within
    `replay_interval_s` does not call it. Once back and rested, the remote answers again."""
    from agentmem.stores.mem0_platform import PlatformProjection
    from agentmem.stores.projected import ProjectedStore
    from tests.backends import QUICK, no_sleep

    projection = PlatformProjection(root, api_key=API_KEY, host=platform.url, sleep=no_sleep)
    store = ProjectedStore(root, projection, policy=QUICK, replay_interval_s=60.0)
    for memory in CORPUS:
        store.put(memory)
    platform.settle()
    query, wanted = "vendor X-Trace header", CORPUS[0]
    assert "X-Trace" in wanted.text
    [up] = store.search(query, k=1)
    assert up.memory.id == wanted.id and "fallback" not in up.explain  # the remote answers

    platform.stop()
    down = store.search(query, k=3)
    assert down[0].memory.id == wanted.id
    assert all(h.explain["fallback"] == "files" for h in down)
    platform.start()  # back, but resting: the next search still goes to the files
    searches = sum(n for r, n in platform.requests.items() if "search" in r)
    assert store.search(query, k=1)[0].explain["fallback"] == "files"
    assert sum(n for r, n in platform.requests.items() if "search" in r) == searches
    store.replay_interval_s = 0.0  # the rest is over
    [again] = store.search(query, k=1)
    assert again.memory.id == wanted.id and "fallback" not in again.explain


def test_hook_b_writes_a_pack_while_the_remote_is_down(
    platform: PlatformDouble, root: Path, tmp_path: Path
) -> None:
    """An outage does not cost the worker its pack: hook B, fired with mem0 down, is ok and
    writes the pack (from the files) into the worker's CLAUDE.md."""
    hooks = _hooks(root, platform, tmp_path)
    for memory in CORPUS:
        hooks.store.put(memory)
    platform.settle()
    platform.stop()
    worker = tmp_path / "worker"
    worker.mkdir()
    result = hooks.pre_spawn_pack(
        goal={"title": "Fix the vendor client X-Trace header", "app_id": "billing-api"},
        worker_dir=worker,
    )
    assert result.ok, result.error
    assert result.pack is not None and result.pack.entries
    assert "X-Trace" in (worker / "CLAUDE.md").read_text(encoding="utf-8")


def test_a_fallback_shows_on_the_result_in_the_ledger_and_as_an_audit_alarm(
    platform: PlatformDouble, root: Path, tmp_path: Path
) -> None:
    """A read hook fired with the remote down says so where a person looks: its result's
    `reads.fallbacks` names every search the files answered and why, its ledger line
    carries them, and `agentmem audit` raises `answered_from_files` for the window. With
    the remote up, none of the three."""
    hooks = _hooks(root, platform, tmp_path)
    for memory in CORPUS:
        hooks.store.put(memory)
    platform.settle()
    goal = {"title": "Fix the vendor client X-Trace header", "app_id": "billing-api"}
    up = hooks.pre_spawn_pack(goal=goal)
    assert up.ok and up.reads.queries and up.reads.fallbacks == []
    platform.stop()
    down = hooks.pre_spawn_pack(goal=goal)
    assert down.ok and down.pack is not None and down.pack.entries  # the files still answer
    assert [f.query for f in down.reads.fallbacks] == down.reads.queries  # every one of them
    first = down.reads.fallbacks[0]
    assert (first.backend, first.answered_from) == ("mem0-platform", "files")
    assert first.reason.startswith("mem0-platform search failed: ")
    lines = [json.loads(line) for line in hooks.settings.log_path.read_text().splitlines()]
    shown = [line["reads"]["fallbacks"] for line in lines if line["hook"] == "pre_spawn_pack"]
    assert [len(f) for f in shown] == [0, len(down.reads.fallbacks)]
    assert shown[1][0]["reason"] == first.reason
    code, out = _run("--json", "audit", env=_env(root, platform))
    assert code == 0, out
    [alarm] = [a for a in json.loads(out)["alarms"] if a["kind"] == "answered_from_files"]
    assert alarm["hook"] == "pre_spawn_pack"
    assert alarm["figures"]["searches"] == len(down.reads.fallbacks)
    assert alarm["figures"]["fires"] == 1
    code, text = _run("audit", env=_env(root, platform))
    assert "answered from the files' BM25" in text and first.reason in text
