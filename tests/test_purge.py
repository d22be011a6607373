"""Purge: test memories move to archive/ by cohort, tag or app; nothing is deleted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from agentmem.cli import main
from agentmem.harvest.purge import PurgeError, Selector
from agentmem.stores import FileStore
from tests.conftest import ALL_ON
from tests.corpus import EXPECTED, make_corpus


@pytest.fixture
def lanes(tmp_path: Path) -> dict[str, Path]:
    env = tmp_path / ".env.executive"
    env.write_text("\n".join([*(f"{k}={v}" for k, v in ALL_ON.items()), "AGENTMEM_USER_ID=me"]))
    return make_corpus(tmp_path / "corpus")


def cli(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def ids_in(folder: Path) -> set[str]:
    return {p.name.split(".")[0] for p in folder.glob("*.md")} if folder.is_dir() else set()


def test_purge_by_cohort_moves_exactly_the_tagged_ones(lanes: dict[str, Path], root: Path) -> None:
    """After a backfill where two lanes ran as cohort `trial`, purge --cohort trial moves
    exactly those files to archive/, byte for byte, and search no longer finds them."""
    tagged: set[str] = set()
    for lane, path in lanes.items():
        extra = ["--cohort", "trial"] if lane in ("capabilities", "episodic") else []
        report = json.loads(cli("--json", "backfill", str(path), "--lane", lane, *extra).stdout)
        if extra:
            tagged |= {w["id"] for w in report["written"]}
    assert len(tagged) == EXPECTED["capabilities"] + EXPECTED["episodic"]
    before = {p.stem: p.read_bytes() for p in (root / "entries").glob("*.md")}
    out = cli("--json", "purge", "--cohort", "trial")
    assert out.exit_code == 0
    moved = json.loads(out.stdout)["moved"]
    assert {m["id"] for m in moved} == tagged
    assert ids_in(root / "archive") == tagged
    assert ids_in(root / "entries") == set(before) - tagged
    for memory_id in tagged:
        assert (root / "archive" / f"{memory_id}.md").read_bytes() == before[memory_id]
    store = FileStore(root)
    assert store.count() == len(before) - len(tagged)
    assert not {h.memory.id for h in store.search("Spawn workers in parallel", k=50)} & tagged


def test_purge_dry_run_moves_nothing(lanes: dict[str, Path], root: Path) -> None:
    """--dry-run lists what would move and leaves every file where it is."""
    cli("backfill", str(lanes["capabilities"]), "--lane", "capabilities", "--cohort", "trial")
    before = ids_in(root / "entries")
    out = cli("purge", "--cohort", "trial", "--dry-run")
    assert out.exit_code == 0 and "would move 3 memories (cohort trial)" in out.stdout
    assert ids_in(root / "entries") == before and ids_in(root / "archive") == set()


def test_purge_by_tag_and_by_app(lanes: dict[str, Path], root: Path) -> None:
    """--tag selects by tag, --app by app_id; other memories stay."""
    for lane in ("capabilities", "episodic"):
        cli("backfill", str(lanes[lane]), "--lane", lane)
    by_tag = json.loads(cli("--json", "purge", "--tag", "capability").stdout)["moved"]
    assert len(by_tag) == 3
    by_app = json.loads(cli("--json", "purge", "--app", "billing-api").stdout)["moved"]
    assert len(by_app) == 2
    left = FileStore(root).list()
    assert {m.app_id for m in left} == {"shop"} and len(left) == 2


def test_purge_never_overwrites_the_archive(lanes: dict[str, Path], root: Path) -> None:
    """A memory purged, backfilled again and purged again keeps both archived copies."""
    for _ in range(2):
        cli("backfill", str(lanes["capabilities"]), "--lane", "capabilities", "--cohort", "trial")
        assert cli("purge", "--cohort", "trial").exit_code == 0
    names = sorted(p.name for p in (root / "archive").glob("*.md"))
    assert len(names) == 6 and sum(".2.md" in n for n in names) == 3


def test_purge_needs_exactly_one_selector(lanes: dict[str, Path], root: Path) -> None:
    """No selector, two selectors or an empty one is bad input (exit 2) and moves nothing."""
    cli("backfill", str(lanes["capabilities"]), "--lane", "capabilities", "--cohort", "trial")
    for args in ([], ["--cohort", "trial", "--tag", "capability"], ["--tag", " "]):
        out = CliRunner().invoke(main, ["purge", *args])
        assert out.exit_code == 2, args
    assert ids_in(root / "archive") == set()
    with pytest.raises(PurgeError, match="exactly one"):
        Selector()
