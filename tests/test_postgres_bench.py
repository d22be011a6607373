"""The benchmarks' postgres legs run end to end on tiny inputs (figures printed, not asserted)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agentmem.stores.pg_local import LocalServer
from bench import locomo, scale_pg
from tests.test_bench_smoke import CONVERSATION


def test_locomo_on_postgres_scores_as_the_files_backend(
    pg_server: LocalServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`bench/locomo.py --backend postgres` on the server AGENTMEM_POSTGRES_URL names gives
    the files backend's recall on the same conversation."""
    folder = tmp_path / "locomo"
    folder.mkdir()
    (folder / "tiny.json").write_text(json.dumps(CONVERSATION))
    monkeypatch.setenv("AGENTMEM_POSTGRES_URL", pg_server.url)
    on_server = locomo.run(folder, "postgres")
    on_files = locomo.run(folder, "files")
    assert on_server["legs"] == ["bm25", "neighbours"]
    for key in ("questions", "recall@5", "recall@10", "hit@10", "pack_recall"):
        assert on_server[key] == on_files[key], key


def test_scale_bench_loads_and_measures_a_small_fleet_memory(pg_server: LocalServer) -> None:
    """bench/scale.py's postgres leg: a loader fills the server, a client with an empty root
    measures every figure (run in-process here on 200 memories)."""
    assert scale_pg.load(200, pg_server.url, "scale_smoke") >= 0
    row = scale_pg.measure(200, 5, pg_server.url, "scale_smoke")
    for key in (
        "reopen_s",
        "search_p50_ms",
        "answer_pack_p50_ms",
        "hookb_pack_p50_ms",
        "search_after_add_s",
        "peak_mb",
    ):
        assert row[key] is not None and row[key] >= 0, key
    assert row["server_mb"] > 0


def test_batch_bench_alternates_unbatched_and_batched_runs(
    pg_server: LocalServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """bench/batch_adds.py: one writer (in-process) on a small fleet memory, fires of 3
    drafts, unbatched then batched, then the other order: every draft accepted, figures
    printed for each run (not asserted)."""
    from bench import batch_adds

    monkeypatch.setenv("AGENTMEM_POSTGRES_URL", pg_server.url)
    rows = batch_adds.rounds("postgres", 60, 6, 3, 2, writers=1)
    assert [r["batched"] for r in rows] == [False, True, True, False]
    assert all(r["add8_per_s"] > 0 and r["wall_ms_per_add"] > 0 for r in rows)
