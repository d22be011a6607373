"""PlatformDouble: a local HTTP server implementing the subset of the mem0 Platform API we use.

It is a test double (the hosted Platform cannot run here), speaking the same wire format as
the real one to the real `MemoryClient`: ping, queued adds with pollable events, paged
listing and search with AND/OR filter trees, get and delete. Faults are scripted: a run of
HTTP errors (a 429 storm), an event that FAILs, one that SUCCEEDs with no results, one that
stays RUNNING for a number of polls, status words in lower case, and the whole server going
away and coming back on the same port with its data intact (a hosted service outlives a
dropped connection). Search scores by shared words, not meaning: it is not an embedder.
"""

from __future__ import annotations

import json
import re
import threading
import uuid
from collections import Counter, deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse

API_KEY = "double-key"
WORD = re.compile(r"[a-z0-9]+")


@dataclass
class Event:
    id: str
    memory: dict[str, Any] | None  # committed when the event succeeds
    outcome: str  # "ok", "failed", "empty"
    polls_left: int  # RUNNING answers before the terminal one
    status: str = "PENDING"


@dataclass
class Script:
    """Faults to inject, consumed in order."""

    errors: deque[tuple[str, int]] = field(default_factory=deque)  # (path prefix, status)
    outcomes: deque[tuple[str, int]] = field(default_factory=deque)  # (outcome, slow polls)
    lowercase_status: bool = False


def _matches(memory: dict[str, Any], node: dict[str, Any]) -> bool:
    for key, value in node.items():
        if key == "AND":
            if not all(_matches(memory, sub) for sub in value):
                return False
        elif key == "OR":
            if not any(_matches(memory, sub) for sub in value):
                return False
        elif key == "metadata":
            meta = memory.get("metadata") or {}
            if any(meta.get(k) != v for k, v in value.items()):
                return False
        elif isinstance(value, dict) and "in" in value:
            if memory.get(key) not in value["in"]:
                return False
        elif memory.get(key) != value:
            return False
    return True


def _words(text: str) -> set[str]:
    return set(WORD.findall(text.lower()))


class PlatformDouble:
    """Start with `start()`, kill with `stop()`, bring back with `start()` (same port, same data)."""

    def __init__(self) -> None:
        self.memories: dict[str, dict[str, Any]] = {}
        self.events: dict[str, Event] = {}
        self.script = Script()
        self.requests: Counter[str] = Counter()
        self.lock = threading.Lock()
        self.port = 0
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle ----------------------------------------------------------------------
    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> PlatformDouble:
        double = self

        class Handler(_Handler):
            platform = double

        server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        server.daemon_threads = True
        self.port = server.server_address[1]
        self._server = server
        self._thread = threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    # -- scripting ----------------------------------------------------------------------
    def fail(self, path: str, status: int, times: int = 1) -> None:
        """The next `times` requests whose path starts with `path` answer `status`."""
        self.script.errors.extend([(path, status)] * times)

    def next_add(self, outcome: str = "ok", slow_polls: int = 0) -> None:
        """How the next queued add ends: ok, failed, empty; after `slow_polls` RUNNING polls."""
        self.script.outcomes.append((outcome, slow_polls))

    def settle(self) -> None:
        """Finish every pending event now, as the hosted service eventually would."""
        with self.lock:
            for event in self.events.values():
                if event.status in ("PENDING", "RUNNING") and event.outcome == "ok":
                    event.status = "SUCCEEDED"
                    if event.memory is not None:
                        self.memories[event.memory["id"]] = event.memory

    def by_agentmem_id(self) -> Counter[str]:
        return Counter((m["metadata"] or {}).get("agentmem_id") for m in self.memories.values())

    # -- the API ------------------------------------------------------------------------
    def handle(self, method: str, path: str, query: dict[str, str], body: Any) -> tuple[int, Any]:
        with self.lock:
            self.requests[f"{method} {path}"] += 1
            for i, (prefix, status) in enumerate(self.script.errors):
                if path.startswith(prefix):
                    del self.script.errors[i]
                    return status, {"detail": f"scripted {status}"}
            return self._route(method, path, query, body)

    def _route(self, method: str, path: str, query: dict[str, str], body: Any) -> tuple[int, Any]:
        if method == "GET" and path == "/v1/ping/":
            return 200, {"org_id": "org-double", "project_id": "proj-double", "user_email": None}
        if method == "POST" and path == "/v3/memories/add/":
            return self._add(body)
        if method == "GET" and path.startswith("/v1/event/"):
            return self._event(path.split("/")[3])
        if method == "POST" and path == "/v3/memories/":
            return self._list(body, int(query.get("page", 1)), int(query.get("page_size", 100)))
        if method == "POST" and path == "/v3/memories/search/":
            return self._search(body)
        if path.startswith("/v1/memories/"):
            memory_id = path.split("/")[3]
            if memory_id not in self.memories:
                return 404, {"detail": "Memory not found"}
            if method == "GET":
                return 200, self.memories[memory_id]
            if method == "DELETE":
                del self.memories[memory_id]
                return 200, {"message": "Memory deleted successfully!"}
        return 404, {"detail": f"no route {method} {path}"}

    def _add(self, body: dict[str, Any]) -> tuple[int, Any]:
        messages = body.get("messages")
        if not isinstance(messages, list) or not messages or body.get("infer") is not False:
            return 400, {"detail": "messages required; this double stores only infer=false adds"}
        outcome, slow = self.script.outcomes.popleft() if self.script.outcomes else ("ok", 0)
        memory = {
            "id": str(uuid.uuid4()),
            "memory": messages[-1]["content"],
            "user_id": body.get("user_id"),
            "agent_id": body.get("agent_id"),
            "app_id": body.get("app_id"),
            "run_id": body.get("run_id"),
            "metadata": body.get("metadata") or {},
        }
        event = Event(str(uuid.uuid4()), memory, outcome, slow)
        self.events[event.id] = event
        return 200, [{"message": "queued", "status": "PENDING", "event_id": event.id}]

    def _event(self, event_id: str) -> tuple[int, Any]:
        event = self.events.get(event_id)
        if event is None:
            return 404, {"detail": "Event not found"}
        if event.status in ("PENDING", "RUNNING"):
            if event.polls_left > 0:
                event.polls_left -= 1
                event.status = "RUNNING"
            elif event.outcome == "failed":
                event.status = "FAILED"
            else:
                event.status = "SUCCEEDED"
                if event.outcome == "ok" and event.memory is not None:
                    self.memories[event.memory["id"]] = event.memory
        results: list[dict[str, Any]] = []
        if event.status == "SUCCEEDED" and event.outcome == "ok" and event.memory is not None:
            results = [
                {
                    "id": event.memory["id"],
                    "event": "ADD",
                    "data": {"memory": event.memory["memory"]},
                }
            ]
        status = event.status.lower() if self.script.lowercase_status else event.status
        return 200, {"id": event.id, "eventType": "ADD", "status": status, "results": results}

    def _list(self, body: dict[str, Any], page: int, size: int) -> tuple[int, Any]:
        found = [m for m in self.memories.values() if _matches(m, body.get("filters") or {})]
        found.sort(key=lambda m: m["id"])
        chunk = found[(page - 1) * size : page * size]
        more = page * size < len(found)
        next_url = f"{self.url}/v3/memories/?page={page + 1}&page_size={size}" if more else None
        return 200, {"count": len(found), "next": next_url, "previous": None, "results": chunk}

    def _search(self, body: dict[str, Any]) -> tuple[int, Any]:
        asked = _words(str(body.get("query", "")))
        scored = []
        for memory in self.memories.values():
            if not _matches(memory, body.get("filters") or {}):
                continue
            shared = asked & _words(memory["memory"])
            if shared:
                score = len(shared) / (len(asked) ** 0.5 * len(_words(memory["memory"])) ** 0.5)
                scored.append({**memory, "score": score})
        scored.sort(key=lambda m: (-m["score"], m["id"]))
        return 200, {"results": scored[: int(body.get("top_k", 10))]}


class _Handler(BaseHTTPRequestHandler):
    platform: PlatformDouble

    def log_message(self, format: str, *args: Any) -> None:  # keep test output clean
        pass

    def _serve(self, method: str) -> None:
        if self.headers.get("Authorization") != f"Token {API_KEY}":
            return self._reply(401, {"detail": "Invalid API key"})
        parsed = urlparse(self.path)
        query = {k: v[0] for k, v in parse_qs(parsed.query).items()}
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}") if length else {}
        status, payload = self.platform.handle(method, parsed.path, query, body)
        self._reply(status, payload)

    def _reply(self, status: int, payload: Any) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        self._serve("GET")

    def do_POST(self) -> None:
        self._serve("POST")

    def do_DELETE(self) -> None:
        self._serve("DELETE")

    def do_PUT(self) -> None:
        self._serve("PUT")
