"""A write's duplicate lookup asks, in the same statement, what the restatement check of
its draft asks next (the count of memories holding each word), so the check counts no word
again: one round trip fewer per write, the same candidates."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agentmem.core.model import Memory, content_key
from agentmem.core.writer import Harvester
from agentmem.settings import settings_from_values
from agentmem.stores.base import Filters
from agentmem.stores.bm25 import tokenize
from agentmem.stores.pg_local import LocalServer
from agentmem.stores.postgres import PostgresStore
from tests.backends import pg_store
from tests.test_store_contract import mem

COUNT = "(SELECT count(*) FROM (SELECT 1 FROM postings p"  # a word's count, in any statement


class Recorded:
    """A connection that notes each statement it runs (pipelines and transactions pass)."""

    def __init__(self, conn: Any, said: list[str]) -> None:
        self._conn = conn
        self._said = said

    def execute(self, statement: Any, *args: Any, **kwargs: Any) -> Any:
        text = statement.decode() if isinstance(statement, bytes) else str(statement)
        self._said.append(text)
        return self._conn.execute(statement, *args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


def recording(store: PostgresStore) -> list[str]:
    said: list[str] = []
    real = store.call
    store.call = lambda fn: real(lambda conn: fn(Recorded(conn, said)))  # type: ignore[method-assign]
    return said


def _two(tmp_path: Path, server: LocalServer) -> tuple[PostgresStore, PostgresStore]:
    a = pg_store(tmp_path / "a", server, "ahead26")
    b = pg_store(tmp_path / "b", server, "ahead26")
    assert isinstance(a, PostgresStore) and isinstance(b, PostgresStore)
    return a, b


def _quarry(tmp_path: Path, server: LocalServer) -> tuple[PostgresStore, PostgresStore]:
    """Two stores of one server, the first holding three lessons of the quarry app."""
    a, b = _two(tmp_path, server)
    for i, text in enumerate(
        [
            "The quarry conveyor greases its rollers every ninth shift",
            "Quarry crushers get new jaw plates after 400 hours",
            "The conveyor belt at the quarry is checked for tears weekly",
        ]
    ):
        a.put(
            mem(f"semantic-quarry{i:02d}", text, app_id="quarry", run_id=f"2026-03-0{i + 1}-r{i}")
        )
    return a, b


def test_lookup_finds_the_fleets_copy_and_counts_the_drafts_words(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """Another loop's memory of the same content is found in one statement, which also
    counts the draft's words; the counts are kept for every check of the add, and dropped
    by the next lookup, a row this store writes, and the end of the writer's add."""
    a, b = _two(tmp_path, pg_server)
    text = "The quarry conveyor greases its rollers every ninth shift"
    held = mem("semantic-quarry00", text, app_id="quarry")
    a.put(held)
    key = content_key(held.text, held.user_id, held.agent_id, held.app_id)
    said = recording(b)
    assert b.find_duplicate_of(key, text) == held.id
    assert len(said) == 1
    counts = dict.fromkeys(tokenize(text), 1)
    assert b.counted_ahead(text) == counts
    assert b.counted_ahead("the conveyor rollers") == counts  # a later check of the add
    assert b.find_duplicate_of("0" * 64, "") is None and b.counted_ahead("") == {}
    b.find_duplicate_of(key, text)
    b.put(mem("semantic-quarry01", "Quarry trucks idle for ten minutes at most"))
    assert b.counted_ahead(text) == {}  # its own write changed the counts
    with b.reached():
        b.find_duplicate_of(key, text)
        assert b.counted_ahead(text) == {**counts, "quarri": 2}  # counted again, with it
    assert b.counted_ahead(text) == {}  # the add is over
    a.close()
    b.close()


def test_the_check_after_a_lookup_counts_no_word_again(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """The check that follows a lookup runs no count of its own, and finds what a check
    without the lookup finds, in the same order."""
    a, b = _quarry(tmp_path, pg_server)
    draft = "The quarry conveyor rollers are greased every eighth shift now"
    filters = Filters(app_ids=("quarry", "_global"))
    plain = [h.memory.id for h in b.lexical_search(draft, 8, filters)]
    said = recording(b)
    key = content_key(draft, "tester", "executive", "quarry")
    assert b.find_duplicate_of(key, draft) is None
    looked = len(said)
    ahead = [h.memory.id for h in b.lexical_search(draft, 8, filters)]
    assert ahead == plain and plain
    assert not any(COUNT in s for s in said[looked:])
    a.close()
    b.close()


def test_a_later_check_of_the_add_counts_none_of_the_drafts_words_again(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """A check of one sentence of the draft, after the draft's own check, counts none of
    its words again (they were counted by the lookup: one round trip fewer), and finds
    what it finds counting them afresh, in the same order."""
    a, b = _quarry(tmp_path, pg_server)
    draft = "Crushers at the quarry get new jaw plates after 350 hours. Rollers are greased daily."
    sentence = "Crushers at the quarry get new jaw plates after 350 hours."
    filters = Filters(app_ids=("quarry", "_global"))
    plain = [h.memory.id for h in b.lexical_search(sentence, 3, filters)]
    b._term_counts.clear()  # nothing remembered from the plain check
    said = recording(b)
    key = content_key(draft, "tester", "executive", "quarry")
    with b.reached():
        assert b.find_duplicate_of(key, draft) is None
        b.lexical_search(draft, 8, filters)
        looked = len(said)
        ahead = [h.memory.id for h in b.lexical_search(sentence, 3, filters)]
    assert ahead == plain and plain
    assert not any(COUNT in s for s in said[looked:])
    a.close()
    b.close()


def test_a_write_makes_one_round_trip_before_its_check(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """Through the writer: the lookup and the word counts are one statement; the write
    is accepted and the same content from another loop is its duplicate."""
    a, b = _two(tmp_path, pg_server)
    settings = settings_from_values({"AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(b.root)})
    draft = {
        "text": "Kiln four fires its glaze load at 1,180 C",
        "type": "semantic",
        "confidence": 0.8,
    }
    said = recording(b)
    outcome = Harvester(settings, b).submit(draft, trigger="manual")
    assert outcome.status == "accepted", outcome.problems
    counting = [s for s in said if COUNT in s]
    assert len(counting) == 1 and "content_key" in counting[0]
    other = settings_from_values({"AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(a.root)})
    again = Harvester(other, a).submit(draft, trigger="manual")
    assert again.status == "duplicate" and again.memory_id == outcome.memory_id
    assert isinstance(Memory.model_validate(b.get(outcome.memory_id).record()), Memory)
    a.close()
    b.close()
