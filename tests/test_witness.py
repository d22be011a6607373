"""The witness: claims in memory checked against their sources; drift is flagged, never fixed."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from agentmem import MemoryHooks
from agentmem.cli import main
from agentmem.harvest.gc import GarbageCollector
from agentmem.harvest.witness import Witness
from agentmem.tiers import HotState, StateFiles
from agentmem.tiers.claims import extract
from tests.conftest import HooksFactory, semantic

SUITE = """
passed = [n for n in range(3) if n >= 0]
print(f"{len(passed)} passed in 0.01s")
"""


@pytest.fixture
def suite(tmp_path: Path) -> str:
    """A real three-check suite, run by the shell as the witness runs any check, printing a
    test runner's summary line, and the pattern that counts its passes. (It was a nested
    pytest: five starts of pytest and its plugins, 55 s of the 56 s of this file at load 9,
    where the witness only reads what the command prints.)"""
    folder = tmp_path / "suite"
    folder.mkdir()
    (folder / "checks.py").write_text(SUITE)
    run = f"{shlex.quote(sys.executable)} {shlex.quote(str(folder / 'checks.py'))}"
    return json.dumps({"tests": {"run": run, "pattern": r"(\d+) passed"}})


def _files(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and ".agentmem" not in p.parts
    }


def _curated(root: Path, text: str) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / "MEMORY.md").write_text(text)


def test_a_test_count_the_check_contradicts_is_flagged(
    make_hooks: HooksFactory, root: Path, suite: str
) -> None:
    """MEMORY.md says "161 tests passing"; the configured check counts 3: contradicted,
    and `agentmem witness` exits 1 naming both figures."""
    hooks = make_hooks(AGENTMEM_WITNESS_COMMANDS=suite)
    _curated(root, "# Memory\n\n- Status: 161 tests passing on main.\n")
    report = Witness(hooks.settings).run()
    [claim] = [c for c in report.checks if c.claim.kind == "count"]
    assert claim.verdict == "contradicted" and claim.origin == "MEMORY.md:3"
    assert "161" in claim.detail and "reports 3" in claim.detail
    env = {"AGENTMEM_WITNESS_COMMANDS": suite}
    result = CliRunner().invoke(main, ["--root", str(root), "witness"], env=env)
    assert result.exit_code == 1
    assert "contradicted" in result.output


def test_a_test_count_the_check_confirms_passes(
    make_hooks: HooksFactory, root: Path, suite: str
) -> None:
    """MEMORY.md says "3 tests passing" and the check counts 3: verified, exit 0."""
    hooks = make_hooks(AGENTMEM_WITNESS_COMMANDS=suite)
    _curated(root, "# Memory\n\n- Status: 3 tests passing on main.\n")
    report = Witness(hooks.settings).run()
    assert [c.verdict for c in report.checks] == ["verified"]
    env = {"AGENTMEM_WITNESS_COMMANDS": suite}
    result = CliRunner().invoke(main, ["--root", str(root), "witness"], env=env)
    assert result.exit_code == 0, result.output


def test_hot_state_is_checked_against_state_files(hooks: MemoryHooks, root: Path) -> None:
    """A hot value and a memory that disagree with a state key are contradicted; one that
    agrees is verified; a claim with no source is unverifiable."""
    state = StateFiles(root)
    state.define("metrics", {"type": "object"})
    state.write("metrics", {"external_users": 0, "ci": "passing", "uptime": 91.2})
    hot = HotState(root)
    hot.set("external_users", 12)
    hot.set("ci", "passing")
    hooks.harvester.submit(semantic("Uptime was 94.3% uptime last week."), trigger="manual")
    hooks.harvester.submit(semantic("The newsletter has 3 subscribers."), trigger="manual")
    verdicts = {
        (c.origin.split(":")[0], c.claim.subject): c.verdict
        for c in Witness(hooks.settings).run().checks
    }
    assert verdicts[("hot.json", "external_users")] == "contradicted"
    assert verdicts[("hot.json", "ci")] == "verified"
    assert any(k[1] == "uptime" and v == "contradicted" for k, v in verdicts.items())
    assert any(k[1] == "subscribers" and v == "unverifiable" for k, v in verdicts.items())


def test_file_paths_must_exist_and_urls_are_not_fetched(hooks: MemoryHooks, root: Path) -> None:
    """A path that exists is verified, a missing one contradicted; a URL is unverifiable."""
    (root / "retros").mkdir(parents=True)
    (root / "retros" / "2026-11-26.md").write_text("retro")
    _curated(
        root,
        "- Retro notes live in retros/2026-11-26.md\n"
        "- The runbook is docs/runbook.md\n"
        "- Dashboard: https://grafana.example.com/d/abc\n",
    )
    by_target = {c.claim.target: c.verdict for c in Witness(hooks.settings).run().checks}
    assert by_target == {
        "retros/2026-11-26.md": "verified",
        "docs/runbook.md": "contradicted",
        "https://grafana.example.com/d/abc": "unverifiable",
    }


def test_an_assessment_without_an_observation_is_flagged(hooks: MemoryHooks) -> None:
    """An assessment whose cited observation is gone, and a judgment filed as a plain fact
    with nothing cited, are both flagged; a grounded assessment is not."""
    submit = hooks.harvester.submit
    seen = submit(semantic("Search returned 0 results for 3 queries."), trigger="manual").memory_id
    kept = submit(semantic("Deploys took 4 minutes."), trigger="manual").memory_id
    grounded = submit(
        semantic("Deploys are fast enough.", kind="assessment", cites=[kept]), trigger="manual"
    ).memory_id
    orphan = submit(
        semantic("Search quality is poor.", kind="assessment", cites=[seen]), trigger="manual"
    ).memory_id
    puffed = submit(semantic("The project is going well."), trigger="manual").memory_id
    assert seen and grounded and orphan and puffed
    GarbageCollector(hooks.settings).archive([seen])
    flagged = {f.origin: f.reason for f in Witness(hooks.settings).flags()}
    assert set(flagged) == {f"entries/{orphan}.md", f"entries/{puffed}.md"}
    assert "no existing observation" in flagged[f"entries/{orphan}.md"]


def test_the_witness_never_edits_memory(make_hooks: HooksFactory, root: Path, suite: str) -> None:
    """Running the witness, contradictions and all, leaves every memory file byte-identical."""
    hooks = make_hooks(AGENTMEM_WITNESS_COMMANDS=suite)
    hooks.harvester.submit(semantic("161 tests are passing."), trigger="manual")
    _curated(root, "- 161 tests passing\n- docs/missing.md\n")
    HotState(root).set("tests_passing", 161)
    before = _files(root)
    report = Witness(hooks.settings).run()
    assert len(report.contradicted) == 4
    assert _files(root) == before


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("- 161 tests passing", [("count", "tests", 161.0, "passing")]),
        ("Run 2026-11-29 at 08:00 used v1.2.3, see semantic-abc123def456", []),
        (
            "uptime 94.3% and 99.8% recall accuracy",
            [("percent", "uptime", 94.3, None), ("percent", "recall", 99.8, None)],
        ),
        ("billing-api is deployed", [("status", "billing_api", None, "deployed")]),
        ("committed 1,200 lines", [("count", "lines", 1200.0, None)]),
        ("read/write and e.g. pass/fail", []),
        ("returns 400 unless every request", []),
        ("fix the failing lint first", []),
    ],
)
def test_claim_extraction(line: str, expected: list[tuple[object, ...]]) -> None:
    """Numbers with what they count, percentages and status words are claims; dates, times,
    versions, ids, slashed words, and numbers or statuses next to a function word are not."""
    got = [(c.kind, c.subject, c.number, c.status) for c in extract(line)]
    assert got == expected


def test_episodic_records_are_history_not_present_state(hooks: MemoryHooks, root: Path) -> None:
    """An episodic record's number describes its run: it is not contradicted by today's
    state, while the same number in a semantic memory is."""
    StateFiles(root).define("repo", {"type": "object"})
    StateFiles(root).write("repo", {"modules": 10})
    submit = hooks.harvester.submit
    episode = submit(
        {"text": "Run 7 added 3 modules.", "type": "episodic", "run_id": "2026-11-20-r7"},
        trigger="manual",
    ).memory_id
    fact = submit(semantic("The package has 3 modules."), trigger="manual").memory_id
    verdicts = {c.origin: c.verdict for c in Witness(hooks.settings).run().checks}
    assert verdicts[f"entries/{episode}.md"] == "unverifiable"
    assert verdicts[f"entries/{fact}.md"] == "contradicted"
