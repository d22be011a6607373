"""A verb and its noun meet in the index: the stems of "-duce" / "-duction" and the like
fold together (agentmem.stores.folding), in the files index and on the postgres server
alike, and an index saved by the earlier tokenizer is rebuilt."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from agentmem.core.model import Memory
from agentmem.stores import frontmatter
from agentmem.stores.bm25 import INDEX_FORMAT, META, Bm25Index, tokenize
from agentmem.stores.filestore import FileStore
from agentmem.stores.folding import fold
from agentmem.stores.pg_local import LocalServer
from agentmem.stores.postgres import PostgresStore
from tests.backends import pg_store

FAMILIES = [
    ("the fee was deduced from the invoice", "a deduction on the invoice"),
    ("we introduced a canary stage", "the introduction of a canary stage"),
    ("the wiki describes the rota", "the rota's description"),
    ("the kiosk receives tickets", "the kiosk's reception of tickets"),
    ("the heater consumed gas", "the heater's gas consumption"),
    ("the sweep excluded archived tapes", "the exclusion of archived tapes"),
    ("the clerk resolved the backlog", "the backlog's resolution"),
]


@pytest.mark.parametrize(
    ("verb", "noun"),
    [
        ("deduced", "deduction"),
        ("introduces", "introduction"),
        ("describes", "description"),
        ("receiving", "reception"),
        ("consumed", "consumption"),
        ("excluded", "exclusion"),
        ("resolved", "resolution"),
        ("transcribe", "transcripts"),
    ],
)
def test_a_verb_and_its_noun_share_their_stem(verb: str, noun: str) -> None:
    """The participle's root ("-duct", "-script", "-ceiv"/"-cept", "-sumpt", "-clus",
    "-olut") folds onto the verb's, so the two words are one term."""
    assert tokenize(verb) == tokenize(noun)


def test_a_bare_root_and_words_of_other_families_keep_their_stems() -> None:
    """Only a root with letters before it folds ("duct" and "script" stay), and "accept",
    "commit" and "commission" stay apart from any verb."""
    assert tokenize("duct script accept except") == ["duct", "script", "accept", "except"]
    assert set(tokenize("commit")).isdisjoint(tokenize("commission"))
    assert fold("inspect") == "inspect"


def test_a_question_with_the_noun_finds_a_lesson_told_with_the_verb(tmp_path: Path) -> None:
    """The files backend: a goal that names the noun ranks the lesson told with the verb."""
    root = tmp_path / "memory"
    _write(root, [_memory(0, "Always double the fee deduced at checkout"), _memory(1, "a fee")])
    store = FileStore(root)
    hits = store.search("Which deduction applies?", 5, touch=False)
    assert [h.memory.id for h in hits] == ["semantic-f00000"]
    store.close()


def test_an_index_saved_by_the_earlier_tokenizer_is_rebuilt(tmp_path: Path) -> None:
    """A saved index of the previous format holds unfolded terms: it is not loaded, so a
    question with the verb still finds the noun's document."""
    folder = tmp_path / "bm25"
    documents = ["a deduction on the invoice", "the rota for tuesday"]
    Bm25Index.cached(folder, ["a", "b"], documents)
    meta = json.loads((folder / META).read_text(encoding="utf-8"))
    meta["format"] = INDEX_FORMAT - 1
    meta["terms"] = [t + "t" if t == "deduc" else t for t in meta["terms"]]  # as format 3
    (folder / META).write_text(json.dumps(meta), encoding="utf-8")
    index = Bm25Index.cached(folder, ["a", "b"], documents)
    assert index.scores("we deduced it").tolist()[0] > 0
    assert json.loads((folder / META).read_text(encoding="utf-8"))["format"] == INDEX_FORMAT


def test_the_server_ranks_folded_words_as_the_files_backend(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """The server's postings are tokenized by the same tokenizer: a question with a verb
    ranks the memories told with its noun in the same order, with the same scores."""
    root = tmp_path / "memory"
    texts = [t for pair in FAMILIES for t in pair] + ["the duct tape", "a script for tuesday"]
    _write(root, [_memory(i, t) for i, t in enumerate(texts)])
    server = pg_store(root, pg_server)
    assert isinstance(server, PostgresStore)
    server.rebuild()
    files = FileStore(root)
    for question in ["deduced fee", "receive tickets", "the exclusions", "script duct"]:
        want = files.search(question, 10, touch=False)
        got = server.search(question, 10, touch=False)
        assert [h.memory.id for h in got] == [h.memory.id for h in want], question
        assert [h.score for h in got] == pytest.approx([h.score for h in want], rel=1e-7)
        assert len(want) >= 2, question  # both forms of the family were found
    files.close()
    server.close()


def _memory(i: int, text: str) -> Memory:
    return Memory.model_validate(
        {
            "id": f"semantic-f{i:05d}",
            "text": text,
            "type": "semantic",
            "confidence": 0.8,
            "user_id": "ana",
            "app_id": "_global",
            "run_id": f"2026-01-02-run-{i}",
            "trigger": "manual",
            "created_at": (datetime.now(UTC) - timedelta(days=1)).isoformat(),
        }
    )


def _write(root: Path, memories: list[Memory]) -> None:
    (root / "entries").mkdir(parents=True)
    for memory in memories:
        record = memory.record()
        body = record.pop("text")
        (root / "entries" / f"{memory.id}.md").write_text(frontmatter.render(record, body))
