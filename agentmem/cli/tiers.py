"""Tier commands: log, hot, state, context, maintain, gc, witness."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any, ParamSpec, TypeVar

import click

from agentmem.cli._common import BadInput, State, emit, json_option, pass_state, read_json_arg
from agentmem.cli._common import translate_errors as _translate
from agentmem.harvest.gc import GarbageCollector
from agentmem.harvest.witness import Witness
from agentmem.tiers import (
    DailyLog,
    HotOverBudget,
    HotState,
    Maintenance,
    StateFiles,
    StateInvalid,
    TierInputError,
    load_context,
)

P = ParamSpec("P")
R = TypeVar("R")


def translate_errors(f: Callable[P, R]) -> Callable[P, R]:
    """The common translation, plus: a refused tier write is bad input (exit 2)."""

    @functools.wraps(f)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return f(*args, **kwargs)
        except (TierInputError, StateInvalid, HotOverBudget) as exc:
            raise BadInput(str(exc)) from exc

    return _translate(wrapper)


def _hot(state: State) -> HotState:
    return HotState(state.settings.root, cap_bytes=state.settings.hot_bytes)


def _value(raw: str) -> Any:
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        return raw  # not JSON (or nested past the parser): keep it as the string it is


def _show(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


@click.command(name="log")
@click.argument("text")
@json_option
@pass_state
@translate_errors
def log_(state: State, text: str) -> None:
    """Append one timestamped line to today's daily note (daily/YYYY-MM-DD.md)."""
    log, when = DailyLog(state.settings.root), datetime.now(UTC)
    line = log.append(text, when)
    path = log.path_for(when.date())
    emit(state, {"path": str(path), "line": line}, f"{path}: {line}")


@click.group()
def hot() -> None:
    """Hot state: small key-value data loaded every iteration (cap AGENTMEM_HOT_BYTES)."""


@hot.command(name="set")
@click.argument("key")
@click.argument("value")
@json_option
@pass_state
@translate_errors
def hot_set(state: State, key: str, value: str) -> None:
    """Set KEY to VALUE (JSON if it parses, else a string); refused over the cap."""
    store = _hot(state)
    size = store.set(key, _value(value))
    data = {"key": key, "size_bytes": size, "cap_bytes": store.cap_bytes}
    emit(state, data, f"hot {key} set · hot.json {size}/{store.cap_bytes} bytes")


@hot.command(name="get")
@click.argument("key")
@json_option
@pass_state
@translate_errors
def hot_get(state: State, key: str) -> None:
    """Show KEY's value (a cold key is read on demand and comes back hot if it fits)."""
    value, tier = _hot(state).get(key)
    emit(state, {"key": key, "value": value, "tier": tier}, _show(value))


@hot.command(name="list")
@click.option("--cold", is_flag=True, help="List the cold file instead.")
@json_option
@pass_state
@translate_errors
def hot_list(state: State, cold: bool) -> None:
    """List hot (or cold) state, and the hot file's size."""
    store = _hot(state)
    items = store.items("cold" if cold else "hot")
    data = {"tier": "cold" if cold else "hot", "items": items, "hot_bytes": store.size()}
    lines = [f"{k}: {_show(v)}" for k, v in items.items()]
    lines.append(f"hot.json {store.size()}/{store.cap_bytes} bytes")
    emit(state, data, "\n".join(lines))


@hot.command(name="tick")
@json_option
@pass_state
@translate_errors
def hot_tick(state: State) -> None:
    """End an iteration: demote keys unreferenced for 5 ticks; report the size."""
    tick = _hot(state).tick()
    data = {
        "iteration": tick.iteration,
        "size_bytes": tick.size_bytes,
        "cap_bytes": tick.cap_bytes,
        "demoted": tick.demoted,
    }
    demoted = f" · demoted to cold: {', '.join(tick.demoted)}" if tick.demoted else ""
    human = f"iteration {tick.iteration} · hot.json {tick.size_bytes}/{tick.cap_bytes} bytes"
    emit(state, data, human + demoted)


@click.group(name="state")
def state_() -> None:
    """Structured state: state/NAME.json, checked against state/NAME.schema.json."""


@state_.command(name="define")
@click.argument("name")
@click.argument("schema")
@json_option
@pass_state
@translate_errors
def state_define(state: State, name: str, schema: str) -> None:
    """Set NAME's JSON schema (inline JSON, @FILE or -)."""
    loaded = read_json_arg(schema, "SCHEMA")
    if not isinstance(loaded, dict):
        raise BadInput("SCHEMA: expected a JSON object")
    path = StateFiles(state.settings.root).define(name, loaded)
    emit(state, {"schema": str(path)}, f"schema written: {path}")


@state_.command(name="set")
@click.argument("name")
@click.argument("data")
@json_option
@pass_state
@translate_errors
def state_set(state: State, name: str, data: str) -> None:
    """Replace NAME's data (inline JSON, @FILE or -); refused if it breaks the schema."""
    path = StateFiles(state.settings.root).write(name, read_json_arg(data, "DATA"))
    emit(state, {"path": str(path)}, f"written: {path}")


@state_.command(name="show")
@click.argument("name")
@pass_state
@translate_errors
def state_show(state: State, name: str) -> None:
    """Print NAME's data as JSON."""
    click.echo(json.dumps(StateFiles(state.settings.root).read(name), indent=2))


@click.command()
@click.option("--sub-agent", is_flag=True, help="A sub-agent's context: the task's pack only.")
@click.option("--task", help="What the session is for (a sub-agent's pack is built for it).")
@click.option("--app", "app_id", help="Scope a sub-agent's pack to this app_id.")
@click.option("--tokens", type=click.IntRange(100, 200_000), default=4000, show_default=True)
@json_option
@pass_state
@translate_errors
def context(
    state: State, sub_agent: bool, task: str | None, app_id: str | None, tokens: int
) -> None:
    """Print the context a session starts with, within the token budget."""
    store = state.hooks.store if sub_agent else None
    ctx = load_context(
        not sub_agent,
        task,
        settings=state.settings,
        store=store,
        app_id=app_id,
        budget_tokens=tokens,
    )
    data = {
        "main_session": ctx.main_session,
        "tokens": ctx.tokens,
        "budget": ctx.budget,
        "included": ctx.included,
        "left_out": [{"source": x.source, "reason": x.reason} for x in ctx.left_out],
        "text": ctx.text,
    }
    emit(state, data, ctx.text.rstrip("\n") or "(empty context)")


@click.command()
@click.option("--apply", "apply_", is_flag=True, help="Write the proposed MEMORY.md.")
@click.option("--force", is_flag=True, help="Review even if not due yet.")
@click.option("--today", type=click.DateTime(["%Y-%m-%d"]), help="Review as of this day.")
@json_option
@pass_state
@translate_errors
def maintain(state: State, apply_: bool, force: bool, today: datetime | None) -> None:
    """Review the last 5 days of notes; propose MEMORY.md additions and prunes as a diff.

    Due every AGENTMEM_MAINTAIN_DAYS days. Nothing changes without --apply.
    """
    job = Maintenance(state.settings, today.date() if today else None)
    try:
        p = job.apply(force=force) if apply_ else job.review(force=force)
    except OverflowError as exc:  # the review window runs past year 1 or 9999
        raise BadInput(
            f"--today {today.date() if today else None}: too near the calendar's edge ({exc})"
        ) from exc
    data = {
        **{k: getattr(p, k) for k in ("due", "today", "last_review", "next_due", "applied")},
        "reviewed_days": p.reviewed_days,
        "additions": [{"text": a.text, "days": a.days} for a in p.additions],
        "prunes": [{"line": x.line_no, "text": x.line, "reason": x.reason} for x in p.prunes],
        "diff": p.diff,
    }

    def human() -> str:
        if not (p.due or force):
            return f"maintenance not due until {p.next_due} (last review {p.last_review})"
        why = "".join(f"\n  prune line {x.line_no}: {x.reason}" for x in p.prunes)
        body = p.diff.rstrip("\n") or "MEMORY.md: nothing to add or prune"
        tail = "applied" if p.applied else "proposal only: rerun with --apply to write it"
        return f"{body}{why}\n({tail})"

    emit(state, data, human)


@click.command()
@click.option("--apply", "apply_", is_flag=True, help="Move the proposed memories to archive/.")
@click.option("--restore", "restore_id", metavar="ID", help="Bring one archived memory back.")
@click.option(
    "--as-of-days",
    type=click.IntRange(-36_500, 36_500),  # a century either way; datetime overflows past 9999
    default=0,
    help="Judge idleness this many days from now (preview).",
)
@json_option
@pass_state
@translate_errors
def gc(state: State, apply_: bool, restore_id: str | None, as_of_days: int) -> None:
    """Propose memories untouched AGENTMEM_GC_DAYS days with ≤ AGENTMEM_GC_MAX_ACCESS reads.

    Principles are never proposed. --apply archives them (never deletes); --restore ID
    brings one back byte for byte.
    """
    collector = GarbageCollector(state.settings)
    if restore_id is not None:
        path = collector.restore(restore_id)
        emit(state, {"restored": restore_id, "path": str(path)}, f"restored {restore_id}")
        return
    now = datetime.now(UTC) + timedelta(days=as_of_days)
    found = collector.candidates(now)
    moved = collector.archive(c.id for c in found) if apply_ else []
    data = {
        "candidates": [
            {
                "id": c.id,
                "type": c.type,
                "idle_days": round(c.idle_days, 1),
                "access_count": c.access_count,
            }
            for c in found
        ],
        "archived": moved,
    }
    lines = [
        f"{c.id}  idle {c.idle_days:.0f}d  reads {c.access_count}  {c.text[:70]}" for c in found
    ]
    verb = "archived" if apply_ else "proposed (rerun with --apply to archive)"
    emit(state, data, "\n".join([*lines, f"{len(found)} {verb}"]))


@click.command()
@click.option("--strict", is_flag=True, help="Exit 1 on a flagged assessment too.")
@json_option
@pass_state
@translate_errors
def witness(state: State, strict: bool) -> None:
    """Check memory's claims against their sources; exit 1 on a contradiction.

    Reads MEMORY.md, hot state and memories; never edits them.
    """
    report = Witness(state.settings).run()

    def human() -> str:
        lines = [f"{c.verdict:<13} {c.origin}  {c.claim.text!r}: {c.detail}" for c in report.checks]
        lines += [f"{'flagged':<13} {f.origin}  {f.text[:70]!r}: {f.reason}" for f in report.flags]
        lines.append(" · ".join(f"{k} {v}" for k, v in report.counts().items()))
        return "\n".join(lines)

    emit(state, report.as_json(), human)
    if report.contradicted or (strict and report.flags):
        raise SystemExit(1)


COMMANDS = [log_, hot, state_, context, maintain, gc, witness]
