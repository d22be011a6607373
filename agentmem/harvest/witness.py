"""The witness (seed 004, pattern 5): read what memory claims, check it against the sources.

Claims come from MEMORY.md, the hot state and the memories under `entries/`. Each is
checked where a source is known: a key of a `state/*.json` file, a file that must exist,
or a command the user configured (`AGENTMEM_WITNESS_COMMANDS`, e.g. the test suite's
count). Each claim is verified, contradicted or unverifiable; an assessment that rests on
no observation is flagged. The witness reads only: it never edits memory.
"""

from __future__ import annotations

import json
import re
import subprocess
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from agentmem.core.model import CITED_ID, ID_PATTERN, Kind, Memory, MemoryType
from agentmem.settings import Settings, WitnessCommand, witness_subject
from agentmem.stores.catalog import Catalog
from agentmem.stores.files import EntryFiles
from agentmem.tiers.claims import NEGATIVE, POSITIVE, Claim, extract
from agentmem.tiers.hot import HotState
from agentmem.tiers.state import StateFiles

Verdict = Literal["verified", "contradicted", "unverifiable"]
COMMAND_TIMEOUT_S = 600.0
MEMORY_MD = "MEMORY.md"
EVALUATIVE = re.compile(
    r"\b(going well|doing well|works well|excellent|great|healthy|robust|reliable|improv(?:ed|ing)"
    r"|perfect|extraordinary|on track|high[- ]quality|flawless|impressive)\b",
    re.IGNORECASE,
)
_FIRST_NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?")


@dataclass(frozen=True)
class Check:
    """One claim, where it was made, and what the witness found."""

    origin: str
    claim: Claim
    verdict: Verdict
    detail: str


@dataclass(frozen=True)
class Flag:
    """A memory or curated line that asserts a judgment without an observation under it."""

    origin: str
    text: str
    reason: str


@dataclass
class Report:
    checks: list[Check] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)

    @property
    def contradicted(self) -> list[Check]:
        return [c for c in self.checks if c.verdict == "contradicted"]

    def counts(self) -> dict[str, int]:
        out = dict.fromkeys(("verified", "contradicted", "unverifiable"), 0)
        for check in self.checks:
            out[check.verdict] += 1
        return {**out, "flagged": len(self.flags)}

    def as_json(self) -> dict[str, Any]:
        return {
            "counts": self.counts(),
            "checks": [{**asdict(c), "claim": asdict(c.claim)} for c in self.checks],
            "flags": [asdict(f) for f in self.flags],
        }


@dataclass(frozen=True)
class CommandRun:
    """A configured command's outcome: its exit code and the number it reported."""

    command: str
    exit_code: int | None
    value: float | None
    error: str | None = None


def run_command(spec: WitnessCommand, cwd: Path, timeout_s: float) -> CommandRun:
    """Run a configured check; its number is the pattern's last match, else the first
    number on the last non-empty line of standard output."""
    try:
        done = subprocess.run(
            spec.run, shell=True, cwd=cwd, capture_output=True, text=True, timeout=timeout_s
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return CommandRun(spec.run, None, None, f"could not run: {exc}")
    text = done.stdout
    found: str | None = None
    if spec.pattern is not None:
        matches = re.findall(spec.pattern, f"{done.stdout}\n{done.stderr}")
        found = matches[-1] if matches else None
    else:
        lines = [line for line in text.splitlines() if line.strip()]
        number = _FIRST_NUMBER.search(lines[-1]) if lines else None
        found = number.group(0) if number else None
    value = float(found.replace(",", "")) if found else None
    return CommandRun(spec.run, done.returncode, value)


def _flatten(prefix: str, value: Any, out: dict[str, Any]) -> None:
    if isinstance(value, dict):
        for key, inner in value.items():
            _flatten(f"{prefix}_{key}" if prefix else str(key), inner, out)
    else:
        out[witness_subject(prefix)] = value


class Sources:
    """Where claims can be checked: state keys, configured commands and the file system."""

    def __init__(self, settings: Settings, timeout_s: float = COMMAND_TIMEOUT_S) -> None:
        self.settings = settings
        self.timeout_s = timeout_s
        self.state: dict[str, tuple[str, Any]] = {}
        files = StateFiles(settings.root)
        for name in files.names():
            flat: dict[str, Any] = {}
            _flatten("", files.read(name), flat)
            for key, value in flat.items():
                self.state.setdefault(key, (f"state/{name}.json:{key}", value))
        self._runs: dict[str, CommandRun] = {}

    def command(self, claim: Claim) -> tuple[str, CommandRun] | None:
        for subject in claim.subjects():
            spec = self.settings.witness_commands.get(subject)
            if spec is not None:
                if subject not in self._runs:
                    self._runs[subject] = run_command(spec, self.settings.base_dir, self.timeout_s)
                return subject, self._runs[subject]
        return None

    def state_value(self, claim: Claim) -> tuple[str, Any] | None:
        for subject in claim.subjects():
            if subject in self.state:
                return self.state[subject]
        return None

    def path_exists(self, target: str) -> bool:
        path = Path(target)
        if path.is_absolute():
            return path.exists()
        return any((base / path).exists() for base in (self.settings.base_dir, self.settings.root))


def _same(claim: Claim, value: float) -> bool:
    tolerance = 0.5 * 10 ** (-claim.decimals) if claim.kind == "percent" else 0.0
    return claim.number is not None and abs(claim.number - value) <= tolerance + 1e-9


def _shown(number: float | None) -> str:
    return "?" if number is None else f"{number:g}"


def check(claim: Claim, sources: Sources) -> tuple[Verdict, str]:
    """The verdict on one claim and the reason, naming the source consulted."""
    if claim.kind == "url":
        return "unverifiable", "URLs are not fetched (the witness makes no network calls)"
    if claim.kind == "path":
        if sources.path_exists(claim.target or claim.text):
            return "verified", "the file exists"
        return "contradicted", f"no such file under {sources.settings.base_dir} or the memory root"
    ran = sources.command(claim)
    if ran is not None:
        subject, run = ran
        where = f"configured check {subject!r} (`{run.command}`)"
        if run.error is not None:
            return "unverifiable", f"{where}: {run.error}"
        if claim.kind == "status":
            positive = claim.status in POSITIVE
            if (run.exit_code == 0) == positive:
                return "verified", f"{where} exited {run.exit_code}"
            return "contradicted", f"{where} exited {run.exit_code}, not {claim.status}"
        if run.value is None:
            return "unverifiable", f"{where} reported no number"
        if _same(claim, run.value):
            return "verified", f"{where} reports {_shown(run.value)}"
        return "contradicted", f"memory says {_shown(claim.number)}; {where} reports {run.value:g}"
    found = sources.state_value(claim)
    if found is None:
        return "unverifiable", f"no source known for {claim.subject or 'this claim'!r}"
    where, value = found
    if claim.kind == "status":
        if isinstance(value, bool) or (
            isinstance(value, str) and value.lower() in POSITIVE + NEGATIVE
        ):
            positive = value if isinstance(value, bool) else value.lower() in POSITIVE
            verdict: Verdict = (
                "verified" if positive == (claim.status in POSITIVE) else "contradicted"
            )
            return verdict, f"{where} is {json.dumps(value)}"
        return "unverifiable", f"{where} is {json.dumps(value)[:40]}, not a status"
    if isinstance(value, list):
        value = len(value)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return "unverifiable", f"{where} is {json.dumps(value)[:40]}, not a number"
    if _same(claim, float(value)):
        return "verified", f"{where} is {value}"
    return "contradicted", f"memory says {_shown(claim.number)}; {where} is {value}"


def _memory_flags(memory: Memory, memories: dict[str, Memory]) -> list[Flag]:
    origin = f"entries/{memory.id}.md"
    if memory.kind is Kind.ASSESSMENT:
        observed = [
            c for c in memory.cites if c in memories and memories[c].kind is Kind.OBSERVATION
        ]
        if not observed:
            missing = ", ".join(memory.cites) or "none"
            return [
                Flag(origin, memory.text, f"assessment cites no existing observation ({missing})")
            ]
        return []
    if (
        memory.type is not MemoryType.EPISODIC
        and not memory.cites
        and EVALUATIVE.search(memory.text)
    ):
        return [Flag(origin, memory.text, "reads as an assessment but cites no observation")]
    return []


class Witness:
    """Gathers claims from memory's three sources and checks each one."""

    def __init__(self, settings: Settings, timeout_s: float = COMMAND_TIMEOUT_S) -> None:
        self.settings = settings
        self.timeout_s = timeout_s
        self._historical: set[str] = set()

    def claims(self) -> list[tuple[str, str, Claim]]:
        """(origin, the line it came from, claim) for every claim memory makes."""
        root = self.settings.root
        found: list[tuple[str, str, Claim]] = []
        curated = root / MEMORY_MD
        if curated.is_file():
            for n, line in enumerate(curated.read_text(encoding="utf-8").splitlines(), 1):
                found += [(f"{MEMORY_MD}:{n}", line, c) for c in extract(line)]
        for key, value in HotState(root).items("hot").items():
            line = f"{key}: {value if isinstance(value, str) else json.dumps(value)}"
            found += [(f"hot.json:{key}", line, c) for c in extract(line)]
        self._historical.clear()
        for memory in self._memories().values():
            origin = f"entries/{memory.id}.md"
            if memory.type is MemoryType.EPISODIC:
                self._historical.add(origin)
            for line in memory.text.splitlines():
                found += [(origin, line, c) for c in extract(line)]
            if memory.source:
                claim = Claim("path", memory.source, target=memory.source)
                found.append((f"{origin} (source)", memory.source, claim))
        return found

    def flags(self) -> list[Flag]:
        memories = self._memories()
        flags = [f for m in memories.values() for f in _memory_flags(m, memories)]
        curated = self.settings.root / MEMORY_MD
        if curated.is_file():
            for n, line in enumerate(curated.read_text(encoding="utf-8").splitlines(), 1):
                if EVALUATIVE.search(line) and not CITED_ID.search(line):
                    flags.append(
                        Flag(
                            f"{MEMORY_MD}:{n}",
                            line.strip(),
                            "an assessment that cites no memory id",
                        )
                    )
        return flags

    def run(self) -> Report:
        sources = Sources(self.settings, self.timeout_s)
        report = Report(flags=self.flags())
        for origin, _line, claim in self.claims():
            if origin in self._historical and claim.kind in ("count", "percent", "status"):
                # An episodic record states what was true in its run, not what is true now.
                verdict: Verdict = "unverifiable"
                detail = "an episodic record describes its run, not the present"
            else:
                verdict, detail = check(claim, sources)
            report.checks.append(Check(origin, claim, verdict, detail))
        return report

    def _memories(self) -> dict[str, Memory]:
        memories = Catalog(EntryFiles(self.settings.root)).memories
        return {k: memories[k] for k in sorted(memories) if ID_PATTERN.match(k)}
