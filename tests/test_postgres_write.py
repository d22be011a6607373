"""The postgres backend's write path: what a write costs the other loops of its root, and
what the file of a write says.
"""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

from agentmem.core.writer import Harvester
from agentmem.settings import settings_from_values
from agentmem.stores import frontmatter, pg_prune
from agentmem.stores.base import Filters
from agentmem.stores.pg_local import LocalServer, free_port
from agentmem.stores.postgres import PostgresStore
from tests.test_postgres_parity import corpus, loaded, questions


def _writer(store: PostgresStore, tmp_path: Path) -> Harvester:
    settings = settings_from_values(
        {"AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(store.root)}, tmp_path
    )
    return Harvester(settings, store)


def _draft(text: str) -> dict[str, object]:
    return {"text": text, "type": "semantic", "confidence": 0.8}


def test_a_loop_reconnecting_after_its_rest_does_not_hold_the_roots_write_lock(
    tmp_path: Path,
) -> None:
    """Two loops on one root, the server unreachable (a closed port). Loop B's rest is over,
    so its next write tries to connect and waits for the connect timeout; loop A (resting)
    writes meanwhile. A's write is not held up by B's connect: B connects before it takes
    the root's write lock (it used to connect inside it, and A waited for all of it).
    Compared as a ratio of the two durations in one run, not as absolute times."""
    url = f"postgresql://postgres@127.0.0.1:{free_port()}/postgres"
    root = tmp_path / "memory"
    a, b = (PostgresStore(root, url, timeout_s=0.5) for _ in range(2))
    a.count()  # fails: A rests for replay_interval_s (30 s)
    assert a._resting()
    b._failed_at = time.monotonic() - b.replay_interval_s - 1  # B failed once; rest over
    writer_a, writer_b = _writer(a, tmp_path), _writer(b, tmp_path)
    warm = writer_a.submit(_draft("Loop A: the cache is warm."), trigger="manual")
    assert warm.status == "accepted"  # A's first write builds its files ranking: not timed
    took: dict[str, float] = {}

    def b_writes() -> None:
        started = time.perf_counter()
        draft = _draft("Loop B: the nightly export runs at 02:00.")
        outcome = writer_b.submit(draft, trigger="manual")
        took["b"] = time.perf_counter() - started
        assert outcome.status == "accepted"

    thread = threading.Thread(target=b_writes)
    thread.start()
    deadline = time.monotonic() + 30
    while b._pool is None and time.monotonic() < deadline:  # B is connecting
        time.sleep(0.001)
    started = time.perf_counter()
    outcome = writer_a.submit(_draft("Loop A: staging deploys need the VPN."), trigger="manual")
    took["a"] = time.perf_counter() - started
    thread.join()
    assert outcome.status == "accepted"
    assert took["a"] < 0.25 * took["b"], took  # A did not wait for B's connect
    assert len(a.outbox) == 3  # both are files, their rows owed: nothing lost
    a.close()
    b.close()


def test_the_c_emitter_writes_the_bytes_the_python_emitter_writes() -> None:
    """Frontmatter is emitted by libyaml where the record's strings are printable BMP text
    (the same bytes as the Python emitter), and by the Python emitter otherwise (an emoji,
    a tab, a YAML-only line break): a file's text never depends on libyaml."""
    python = frontmatter._Dumper
    records = [
        {"id": "semantic-abc", "tags": ["ci", "déploiement", "中文"], "source": "a: b # c"},
        {"id": "semantic-abc", "source": "x" * 150 + " " + "y" * 150, "confidence": 0.8},
        {"id": "semantic-abc", "source": "tab\there", "tags": ["😀"]},
        {"id": "semantic-abc", "source": "line\u2028break", "n": None, "ok": True},
    ]
    for record in records:
        want = yaml.dump(record, Dumper=python, sort_keys=False, allow_unicode=True, width=100)
        assert frontmatter.render(record, "body") == f"---\n{want}---\nbody\n"
    assert frontmatter._plain_text(records[0]) and frontmatter._plain_text(records[1])
    assert not frontmatter._plain_text(records[2]) and not frontmatter._plain_text(records[3])


def test_the_restatement_check_asks_no_postings_when_its_words_have_few(
    pg_server: LocalServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The writer's restatement check counts its words' postings first (pg_rank.distinctive);
    when they are at most `exact_max`, the server's exact statement ranks them at once,
    without fetching the candidates' postings (a round trip and 1.4 ms of a write's CPU),
    prepared and planned once from its first run, never again (a generic plan saves the
    parse and the plan: a quarter of a write's server CPU; left to choose, the server
    planned it again at every write on a store of 100K memories), and ranks as the files
    backend does. A search (every word) still fetches them, and its statement is never
    prepared."""
    rng = random.Random(2)
    files, server = loaded(tmp_path / "memory", pg_server, corpus(rng, 120))
    assert isinstance(server, PostgresStore)
    server.close()
    server = PostgresStore(server.root, pg_server.url, schema=server.schema, pool_size=1)
    fetched: list[Any] = []
    real = pg_prune.candidates
    monkeypatch.setattr(pg_prune, "candidates", lambda *a: fetched.append(a) or real(*a))
    asked = questions(rng, 12)
    for question in asked:
        want = files.lexical_search(question, 8, Filters())
        got = server.lexical_search(question, 8, Filters())
        assert [h.memory.id for h in got] == [h.memory.id for h in want], question
    assert fetched == []
    server.search(asked[0], 8, touch=False)
    assert len(fetched) == 1
    with server.connection() as conn:  # the pool's only connection (pool_size 1)
        plans = conn.execute(
            "SELECT generic_plans, custom_plans FROM pg_prepared_statements "
            "WHERE statement LIKE '%%WITH q AS%%'"
        ).fetchall()
    assert len(plans) == 1 and plans[0][0] > 5 and plans[0][1] == 0, plans
    files.close()
    server.close()
