"""The embedded files store: canonical markdown, hand edits, broken files, rebuild, decay."""

from __future__ import annotations

import math
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from agentmem import FileStore, Filters, Harvester, MemoryNotFound
from agentmem.settings import settings_from_values
from agentmem.stores.filestore import decay
from tests.conftest import semantic

LESSONS = [
    "The vendor API returns 400 unless every request carries the X-Trace header.",
    "Run ruff check --fix before committing Python changes.",
    "The staging database is reset every Sunday at 02:00 UTC.",
    "Billing exports must be written as UTF-8 CSV with a header row.",
    "Flaky integration tests usually mean the mock server port is already taken.",
]


def fill(root: Path, texts: list[str] = LESSONS) -> dict[str, str]:
    settings = settings_from_values({"AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(root)})
    writer = Harvester(settings, FileStore(root))
    ids = {}
    for text in texts:
        outcome = writer.submit(semantic(text), trigger="manual")
        assert outcome.memory_id is not None
        ids[text] = outcome.memory_id
    return ids


def ranked(store: FileStore, query: str) -> list[tuple[str, float]]:
    return [(h.memory.id, round(h.score, 6)) for h in store.search(query, 5, touch=False)]


def test_search_finds_by_meaning_of_words(root: Path) -> None:
    ids = fill(root)
    hits = FileStore(root).search("Why does the vendor API answer 400?", 3)
    assert hits[0].memory.id == ids[LESSONS[0]]


def test_search_finds_a_hand_edited_file(root: Path) -> None:
    """Edit a memory's text in place (no rename): the same store and a new one both see it."""
    ids = fill(root)
    store = FileStore(root, sweep_interval_s=0)
    assert not store.search("kubernetes", 5)
    path = root / "entries" / f"{ids[LESSONS[2]]}.md"
    path.write_text(path.read_text().replace("staging database", "kubernetes cluster"))
    assert store.search("kubernetes", 5)[0].memory.id == ids[LESSONS[2]]
    assert FileStore(root).search("kubernetes", 5)[0].memory.id == ids[LESSONS[2]]


def test_a_new_hand_written_file_is_picked_up(root: Path) -> None:
    fill(root)
    store = FileStore(root)
    (root / "entries" / "semantic-aaaaaaaaaaaa.md").write_text(
        "---\ntype: semantic\nconfidence: 0.8\nuser_id: tester\nagent_id: executive\n"
        "app_id: _global\nrun_id: 2026-11-29\ntrigger: manual\ncreated_at: 2026-11-29T10:00:00+00:00\n---\n"
        "Hand-written memories about zeppelins are searchable.\n"
    )
    assert store.search("zeppelins", 3)[0].memory.id == "semantic-aaaaaaaaaaaa"


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("no frontmatter at all\n", "missing opening"),
        ("---\ntype: [unclosed\n---\ntext\n", "invalid YAML"),
        ("---\na: &x [1]\nb: *x\n---\ntext\n", "aliases"),
        ("---\ntype: semantic\n---\ntext\n", "invalid memory"),
        ("---\n!!python/object:os.system {}\n---\nx\n", "invalid YAML"),
    ],
)
def test_broken_file_is_reported_and_skipped(root: Path, content: str, reason: str) -> None:
    """A broken file is reported by path with the reason; search still works."""
    ids = fill(root)
    broken = root / "entries" / "semantic-bbbbbbbbbbbb.md"
    broken.write_text(content)
    store = FileStore(root)
    report = store.broken()
    assert [b.path for b in report] == [broken]
    assert reason in report[0].reason
    assert store.search("vendor API 400", 1)[0].memory.id == ids[LESSONS[0]]


def test_rebuild_from_files_alone_gives_the_same_results(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Delete every derived file; a rebuild from the markdown alone ranks identically."""
    fill(root)
    # Decay moves with the clock; a slow machine would see the 6th decimal change mid-test.
    frozen = datetime.now(UTC)
    monkeypatch.setattr("agentmem.stores.canonical.utcnow", lambda: frozen)  # stores made after
    queries = ["vendor API header", "ruff before committing", "database reset Sunday", "CSV export"]
    before = {q: ranked(FileStore(root), q) for q in queries}
    shutil.rmtree(root / ".agentmem")
    store = FileStore(root)
    report = store.rebuild()
    assert report.memories == len(LESSONS) and not report.broken
    assert {q: ranked(store, q) for q in queries} == before


def test_rebuild_reports_progress_once_per_file(root: Path) -> None:
    """`agentmem rebuild` draws its bar from this: one step per file read, broken ones too."""
    fill(root)
    (root / "entries" / "semantic-000000000000.md").write_text("no frontmatter\n")
    steps: list[int] = []
    report = FileStore(root).rebuild(progress=steps.append)
    assert report.memories == len(LESSONS) and len(report.broken) == 1
    assert steps == [1] * (len(LESSONS) + 1)


def test_get_and_unknown_ids(root: Path) -> None:
    ids = fill(root)
    store = FileStore(root)
    assert store.get(ids[LESSONS[1]]).text == LESSONS[1]
    for bad in ("semantic-ffffffffffff", "../../etc/passwd", "/etc/passwd"):
        with pytest.raises(MemoryNotFound):
            store.get(bad)


def test_reads_update_access_beside_the_files(root: Path) -> None:
    """Every read bumps last access and count in the sidecar, never in the markdown file."""
    ids = fill(root)
    store = FileStore(root)
    path = root / "entries" / f"{ids[LESSONS[0]]}.md"
    before = path.read_bytes()
    store.search("vendor API", 1)
    store.get(ids[LESSONS[0]])
    stats = FileStore(root).access_stats(ids[LESSONS[0]])
    assert stats is not None and stats[1] == 2
    assert path.read_bytes() == before


def test_decay_formula() -> None:
    """decay = max(0.3, exp(-0.03 × days)); 30 days ≈ 0.41, and never under 0.3."""
    now = datetime(2026, 11, 29, tzinfo=UTC)
    assert decay(now, now) == 1.0
    assert math.isclose(decay(now - timedelta(days=30), now), math.exp(-0.9))
    assert decay(now - timedelta(days=365), now) == 0.3


def test_filters(root: Path) -> None:
    settings = settings_from_values({"AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(root)})
    writer = Harvester(settings, FileStore(root))
    writer.submit(semantic("Retry on 429 for billing.", app_id="billing-api"), trigger="manual")
    writer.submit(semantic("Retry on 429 for search.", app_id="search-api"), trigger="manual")
    store = FileStore(root)
    hits = store.search("retry 429", 5, Filters(app_ids=("billing-api",)))
    assert [h.memory.app_id for h in hits] == ["billing-api"]


def test_written_files_are_atomic_and_readable(root: Path) -> None:
    fill(root)
    names = [p.name for p in (root / "entries").iterdir()]
    assert all(n.endswith(".md") and not n.startswith(".") for n in names)
    assert all(oct(p.stat().st_mode)[-3:] == "644" for p in (root / "entries").iterdir())


def test_catalog_journal_spares_a_reparse(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Writes append to the catalog journal; a new process loads them without parsing a file."""
    fill(root)
    journal = root / ".agentmem" / "catalog.journal"
    assert len(journal.read_text().splitlines()) == len(LESSONS)
    with journal.open("a") as handle:
        handle.write('{"name": "torn')  # a crash mid-append leaves a torn last line

    def no_parse(self: object, path: Path) -> None:
        raise AssertionError(f"re-parsed {path}")

    monkeypatch.setattr("agentmem.stores.files.EntryFiles.parse", no_parse)
    assert FileStore(root).count() == len(LESSONS)


def test_catalog_journal_with_a_stale_line_defers_to_the_file(root: Path) -> None:
    """A journal line whose stamp no longer matches the file is overruled by the file."""
    ids = fill(root)
    path = root / "entries" / f"{ids[LESSONS[3]]}.md"
    path.write_text(path.read_text().replace("UTF-8 CSV", "Parquet"))
    listed = {m.id: m.text for m in FileStore(root).list()}
    assert "Parquet" in listed[ids[LESSONS[3]]]


def test_many_stores_opening_one_root_at_once(root: Path) -> None:
    """Stores opened at the same instant (threads here; processes alike) all come up:
    the access sidecar's switch to WAL waits for its turn instead of failing."""
    import threading
    import time

    gate = threading.Barrier(8, timeout=10)
    errors: list[BaseException] = []
    done: list[int] = []

    def open_one(n: int) -> None:
        try:  # the wait too: a broken barrier is a failure, not a thread that quietly died
            gate.wait()
            FileStore(root).search("anything", 1)
            done.append(n)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=open_one, args=(n,), daemon=True) for n in range(8)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 30  # for all of them: a join each let 8 × 30 s go by
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    assert errors == []
    assert [t.name for t in threads if t.is_alive()] == [], "a store never came up (hung)"
    assert sorted(done) == list(range(8))


def test_a_new_root_keeps_derived_state_out_of_git(root: Path) -> None:
    """Opening a store gives the root a .gitignore for .agentmem/; a host's own is untouched."""
    FileStore(root)
    assert (root / ".gitignore").read_text().splitlines()[-1] == ".agentmem/"
    (root / ".gitignore").write_text("mine\n")
    FileStore(root)
    assert (root / ".gitignore").read_text() == "mine\n"


def test_interval_zero_sweeps_on_every_call_however_long_a_sweep_took(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`sweep_interval_s=0` sweeps on every call: an in-place edit right after a slow sweep
    is seen (the 20×-the-sweep spacing for large roots applies to a positive interval only;
    it made the hand-edit test above flaky)."""
    from types import SimpleNamespace

    from agentmem.stores import catalog as catalog_module

    ticks = iter(range(10_000))  # every reading of the clock is one second later
    monkeypatch.setattr(
        catalog_module, "time", SimpleNamespace(monotonic=lambda: float(next(ticks)))
    )
    ids = fill(root)
    store = FileStore(root, sweep_interval_s=0)
    assert not store.search("kubernetes", 5)
    path = root / "entries" / f"{ids[LESSONS[2]]}.md"
    path.write_text(path.read_text().replace("staging database", "kubernetes cluster"))
    assert store.search("kubernetes", 5)[0].memory.id == ids[LESSONS[2]]
