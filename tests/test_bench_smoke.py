"""The benchmarks run end to end on tiny inputs (their figures are printed, never asserted)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import locomo, locomo_blind, scale

CONVERSATION = {
    "qa": [
        {"question": "When did Ana move to Lyon?", "evidence": ["D1:2"], "category": 2},
        {
            "question": "What instrument does Ben play?",
            "evidence": ["D2:1; D2:2", "D9:9"],  # shapes seen in the data: joined, unknown
            "category": 1,
        },
        {"question": "What did Ana say about Mars?", "evidence": ["D1:1"], "category": 5},
    ],
    "conversation": {
        "speaker_a": "Ana",
        "speaker_b": "Ben",
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [
            {"speaker": "Ana", "dia_id": "D1:1", "text": "Hi Ben! Long week."},
            {"speaker": "Ana", "dia_id": "D1:2", "text": "I finally moved to Lyon last month."},
            {"speaker": "Ben", "dia_id": "D1:3", "text": "Lyon is lovely, congratulations!"},
        ],
        "session_2_date_time": "not a date",
        "session_2": [
            {"speaker": "Ben", "dia_id": "D2:1", "text": "I started playing the cello."},
            {
                "speaker": "Ben",
                "dia_id": "D2:2",
                "text": "The cello teacher says I practise too little.",
                "blip_caption": "a photo of a cello",
            },
            {"speaker": "Ana", "dia_id": "D2:3", "text": "Bye!"},
            {"speaker": "Ben", "dia_id": "D2:4", "text": "Bye!"},
        ],
    },
}


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "locomo"
    folder.mkdir()
    (folder / "tiny.json").write_text(json.dumps(CONVERSATION))
    return folder


def test_locomo_loader_reads_turns_dates_and_evidence(data_dir: Path) -> None:
    """Turns keep order and session time; category 5 is out; evidence ids are normalised."""
    conversation = locomo.load_dir(data_dir)[0]
    assert [t.dia_id for t in conversation.turns][:3] == ["D1:1", "D1:2", "D1:3"]
    assert conversation.turns[0].when.isoformat() == "2023-05-08T13:56:00+00:00"
    assert conversation.turns[1].when > conversation.turns[0].when
    assert conversation.turns[3].when > conversation.turns[2].when  # undated session still after
    assert [q.evidence for q in conversation.questions] == [("D1:2",), ("D2:1", "D2:2")]
    assert conversation.dropped_evidence == 1


def test_locomo_json_report_has_every_key(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`bench/locomo.py DIR --json` prints one object with the documented keys and legs."""
    assert locomo.main([str(data_dir), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    keys = {"questions", "recall@5", "recall@10", "hit@10", "pack_recall"}
    assert keys | {"search_p50_ms", "search_p95_ms", "legs"} <= set(report)
    assert report["questions"] == 2
    assert report["legs"] == ["bm25", "neighbours"]
    assert report["recall@10"] == 1.0  # 7 turns: every one is in the top 10
    assert 0.0 <= report["recall@5"] <= report["recall@10"]


def test_locomo_duplicate_turns_stand_for_each_other(data_dir: Path) -> None:
    """Two identical turns are one memory (the writer dedups); it counts for both ids."""
    backend = locomo.FilesBackend()
    try:
        backend.load(locomo.load_dir(data_dir)[0], captions=False)
        assert sorted(backend.ask("bye", 10)[:2]) == ["D2:3", "D2:4"]
    finally:
        backend.close()


def test_locomo_plain_bm25s_reference_runs(data_dir: Path) -> None:
    """The reference backend answers the same questions the same way (its legs say which)."""
    report = locomo.run(data_dir, "bm25s")
    assert report["legs"] == ["bm25s-plain"] and report["questions"] == 2


def test_locomo_blind_runs_one_fold_per_conversation(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`bench/locomo_blind.py DIR --json`: one fold per conversation, each with a pair from
    the grid (the defaults are always scored too, for comparison)."""
    (data_dir / "copy.json").write_text((data_dir / "tiny.json").read_text())
    grid = ["--b", "0.4,0.75", "--neighbours", "0 | 0.5,0.25,0.1"]
    assert locomo_blind.main([str(data_dir), "--json", *grid]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["questions"] == 4 and report["pairs"] == 4
    assert [f["held_out"] for f in report["folds"]] == ["copy", "tiny"]
    assert all(f["b"] in (0.4, 0.75) for f in report["folds"])


def test_locomo_blind_never_fits_on_the_held_out_conversation() -> None:
    """Each fold is scored with the pair that is best on the *other* conversations: where
    the held-out one prefers another pair, its blind score is the lower one."""
    from agentmem.retrieval.ranking import DEFAULT_PARAMS, RankingParams

    other = RankingParams(b=0.75, neighbours=())
    scores = {  # R@10 per question under each pair
        "a": {DEFAULT_PARAMS: [1.0, 1.0], other: [0.0, 0.5]},
        "b": {DEFAULT_PARAMS: [1.0], other: [0.0]},
        "c": {DEFAULT_PARAMS: [0.0, 0.0, 0.0], other: [1.0, 1.0, 1.0]},
    }
    folds = {f.held_out: f for f in locomo_blind.leave_one_out(scores, [DEFAULT_PARAMS, other])}
    assert folds["c"].chosen == DEFAULT_PARAMS and folds["c"].recall10 == 0.0  # a, b prefer it
    assert folds["a"].chosen == other and folds["a"].recall10 == 0.5  # b + c: 3/4 against 1/4
    assert folds["b"].chosen == other and folds["b"].recall10 == 0.0  # a + c: 3.5/5 against 2/5
    report = locomo_blind.report(list(folds.values()), pairs=2)
    assert report["blind_recall@10"] == round(0.5 / 6, 4)
    assert report["defaults_recall@10"] == round(3.0 / 6, 4)


def test_scale_bench_measures_a_small_store() -> None:
    """bench/scale.py's measurement on 300 memories yields every figure, hook B's pack
    with the store searches it made."""
    row = scale.measure(300, queries=5)
    assert row["memories"] == 300
    for key in (
        "rebuild_s",
        "search_p50_ms",
        "search_p95_ms",
        "answer_pack_p50_ms",
        "hookb_pack_p50_ms",
        "add_per_s",
    ):
        assert row[key] > 0
    from agentmem.retrieval.select import MAX_SEARCHES

    assert 4 <= row["hookb_searches_max"] <= MAX_SEARCHES  # counted from the tools' tally


def test_overhead_bench_prints_every_case_with_a_verdict() -> None:
    """bench/overhead.py runs end to end (in its own process: it configures structlog) and
    prints the bare call, the three fires with their targets, and the breakdown."""
    import subprocess
    import sys

    bench = Path(__file__).parent.parent / "bench" / "overhead.py"
    done = subprocess.run(
        [sys.executable, str(bench), "--n", "300"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    for case in ("fire, AGENTMEM_ENABLED off", "fire, hook flag off", "fire, enabled no-op"):
        [row] = [line for line in lines if line.startswith(case)]
        assert row.split()[-1] in {"ok", "MISSED"}
    assert any("handed to a parked worker" in line for line in lines)


def test_soak_bench_reports_resources_and_fire_times() -> None:
    """bench/soak.py runs a short loop end to end (in its own process: it configures
    structlog) and reports every figure; a healthy loop ends with every fire ok, and the
    hung-plugin variant keeps its threads bounded by quarantine."""
    import json
    import subprocess
    import sys

    bench = Path(__file__).parent.parent / "bench" / "soak.py"
    for extra in ([], ["--hung"]):
        done = subprocess.run(
            [sys.executable, str(bench), "--fires", "60", "--json", *extra],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr
        report = json.loads(done.stdout)
        assert report["fires"] == 60 and report["memories"] > 0
        assert set(report["first_fires_ms"]) == {"mean", "p50", "p95"}
        last = report["samples"][-1]
        assert last["fires"] == 60 and last["open_fds"] > 0 and last["ledger_bytes"] > 0
        assert last["threads"] <= 2 + 2 * bool(extra) + 1  # quarantine bounds the hung ones
        if not extra:
            assert report["not_ok"] == {}
