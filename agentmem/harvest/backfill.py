"""Backfill: migrate an existing corpus into memory through the one writer, one lane at a time.

| lane | reads | becomes |
|---|---|---|
| `principles` | a constitution: headed articles, and list items | immutable `principle` memories |
| `retros` | retrospective markdown | lessons, through hook D's distiller |
| `capabilities` | markdown list items | `semantic` memories tagged `capability` |
| `episodic` | JSONL ledgers, one run per line | `episodic` memories |

Everything goes through `Harvester.submit` (trigger `backfill`), so validation, the secret
guard and dedup apply: running a lane twice writes nothing the second time.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, get_args

from agentmem._exceptions import AgentMemError
from agentmem.core.model import Outcome, Problem, content_key
from agentmem.core.writer import Harvester
from agentmem.harvest.distill import distill, is_periodic

Lane = Literal["principles", "retros", "capabilities", "episodic"]
LANES: tuple[str, ...] = get_args(Lane)
SUFFIXES: dict[str, tuple[str, ...]] = {
    "principles": (".md", ".markdown"),
    "retros": (".md", ".markdown"),
    "capabilities": (".md", ".markdown"),
    "episodic": (".jsonl",),
}
ITEM = re.compile(r"^(\s*)(?:[-*+]|\d+[.)])\s+(.*\S)\s*$")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
# A heading that numbers an article: "Article I — Title", "I. Title", "3. Title" (spec-kit's
# constitution template writes "### I. Library-First" then a paragraph).
ARTICLE = re.compile(r"^(?:article\s+[ivxlcdm\d]+\b|[ivxlcdm]+[.)]\s|\d+[.)]\s)", re.IGNORECASE)
COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
CAPABILITY_CONFIDENCE = 0.8  # a capability list is curated, but not measured
LEDGER_FIELDS = ("run_id", "app_id", "outcome", "summary")


class BackfillError(AgentMemError):
    """Raised when a backfill cannot start: no such path, or an unknown lane."""


@dataclass
class Item:
    """One unit of a lane: a draft to submit, or the reason the source could not make one."""

    source: str
    draft: dict[str, Any] | None = None
    problems: list[Problem] = field(default_factory=list)


@dataclass
class Report:
    """What a lane did (or, in a dry run, would do)."""

    lane: str
    dry_run: bool
    written: list[dict[str, Any]] = field(default_factory=list)
    duplicates: list[dict[str, Any]] = field(default_factory=list)
    rejected: list[dict[str, Any]] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {
            "lane": self.lane,
            "dry_run": self.dry_run,
            "written": self.written,
            "duplicates": self.duplicates,
            "rejected": self.rejected,
        }


def list_items(markdown: str) -> list[str]:
    """Markdown list items in order; an indented plain line continues the item above it."""
    found: list[str] = []
    open_item = False
    for line in markdown.splitlines():
        match = ITEM.match(line)
        if match:
            found.append(match.group(2))
            open_item = True
        elif open_item and line.strip() and line[:1].isspace():
            found[-1] = f"{found[-1]} {line.strip()}"
        else:
            open_item = False
    return found


def articles(markdown: str) -> tuple[list[str], str]:
    """Headed articles as one principle each ("Title: body"), and the text outside them.

    An article's body runs to the next heading; its paragraph lines are joined, its list
    items joined with "; ". HTML comments (a template's guidance) are not principles.
    """
    found: list[str] = []
    rest: list[str] = []
    title: str | None = None
    body: list[str] = []

    def close() -> None:
        if title is not None and body:
            found.append(f"{title}: {' '.join(body)}")

    for line in COMMENT.sub("", markdown).splitlines():
        heading = HEADING.match(line)
        if heading:
            close()
            title, body = (heading.group(1), []) if ARTICLE.match(heading.group(1)) else (None, [])
            rest.append(line)
        elif title is None:
            rest.append(line)
        elif line.strip():
            item = ITEM.match(line)
            text = item.group(2) if item else line.strip()
            body.append(f"{text.rstrip(';')};" if item else text)
    close()
    return [a.removesuffix(";") for a in found], "\n".join(rest)


def files_for(path: Path, lane: str) -> list[Path]:
    """PATH itself, or every file of the lane's kind under it, in a stable order."""
    if lane not in LANES:
        raise BackfillError(f"lane: expected one of {', '.join(LANES)}; got {lane!r}")
    if path.is_file():
        return [path]
    if not path.is_dir():
        raise BackfillError(f"PATH: {path} is neither a file nor a folder")
    return sorted(
        p
        for p in path.rglob("*")
        if p.is_file() and p.suffix.lower() in SUFFIXES[lane] and not p.name.startswith(".")
    )


def shown(path: Path, base: Path) -> str:
    """The path as the repo knows it: relative to the repo when inside it."""
    resolved, root = path.resolve(), base.resolve()
    return str(resolved.relative_to(root)) if resolved.is_relative_to(root) else str(resolved)


def _principles(text: str, source: str) -> list[Item]:
    headed, rest = articles(text)
    return [
        Item(source, {"text": t, "type": "principle", "source": source, "tags": ["principle"]})
        for t in [*headed, *list_items(rest)]
    ]


def _capabilities(text: str, source: str) -> list[Item]:
    return [
        Item(
            source,
            {
                "text": t,
                "type": "semantic",
                "confidence": CAPABILITY_CONFIDENCE,
                "source": source,
                "tags": ["capability"],
            },
        )
        for t in list_items(text)
    ]


def _retros(text: str, source: str) -> list[Item]:
    plan = distill(text, source, periodic=is_periodic(source, text))
    return [Item(source, draft) for draft in plan.drafts]


def ledger_item(line: str, where: str, source: str) -> Item:
    """One JSONL run record as an episodic draft, or the field that is wrong with it."""
    try:
        record = json.loads(line)
    except (ValueError, RecursionError) as exc:  # RecursionError: nested past the parser
        return Item(where, problems=[Problem("<line>", f"not valid JSON: {exc}")])
    if not isinstance(record, dict):
        return Item(where, problems=[Problem("<line>", "expected a JSON object per line")])
    problems = [
        Problem(key, f"required, a non-empty string; got {record.get(key)!r}")
        for key in LEDGER_FIELDS
        if not isinstance(record.get(key), str) or not record[key].strip()
    ]
    outcome = record.get("outcome")
    if not problems and outcome not in {o.value for o in Outcome}:
        allowed = ", ".join(o.value for o in Outcome)
        problems.append(Problem("outcome", f"must be one of {allowed}; got {outcome!r}"))
    if problems:
        return Item(where, problems=problems)
    draft = {
        "text": f"Run {record['run_id']} ended in {outcome}: {record['summary'].strip()}",
        "type": "episodic",
        "run_id": record["run_id"],
        "app_id": record["app_id"],
        "outcome": outcome,
        "source": record.get("source") or source,
        "tags": [f"outcome-{outcome}"],
    }
    return Item(where, draft)


def _episodic(text: str, source: str) -> list[Item]:
    return [
        ledger_item(line, f"{source}:{number}", source)
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip()
    ]


READERS: dict[str, Callable[[str, str], list[Item]]] = {
    "principles": _principles,
    "retros": _retros,
    "capabilities": _capabilities,
    "episodic": _episodic,
}


# Where a non-empty file yielding nothing means its format was not understood. (A retro
# with no lessons is an ordinary retro, so the retros lane is not listed.)
NOTHING_FOUND = {
    "principles": "no principles found: expected list items or headed articles "
    "(## Article I — Title, or ### I. Title, then a paragraph)",
    "capabilities": "no capabilities found: expected markdown list items",
    "episodic": "no runs found: expected one JSON object per line",
}


def plan(
    path: Path,
    lane: str,
    base: Path,
    *,
    app_id: str | None = None,
    cohort: str | None = None,
) -> list[Item]:
    """Every item the lane finds under PATH, before anything is submitted."""
    items: list[Item] = []
    for file in files_for(path, lane):
        source = shown(file, base)
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            items.append(Item(source, problems=[Problem("<file>", f"unreadable: {exc}")]))
            continue
        found = READERS[lane](text, source)
        if not found and text.strip() and lane in NOTHING_FOUND:
            found = [Item(source, problems=[Problem("<file>", NOTHING_FOUND[lane])])]
        items += found
    for item in items:
        if item.draft is not None:
            if app_id is not None and lane != "episodic":  # a ledger line names its own app
                item.draft.setdefault("app_id", app_id)
            if cohort is not None:
                item.draft["cohort"] = cohort
    return items


def run(
    items: Iterable[Item],
    harvester: Harvester,
    lane: str,
    *,
    dry_run: bool = False,
    progress: Callable[[Item], None] | None = None,
) -> Report:
    """Submit each item through the one writer (or only check it, in a dry run)."""
    report = Report(lane=lane, dry_run=dry_run)
    seen: set[str] = set()  # a dry run writes nothing, so it tracks its own duplicates
    for item in items:
        if item.draft is None:
            report.rejected.append(
                {"source": item.source, "problems": [p.as_dict() for p in item.problems]}
            )
        else:
            _submit(item, harvester, dry_run, seen, report)
        if progress is not None:
            progress(item)
    return report


def _submit(
    item: Item, harvester: Harvester, dry_run: bool, seen: set[str], report: Report
) -> None:
    assert item.draft is not None
    outcome = harvester.submit(item.draft, trigger="backfill", dry_run=dry_run)
    entry = {"id": outcome.memory_id, "source": item.source}
    if outcome.status == "rejected":
        problems = [p.as_dict() for p in outcome.problems]
        # The writer's copy of the draft: scrubbed, so a refused key is never printed.
        text = outcome.record.get("text", item.draft.get("text"))
        report.rejected.append({"source": item.source, "text": text, "problems": problems})
        return
    record = outcome.record
    key = content_key(record["text"], record["user_id"], record["agent_id"], record["app_id"])
    if outcome.status == "duplicate" or key in seen:
        report.duplicates.append(entry)
        return
    seen.add(key)
    report.written.append({**entry, "type": record["type"], "text": record["text"]})
