"""What a session starts with (seed 002's loading pattern), within a token budget.

A main session gets the identity files that exist, the hot state, MEMORY.md and today's
and yesterday's notes, in that order of priority. A sub-agent gets only what its task
needs: a Memory Pack for the task, and never a line of MEMORY.md (the curated tier is
the main session's alone). Whatever does not fit, or is withheld, is listed at the end,
so the agent knows what it was not shown.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Literal

from agentmem.retrieval.pack import approx_tokens, build_pack, render
from agentmem.retrieval.reader import Reader
from agentmem.settings import Settings
from agentmem.stores import ReadableStore, open_store
from agentmem.stores.base import Filters
from agentmem.tiers.daily import DailyLog
from agentmem.tiers.hot import HotState

IDENTITY_FILES = ("SOUL.md", "IDENTITY.md", "USER.md")
MEMORY_MD = "MEMORY.md"
DEFAULT_BUDGET = 4000
PACK_CANDIDATES = 30

Keep = Literal["head", "tail"]


@dataclass(frozen=True)
class LeftOut:
    """Something the context does not carry, and why."""

    source: str
    reason: str


@dataclass
class Context:
    """The assembled text, what went into it and what was left out."""

    main_session: bool
    text: str = ""
    tokens: int = 0
    budget: int = DEFAULT_BUDGET
    included: list[str] = field(default_factory=list)
    left_out: list[LeftOut] = field(default_factory=list)


def curated_lines(text: str) -> list[str]:
    """The content lines of MEMORY.md (bullets stripped; headings and blanks skipped)."""
    lines = (line.strip().lstrip("-*+ ").strip() for line in text.splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def _section(source: str, body: str) -> str:
    return f"## {source}\n\n{body.strip()}\n\n"


def _fit(
    source: str, body: str, room: int, keep: Keep, count: Callable[[str], int]
) -> tuple[str, LeftOut | None]:
    """The section whole if it fits, else as many whole lines as fit from the kept end."""
    whole = _section(source, body)
    if count(whole) <= room:
        return whole, None
    lines = body.strip().splitlines()
    kept: list[str] = []
    for line in lines if keep == "head" else reversed(lines):
        trial = [*kept, line] if keep == "head" else [line, *kept]
        if count(_section(source, "\n".join(trial))) > room:
            break
        kept = trial
    dropped = len(lines) - len(kept)
    which = "last" if keep == "head" else "first"
    reason = f"{dropped} of {len(lines)} lines ({which} ones) over the token budget"
    if not kept:
        return "", LeftOut(source, "left out whole: over the token budget")
    return _section(source, "\n".join(kept)), LeftOut(source, reason)


def _footer(left_out: list[LeftOut]) -> str:
    if not left_out:
        return ""
    items = "\n".join(f"- {item.source}: {item.reason}" for item in left_out)
    return f"## Left out of this context\n\n{items}\n"


def load_context(
    main_session: bool,
    task: str | None = None,
    *,
    settings: Settings,
    store: ReadableStore | None = None,
    app_id: str | None = None,
    budget_tokens: int = DEFAULT_BUDGET,
    today: date | None = None,
    count: Callable[[str], int] = approx_tokens,
) -> Context:
    """Assemble a session's starting context within `budget_tokens`."""
    root = settings.root
    context = Context(main_session=main_session, budget=budget_tokens)
    parts: list[tuple[str, str, Keep]] = []
    if main_session:
        day = today or datetime.now(UTC).date()
        parts += [
            (n, (root / n).read_text("utf-8"), "head")
            for n in IDENTITY_FILES
            if (root / n).is_file()
        ]
        hot = HotState(root).items("hot")
        if hot:
            lines = (f"{k}: {v if isinstance(v, str) else json.dumps(v)}" for k, v in hot.items())
            parts.append(("hot state", "\n".join(lines), "head"))
        if (root / MEMORY_MD).is_file():
            parts.append((MEMORY_MD, (root / MEMORY_MD).read_text("utf-8"), "head"))
        daily = DailyLog(root)
        for when in (day, day - timedelta(days=1)):
            note = daily.read(when)
            if note.strip():
                parts.append((f"daily/{when.isoformat()}.md", note, "tail"))
    else:
        pack_text, withheld = _sub_agent_pack(task, settings, store, app_id, budget_tokens, count)
        context.left_out += withheld
        if pack_text:
            parts.append(("Memory Pack for this task", pack_text, "head"))
    # Reserve room for the footer as if every part were left out, so the total stays in budget.
    reserve = count(_footer([*context.left_out, *(LeftOut(p[0], "x" * 60) for p in parts)]))
    room = budget_tokens - reserve
    chunks: list[str] = []
    for source, body, keep in parts:
        text, missing = _fit(source, body, room, keep, count)
        if text:
            chunks.append(text)
            context.included.append(source)
            room -= count(text)
        if missing is not None:
            context.left_out.append(missing)
    context.text = "".join(chunks) + _footer(context.left_out)
    context.tokens = count(context.text)
    return context


def _sub_agent_pack(
    task: str | None,
    settings: Settings,
    store: ReadableStore | None,
    app_id: str | None,
    budget_tokens: int,
    count: Callable[[str], int],
) -> tuple[str, list[LeftOut]]:
    withheld = [LeftOut(MEMORY_MD, "curated tier: main sessions only")]
    if not task or not task.strip():
        return "", [*withheld, LeftOut("Memory Pack", "no task given, so nothing to retrieve for")]
    apps = None if app_id is None else tuple(dict.fromkeys((app_id, "_global")))
    filters = Filters(user_id=settings.user_id, app_ids=apps)
    answer = Reader(store or open_store(settings)).ask(task, PACK_CANDIDATES, filters)
    pack = build_pack(
        answer.hits,
        max_tokens=min(settings.pack_tokens, budget_tokens),
        max_entries=settings.pack_entries,
        floor=settings.confidence_floor,
        count=count,
    )
    curated_path = settings.root / MEMORY_MD
    curated = curated_lines(curated_path.read_text("utf-8")) if curated_path.is_file() else []
    entries = []
    for entry in pack.entries:
        if any(line in entry.text or entry.text in line for line in curated):
            withheld.append(LeftOut(f"memory {entry.id}", "repeats a MEMORY.md line (main only)"))
        else:
            entries.append(entry)
    withheld += [LeftOut("Memory Pack", f"{n} memories: {why}") for why, n in pack.dropped.items()]
    return render(entries), withheld
