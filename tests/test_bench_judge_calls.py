"""`bench/judge_calls.py` records the judge's calls and answers them again; the readings
the judge caches per text hand out values no caller can change under the cache."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agentmem.core.held import Held, judge
from agentmem.core.movedaddress import addresses
from agentmem.core.places import places
from bench.judge_calls import ask, diff, main, plain

HELD = Held("m1", "The kiln cools for 6 hours before unloading.", "semantic")
DRAFT = "The kiln now cools for 8 hours before unloading."


def _calls(path: Path) -> Path:
    calls = [
        {"name": "judge", "args": [DRAFT, [plain(HELD)], "semantic"]},
        {"name": "kin", "args": [DRAFT, [plain(HELD)], ["m1"]]},
        {"name": "restates", "args": [DRAFT, HELD.text]},
        {"name": "withdrawn", "args": ["Scratch that kiln note.", [["m1", HELD.text]]]},
    ]
    path.write_text("".join(json.dumps(c) + "\n" for c in calls), encoding="utf-8")
    return path


def test_a_recorded_judge_call_is_answered_as_the_judge_answers(tmp_path: Path) -> None:
    """`ask` gives the verdict `judge` gives on the same draft and held memories."""
    call = json.loads(_calls(tmp_path / "calls.jsonl").read_text().splitlines()[0])
    assert ask(call) == plain(judge(DRAFT, [HELD], "semantic"))
    assert ask(call) == {"replaces": ["m1"], "restates": None}


def test_answers_of_one_code_do_not_differ(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Answering the same calls twice gives lines `--diff` finds equal (exit 0)."""
    calls = _calls(tmp_path / "calls.jsonl")
    for name in ("a.jsonl", "b.jsonl"):
        assert main(["answer", str(calls)]) == 0
        (tmp_path / name).write_text(capsys.readouterr().out, encoding="utf-8")
    assert main(["--diff", str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl")]) == 0
    assert "4 answers before, 4 after, 0 differ" in capsys.readouterr().out


def test_a_moved_answer_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One answer that differs makes `--diff` exit 1 and name its line."""
    (tmp_path / "a.jsonl").write_text("true\nfalse\n", encoding="utf-8")
    (tmp_path / "b.jsonl").write_text("true\ntrue\n", encoding="utf-8")
    assert diff(tmp_path / "a.jsonl", tmp_path / "b.jsonl", None) == 1
    assert "line 2:" in capsys.readouterr().out


def test_a_cached_reading_cannot_be_changed_by_its_caller() -> None:
    """A per-text reading read once hands out an immutable value, or a fresh copy: a caller
    that edits what it got does not change the next caller's answer."""
    text = "The build cache moved from http://cache-a:8080 to /srv/cache/b."
    paths = places(text)
    paths.clear()
    assert places(text) == ["http://cache-a:8080", "/srv/cache/b"]
    told = addresses(text)
    told.clear()
    assert addresses(text) == {"http://cache-a:8080": 27, "/srv/cache/b": 50}
