"""Ranking parity: the server ranks a random corpus exactly as the files backend does.

One root of files, ranked by a FileStore and by a PostgresStore; random questions (repeated
words, unknown words, filters) must return the same top 10 ids in the same order, with
the same scores, whatever the mix of runs (neighbour context), supersession, confidence,
ages (decay) and expiry.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from agentmem.core.model import Memory
from agentmem.core.restate import Lexical
from agentmem.retrieval.ranking import top_k
from agentmem.stores import frontmatter
from agentmem.stores.base import Filters
from agentmem.stores.filestore import FileStore
from agentmem.stores.pg_local import LocalServer
from agentmem.stores.pg_rank import distinctive
from agentmem.stores.postgres import PostgresStore
from tests.backends import pg_store

TYPES = [("semantic", 0.8), ("procedural", 0.65), ("episodic", 1.0), ("reflective", 0.9)]
APPS = ["billing-api", "infra", "_global"]
NOW = datetime.now(UTC).replace(microsecond=0)


def corpus(rng: random.Random, n: int) -> list[Memory]:
    words = [f"w{i}" + "x" * (i % 3) for i in range(120)]  # x: some words stem alike
    memories: list[Memory] = []
    for i in range(n):
        kind, confidence = TYPES[i % 4] if i % 7 else TYPES[2]
        # Zipf-like draws: a few words in many memories, most in a handful.
        drawn = [
            words[min(int(rng.paretovariate(0.9)) - 1, 119)] for _ in range(rng.randint(0, 14))
        ]
        text = " ".join([*drawn, f"u{i}"])  # unique: one content, one memory
        age = rng.choice([0.5, 3.0, 12.0, 90.0, 400.0])  # days: decay from 0.98 to its floor
        record: dict[str, Any] = {
            "id": f"{kind}-m{i:05d}",
            "text": text,
            "type": kind,
            "confidence": confidence,
            "user_id": rng.choice(["ana", "bo"]),
            "app_id": rng.choice(APPS),
            "run_id": f"2026-01-0{1 + i % 3}-run-{i // 9}",
            "trigger": "manual",
            "created_at": (NOW - timedelta(days=age, seconds=i % 5)).isoformat(),
        }
        if i % 11 == 0:
            record["tags"] = [rng.choice(["ops", "api", "db"])]
        if i % 13 == 5 and memories:
            record["supersedes"] = [rng.choice(memories).id]
        if i % 17 == 3:
            record["expires_at"] = (NOW - timedelta(days=1)).isoformat()
        memories.append(Memory.model_validate(record))
        if i % 6 == 0:  # a twin in another app: equal scores, so the tie-break decides
            twin = {**record, "id": f"{kind}-t{i:05d}", "app_id": "twin-app"}
            twin.pop("supersedes", None)
            twin["run_id"] = f"2025-12-31-run-{i}"  # its run sorts before the original's
            memories.append(Memory.model_validate(twin))
    return memories


def questions(rng: random.Random, count: int) -> list[str]:
    asked = []
    for _ in range(count):
        terms = [f"w{min(int(rng.paretovariate(0.9)) - 1, 119)}" for _ in range(rng.randint(1, 5))]
        terms += rng.sample(["what", "about", "unknownword", terms[0]], 2)  # stop, unknown, repeat
        asked.append(f"{' '.join(terms)}?")
    return asked


FILTERS = [
    Filters(),
    Filters(app_ids=("infra", "_global")),
    Filters(types=("episodic",)),
    Filters(user_id="ana", tags_any=("ops", "db")),
    Filters(include_expired=True),
]


def loaded(
    root: Path, pg_server: LocalServer, memories: list[Memory]
) -> tuple[FileStore, PostgresStore]:
    """One root of files (as git would bring them: no writer involved), ranked by a
    FileStore and by a PostgresStore loaded by its bulk rebuild (COPY)."""
    (root / "entries").mkdir(parents=True)
    for memory in memories:
        record = memory.record()
        body = record.pop("text")
        (root / "entries" / f"{memory.id}.md").write_text(frontmatter.render(record, body))
    server = pg_store(root, pg_server)
    assert isinstance(server, PostgresStore)
    assert server.rebuild().memories == len(memories)
    return FileStore(root), server


@pytest.mark.parametrize("seed", [1])
def test_top_ten_ids_and_scores_agree_with_the_files_backend(
    pg_server: LocalServer, tmp_path: Path, seed: int
) -> None:
    """Random corpus, random questions, five kinds of filters: same ids, same order,
    same scores (but for the clock moving between the two searches) from the server as from the files backend."""
    rng = random.Random(seed)
    files, server = loaded(tmp_path / "memory", pg_server, corpus(rng, 250))
    compared = 0
    for question in questions(rng, 24):
        for filters in FILTERS:
            want = files.search(question, 10, filters, touch=False)
            got = server.search(question, 10, filters, touch=False)
            assert [h.memory.id for h in got] == [h.memory.id for h in want], (question, filters)
            assert [h.score for h in got] == pytest.approx(
                [h.score for h in want], rel=1e-7
            )  # decay moves with the clock
            compared += len(want)
    assert compared > 400  # the questions did find things
    files.close()
    server.close()


def test_the_restatement_check_ranks_as_the_files_and_leaves_out_words_most_memories_hold(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """The writer's restatement check on the server (`lexical_search`): where the draft's
    words have fewer postings than its budget, the files backend's top 8; else only the
    draft's rarest words choose the candidates (at 100K memories a draft's common words
    cost a second per write), and they still find what it restates."""
    rng = random.Random(2)
    files, server = loaded(tmp_path / "memory", pg_server, corpus(rng, 120))
    assert isinstance(server, Lexical)  # the writer asks lexical_search, not search
    for question in questions(rng, 12):
        for filters in FILTERS[:3]:
            want = files.lexical_search(question, 8, filters)
            got = server.lexical_search(question, 8, filters)
            assert [h.memory.id for h in got] == [h.memory.id for h in want], (question, filters)
    draft = "w0 w0 u7"  # w0: the corpus's commonest word; u7: one memory's own word
    assert len(server.search(draft, 8, touch=False)) == 8
    server.distinctive_budget = 5
    hits = server.lexical_search(draft, 8, Filters())
    assert [h.memory.id for h in hits] == ["episodic-m00007"]
    assert list(hits[0].explain["terms"]) == ["u7"]
    files.close()
    server.close()


def test_the_restatement_check_counts_a_common_word_once_per_process(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """`distinctive` remembers the words it counted above the budget (they can only be
    chosen as the rarest): the next draft with them costs no count of their postings."""
    _files, server = loaded(tmp_path / "memory", pg_server, corpus(random.Random(3), 60))
    known: dict[str, int] = {}
    with server.connection() as conn:
        assert distinctive(conn, ["w0", "u5", "w0"], budget=2, known=known) == ["u5"]
        assert set(known) == {"w0"} and known["w0"] > 2
        conn.execute("DELETE FROM postings WHERE term = 'w0'")  # were it counted, it would go
        assert distinctive(conn, ["w0"], budget=2, known=known) == ["w0"]
    server.close()


def test_top_k_keeps_the_lower_index_among_ties_at_the_cut() -> None:
    """Scores tied at the k-th place: the lower index is kept, whatever argpartition picks
    (the server breaks ties by row order; the files backend must cut the same way)."""
    scores = np.array([0.0] + [0.5] * 40 + [0.9] * 3, dtype=np.float64)
    assert top_k(scores, 5).tolist() == [41, 42, 43, 1, 2]
