"""ChatServerDouble: a stand-in for a language model, speaking the chat-completions protocol.

A model cannot run here, so this local HTTP server answers `POST /v1/chat/completions`
from a script: each entry is the assistant's next message (text and/or tool calls), a
whole reply body recorded from a real server (`Reply`), an HTTP error, or a function of
the request that returns one of those (it may block, to hold the reply back). It records
every request so tests can check what the reasoner sent back (the tool results). It is a
double for the model only; everything behind the reasoner (Tools, the writer, the files)
is real.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Failure:
    """Answer the next request with this HTTP status and body."""

    status: int
    body: str = '{"error": {"message": "scripted failure"}}'


@dataclass
class Reply:
    """Answer the next request with this reply body, verbatim (a real server's recorded reply)."""

    body: dict[str, Any]


Step = dict[str, Any] | Failure | Reply
Scripted = Step | Callable[[dict[str, Any]], Step]


def call(name: str, arguments: dict[str, Any] | str, call_id: str | None = None) -> dict[str, Any]:
    """One scripted tool call; `arguments` as a string is sent verbatim (e.g. broken JSON)."""
    raw = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return {
        "id": call_id or f"call-{name}-{abs(hash(raw)) % 10_000}",
        "type": "function",
        "function": {"name": name, "arguments": raw},
    }


def say(text: str = "", *calls: dict[str, Any]) -> dict[str, Any]:
    """One scripted assistant message."""
    message: dict[str, Any] = {"role": "assistant", "content": text}
    if calls:
        message["tool_calls"] = list(calls)
    return message


@dataclass
class ChatServerDouble:
    script: list[Scripted]
    requests: list[dict[str, Any]] = field(default_factory=list)
    url: str = ""

    def _respond(self, request: dict[str, Any]) -> tuple[int, str]:
        if not self.script:
            return 500, '{"error": {"message": "script exhausted"}}'
        scripted = self.script.pop(0)
        step = scripted(request) if callable(scripted) else scripted
        if isinstance(step, Failure):
            return step.status, step.body
        if isinstance(step, Reply):
            return 200, json.dumps(step.body)
        reason = "tool_calls" if step.get("tool_calls") else "stop"
        body = {
            "id": f"chatcmpl-{len(self.requests)}",
            "object": "chat.completion",
            "created": 0,
            "model": "double",
            "choices": [{"index": 0, "message": step, "finish_reason": reason}],
        }
        return 200, json.dumps(body)

    @contextmanager
    def running(self) -> Iterator[ChatServerDouble]:
        double = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                request = json.loads(self.rfile.read(length) or b"{}")
                double.requests.append(request)
                status, body = double._respond(request)
                data = body.encode("utf-8")
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:  # the client gave up waiting (its timeout): nobody to answer
                    pass

            def log_message(self, *args: Any) -> None:
                pass

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        self.url = f"http://127.0.0.1:{server.server_address[1]}/v1"
        try:
            yield self
        finally:
            server.shutdown()
            server.server_close()

    def tool_results(self) -> list[dict[str, Any]]:
        """Every tool message the reasoner sent back, in order."""
        last = self.requests[-1]["messages"] if self.requests else []
        return [m for m in last if m.get("role") == "tool"]


def openai_settings(url: str, **extra: str) -> dict[str, str]:
    """Settings values that point the openai reasoner at a running double."""
    return {
        "AGENTMEM_REASONER": "openai",
        "AGENTMEM_REASONER_BASE_URL": url,
        "AGENTMEM_REASONER_MODEL": "double",
        **extra,
    }
