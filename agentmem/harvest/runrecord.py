"""The run record's text: how hook C writes what happened, and how hook E reads it back.

One line of prose per run: "Run <id>: <goal> ended in <outcome>. <summary> Failed: <name>
(<detail>); <name> (<detail>). <n> other check(s) passed." A failed verifier keeps its
`detail` (where a failure's cause is written); passed ones are only counted, so the names
of checks that every run passes do not make every record match every question about tests.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from agentmem.contexts import RunOutcome
from agentmem.core.model import Memory
from agentmem.core.secrets import whole_secrets
from agentmem.core.validate import MAX_TEXT

FAILED = re.compile(r"\sFailed: (?P<checks>.*?)\.(?: \d+ other check\(s\) passed\.)?$")
# The record before this format named every check: "Verifiers: a passed, b failed."
OLD_CHECKS = re.compile(r"\sVerifiers: (?P<checks>.*)\.$")


def slug(name: str) -> str:
    """A verifier's or tag's name as a tag (`fail-<slug>` names a failed verifier)."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "check"


def one_line(text: str) -> str:
    # A key split across two lines would become two words no guard joins again: keep it
    # whole. (Text too long for any record is refused for its length, so is not scanned.)
    return " ".join((whole_secrets(text) if len(text) <= MAX_TEXT else text).split())


def record_text(run: RunOutcome) -> str:
    """The episodic record of a run (see the module docstring)."""
    parts = [f"Run {run.run_id}: {one_line(run.goal)} ended in {run.outcome.value}."]
    if run.summary.strip():
        parts.append(one_line(run.summary))
    failed = [v for v in run.verifiers if not v.passed]
    passed = len(run.verifiers) - len(failed)
    if failed:
        said = "; ".join(
            f"{v.name} ({one_line(v.detail)})" if v.detail.strip() else v.name for v in failed
        )
        parts.append(f"Failed: {said}." + (f" {passed} other check(s) passed." if passed else ""))
    elif run.verifiers:
        parts.append(f"All {passed} check(s) passed.")
    return " ".join(parts)


DATED = re.compile(r"\d{4}-\d{2}-\d{2}")


def dated(run_id: str, day: date) -> str:
    """The run id memory files a run under: the host's own when it opens on a date, else
    the host's after the day the run was recorded ("mob-017" on 2026-09-07 is
    "2026-09-07-mob-017"). Hosts name runs their own way (ticket numbers, UUIDs); memory's
    run ids open on the day (`agentmem.core.validate`), and hook E reads it from them."""
    return run_id if DATED.match(run_id) else f"{day.isoformat()}-{run_id}"


def run_day(memory: Memory) -> date:
    """The day a record's run happened (its run_id's date; when it was recorded if none)."""
    try:
        return date.fromisoformat(memory.run_id[:10])
    except ValueError:
        return date.fromisoformat(memory.created_at[:10])


def record_goal(text: str) -> str:
    """The goal of a record `record_text` wrote; a text in no known shape is all goal."""
    head, found, _ = text.partition(" ended in ")
    if not found:
        return text
    return re.sub(r"^Run \S+: ", "", head)


@dataclass(frozen=True)
class Check:
    """A verifier that failed, as the record tells it."""

    name: str
    detail: str


@dataclass(frozen=True)
class Record:
    """A run record read back: its summary and the checks that failed."""

    summary: str
    failed: tuple[Check, ...]


def read_record(text: str) -> Record:
    """The summary and failed checks of a record `record_text` wrote (older ones too)."""
    _, _, rest = text.partition(" ended in ")
    _, _, body = rest.partition(". ")
    match = FAILED.search(" " + body)
    if match is not None:
        summary = body[: match.start()].strip()
        return Record(summary, tuple(_checks(match["checks"])))
    old = OLD_CHECKS.search(" " + body)
    if old is not None:
        checks = tuple(
            Check(item.rsplit(" ", 1)[0], "")
            for item in old["checks"].split(", ")
            if item.endswith(" failed")
        )
        return Record(body[: old.start()].strip(), checks)
    summary = re.sub(r"\s*All \d+ check\(s\) passed\.$", "", body).strip()
    return Record(summary, ())


def _checks(said: str) -> list[Check]:
    """The checks of "<name> (<detail>); <name>": split at the "; " outside parentheses,
    so a detail that holds its own ("(38,114 failing rows); downstream skipped") is kept
    whole. A detail with a stray ")" ("1) stop; 2) drain") closes early: a piece that
    starts with no name is joined back to the one before."""
    items: list[str] = []
    depth, start = 0, 0
    for i, char in enumerate(said):
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif char == ";" and depth == 0 and said.startswith("; ", i):
            items.append(said[start:i])
            start = i + 2
    items.append(said[start:])
    for k in range(len(items) - 1, 0, -1):
        if set(items[k].partition(" (")[0]) & set("()"):  # no name: a detail's own "; "
            items[k - 1 : k + 1] = [f"{items[k - 1]}; {items[k]}"]
    checks = []
    for item in items:
        name, paren, detail = item.partition(" (")
        if paren and detail.endswith(")"):
            detail = detail[:-1]
        elif paren:  # no closing parenthesis: the name was all of it
            name, detail = item, ""
        if name.strip():
            checks.append(Check(name.strip(), detail.strip()))
    return checks
