"""A double of the Anthropic Messages API, on 127.0.0.1, for the real Claude Code CLI.

The hosted API cannot run here; everything else in the Claude Code test is real (the CLI
from the npm registry, its hooks, its transcript). The double answers `POST /v1/messages`
with server-sent events, the way the CLI calls it (`"stream": true`), from a script:
each step of the main conversation is chosen by how many tool results the request already
carries, so the script is stateless and a retried request gets the same answer. Requests
without tools (the CLI's side calls: titles, summaries) get a short plain answer.
Every request body is kept, so a test can check what the model was shown.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

# One step: either tool uses (name, input) or a final text.
Step = list[tuple[str, dict[str, Any]]] | str


@dataclass
class Script:
    """The main conversation's turns, in order; past the end, the last text repeats."""

    steps: list[Step]
    requests: list[dict[str, Any]] = field(default_factory=list)

    def step_for(self, body: dict[str, Any]) -> Step:
        answered = sum(
            1
            for message in body.get("messages", [])
            if message.get("role") == "user" and isinstance(message.get("content"), list)
            for block in message["content"]
            if isinstance(block, dict) and block.get("type") == "tool_result"
        )
        before = 0  # tool uses the steps before this one asked for
        for step in self.steps:
            if before >= answered:
                return step
            if not isinstance(step, str):
                before += len(step)
        return next(s for s in reversed(self.steps) if isinstance(s, str))


def _sse(event: str, data: dict[str, Any]) -> bytes:
    return f"event: {event}\ndata: {json.dumps(data)}\n\n".encode()


def _events(step: Step, model: str, number: int) -> Iterator[bytes]:
    message = {
        "id": f"msg_double_{number}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {"input_tokens": 10, "output_tokens": 1},
    }
    yield _sse("message_start", {"type": "message_start", "message": message})
    if isinstance(step, str):
        yield _sse(
            "content_block_start",
            {
                "type": "content_block_start",
                "index": 0,
                "content_block": {"type": "text", "text": ""},
            },
        )
        yield _sse(
            "content_block_delta",
            {
                "type": "content_block_delta",
                "index": 0,
                "delta": {"type": "text_delta", "text": step},
            },
        )
        yield _sse("content_block_stop", {"type": "content_block_stop", "index": 0})
        stop = "end_turn"
    else:
        for index, (name, tool_input) in enumerate(step):
            block = {
                "type": "tool_use",
                "id": f"toolu_double_{number}_{index}",
                "name": name,
                "input": {},
            }
            yield _sse(
                "content_block_start",
                {"type": "content_block_start", "index": index, "content_block": block},
            )
            delta = {"type": "input_json_delta", "partial_json": json.dumps(tool_input)}
            yield _sse(
                "content_block_delta",
                {"type": "content_block_delta", "index": index, "delta": delta},
            )
            yield _sse("content_block_stop", {"type": "content_block_stop", "index": index})
        stop = "tool_use"
    yield _sse(
        "message_delta",
        {
            "type": "message_delta",
            "delta": {"stop_reason": stop, "stop_sequence": None},
            "usage": {"output_tokens": 5},
        },
    )
    yield _sse("message_stop", {"type": "message_stop"})


class MessagesApiDouble:
    """A scripted Messages API on 127.0.0.1:<free port>; `with` starts and stops it."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self._lock = threading.Lock()
        double = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass  # the test's output stays readable

            def do_HEAD(self) -> None:
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def do_GET(self) -> None:
                self._json({})

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b"{}"
                try:
                    body = json.loads(raw)
                except ValueError:
                    body = {}
                path = self.path.split("?")[0]
                if path.endswith("/count_tokens"):
                    self._json({"input_tokens": 100})
                    return
                if not path.endswith("/v1/messages"):
                    self._json({})
                    return
                with double._lock:
                    double.script.requests.append(body)
                    number = len(double.script.requests)
                step = double.script.step_for(body) if body.get("tools") else "ok"
                model = str(body.get("model") or "claude-double")
                if not body.get("stream"):
                    self._json(_plain(step, model, number))
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.send_header("Connection", "close")
                self.end_headers()
                for chunk in _events(step, model, number):
                    self.wfile.write(chunk)
                self.wfile.flush()
                self.close_connection = True

            def _json(self, data: dict[str, Any]) -> None:
                payload = json.dumps(data).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> MessagesApiDouble:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


def _plain(step: Step, model: str, number: int) -> dict[str, Any]:
    """A non-streaming reply (the CLI streams its main calls; side calls may not)."""
    if isinstance(step, str):
        content: list[dict[str, Any]] = [{"type": "text", "text": step}]
        stop = "end_turn"
    else:
        content = [
            {"type": "tool_use", "id": f"toolu_double_{number}_{i}", "name": n, "input": args}
            for i, (n, args) in enumerate(step)
        ]
        stop = "tool_use"
    return {
        "id": f"msg_double_{number}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": {"input_tokens": 10, "output_tokens": 5},
    }
