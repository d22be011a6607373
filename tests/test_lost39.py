"""bench/draftloss.py: a missed need a retro's draft carried is told by the fate of the
memory written from that retro (not by the best carrier, often a run record); a need no
draft carried is "not drafted"; a need the probe found is not listed. On the loop
benchmark's small fixture replayed through the hooks."""

from __future__ import annotations

import json
from pathlib import Path

from bench.draftloss import run
from bench.loopformat import load_scenario

FIXTURE = Path(__file__).with_name("loopbench_fixture.json")


def _replayed(
    tmp_path: Path, goal: dict[str, object], needs: list[str]
) -> dict[str, dict[str, object]]:
    raw = json.loads(FIXTURE.read_text(encoding="utf-8"))
    pack = next(s for s in raw["steps"] if s.get("probe") == "pack")
    pack["goal"], pack["needs"] = goal, needs
    path = tmp_path / "loopbench_fixture.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return {r["need"]: r for r in run(load_scenario(path)) if r["probe"] == "pack"}


def test_a_drafted_need_the_goal_does_not_reach_is_a_retrieval_loss(tmp_path: Path) -> None:
    goal = {"title": "Rotate the nightly e2e credentials", "app_id": "shop-api", "tags": ["e2e"]}
    lost = _replayed(tmp_path, goal, ["ops-admin", "quokka-ledger", "thursday"])
    assert set(lost) == {"ops-admin", "quokka-ledger"}  # thursday was packed
    assert lost["ops-admin"]["drafted"] and lost["ops-admin"]["class"] == "b"
    assert lost["ops-admin"]["cause"].startswith(("not retrieved", "retrieved"))
    unseen = lost["quokka-ledger"]
    assert (unseen["drafted"], unseen["class"], unseen["cause"]) == (False, "-", "not drafted")
