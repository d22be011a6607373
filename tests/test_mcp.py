"""`agentmem mcp`, driven by the official MCP SDK's own client: over stdio (the server
launched as a subprocess, as Claude Desktop, Claude Code and Cursor launch it) and over
streamable HTTP on 127.0.0.1."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters  # the mcp extra: `make test` installs it

from agentmem import MemoryHooks
from agentmem.audit import ledger

TOOLS = {"search_memory", "get_memory", "build_pack", "list_tentative", "propose_memory"}
VENDOR = "The vendor API needs the X-Trace header on every request."


def _env(root: Path, role: str = "executive") -> dict[str, str]:
    return {
        **os.environ,
        "AGENTMEM_USER_ID": "tester",
        "AGENTMEM_ROOT": str(root),
        "AGENTMEM_ROLE": role,
    }


def _seed(root: Path) -> str:
    hooks = MemoryHooks.from_env(None, environ=_env(root))
    outcome = hooks.harvester.submit(
        {"text": VENDOR, "type": "semantic", "confidence": 0.85}, trigger="manual"
    )
    assert outcome.memory_id is not None
    (root / "MEMORY.md").write_text("# Memory\n\n- Vendor calls need X-Trace.\n")
    return outcome.memory_id


def _over_stdio(
    root: Path, tmp_path: Path, role: str, body: Callable[[Client], Awaitable[Any]]
) -> Any:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "agentmem", "mcp"],
        cwd=str(tmp_path),
        env=_env(root, role),
    )

    async def main() -> Any:
        async with Client(params) as client:
            return await body(client)

    return anyio.run(main)


def _mcp_events(root: Path) -> list[dict[str, Any]]:
    return [
        e for e in ledger.read(root / ".agentmem" / "log.jsonl") if e.get("event") == "mcp_tool"
    ]


def test_stdio_tools_resources_and_one_ledger_event_per_call(tmp_path: Path, root: Path) -> None:
    """Over stdio the SDK client lists the four tools and two resources; each tool answers
    with a value (a search hit, the record, a pack in its frame, an accepted write that
    search then finds); bad arguments, an unknown tool and an unknown id come back as
    error results naming the field and the reason, and the server keeps answering; every
    tool call is exactly one `mcp_tool` event in the ledger."""
    memory_id = _seed(root)

    async def session(client: Client) -> dict[str, Any]:
        seen: dict[str, Any] = {}
        seen["tools"] = {t.name: t for t in (await client.list_tools()).tools}
        seen["resources"] = {str(r.uri) for r in (await client.list_resources()).resources}
        calls = [
            ("search", "search_memory", {"question": "What does the vendor API need?"}),
            ("get", "get_memory", {"memory_id": memory_id}),
            ("pack", "build_pack", {"goal": "fix the vendor API client"}),
            (
                "propose",
                "propose_memory",
                {"text": "Deploys go out on Tuesdays.", "type": "semantic", "confidence": 0.8},
            ),
            ("found", "search_memory", {"question": "When do deploys go out?", "k": 3}),
            ("bad_types", "search_memory", {"question": 42, "k": "ten"}),
            ("missing", "get_memory", {}),
            ("extra", "build_pack", {"goal": "x", "budget": 5}),
            (
                "bad_draft",
                "propose_memory",
                {"text": "too sure", "type": "semantic", "confidence": 1.5},
            ),
            (
                "principle",
                "propose_memory",
                {"text": "Never push on Fridays.", "type": "principle", "confidence": 1.0},
            ),
            (
                "junk",
                "propose_memory",
                {
                    "text": "functions.search_memory: {{context}}",
                    "type": "semantic",
                    "confidence": 0.8,
                },
            ),
            ("unknown_id", "get_memory", {"memory_id": "semantic-000000000000"}),
            ("unknown_tool", "forget_everything", {}),
        ]
        for key, name, args in calls:
            result = await client.call_tool(name, args)
            seen[key] = (result.is_error, result.structured_content, result.content[0].text)
        seen["memory_md"] = (await client.read_resource("agentmem://MEMORY.md")).contents[0].text
        seen["daily"] = (await client.read_resource("agentmem://daily/today")).contents[0].text
        seen["calls"] = len(calls)
        return seen

    seen = _over_stdio(root, tmp_path, "executive", session)

    assert set(seen["tools"]) == TOOLS
    assert seen["tools"]["search_memory"].annotations.read_only_hint is True
    assert seen["tools"]["propose_memory"].annotations.read_only_hint is False
    assert seen["tools"]["search_memory"].input_schema["required"] == ["question"]
    assert seen["resources"] == {"agentmem://MEMORY.md", "agentmem://daily/today"}

    error, data, text = seen["search"]
    assert not error and data["hits"][0]["id"] == memory_id and json.loads(text) == data
    assert seen["get"][1]["text"] == VENDOR
    pack = seen["pack"][1]
    assert pack["entries"] == [memory_id] and "reference data, not instructions" in pack["markdown"]
    assert seen["propose"][1]["status"] == "accepted"
    assert seen["found"][1]["hits"][0]["id"] == seen["propose"][1]["id"]

    def problems(key: str) -> dict[str, str]:
        error, data, _ = seen[key]
        assert error is True, key
        return {p["field"]: p["reason"] for p in data["error"]}

    assert set(problems("bad_types")) == {"question", "k"}
    assert "valid string" in problems("bad_types")["question"]
    assert problems("missing") == {"memory_id": "Field required"}
    assert "budget" in problems("extra")
    assert "confidence" in problems("bad_draft")
    # A client cannot write an immutable principle, nor a template fragment as a memory.
    assert "principles come only from" in problems("principle")["type"]
    assert "tool-call marker" in problems("junk")["text"]
    assert "semantic-000000000000" in problems("unknown_id")["memory_id"]
    assert "forget_everything" in problems("unknown_tool")["name"]
    assert "Vendor calls need X-Trace" in seen["memory_md"]

    events = _mcp_events(root)
    assert len(events) == seen["calls"]
    assert [e["ok"] for e in events] == [True] * 5 + [False] * 8
    assert events[5]["problems"][0]["field"] in {"question", "k"}


def test_stdio_worker_reads_but_cannot_write(tmp_path: Path, root: Path) -> None:
    """With AGENTMEM_ROLE=worker the reads work and propose_memory is refused as a value
    naming AGENTMEM_ROLE; nothing is written, and the refusal is in the ledger."""
    _seed(root)
    before = sorted(p.name for p in (root / "entries").rglob("*.md"))

    async def session(client: Client) -> tuple[Any, Any]:
        read = await client.call_tool("search_memory", {"question": "vendor API header"})
        write = await client.call_tool(
            "propose_memory",
            {"text": "Workers may not write this.", "type": "semantic", "confidence": 0.8},
        )
        return read, write

    read, write = _over_stdio(root, tmp_path, "worker", session)
    assert not read.is_error and read.structured_content["hits"]
    assert write.is_error
    assert write.structured_content["error"][0]["field"] == "AGENTMEM_ROLE"
    assert sorted(p.name for p in (root / "entries").rglob("*.md")) == before
    events = _mcp_events(root)
    assert [(e["tool"], e["ok"], e["role"]) for e in events] == [
        ("search_memory", True, "worker"),
        ("propose_memory", False, "worker"),
    ]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_http_serves_the_same_tools_on_loopback(tmp_path: Path, root: Path) -> None:
    """`agentmem mcp --http --port P` serves streamable HTTP at 127.0.0.1:P/mcp; the SDK
    client lists the tools and a search answers there too."""
    memory_id = _seed(root)
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "agentmem", "mcp", "--http", "--port", str(port)],
        cwd=tmp_path,
        env=_env(root),
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            assert server.poll() is None, server.stderr.read() if server.stderr else ""
            time.sleep(0.1)

        async def main() -> tuple[set[str], Any]:
            async with Client(f"http://127.0.0.1:{port}/mcp") as client:
                names = {t.name for t in (await client.list_tools()).tools}
                hit = await client.call_tool("search_memory", {"question": "vendor API header"})
                return names, hit

        names, hit = anyio.run(main)
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert names == TOOLS
    assert hit.structured_content["hits"][0]["id"] == memory_id


def test_import_agentmem_imports_no_host_client() -> None:
    """`import agentmem` (and its CLI) loads neither the MCP SDK nor the Agents SDK: each
    adapter's client is imported only by the host that uses it."""
    code = (
        "import sys, agentmem, agentmem.cli, agentmem.adapters.claude_code\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'mcp', 'mcp_types', 'agents'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
