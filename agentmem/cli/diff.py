"""`agentmem diff`: the memory diff of a window, read from the ledger and the files."""

from __future__ import annotations

import click

from agentmem.audit import WindowError, resolve
from agentmem.audit.diff import compute
from agentmem.audit.diffview import render
from agentmem.cli._common import BadInput, State, emit, json_option, pass_state, translate_errors
from agentmem.core.model import TRIGGERS
from agentmem.core.validate import APP_ID


@click.command()
@click.option("--since", "since_text", help="Window up to now: 90m, 24h, 7d (default), 2w.")
@click.option("--from", "start", help="First day of the window, YYYY-MM-DD (UTC).")
@click.option("--to", "end", help="Last day of the window, YYYY-MM-DD (UTC, included).")
@click.option("--hook", type=click.Choice(TRIGGERS), help="Only what this hook (or writer) did.")
@click.option("--app", "app_id", help="Only memories (and drafts) of this app_id.")
@click.option(
    "--limit",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="Entries shown per section and hook (0: all); --json always holds all.",
)
@json_option
@pass_state
@translate_errors
def diff(
    state: State,
    since_text: str | None,
    start: str | None,
    end: str | None,
    hook: str | None,
    app_id: str | None,
    limit: int,
) -> None:
    """What memory learned in a window: memories added (text, type, confidence, kind, app,
    the hook and run that wrote them, source, cites), superseded (old text → new), archived
    or purged, duplicates held (which memory absorbed them, how many times) and drafts
    rejected (every reason; text through the secret guard). Read from the ledger and the
    memory files (and git history, when the root is in a git repository); nothing re-runs.

    Exit codes: 0 ok; 2 a bad window or app.

    \b
    Examples:
      agentmem diff                       # the last 7 days
      agentmem diff --since 24h --hook judgment_harvest
      agentmem diff --from 2026-11-16 --to 2026-11-22 --app billing-api --json
    """
    try:
        window = resolve(since_text, start, end)
    except WindowError as exc:
        raise BadInput(str(exc)) from exc
    if app_id is not None and not APP_ID.match(app_id):
        raise BadInput(f"--app {app_id!r}: expected lowercase kebab, _global or _executive")
    found = compute(state.settings, window, hook=hook, app_id=app_id)
    emit(state, found.as_dict(), lambda: render(found, limit or None))


COMMANDS = [diff]
