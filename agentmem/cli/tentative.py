"""`agentmem tentative`: the lessons hook C keeps below their type's confidence range."""

from __future__ import annotations

from typing import Any

import click

from agentmem._exceptions import TentativeNotFound
from agentmem.audit import tentview
from agentmem.cli._common import BadInput, State, emit, json_option, pass_state, translate_errors
from agentmem.harvest import tentadmin


@click.group()
def tentative() -> None:
    """Lessons kept as tentative: not memory yet, not lost either.

    A run's lesson rated below its type's confidence range (a semantic lesson at 0.6;
    semantic holds 0.7-0.95) is kept by hook C as one JSON file under <root>/tentative/.
    No pack, synthesis or harvest reads it. A later run of its app promotes it (written
    as memory at the type's lowest confidence) when it does what the lesson's failed check
    asked and passes, contradicts it when it acts on it and fails, or lets it expire after
    30 days. These commands show the records and settle one by hand.
    """


def _line(row: dict[str, Any]) -> str:
    if row["status"] == "pending":
        fate = f"expires {row['expires_at']}" + (" (overdue)" if row["overdue"] else "")
    else:
        who = "hand" if row["settled_by"] == tentadmin.BY_HAND else f"run {row['settled_by']}"
        fate = f"by {who}" + (f" as {row['memory_id']}" if row["memory_id"] else "")
    if row["seen"] > 1:
        fate += f"; told by {row['seen']} fires, {row['first_seen']} to {row['last_seen']}"
    return (
        f"{row['id']}  [{row['status']} {row['app_id']}]  kept {row['kept_at']} "
        f"from run {row['run']}; {fate}\n    {row['text'][:200]}\n    why held: {row['why']}"
    )


@tentative.command(name="list")
@click.option("--app", "app_id", help="Only this app_id.")
@click.option(
    "--all", "show_all", is_flag=True, help="Settled records too (promoted, contradicted, expired)."
)
@json_option
@pass_state
@translate_errors
def list_(state: State, app_id: str | None, show_all: bool) -> None:
    """List tentative records, oldest first: what, app, when kept and from which run,
    why held (its confidence against its type's range), when it expires, and how many
    fires of hook C told it (from the ledger; --json: seen, first_seen, last_seen).

    Pending records only, unless --all. A damaged file (not JSON of a record, a link,
    oversized, holding text memory cannot hold) is never read as a record: it is listed
    apart, with the reason (--json: "damaged"). Exit 0 either way.
    """
    s = state.settings
    found = tentview.listed(s.root, s.log_path, app_id=app_id, settled=show_all, limit=None)
    rows, damaged = found["tentative"], found["damaged"]
    data = {"tentative": rows, "damaged": damaged}

    def human() -> str:
        lines = [_line(r) for r in rows] or [
            "no tentative records" if show_all else "no pending tentative records"
        ]
        lines += [f"damaged (skipped): {d['path']}: {d['reason']}" for d in damaged]
        return "\n".join(lines)

    emit(state, data, human)


@tentative.command()
@click.argument("record_id", metavar="ID")
@json_option
@pass_state
@translate_errors
def drop(state: State, record_id: str) -> None:
    """Delete one tentative record, so no later run promotes it. ID as listed
    (tentative-<12 hex digits>); a damaged file is dropped too. Exit 2 if no such record."""
    try:
        record = tentadmin.drop(state.hooks.harvester, record_id)
    except TentativeNotFound as exc:
        raise BadInput(str(exc)) from exc
    text = "" if record is None else str(record.draft.get("text", ""))
    emit(
        state,
        {"dropped": record_id, "text": text, "damaged": record is None},
        f"dropped {record_id}" + (f": {text[:120]}" if text else " (a damaged file)"),
    )


@tentative.command()
@click.argument("record_id", metavar="ID")
@click.option("--force", is_flag=True, help="Promote a record a run contradicted or let expire.")
@json_option
@pass_state
@translate_errors
def promote(state: State, record_id: str, force: bool) -> None:
    """Write one tentative lesson as memory now, at its type's lowest confidence (semantic
    0.7), through the writer (validated, guarded, deduplicated); the record is marked
    promoted by hand. Exit 2 if no such record or the writer refuses the lesson; exit 1 if
    it is already promoted, or contradicted or expired (without --force)."""
    try:
        record = tentadmin.promote(state.hooks.harvester, record_id, force=force)
    except TentativeNotFound as exc:
        raise BadInput(str(exc)) from exc
    emit(
        state,
        {"promoted": record.id, "memory_id": record.memory_id},
        f"promoted {record.id}: held as {record.memory_id}",
    )


COMMANDS = [tentative]
