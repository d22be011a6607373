"""The writer's restatement check on the postgres backend, on a store large enough that it
ranks only the draft's rarest words (agentmem.stores.pg_restate)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from agentmem.core.model import Memory
from agentmem.core.writer import Harvester
from agentmem.settings import settings_from_values
from agentmem.stores import pg_prune
from agentmem.stores.base import Filters
from agentmem.stores.bm25 import tokenize
from agentmem.stores.pg_local import LocalServer
from agentmem.stores.pg_rank import DISTINCTIVE_BUDGET, RankRequest, ranked, search_sql
from agentmem.stores.pg_restate import HOLDERS_POSTINGS, alone, pigeonhole
from agentmem.stores.postgres import PostgresStore
from tests.test_postgres_parity import FILTERS, NOW, corpus, loaded, questions

COMMON = [
    "quorvel",
    "brastane",
    "miltock",
    "serrafin",
    "dunwhale",
    "corbish",
    "vantreel",
    "glimmoth",
]
RARE = "zephyrine"


def _letters(i: int) -> str:
    word = ""
    for _ in range(4):
        i, digit = divmod(i, 26)
        word += "abcdefghijklmnopqrstuvwxyz"[digit]
    return word


def _corpus(n: int) -> list[Memory]:
    """n lessons: each holds every common word with chance 1/3 (about 400 memories each
    at n = 1,200: above the check's budget of 300 postings) and three words of its own;
    three hold the rare word; one (`held`) is the eight common words and nothing else."""
    rng = random.Random(5)
    memories = []
    for i in range(n):
        words = [w for w in COMMON if rng.random() < 1 / 3] + [
            f"pel{_letters(i * 3 + j)}" for j in range(3)
        ]
        if i < 3:
            words.append(RARE)
        memories.append(_lesson(f"semantic-f{i:05d}", " ".join(words)))
    memories.append(_lesson("semantic-held", " ".join(COMMON)))
    return memories


def _lesson(memory_id: str, text: str) -> Memory:
    return Memory.model_validate(
        {
            "id": memory_id,
            "text": text,
            "type": "semantic",
            "confidence": 0.8,
            "user_id": "tester",
            "app_id": "_global",
            "run_id": "2026-01-01-manual",
            "trigger": "manual",
            "created_at": "2026-01-01T00:00:00+00:00",
        }
    )


def test_a_restatement_sharing_only_common_words_with_the_draft_is_caught(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """A held lesson of eight words, each in about 400 of 1,200 memories; a draft that says
    the same and adds a rare word (in 3 memories). The check ranks the draft's rarest words
    within its budget of 300 postings: the rare word alone, which the held lesson lacks, so
    it used to miss it and the draft was written as a new memory. The held lesson holds all
    of the draft's words but one (what a restatement holds): it is judged first, and the
    draft is a duplicate of it."""
    _files, server = loaded(tmp_path / "memory", pg_server, _corpus(1200))
    assert isinstance(server, PostgresStore)
    draft = " ".join([*COMMON, RARE])
    with server.connection() as conn:
        counts = dict(
            conn.execute(
                "SELECT term, count(*) FROM postings WHERE term = ANY(%s) GROUP BY term",
                (sorted(set(tokenize(draft))),),
            ).fetchall()
        )
    assert len(counts) == 9 and counts[tokenize(RARE)[0]] == 3
    assert sorted(counts.values())[1] > DISTINCTIVE_BUDGET  # the old shortcut's case
    hits = server.lexical_search(draft, 8, Filters(user_id="tester"))
    assert hits[0].memory.id == "semantic-held"
    server.exact_max = 0  # the rarest words ranked by the pruned statement: the same
    assert (
        server.lexical_search(draft, 8, Filters(user_id="tester"))[0].memory.id == "semantic-held"
    )
    server.exact_max = pg_prune.EXACT_MAX
    settings = settings_from_values(
        {"AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(server.root)}, tmp_path
    )
    outcome = Harvester(settings, server).submit(
        {"text": draft, "type": "semantic", "confidence": 0.8}, trigger="manual"
    )
    assert (outcome.status, outcome.memory_id) == ("duplicate", "semantic-held")
    server.close()


def test_the_holders_are_found_by_two_of_the_rarest_words_and_only_when_cheap() -> None:
    """Nine content words: a restatement may miss one (one in eight), so it holds 2 of any 3
    of them; the 3 rarest are asked. A word no memory holds is one the restatement misses
    too; a draft whose 3 rarest words have more than HOLDERS_POSTINGS postings is left to
    the rarest-words ranking."""
    draft = " ".join([*COMMON, RARE])
    tokens = tokenize(draft)
    common, rare = tokens[:8], tokens[8]
    counts = {**{w: 400 + i for i, w in enumerate(common)}, rare: 3}
    hole = pigeonhole(draft, tokens, counts, cap=5000)
    assert hole is not None
    assert (hole.rare, hole.need, hole.held) == ([rare, *common[:2]], 2, 8)
    absent = pigeonhole(draft, tokens, {**counts, rare: 0}, cap=5000)
    assert absent is not None and (absent.rare, absent.need, absent.held) == (common[:2], 2, 8)
    crowded = dict.fromkeys(tokens, HOLDERS_POSTINGS)
    assert pigeonhole(draft, tokens, crowded, cap=10**9) is None


def test_the_check_ranks_the_writers_filters_as_the_files_backend(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """The check's filters (lessons and principles: no episodic memory, the only kind with
    neighbours) let the server rank without working out runs; on a corpus with episodic
    runs whose words have fewer postings than the budget, the ids and the scores are the
    files backend's."""
    rng = random.Random(4)
    files, server = loaded(tmp_path / "memory", pg_server, corpus(rng, 120))
    lessons = ("semantic", "procedural", "reflective", "principle")
    compared = 0
    for question in questions(rng, 12):
        for filters in (Filters(types=lessons), Filters(user_id="ana", types=lessons)):
            want = files.lexical_search(question, 8, filters)
            got = server.lexical_search(question, 8, filters)
            assert [h.memory.id for h in got] == [h.memory.id for h in want], question
            assert [h.score for h in got] == pytest.approx([h.score for h in want], rel=1e-7)
            compared += len(want)
    assert compared > 40
    files.close()
    server.close()


def test_the_one_pass_ranking_gives_the_exact_statements_rows(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """Without neighbour context (the check's case), the one-pass statement the check runs
    (pg_restate.alone) returns the exact statement's rows, to the bit: the same ids in the
    same order (ties included: the corpus has twins), scores, BM25, decay (some memories
    read, so from their last read), supersession and each term's weight, under every
    filter the parity suite uses and the check's own."""
    rng = random.Random(9)
    files, server = loaded(tmp_path / "memory", pg_server, corpus(rng, 150))
    asked = questions(rng, 10)
    for question in asked[:4]:  # some reads on the server: decay from the last one
        server.search(question, 5)
    no_runs = replace(server.params, neighbours=())
    lessons = Filters(user_id="ana", types=("semantic", "procedural", "reflective", "principle"))
    compared = 0
    with server.connection() as conn:
        for question in asked:
            for filters in (*FILTERS, lessons, Filters(include_superseded=True)):
                request = RankRequest(
                    tuple(tokenize(question)), 8, filters, no_runs, NOW.timestamp(), explain=True
                )
                statement, args = search_sql(request)
                want = [ranked(r) for r in conn.execute(statement, args).fetchall()]
                assert alone(conn, request) == want, (question, filters)
                compared += len(want)
    assert compared > 150
    files.close()
    server.close()
