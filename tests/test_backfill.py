"""Backfill: an existing corpus migrates through the one writer, one lane at a time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from agentmem.cli import main
from agentmem.harvest.backfill import list_items
from agentmem.stores.files import EntryFiles
from tests.conftest import ALL_ON
from tests.corpus import EXPECTED, RUNS, make_corpus


@pytest.fixture
def lanes(tmp_path: Path) -> dict[str, Path]:
    env = tmp_path / ".env.executive"
    env.write_text("\n".join([*(f"{k}={v}" for k, v in ALL_ON.items()), "AGENTMEM_USER_ID=me"]))
    return make_corpus(tmp_path / "corpus")


def backfill(*args: str) -> Result:
    return CliRunner().invoke(main, ["--json", "backfill", *map(str, args)], catch_exceptions=False)


def entries(root: Path) -> dict[str, str]:
    files = EntryFiles(root)
    return {p.stem: p.read_text() for p in files.paths()}


def test_backfill_all_four_lanes_then_a_second_run_writes_nothing(
    lanes: dict[str, Path], root: Path
) -> None:
    """Each lane writes what its corpus holds; running every lane again writes zero and
    reports each item as a duplicate."""
    first = {}
    for lane, path in lanes.items():
        out = backfill(path, "--lane", lane)
        assert out.exit_code == 0, out.output
        report = json.loads(out.stdout)
        assert set(report) >= {"written", "duplicates", "rejected"}
        assert len(report["written"]) == EXPECTED[lane] and report["rejected"] == []
        first[lane] = sorted(w["id"] for w in report["written"])
    assert len(entries(root)) == sum(EXPECTED.values())
    for lane, path in lanes.items():
        report = json.loads(backfill(path, "--lane", lane).stdout)
        assert (
            report["written"] == [] and sorted(d["id"] for d in report["duplicates"]) == first[lane]
        )
    assert len(entries(root)) == sum(EXPECTED.values())


def test_backfill_lanes_make_the_right_memories(lanes: dict[str, Path], root: Path) -> None:
    """Principles are immutable at 1.0; retros are distilled lessons with the retro as source;
    capabilities are semantic; ledger lines are episodic with their run, app and outcome."""
    from agentmem.stores import FileStore

    for lane, path in lanes.items():
        assert backfill(path, "--lane", lane).exit_code == 0
    store = FileStore(root)
    memories = store.list()
    principles = [m for m in memories if m.type.value == "principle"]
    assert all(m.immutable and m.confidence == 1.0 for m in principles)
    assert {m.text for m in principles} >= {
        "Only the executive's harvester writes memory; workers read the rendered pack.",
        "A sub-rule: ask before exceeding it.",
    }
    assert all(m.source == "corpus/constitution.md" and m.trigger == "backfill" for m in principles)
    lessons = [m for m in memories if m.source and m.source.startswith("corpus/retros/")]
    assert {m.type.value for m in lessons} == {"semantic", "procedural", "reflective"}
    assert {m.run_id for m in lessons if "2026-11-20" in m.source} == {"2026-11-20-retro"}
    capabilities = [m for m in memories if "capability" in m.tags]
    assert len(capabilities) == 3 and {m.type.value for m in capabilities} == {"semantic"}
    episodes = {m.run_id: m for m in memories if m.type.value == "episodic"}
    assert set(episodes) == {r["run_id"] for r in RUNS}
    r2 = episodes["2026-11-19-r2"]
    assert r2.app_id == "shop" and r2.outcome is not None and r2.outcome.value == "failure"
    assert r2.source == "runs/r2.md" and episodes["2026-11-18-r1"].source == "corpus/ledger.jsonl"


def test_backfill_dry_run_writes_nothing_and_shows_what_would_be(
    lanes: dict[str, Path], root: Path
) -> None:
    """A dry run runs every check, prints each memory it would write (ids included), and
    leaves the memory root untouched; the real run then writes exactly those ids."""
    dry = CliRunner().invoke(
        main, ["backfill", str(lanes["principles"]), "--lane", "principles", "--dry-run"]
    )
    assert dry.exit_code == 0 and "4 would write" in dry.stdout
    assert "+ principle-" in dry.stdout and "Never push to main" in dry.stdout
    assert entries(root) == {}
    report = json.loads(backfill(lanes["principles"], "--lane", "principles", "--dry-run").stdout)
    real = json.loads(backfill(lanes["principles"], "--lane", "principles").stdout)
    assert report["dry_run"] is True
    assert [w["id"] for w in report["written"]] == [w["id"] for w in real["written"]]


def test_backfill_rejects_bad_records_with_reasons(lanes: dict[str, Path], root: Path) -> None:
    """A malformed ledger line or a secret is rejected, naming the line and the field; the
    good lines are still written, and the exit code is 1."""
    ledger = lanes["episodic"]
    ledger.write_text(
        ledger.read_text()
        + '{"run_id": "2026-11-22-r5", "app_id": "shop", "outcome": "exploded", "summary": "?"}\n'
        + "not json\n"
        + '{"run_id": "not-a-date", "app_id": "shop", "outcome": "success", "summary": "x"}\n'
    )
    out = backfill(ledger, "--lane", "episodic")
    assert out.exit_code == 1
    report = json.loads(out.stdout)
    assert len(report["written"]) == 4
    problems = {r["source"]: r["problems"][0] for r in report["rejected"]}
    assert problems["corpus/ledger.jsonl:6"]["field"] == "outcome"
    assert "not valid JSON" in problems["corpus/ledger.jsonl:7"]["reason"]
    assert problems["corpus/ledger.jsonl:8"]["field"] == "run_id"
    caps = lanes["capabilities"]
    caps.write_text("- Deploy with key sk-abcdefghijklmnopqrstuvwxyz0123456789\n")
    secret = json.loads(backfill(caps, "--lane", "capabilities").stdout)
    assert secret["written"] == [] and "secret" in secret["rejected"][0]["problems"][0]["reason"]


def test_backfill_bad_path_or_lane_is_bad_input(lanes: dict[str, Path], root: Path) -> None:
    """A PATH that does not exist or an unknown lane exits 2 and changes nothing."""
    missing = CliRunner().invoke(main, ["backfill", "nowhere", "--lane", "principles"])
    assert missing.exit_code == 2 and "nowhere" in missing.output
    lane = CliRunner().invoke(main, ["backfill", str(lanes["principles"]), "--lane", "rules"])
    assert lane.exit_code == 2
    assert entries(root) == {}


def test_backfill_folder_path_and_progress_on_stderr(lanes: dict[str, Path], root: Path) -> None:
    """PATH may be a folder (every file of the lane's kind under it); the progress bar goes
    to stderr, so stdout stays clean JSON."""
    out = backfill(lanes["retros"], "--lane", "retros")
    assert out.exit_code == 0
    sources = {w["source"] for w in json.loads(out.stdout)["written"]}
    assert sources == {"corpus/retros/2026-11-20-r1.md", "corpus/retros/weekly-48.md"}
    assert "backfill retros" in out.stderr


def test_list_items_joins_continuation_lines() -> None:
    """A wrapped list item is one item; a nested item is its own."""
    assert list_items("- one\n  still one\n- two\n  - nested\ntext\n  indented text") == [
        "one still one",
        "two",
        "nested",
    ]


SPEC_KIT = """# Shop Constitution

## Core Principles

### I. Library-First
Every feature starts as a standalone library.
Libraries must be self-contained and independently testable.

### II. Test-First (NON-NEGOTIABLE)
<!-- Example: TDD mandatory -->
- Tests are written and approved before the code;
- Red, green, refactor.

## Governance
The constitution supersedes all other practices.

**Version**: 1.0.0
"""

ARTICLES = """# Charter

## Article I — Secrets
No secret is ever committed; credentials come from Vault at start-up.

## Article II — Money
Amounts are integer minor units end to end.
"""


@pytest.mark.parametrize(
    ("markdown", "expected"),
    [
        (
            SPEC_KIT,
            [
                "I. Library-First: Every feature starts as a standalone library. "
                "Libraries must be self-contained and independently testable.",
                "II. Test-First (NON-NEGOTIABLE): Tests are written and approved before "
                "the code; Red, green, refactor.",
            ],
        ),
        (
            ARTICLES,
            [
                "Article I — Secrets: No secret is ever committed; credentials come from "
                "Vault at start-up.",
                "Article II — Money: Amounts are integer minor units end to end.",
            ],
        ),
    ],
)
def test_principles_lane_reads_headed_articles(
    lanes: dict[str, Path], root: Path, markdown: str, expected: list[str]
) -> None:
    """A constitution written as headed articles (spec-kit's `### I. Title` then a
    paragraph, or `## Article I — Title`) backfills one principle per article; a template's
    HTML comments and unnumbered sections are not principles. Before, it backfilled 0
    principles and exited 0."""
    path = lanes["principles"].parent / "constitution.md"
    path.write_text(markdown)
    out = backfill(path, "--lane", "principles")
    assert out.exit_code == 0, out.output
    written = json.loads(out.stdout)["written"]
    assert [w["text"] for w in written] == expected
    assert all(w["type"] == "principle" for w in written)


def test_a_lane_that_finds_nothing_in_a_non_empty_file_says_so(
    lanes: dict[str, Path], root: Path
) -> None:
    """A non-empty constitution with neither list items nor headed articles is not
    "nothing to do": the report names the file and what was expected, and the exit is 1."""
    path = lanes["principles"].parent / "prose.md"
    path.write_text("# Our values\n\nWe care about quality and about each other.\n")
    out = backfill(path, "--lane", "principles")
    assert out.exit_code == 1
    rejected = json.loads(out.stdout)["rejected"]
    assert rejected[0]["source"].endswith("prose.md")
    assert "headed articles" in rejected[0]["problems"][0]["reason"]
    assert entries(root) == {}
