"""`agentmem claude-code install|uninstall|hook`: memory for Claude Code sessions."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click
from click.core import ParameterSource

from agentmem._exceptions import SettingsError
from agentmem.adapters import claude_code as cc
from agentmem.cli._common import BadInput, CliPath, State, emit, json_option, pass_state
from agentmem.runtime import MemoryHooks


def _settings_path(project: Path | None, user: bool) -> Path:
    if user and project is not None:
        raise BadInput("give --project DIR or --user, not both")
    if user:
        return Path.home() / ".claude" / "settings.json"
    return (project or Path.cwd()) / ".claude" / "settings.json"


def _place_options(f: click.decorators.FC) -> click.decorators.FC:
    f = click.option(
        "--user", is_flag=True, help="Your own ~/.claude/settings.json (every project)."
    )(f)
    return click.option(
        "--project",
        type=CliPath(path_type=Path, file_okay=False, exists=True),
        help="The project whose .claude/settings.json to change (default: this folder).",
    )(f)


@click.group(name="claude-code")
def claude_code() -> None:
    """Claude Code hooks: a Memory Pack at session start, each session recorded at its end.

    `install` adds entries that run `agentmem claude-code hook` to a settings file; Claude
    Code then runs it with each event's JSON on stdin. The hooks obey the same flags as any
    host: AGENTMEM_ENABLED, AGENTMEM_HOOK_PRE_SPAWN (the pack), AGENTMEM_HOOK_POST_RUN (the
    record).
    """


@claude_code.command()
@_place_options
@click.option("--on-prompt", is_flag=True, help="Also pack for every prompt (UserPromptSubmit).")
@click.option(
    "--command",
    "command",
    help="The command entries run (default: this Python's `-m agentmem … claude-code hook`).",
)
@json_option
@pass_state
def install(
    state: State, project: Path | None, user: bool, on_prompt: bool, command: str | None
) -> None:
    """Merge agentmem's hook entries into .claude/settings.json (idempotent).

    Every other key and hook in the file is kept; run it again and nothing is added twice.
    A global --env-file given on this command line is baked into the entries.
    """
    path = _settings_path(project, user)
    root = click.get_current_context().find_root()
    given = root.get_parameter_source("env_file") is ParameterSource.COMMANDLINE
    command = command or cc.hook_command(state.env_file if given else None)
    events = (*cc.DEFAULT_EVENTS, "UserPromptSubmit") if on_prompt else cc.DEFAULT_EVENTS
    try:
        changed = cc.install(path, command, events)
    except ValueError as exc:
        raise BadInput(str(exc)) from exc
    data = {"settings": str(path), "changed": changed, "events": list(events), "command": command}
    emit(
        state,
        data,
        f"{'installed in' if changed else 'already installed in'} {path}: "
        f"{', '.join(events)} → {command}",
    )


@claude_code.command()
@_place_options
@json_option
@pass_state
def uninstall(state: State, project: Path | None, user: bool) -> None:
    """Remove agentmem's hook entries from .claude/settings.json; nothing else changes."""
    path = _settings_path(project, user)
    try:
        changed = cc.uninstall(path)
    except ValueError as exc:
        raise BadInput(str(exc)) from exc
    emit(
        state,
        {"settings": str(path), "changed": changed},
        f"{'removed from' if changed else 'nothing of agentmem in'} {path}",
    )


@claude_code.command()
@click.option(
    "--budget",
    type=click.FloatRange(0.1, cc.ENTRY_TIMEOUT_S),
    default=cc.BUDGET_S,
    show_default=True,
    help="Seconds before the hook gives up (under the entry's timeout).",
)
@pass_state
def hook(state: State, budget: float) -> None:
    """Handle one Claude Code hook event (its JSON on stdin). Always exits 0.

    Prints the JSON Claude Code reads (the pack as additionalContext) when there is one;
    a failure is a line on stderr and in the audit ledger, never a broken session.
    """
    raw = sys.stdin.read()
    handled = cc.respond(raw, lambda: _hooks(state), budget)
    if handled.output is not None:
        click.echo(json.dumps(handled.output, ensure_ascii=False))
    if not handled.ok:
        click.echo(f"agentmem claude-code hook: {handled.event}: {handled.reason}", err=True)
    if handled.timed_out:  # the work thread may still hold the store: leave, don't wait
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)


def _hooks(state: State) -> MemoryHooks:
    try:
        return state.hooks
    except click.ClickException as exc:  # an --env-file that does not load (exit 2 elsewhere)
        raise SettingsError("env_file", str(state.env_file), exc.format_message()) from exc


COMMANDS = [claude_code]
