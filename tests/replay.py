"""Replies a real small model gave agentmem, for ChatServerDouble to answer with.

`tests/data/qwen05b_exchanges.jsonl` holds excerpts of the exchanges recorded on
2026-11-30 between agentmem's openai reasoner and Qwen2.5-Coder-0.5B-Instruct (Q4_K_M) on
127.0.0.1, served by llama-cpp-python 0.3.36 (`chatml-function-calling`) and by llama.cpp's
`llama-server --jinja` (the full recording and its notes: `shared/data/model-exchanges/`).
Each line is one reply body as the server sent it (`row` is its line in the recording),
so a test replays real server behaviour instead of inventing a model's mistakes.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from tests.chat_double import Failure, Reply

EXCERPTS = Path(__file__).resolve().parent / "data" / "qwen05b_exchanges.jsonl"


@cache
def _rows() -> dict[int, dict[str, Any]]:
    lines = EXCERPTS.read_text(encoding="utf-8").splitlines()
    return {entry["row"]: entry for entry in map(json.loads, lines)}


def recorded(row: int) -> Reply | Failure:
    """The reply the real server gave at this row of the recording."""
    entry = _rows()[row]
    if entry["status"] != 200:
        return Failure(entry["status"], json.dumps(entry["resp"]))
    return Reply(entry["resp"])


def hook_of(row: int) -> str:
    """The hook whose request got this reply."""
    return str(_rows()[row]["hook"])


def message(row: int) -> dict[str, Any]:
    """The assistant message of a recorded reply."""
    body = _rows()[row]["resp"]
    return dict(body["choices"][0]["message"])
