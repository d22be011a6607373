"""The worker environment check: memory-store keys stay with the executive.

Seed 000 kept its mem0 key executive-only: a worker gets the rendered Memory Pack in its
CLAUDE.md and nothing else, no store handle and no key. This check reads the env file a
worker is started with and flags what breaks that: a memory-store key (the mem0 Platform
key, the key mem0's default LLM and embedder read, any agentmem setting holding a key or
token), the exact value of one of the executive's keys under any name, a vendor-shaped
key of the store, or settings that would let the worker open or write the store. Values
are never echoed, only the variable names.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from agentmem.core.secrets import PATTERNS
from agentmem.settings import read_env_file

Severity = Literal["leak", "warning"]

# Keys the memory store itself reads (mem0 Platform; mem0 OSS's default LLM and embedder).
STORE_KEYS: dict[str, str] = {
    "MEM0_API_KEY": "the mem0 Platform key",
    "OPENAI_API_KEY": "read by mem0's default LLM and embedder (the memory store's model key)",
}
SECRET_NAME = re.compile(r"KEY|TOKEN|SECRET|PASSWORD", re.IGNORECASE)
STORE_PATTERNS = ("mem0 key",)  # key shapes that only the memory store uses
# Settings that point a process at the store itself; a worker reads the pack instead.
STORE_LOCATION = ("AGENTMEM_ROOT", "AGENTMEM_MEM0_CONFIG", "AGENTMEM_MEM0_HOST", "MEM0_DIR")
MIN_VALUE_CHARS = 8  # shorter values are not compared (they would match ordinary words)


@dataclass(frozen=True)
class Finding:
    """One problem with a worker's environment: the variable, how bad, and why."""

    variable: str
    severity: Severity
    reason: str

    def as_dict(self) -> dict[str, str]:
        return {"variable": self.variable, "severity": self.severity, "reason": self.reason}


def read_env(path: str | os.PathLike[str]) -> dict[str, str]:
    """An env file's non-empty values (empty is unset, as everywhere in agentmem)."""
    values = read_env_file(Path(path))
    return {k: v for k, v in values.items() if v is not None and v.strip() != ""}


def executive_secrets(executive: Mapping[str, str]) -> dict[str, str]:
    """The executive's key values by variable name: store keys and secret-named settings."""
    return {
        name: value.strip()
        for name, value in executive.items()
        if (name in STORE_KEYS or SECRET_NAME.search(name))
        and len(value.strip()) >= MIN_VALUE_CHARS
    }


def _key_findings(name: str, value: str) -> list[Finding]:
    if name in STORE_KEYS:
        return [Finding(name, "leak", f"{STORE_KEYS[name]}; keep it executive-only")]
    if name.startswith("AGENTMEM_") and SECRET_NAME.search(name):
        return [Finding(name, "leak", "an agentmem key setting; keep it executive-only")]
    shapes = [kind for kind in STORE_PATTERNS if PATTERNS[kind].search(value)]
    if shapes:
        return [Finding(name, "leak", f"its value has the shape of a {shapes[0]}")]
    return []


def _role_findings(worker: Mapping[str, str]) -> list[Finding]:
    findings: list[Finding] = []
    role = worker.get("AGENTMEM_ROLE", "").strip()
    if any(name.startswith("AGENTMEM_") for name in worker) and role != "worker":
        shown = role or "unset (executive)"
        findings.append(
            Finding("AGENTMEM_ROLE", "leak", f"is {shown}; a worker's must be worker (no writes)")
        )
    for name in STORE_LOCATION:
        if name in worker:
            findings.append(
                Finding(name, "warning", "points the worker at the store; it needs only the pack")
            )
    return findings


def check_worker_env(
    worker: Mapping[str, str], executive: Mapping[str, str] | None = None
) -> list[Finding]:
    """Everything in a worker's environment that gives it the memory store or its keys."""
    findings: list[Finding] = []
    theirs = executive_secrets(executive or {})
    for name, value in sorted(worker.items()):
        found = _key_findings(name, value)
        if not found:
            copied = [key for key, secret in theirs.items() if secret in value]
            if copied:
                found = [Finding(name, "leak", f"holds the value of the executive's {copied[0]}")]
        findings.extend(found)
    findings.extend(_role_findings(worker))
    return findings
