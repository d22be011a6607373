"""The handle a hook's plugins work through. Every call is counted for the result's histogram."""

from __future__ import annotations

import codecs
import time
from collections import Counter
from collections.abc import Callable, Mapping
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from agentmem._exceptions import AgentMemError
from agentmem.core.model import Hit, Memory
from agentmem.core.secrets import redact
from agentmem.results import Hop, Pack, Reads
from agentmem.retrieval.pack import TokenCounter, approx_tokens, build_pack
from agentmem.retrieval.reader import Answer, Reader
from agentmem.settings import Settings
from agentmem.stores.base import Filters

MAX_READ_BYTES = 512 * 1024
# A file that starts with a byte-order mark says its encoding (Windows editors save
# "Unicode" text as UTF-16 with one); UTF-32's marks first, as they begin like UTF-16's.
BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def decode(data: bytes) -> str:
    """Text of a repository file: the encoding its BOM names, else UTF-8; bad bytes replaced."""
    for bom, encoding in BOMS:
        if data.startswith(bom):
            return data[len(bom) :].decode(encoding, errors="replace")
    return data.decode("utf-8", errors="replace")


class OutsideRepo(AgentMemError):
    """Raised when a plugin asks to read a file outside the host's repository."""


class BadPath(AgentMemError):
    """Raised when a path cannot name a file at all (a NUL byte, a lone surrogate)."""


class FireOver(AgentMemError):
    """Raised when a plugin or reasoner calls a tool after its hook's time budget ran out."""


class Tools:
    """Read memory, read repo files and propose drafts; nothing here writes memory."""

    def __init__(
        self,
        reader: Reader,
        settings: Settings,
        *,
        deadline: float | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        self._reader = reader
        self.settings = settings
        self._clock = clock or (lambda: datetime.now(UTC))  # the host's, as memories' dates
        # The fire's deadline (time.monotonic()); a reasoner caps each request's HTTP
        # timeout with what is left of it. Unset: a whole budget from now.
        self.deadline = time.monotonic() + settings.hook_timeout_s if deadline is None else deadline
        self.calls: Counter[str] = Counter()
        self.reads = Reads()
        self.proposed: list[Mapping[str, Any]] = []
        self.closed = False  # set when the hook's time is up: late calls change nothing

    def today(self) -> date:
        """The day by the host's clock (the one `MemoryHooks` was given)."""
        return self._clock().date()

    def time_left(self) -> float:
        """Seconds of the hook's budget left (0 once the runtime has closed the fire)."""
        return 0.0 if self.closed else max(0.0, self.deadline - time.monotonic())

    def _count(self, name: str) -> None:
        if self.closed:
            raise FireOver(f"{name} called after the hook's time budget ran out")
        self.calls[name] += 1

    def _record(self, question: str, hits: list[Hit]) -> None:
        # The result is printed (fire --json) and returned to the host: a question asked
        # with a lesson's text (hook D's check for a lesson already held) may hold a key.
        query = redact(question)
        self.reads.queries.append(query)
        self.reads.hops.append(
            Hop(query=query, ids=[h.memory.id for h in hits], scores=[h.score for h in hits])
        )
        for hit in hits:
            if hit.memory.id not in self.reads.returned:
                self.reads.returned.append(hit.memory.id)

    def scope(self, app_id: str | None = None) -> Filters:
        """The default read scope: this user, the app (if any) and `_global`."""
        apps = None if app_id is None else tuple(dict.fromkeys((app_id, "_global")))
        return Filters(user_id=self.settings.user_id, app_ids=apps)

    def search_memory(
        self, question: str, k: int = 10, filters: Filters | None = None
    ) -> list[Hit]:
        """One retrieval."""
        self._count("search_memory")
        hits = self._reader.search(question, k, filters)
        self._record(question, hits)
        return hits

    def ask_memory(self, question: str, k: int = 10, filters: Filters | None = None) -> Answer:
        """A multi-hop read; each hop counts as one retrieval."""
        self._count("ask_memory")
        answer = self._reader.ask(question, k, filters)
        for hop in answer.hops:
            shown = hop.model_copy(update={"query": redact(hop.query)})
            self.reads.queries.append(shown.query)
            self.reads.hops.append(shown)
        for hit in answer.hits:
            if hit.memory.id not in self.reads.returned:
                self.reads.returned.append(hit.memory.id)
        return answer

    def holds(self, memory_id: str) -> bool:
        """Whether memory holds this id (to check a citation; not counted as a call)."""
        try:
            self._reader.get(memory_id)
        except AgentMemError:
            return False
        return True

    def list_memories(self, filters: Filters | None = None) -> list[Memory]:
        self._count("list_memories")
        return self._reader.list(filters)

    def get_memory(self, memory_id: str) -> Memory:
        self._count("get_memory")
        return self._reader.get(memory_id)

    def build_pack(self, hits: list[Hit], count: TokenCounter = approx_tokens) -> Pack:
        """A Memory Pack within the settings' budget; `count` is any `str -> int` counter."""
        self._count("build_pack")
        s = self.settings
        return build_pack(
            hits,
            max_tokens=s.pack_tokens,
            max_entries=s.pack_entries,
            floor=s.confidence_floor,
            count=count,
        )

    def read_file(self, path: str | Path) -> str:
        """Read a text file inside the host's repository (never outside it)."""
        self._count("read_file")
        base = self.settings.base_dir.resolve()
        try:
            target = (base / path).resolve()
            if not target.is_relative_to(base):
                raise OutsideRepo(f"{path!r}: outside the repository {base}")
            if target.stat().st_size > MAX_READ_BYTES:
                raise OutsideRepo(f"{path!r}: larger than {MAX_READ_BYTES} bytes")
            return decode(target.read_bytes())
        except (ValueError, UnicodeError) as exc:  # "embedded null byte", a lone surrogate
            raise BadPath(f"{path!r}: not a file name ({exc}); give a repository path") from exc

    def propose_memory(self, draft: Mapping[str, Any]) -> None:
        """Hand a draft to the runtime; the one writer decides whether it is stored."""
        self._count("propose_memory")
        self.proposed.append(draft)
