"""Fault injectors for the reliability tests. Each one is a double that stands in for a
failure the real parts cannot be made to produce on demand, and is named as such.

- `FaultPlugin`: a plugin on all five hooks that raises, hangs past the budget, returns
  garbage, exits, or returns malformed drafts, as the schedule says.
- `FlakyStoreFaultInjector`: the real `FileStore`, wrapped so some calls raise.
- `DiskFullFaultInjector`: the `os` module as the file writer sees it, with `replace`
  (the moment a memory file or a worker's CLAUDE.md is committed) and `write` (the audit
  ledger's append) raising ENOSPC while armed.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

from agentmem import Contribution, StoreError, Tools, hookimpl
from agentmem.stores import FileStore

LATE_TEXT = "a hung plugin proposed this after its budget ran out"

# What a plugin may hand back that is not a Contribution, or a Contribution whose fields
# are the wrong shape. Every one of them must end as ok=False, never as an exception.
GARBAGE_RETURNS: list[Callable[[], Any]] = [
    lambda: "a string, not a Contribution",
    lambda: {"text": "a dict that looks like one"},
    lambda: 42,
    lambda: [Contribution()],
    lambda: Contribution(text=12345),  # type: ignore[arg-type]
    lambda: Contribution(drafts=None),  # type: ignore[arg-type]
    lambda: Contribution(drafts=7),  # type: ignore[arg-type]
    lambda: Contribution(pack="not a pack"),  # type: ignore[arg-type]
    lambda: Contribution(synthesis=["not", "a", "string"]),  # type: ignore[arg-type]
]

# Drafts no writer may accept; a fire carrying them may still be ok through other drafts.
MALFORMED_DRAFTS: list[Any] = [
    None,
    42,
    "just text",
    ["a", "list"],
    {},
    {"text": "", "type": "semantic", "confidence": 0.8},
    {"text": "confidence as a string", "type": "semantic", "confidence": "0.8"},
    {"text": "unknown type", "type": "rumour", "confidence": 0.8},
    {"text": "out of range", "type": "semantic", "confidence": 1.7},
    {"text": "bad app", "type": "semantic", "confidence": 0.8, "app_id": "Not Kebab"},
    {"text": "undated run", "type": "episodic", "run_id": "yesterday"},
    {"text": "too many tags", "type": "semantic", "confidence": 0.8, "tags": list("abcdefghi")},
    {"text": "empty cohort", "type": "semantic", "confidence": 0.8, "cohort": ""},
    {"text": "principle that mutates", "type": "principle", "immutable": False},
    {"text": "escape", "type": "semantic", "confidence": 0.8, "id": "../../outside"},
    {"text": "absolute", "type": "semantic", "confidence": 0.8, "id": "/etc/passwd"},
    {
        "text": "key sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "type": "semantic",
        "confidence": 0.8,
    },
    {"text": "cites nothing real", "type": "semantic", "confidence": 0.8, "cites": ["semantic-0"]},
    {"text": "wrong agent", "type": "semantic", "confidence": 0.8, "agent_id": "worker"},
    {"text": "bool as string", "type": "principle", "immutable": "true"},
]


class FaultPlugin:
    """A plugin on every hook whose behaviour is set per fire by `arm`."""

    def __init__(self, hang_s: float) -> None:
        self.hang_s = hang_s
        self.mode = "none"
        self.detail: Any = None
        self.hits = 0  # how often an armed fault actually ran
        self.release = threading.Event()

    def arm(self, mode: str, detail: Any = None) -> None:
        self.mode, self.detail = mode, detail

    def _act(self, tools: Tools) -> Any:
        mode = self.mode
        if mode == "none":
            return None
        self.hits += 1
        if mode == "raise":
            raise self.detail
        if mode == "exit":
            raise self.detail  # SystemExit / KeyboardInterrupt from a plugin thread
        if mode == "hang":
            self.release.wait(self.hang_s)
            tools.propose_memory({"text": LATE_TEXT, "type": "semantic", "confidence": 0.8})
            return Contribution(drafts=[{"text": LATE_TEXT, "type": "semantic", "confidence": 0.8}])
        if mode == "garbage":
            return self.detail()
        if mode == "drafts":
            return Contribution(text="malformed drafts", drafts=list(self.detail))
        raise AssertionError(f"unknown fault mode {mode}")

    @hookimpl
    def pre_goal_synthesis(self, queue: Any, tools: Tools) -> Any:
        return self._act(tools)

    @hookimpl
    def pre_spawn_pack(self, goal: Any, worker_dir: Any, tools: Tools) -> Any:
        return self._act(tools)

    @hookimpl
    def post_run_classify(self, run: Any, tools: Tools) -> Any:
        return self._act(tools)

    @hookimpl
    def post_retro_distill(self, retro: Any, tools: Tools) -> Any:
        return self._act(tools)

    @hookimpl
    def judgment_harvest(self, window: Any, tools: Tools) -> Any:
        return self._act(tools)


STORE_ERRORS: list[Callable[[], BaseException]] = [
    lambda: StoreError("injected: the index is unreachable"),
    lambda: OSError(errno.EIO, "injected: input/output error"),
    lambda: sqlite3.OperationalError("injected: database is locked"),
    lambda: RuntimeError("injected: a backend bug"),
]
FLAKY_METHODS = ("put", "find_duplicate", "search", "get", "list")


class FlakyStoreFaultInjector:
    """The real FileStore, except that the n-th call to its surface raises while armed."""

    def __init__(self, inner: FileStore) -> None:
        self.inner = inner
        self.root = inner.root
        self._countdown = 0
        self._error: Callable[[], BaseException] | None = None
        self.hits = 0

    def arm(self, nth_call: int, error: Callable[[], BaseException]) -> None:
        self._countdown, self._error = nth_call, error

    def disarm(self) -> None:
        self._countdown, self._error = 0, None

    def _maybe_fail(self) -> None:
        if self._error is None:
            return
        self._countdown -= 1
        if self._countdown == 0:
            error, self._error = self._error, None
            self.hits += 1
            raise error()

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self.inner, name)
        if name not in FLAKY_METHODS:
            return attr

        def flaky(*args: Any, **kwargs: Any) -> Any:
            self._maybe_fail()
            return attr(*args, **kwargs)

        return flaky


class DiskFullFaultInjector:
    """Stands in for `os` inside one module: replace/write raise ENOSPC while armed.

    Install it as the module's `os` (monkeypatch.setattr(module, "os", injector)); every
    other attribute is the real `os`. A hit is counted only when a canonical file (a
    memory or a worker's CLAUDE.md) could not be committed; derived caches and the ledger
    under `.agentmem/` may fail too, as on a real full disk, but their failure is tolerated
    by design and changes no result.
    """

    def __init__(self, real: ModuleType = os) -> None:
        self._real = real
        self.armed = False
        self.hits = 0
        self.tolerated = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)

    def _full(self) -> OSError:
        return OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def replace(self, src: Any, dst: Any, *args: Any, **kwargs: Any) -> None:
        if self.armed:
            if ".agentmem" in Path(dst).parts:
                self.tolerated += 1
            else:
                self.hits += 1
            raise self._full()
        self._real.replace(src, dst, *args, **kwargs)

    def write(self, fd: int, data: bytes) -> int:
        if self.armed:
            self.tolerated += 1
            raise self._full()
        return int(self._real.write(fd, data))


def _message(content: Any = "", tool_calls: Any = None) -> Any:
    return SimpleNamespace(content=content, tool_calls=tool_calls)


def _response(message: Any) -> Any:
    return SimpleNamespace(choices=[SimpleNamespace(message=message)])


def _tool_call(name: str, arguments: str, call_id: str | None = "call-1") -> Any:
    call = SimpleNamespace(function=SimpleNamespace(name=name, arguments=arguments))
    if call_id is not None:
        call.id = call_id
    return call


INVALID_PROPOSAL = '{"text": "the model says so", "type": "semantic", "confidence": "high"}'

# A model's answer the reasoner cannot use: the fire must end ok=False, never raise.
MALFORMED_CHAT_FATAL: dict[str, Callable[[], list[Any]]] = {
    "no choices": lambda: [SimpleNamespace(choices=[])],
    "not a response": lambda: ["<html>502 Bad Gateway</html>"],
    "choices is None": lambda: [SimpleNamespace(choices=None)],
    "tool_calls not a list": lambda: [_response(_message("", 5))],
    "transport error": lambda: [ConnectionResetError("injected: connection reset by peer")],
}
# A model's answer the reasoner recovers from: the error goes back to the model and nothing
# invalid is written, whether or not the fire ends ok.
MALFORMED_CHAT_RECOVERABLE: dict[str, Callable[[], list[Any]]] = {
    "arguments not JSON": lambda: [
        _response(_message("", [_tool_call("propose_memory", "{not json")])),
        _response(_message("done")),
    ],
    "unknown tool": lambda: [
        _response(_message("", [_tool_call("delete_everything", "{}")])),
        _response(_message("done")),
    ],
    # A server that leaves out a call's id (the reasoner gives it one, and goes on).
    "tool call without id": lambda: [
        _response(_message("", [_tool_call("search_memory", '{"question": "q"}', None)])),
        _response(_message("done")),
    ],
    "invalid draft proposed": lambda: [
        _response(_message("", [_tool_call("propose_memory", INVALID_PROPOSAL)])),
        _response(_message("done")),
    ],
}


class MalformedChatFaultInjector:
    """Stands in for the openai client (a model cannot run here): `chat.completions.create`
    answers from a script of malformed responses, or raises a scripted error."""

    def __init__(self) -> None:
        self.script: list[Any] = []
        self.hits = 0
        self._fatal = False
        self.chat = SimpleNamespace(completions=SimpleNamespace(create=self._create))

    def arm(self, steps: list[Any], fatal: bool) -> None:
        self.script = list(steps)
        self._fatal = fatal

    def _create(self, **_: Any) -> Any:
        step = self.script.pop(0) if self.script else _response(_message("done"))
        if self._fatal:  # a fatal script is one step: the model's only answer is unusable
            self.hits += 1
            self._fatal = False
        if isinstance(step, BaseException):
            raise step
        return step
