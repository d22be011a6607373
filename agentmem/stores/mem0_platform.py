"""The `mem0-platform` backend: the hosted mem0 Platform (`MemoryClient`) as the search side.

Facts about the Platform handled here, in one place:
- `MemoryClient()` calls the network in its constructor, so it is created on first use.
- filters are an `AND`/`OR` tree; entity ids (user, agent, app, run) are first-class.
- an add is queued: the answer names an event, polled until it is terminal (SUCCEEDED or
  FAILED) within a time limit. SUCCEEDED with no results is a failed write.
- status words and keys arrive in more than one casing; `canonical` folds them.
- only 408/429/5xx and dropped connections or timeouts are transient (retried by the one
  policy); a 4xx validation error is permanent and never retried.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

from agentmem.core.model import AGENT_ID, Memory
from agentmem.stores.base import Filters
from agentmem.stores.mem0_oss import import_mem0
from agentmem.stores.projection import (
    ID_KEY,
    TYPE_KEY,
    ProjectionError,
    RemoteRecord,
    Scored,
    metadata,
)

TERMINAL = frozenset({"SUCCEEDED", "FAILED"})
PAGE_SIZE = 100
TRANSIENT_NETWORK = frozenset({"timeout", "connection", "request"})
_CAMEL = re.compile(r"(?<=[a-z0-9])([A-Z])")


def canonical(value: Any) -> Any:
    """Keys to lower snake case and status/event words to upper case, recursively."""
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            snake = _CAMEL.sub(r"_\1", str(key)).lower()
            if snake in ("status", "event", "event_type") and isinstance(item, str):
                out[snake] = item.upper()
            elif snake == "metadata":
                out[snake] = item  # the caller's own keys, kept verbatim
            else:
                out[snake] = canonical(item)
        return out
    if isinstance(value, list):
        return [canonical(v) for v in value]
    return value


def classify(exc: BaseException, what: str) -> ProjectionError:
    """Turn whatever the SDK or httpx raised into a ProjectionError, transient or not."""
    if isinstance(exc, ProjectionError):
        return exc
    import httpx

    status: int | None = None
    transient = False
    if isinstance(exc, httpx.HTTPStatusError):
        status = exc.response.status_code
    debug = getattr(exc, "debug_info", None)
    if isinstance(debug, dict):
        status = status or debug.get("status_code")
        if debug.get("error_type") in TRANSIENT_NETWORK:
            transient = True
    if isinstance(exc, httpx.TransportError | TimeoutError | ConnectionError):
        transient = True
    if status is not None:
        transient = status in (408, 429) or status >= 500
    label = f"HTTP {status}" if status else type(exc).__name__
    return ProjectionError(
        f"mem0 platform {what}: {label}: {exc}", transient=transient, status=status
    )


def tree(filters: Filters) -> dict[str, Any]:
    """agentmem filters as the Platform's AND/OR tree."""
    clauses: list[dict[str, Any]] = [{"agent_id": AGENT_ID}]
    if filters.user_id is not None:
        clauses.append({"user_id": filters.user_id})
    if filters.app_ids is not None:
        clauses.append({"OR": [{"app_id": a} for a in filters.app_ids]})
    if filters.types is not None:
        clauses.append({"OR": [{"metadata": {TYPE_KEY: t}} for t in filters.types]})
    if filters.cohort is not None:
        clauses.append({"metadata": {"cohort": filters.cohort}})
    return {"AND": clauses}


def _results(body: Any) -> list[dict[str, Any]]:
    if isinstance(body, list):
        return [r for r in body if isinstance(r, dict)]
    if isinstance(body, dict):
        return [r for r in body.get("results") or [] if isinstance(r, dict)]
    return []


class PlatformProjection:
    """Projection into the hosted mem0 Platform through `MemoryClient`."""

    name = "mem0-platform"

    def __init__(
        self,
        root: Path,
        *,
        user_id: str | None = None,
        api_key: str | None = None,
        host: str | None = None,
        poll_limit_s: float = 30.0,
        poll_every_s: float = 0.5,
        timeout_s: float = 30.0,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.root = root
        self.user_id = user_id  # listing and drift repair stay within this user's records
        self.api_key = api_key
        self.host = host
        self.poll_limit_s = poll_limit_s
        self.poll_every_s = poll_every_s
        self.timeout_s = timeout_s
        self.sleep = sleep
        self.clock = clock
        self._client: Any = None

    @property
    def client(self) -> Any:
        """The SDK client, made on first use (its constructor pings the Platform)."""
        if self._client is None:
            import_mem0(self.root)
            import httpx
            from mem0 import MemoryClient

            try:
                self._client = MemoryClient(
                    api_key=self.api_key,
                    host=self.host,
                    client=httpx.Client(timeout=self.timeout_s),
                )
            except ValueError as exc:  # no key, or the ping was refused
                raise ProjectionError(f"mem0 platform: {exc}", transient=False) from exc
            except Exception as exc:
                raise classify(exc, "connect") from exc
        return self._client

    def _call(self, what: str, fn: Callable[[], Any]) -> Any:
        try:
            return canonical(fn())
        except Exception as exc:
            raise classify(exc, what) from exc

    # -- writes ---------------------------------------------------------------------------
    def add(self, memory: Memory) -> str:
        body = self._call(
            "add",
            lambda: self.client.add(
                memory.text,
                user_id=memory.user_id,
                agent_id=memory.agent_id,
                app_id=memory.app_id,
                run_id=memory.run_id,
                metadata=metadata(memory),
                infer=False,
            ),
        )
        first = body[0] if isinstance(body, list) and body else body
        event_id = first.get("event_id") if isinstance(first, dict) else None
        results = self._poll(str(event_id), memory.id) if event_id else _results(body)
        ids = [str(r.get("id") or r.get("memory_id") or "") for r in results]
        ids = [i for i in ids if i]
        if not ids:
            raise ProjectionError(
                f"mem0 platform add for {memory.id} succeeded with no results: nothing was stored",
                transient=False,
            )
        return ids[0]

    def _poll(self, event_id: str, memory_id: str) -> list[dict[str, Any]]:
        """Wait for the add's event to be terminal; return its results or raise."""
        deadline = self.clock() + self.poll_limit_s
        while True:
            event = self._call("event", lambda: self._get_event(event_id))
            status = event.get("status")
            if status in TERMINAL:
                break
            if self.clock() >= deadline:
                raise ProjectionError(
                    f"mem0 platform add for {memory_id}: event {event_id} still {status} "
                    f"after {self.poll_limit_s:g}s",
                    transient=False,  # it may yet land: replay looks before it adds again
                )
            self.sleep(self.poll_every_s)
        if status == "FAILED":
            reason = event.get("error") or event.get("message") or "no reason given"
            raise ProjectionError(
                f"mem0 platform add for {memory_id}: event {event_id} FAILED: {reason}",
                transient=False,
            )
        return _results(event)

    def _get_event(self, event_id: str) -> Any:
        response = self.client.client.get(f"/v1/event/{event_id}/")
        response.raise_for_status()
        return response.json()

    def delete(self, remote_id: str) -> None:
        try:
            self.client.delete(remote_id)
        except Exception as exc:
            error = classify(exc, "delete")
            if error.status != 404:
                raise error from exc

    # -- reads ----------------------------------------------------------------------------
    def find(self, memory_id: str) -> list[RemoteRecord]:
        scope = {"AND": [{"agent_id": AGENT_ID}, {"metadata": {ID_KEY: memory_id}}]}
        return [RemoteRecord.from_item(r) for r in self._pages(scope)]

    def search(self, query: str, k: int, filters: Filters) -> list[Scored]:
        body = self._call(
            "search", lambda: self.client.search(query, filters=tree(filters), top_k=k)
        )
        out = []
        for item in _results(body):
            memory_id = (item.get("metadata") or {}).get(ID_KEY)
            if memory_id:
                out.append(Scored(str(memory_id), float(item.get("score") or 0.0)))
        return out

    def records(self) -> Iterator[RemoteRecord]:
        clauses: list[dict[str, Any]] = [{"agent_id": AGENT_ID}]
        if self.user_id is not None:
            clauses.append({"user_id": self.user_id})
        for item in self._pages({"AND": clauses}):
            yield RemoteRecord.from_item(item)

    def _pages(self, scope: dict[str, Any]) -> Iterator[dict[str, Any]]:
        """Every memory the scope admits, page by page until there is no next page."""
        page = 1
        while True:
            body = self._call(
                "get_all",
                partial(self.client.get_all, filters=scope, page=page, page_size=PAGE_SIZE),
            )
            items = _results(body)
            yield from items
            more = isinstance(body, dict) and body.get("next")
            if not items or not more:
                return
            page += 1
