"""A duplicate that names what it replaces: the held memory takes the link
(`agentmem.core.dupelink`), and nothing else changes."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import yaml

from agentmem.core.model import Memory
from agentmem.core.writer import Harvester
from agentmem.settings import settings_from_values
from agentmem.stores import FileStore, Store
from agentmem.stores.base import Filters
from agentmem.stores.pg_local import LocalServer
from tests.backends import Opener, pg_store

DAY0 = datetime(2026, 2, 3, 12, tzinfo=UTC)
OLD = "W15 roast logs come from Artisan: one .alog file per batch on the NAS share."
HELD = "Both roasters log to Cropster; W15 profiles are Cropster profiles prefixed W15-."
LIVE = Filters(include_superseded=False)


class Clock:
    """The writer's clock, moved by the test (a scripted loop's days)."""

    def __init__(self) -> None:
        self.now = DAY0

    def __call__(self) -> datetime:
        return self.now


def writer(root: Path, store: Store | None = None) -> tuple[Harvester, Clock]:
    settings = settings_from_values({"AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(root)})
    clock = Clock()
    return Harvester(settings, store or FileStore(root), clock=clock), clock


def lesson(text: str, **fields: Any) -> dict[str, Any]:
    return {"text": text, "type": "semantic", "confidence": 0.8, "app_id": "roast", **fields}


def written(harvester: Harvester, clock: Clock, day: int, text: str, **fields: Any) -> str:
    clock.now = DAY0 + timedelta(days=day)
    outcome = harvester.submit(lesson(text, **fields), trigger="manual")
    assert outcome.status == "accepted" and outcome.memory_id, outcome.problems
    return outcome.memory_id


def stored(text: str, memory_id: str, supersedes: list[str]) -> Memory:
    """A lesson of the test's scope as the store holds it, put without the writer."""
    when = (DAY0 + timedelta(days=1)).isoformat()
    return Memory.model_validate(
        {**lesson(text), "id": memory_id, "user_id": "tester", "run_id": "2026-02-04-r1",
         "trigger": "manual", "created_at": when, "supersedes": supersedes}
    )  # fmt: skip


def frontmatter(root: Path, memory_id: str) -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(
        (root / "entries" / f"{memory_id}.md").read_text().split("---")[1]
    )
    return loaded


def files(root: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((root / "entries").glob("*.md"))}


def test_a_duplicate_naming_the_old_memory_links_it_from_the_held_one(root: Path) -> None:
    """A copy of a held memory that names what it replaces is still a duplicate of the held
    id, and the held memory now supersedes the old one: the old one leaves live reads."""
    harvester, clock = writer(root)
    old = written(harvester, clock, 0, OLD)
    held = written(harvester, clock, 3, HELD)
    clock.now = DAY0 + timedelta(days=7)
    outcome = harvester.submit(lesson(HELD, supersedes=[old]), trigger="post_retro_distill")
    assert (outcome.status, outcome.memory_id) == ("duplicate", held)
    assert frontmatter(root, held)["supersedes"] == [old]
    store = FileStore(root)
    assert [m.id for m in store.list(LIVE)] == [held]
    assert store.get(old, touch=False).text == OLD  # kept, readable by id
    assert len(files(root)) == 2  # no second copy of the held one


def test_a_restatement_naming_the_old_memory_links_it_too(root: Path) -> None:
    """The judge's restatement (other words, the same lesson) is a duplicate of the held
    memory as ever; the old memory it names is linked from the held one."""
    harvester, clock = writer(root)
    old = written(harvester, clock, 0, "Deploys to staging go through the Jenkins job deploy-stg.")
    held = written(
        harvester, clock, 2, "Deploys to staging need the VPN to be up before the pipeline starts."
    )
    clock.now = DAY0 + timedelta(days=4)
    again = "Staging deploys need the VPN up before the pipeline starts."
    outcome = harvester.submit(lesson(again, supersedes=[old]), trigger="manual")
    assert (outcome.status, outcome.memory_id) == ("duplicate", held)
    assert outcome.record["text"] == again  # other words: the judge's restatement
    assert frontmatter(root, held)["supersedes"] == [old]


def test_a_duplicate_naming_nothing_changes_no_byte(root: Path) -> None:
    """Without `supersedes` a duplicate writes nothing at all: every file byte-identical."""
    harvester, clock = writer(root)
    written(harvester, clock, 0, OLD)
    held = written(harvester, clock, 3, HELD)
    before = files(root)
    outcome = harvester.submit(lesson(HELD), trigger="manual")
    assert (outcome.status, outcome.memory_id) == ("duplicate", held)
    assert files(root) == before


@pytest.mark.parametrize("case", ["own id", "superseded", "newer", "cycle", "dry run"])
def test_links_the_held_memory_may_not_take_change_no_byte(root: Path, case: str) -> None:
    """Named and not taken: the held memory's own id; an old memory already superseded (not
    live); one newer than the held memory (a claim made after the held text is not replaced
    by it); one that supersedes the held memory (a cycle); and any link of a dry run."""
    harvester, clock = writer(root)
    old = written(harvester, clock, 0, OLD)
    held = written(harvester, clock, 3, HELD)
    named = {"own id": held, "superseded": old, "cycle": old, "dry run": old}.get(case, "")
    if case == "superseded":
        written(harvester, clock, 4, "W15 logs are read by the watcher.", supersedes=[old])
    if case == "newer":
        named = written(harvester, clock, 5, "The W15 logs to Artisan again, .alog files kept.")
    if case == "cycle":  # the old one (by hand) says it replaced the held one
        store = FileStore(root)
        record = {**store.get(old, touch=False).record(), "supersedes": [held]}
        store.put(Memory.model_validate(record))
        held_was = store.get(held, touch=False)
        assert held not in {m.id for m in store.list(LIVE)} and held_was.supersedes == ()
    before = files(root)
    clock.now = DAY0 + timedelta(days=9)
    outcome = harvester.submit(
        lesson(HELD, supersedes=[named]), trigger="manual", dry_run=case == "dry run"
    )
    assert (outcome.status, outcome.memory_id) == ("duplicate", held)
    assert files(root) == before


def test_missing_ids_and_too_many_ids_are_refused_before_anything_is_written(root: Path) -> None:
    """A `supersedes` naming a missing id, or 1,000 ids, is the validator's refusal, as for
    any draft: the duplicate check is never reached and no file changes."""
    harvester, clock = writer(root)
    old = written(harvester, clock, 0, OLD)
    written(harvester, clock, 3, HELD)
    before = files(root)
    missing = harvester.submit(lesson(HELD, supersedes=["semantic-000000000000"]), trigger="manual")
    many = harvester.submit(lesson(HELD, supersedes=[old] * 1000), trigger="manual")
    assert missing.status == many.status == "rejected"
    assert files(root) == before


def test_the_held_memory_takes_links_up_to_the_limit_of_ids(root: Path) -> None:
    """64 live old memories named at once: the held memory takes what fits its 64 ids."""
    harvester, clock = writer(root)
    olds = [
        written(harvester, clock, 0, f"Bin {i} of the green store holds lot L-{i}.")
        for i in range(64)
    ]
    held = written(harvester, clock, 3, HELD, supersedes=olds[:10])
    outcome = harvester.submit(lesson(HELD, supersedes=olds), trigger="manual")
    assert outcome.status == "duplicate"
    assert frontmatter(root, held)["supersedes"] == olds


def test_the_held_memory_takes_the_link_on_every_backend(backend: Opener, root: Path) -> None:
    """Written through the store like any write: after the link, every backend leaves the
    old memory out of live reads and search, and holds one copy of each memory."""
    store = backend.open(root)
    harvester, clock = writer(root, store)
    old = written(harvester, clock, 0, OLD)
    held = written(harvester, clock, 3, HELD)
    clock.now = DAY0 + timedelta(days=7)
    outcome = harvester.submit(lesson(HELD, supersedes=[old]), trigger="manual")
    assert (outcome.status, outcome.memory_id) == ("duplicate", held)
    assert store.get(held, touch=False).supersedes == (old,)
    assert [m.id for m in store.list(LIVE)] == [held]
    found = {h.memory.id for h in store.search("W15 Artisan Cropster logs", 5, LIVE, touch=False)}
    assert found == {held}
    assert backend.remote_ids(store) == sorted([old, held])


def test_on_postgres_the_link_wins_over_another_loops_row(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """On a fleet the held memory may be another loop's row: the link is written all the
    same (this root's version wins: `rewrite`), and the other root reads it from the server."""
    first, second = tmp_path / "a" / "memory", tmp_path / "b" / "memory"
    one = pg_store(first, pg_server, schema="dupelink_fleet")
    two = pg_store(second, pg_server, schema="dupelink_fleet")
    harvester_one, clock = writer(first, one)
    old = written(harvester_one, clock, 0, OLD)
    held = written(harvester_one, clock, 3, HELD)
    harvester_two, clock_two = writer(second, two)
    clock_two.now = DAY0 + timedelta(days=7)
    outcome = harvester_two.submit(lesson(HELD, supersedes=[old]), trigger="manual")
    assert (outcome.status, outcome.memory_id) == ("duplicate", held)
    assert [m.id for m in two.list(LIVE)] == [held]
    found = {h.memory.id for h in one.search("W15 Artisan Cropster logs", 5, LIVE, touch=False)}
    assert found == {held}
    for store in (one, two):
        store.close()  # type: ignore[attr-defined]


def test_a_cycle_through_a_long_chain_is_refused(root: Path) -> None:
    """The old memory named supersedes the held one through a chain of 1,000 memories: the
    link would make a cycle, so nothing is written (and the walk is quick)."""
    harvester, _ = writer(root)
    store = harvester.store
    held = written(harvester, Clock(), 0, HELD)
    last = held
    assert isinstance(store, FileStore)
    with store.batch():  # one folder sync for the chain
        for i in range(1_000):
            chained = stored(f"Silo {i} feeds line {i}.", f"semantic-chain{i:07d}", [last])
            store.put(chained)
            last = chained.id
    before = files(root)
    started = time.monotonic()
    outcome = harvester.submit(lesson(HELD, supersedes=[last]), trigger="manual")
    assert time.monotonic() - started < 10
    assert (outcome.status, outcome.memory_id) == ("duplicate", held)
    assert files(root) == before


def test_a_pattern_takes_the_lesson_its_restated_assessment_names(root: Path) -> None:
    """The kinds are the hook's to state: a reflective assessment held, restated by a
    harvest's draft that supersedes a lesson (as a contradicted lesson's assessment does),
    takes that lesson; a principle named is never taken."""
    harvester, clock = writer(root)
    old = written(harvester, clock, 0, OLD)
    rule = harvester.submit(
        {"text": "Every roast is logged.", "type": "principle", "app_id": "roast"}, trigger="manual"
    ).memory_id
    pattern = "W15 logging failed in 3 runs since the Cropster move; the Artisan path is gone."
    held = written(harvester, clock, 3, pattern, type="reflective")
    outcome = harvester.submit(
        lesson(pattern, type="reflective", supersedes=[old, rule]), trigger="judgment_harvest"
    )
    assert (outcome.status, outcome.memory_id) == ("duplicate", held)
    assert frontmatter(root, held)["supersedes"] == [old]
