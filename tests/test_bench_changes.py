"""bench/changes.py: pairs files are checked before anything runs, and each pair is scored
by what hook B's pack shows of the old and the new text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.changes import Outcome, Pair, PairsError, load_pairs, main, shows, summarise

PAIR = {
    "domain": "pottery studio",
    "app_id": "kiln-ctl",
    "old": "The glaze kiln alarm sounds at 1,200 degrees.",
    "new": "Since March the glaze kiln alarm sounds at 1,150 degrees.",
    "relation": "replaces",
    "goal": "Tune the glaze kiln alarm",
}


def write(tmp_path: Path, items: object) -> str:
    path = tmp_path / "pairs.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"relation": "updates"}, "relation 'updates' is not one of"),
        ({"old": ""}, "field 'old' must be a non-empty string"),
        ({"goal": 7}, "field 'goal' must be a non-empty string"),
    ],
)
def test_a_bad_pair_is_named_by_its_index_and_field(
    tmp_path: Path, change: dict[str, object], message: str
) -> None:
    path = write(tmp_path, [PAIR, {**PAIR, **change}])
    with pytest.raises(PairsError, match=r"pairs\.json\[1\]: " + message):
        load_pairs(path)


def test_a_file_that_is_no_list_exits_2_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([write(tmp_path, {"pairs": []})]) == 2
    assert "expected a JSON list of pairs, got dict" in capsys.readouterr().err


def test_an_entry_shows_the_text_it_is_closest_to() -> None:
    old, new = PAIR["old"], PAIR["new"]
    assert shows(old, old, new) and not shows(old, new, old)
    assert shows(new, new, old) and not shows(new, old, new)
    assert not shows("Kiln shelves are vacuumed on Fridays.", old, new)


def outcome(relation: str, old: bool, new: bool, merged: bool = False) -> Outcome:
    pair = Pair("f[0]", "a", "o", "n", relation, "g")
    return Outcome(pair, "lesson", old, new, merged)


def test_what_counts_as_right_depends_on_the_relation() -> None:
    assert outcome("replaces", False, True).ok and not outcome("replaces", True, True).ok
    assert outcome("retracts", False, True).ok and not outcome("retracts", False, False).ok
    assert outcome("restates", True, False).ok and not outcome("restates", False, False).ok
    assert outcome("different", True, False).ok and not outcome("different", False, True).ok
    assert not outcome("different", True, True, merged=True).ok
    rows = summarise([outcome("replaces", True, True), outcome("replaces", False, True)])
    assert rows["lesson"]["replaces"] == {
        "pairs": 2,
        "ok": 0.5,
        "merged": 0.0,
        "withdrawn": 0.5,
        "told": 1.0,
    }


def test_a_look_alike_about_another_kiln_keeps_the_old_lesson_in_the_pack(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Replayed through the hooks, a lesson about another kiln leaves both in the pack."""
    other = {**PAIR, "new": "The raku kiln alarm sounds at 1,000 degrees.", "relation": "different"}
    assert main([write(tmp_path, [other]), "--channel", "lesson", "--json"]) == 0
    scores = json.loads(capsys.readouterr().out)
    assert scores["lesson"]["different"] == {"pairs": 1, "ok": 1.0, "merged": 0.0}


def test_a_fire_not_ok_counts_its_pair_wrong_and_the_run_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A retro whose only lesson the writer refuses fails its fire: the pair is judged
    wrong and named on stderr, the next pair still runs (it used to end the whole file)."""
    refused = {**PAIR, "new": "Call functions.search_memory before the glaze kiln alarm check."}
    assert main([write(tmp_path, [refused, PAIR]), "--channel", "retro", "--json"]) == 0
    captured = capsys.readouterr()
    scores = json.loads(captured.out)
    assert scores["retro"]["all"]["pairs"] == 2 and scores["retro"]["all"]["fires_not_ok"] == 1
    assert scores["retro"]["replaces"]["ok"] == 0.5
    assert "pairs.json[0] (retro): the retro fire was not ok" in captured.err


REPO = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    "path",
    sorted((REPO / "bench" / "pairs" / "written-blind").glob("*.json")),
    ids=lambda p: p.stem,
)
def test_the_pairs_written_blind_load_as_written(path: Path) -> None:
    """The pairs kept as their writers wrote them load, every relation present."""
    relations = {pair.relation for pair in load_pairs(str(path))}
    assert relations == {"replaces", "retracts", "restates", "different"}
