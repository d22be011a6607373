"""bench/needloss.py: a need no memory carries is diagnosed "never written", a need the pack
found is not listed, on the loop benchmark's small fixture replayed through the hooks."""

from __future__ import annotations

import json
from pathlib import Path

from bench.loopformat import load_scenario
from bench.needloss import run

FIXTURE = Path(__file__).with_name("loopbench_fixture.json")


def test_a_need_no_memory_holds_is_never_written_and_a_found_one_is_not_listed(
    tmp_path: Path,
) -> None:
    raw = json.loads(FIXTURE.read_text(encoding="utf-8"))
    pack = next(s for s in raw["steps"] if s.get("probe") == "pack")
    pack["needs"] = ["thursday", "quokka-ledger"]
    path = tmp_path / "loopbench_fixture.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    rows = run(load_scenario(path))
    lost = {(r["probe"], r["need"]): r["cause"] for r in rows}
    assert lost == {("pack", "quokka-ledger"): "never written"}
