"""Hook commands: fire one hook from the shell, exactly as the host loop would."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import click

from agentmem.cli._common import (
    BadInput,
    CliPath,
    State,
    emit,
    json_option,
    pass_state,
    read_json_arg,
    translate_errors,
)
from agentmem.core.model import HookName
from agentmem.results import HookResult


def summarize(result: HookResult) -> str:
    """One block a person can read: ran or skipped, ok, writes, reads, the product."""
    if result.skipped:
        head = f"{result.hook}: skipped ({result.reason})"
    else:
        head = f"{result.hook}: {'ok' if result.ok else 'FAILED'} in {result.duration_ms:.1f} ms"
    lines = [head]
    if result.error is not None:
        plugin = f" (plugin {result.error.plugin})" if result.error.plugin else ""
        lines.append(f"  error{plugin}: {result.error.type}: {result.error.message}")
        lines += [f"  also {e.plugin}: {e.type}: {e.message}" for e in result.plugin_errors[1:]]
    elif not result.ok and result.reason:
        lines.append(f"  {result.reason}")
    w = result.writes
    if w.attempted:
        lines.append(
            f"  writes: {w.attempted} attempted, {len(w.accepted)} accepted, "
            f"{len(w.duplicates)} duplicate, {w.rejected_total} rejected"
            + (f", {w.past_budget} not written (past the budget)" if w.past_budget else "")
            + (f", {len(w.tentative)} kept as tentative" if w.tentative else "")
        )
        lines += [f"    + {i}" for i in w.accepted]
        lines += [f"    ? {i} (tentative: out of packs until corroborated)" for i in w.tentative]
        for rejected in w.rejected:
            reasons = "; ".join(f"{p['field']}: {p['reason']}" for p in rejected.problems)
            lines.append(f"    x {reasons}")
    if result.reads.queries:
        lines.append(
            f"  reads: {result.reads.retrievals} retrievals, {len(result.reads.returned)} memories returned"
        )
    if result.tool_calls:
        lines.append(
            "  tools: " + ", ".join(f"{k}×{v}" for k, v in sorted(result.tool_calls.items()))
        )
    if result.synthesis:
        lines.append(
            "  synthesis:\n" + "\n".join(f"    {line}" for line in result.synthesis.splitlines())
        )
    if result.pack is not None:
        lines.append(f"  pack: {len(result.pack.entries)} entries, {result.pack.tokens} tokens")
    return "\n".join(lines)


def _context(hook: HookName, context: str | None, o: dict[str, Any]) -> dict[str, Any]:
    """The hook's context: --context JSON, then the per-hook shortcut options on top."""
    values: dict[str, Any] = read_json_arg(context, "--context") if context else {}
    if not isinstance(values, dict):
        raise BadInput('--context: expected a JSON object, e.g. {"run": {...}}')
    if hook is HookName.POST_RETRO_DISTILL and o["retro"] is not None:
        values["retro"] = {
            "path": str(o["retro"]),
            "periodic": o["periodic"],
            "app_id": o["app_id"],
        }
    if hook is HookName.PRE_SPAWN_PACK and o["goal"] is not None:
        values["goal"] = {"title": o["goal"], "app_id": o["app_id"]}
    if o["worker_dir"] is not None:
        values["worker_dir"] = str(o["worker_dir"])
    if hook is HookName.PRE_GOAL_SYNTHESIS and o["queue"]:
        values["queue"] = [
            {"id": f"q{i}", "title": t, "app_id": o["app_id"]} for i, t in enumerate(o["queue"], 1)
        ]
    since, until = o["since"], o["until"]
    if hook is HookName.JUDGMENT_HARVEST and (since or until or o["app_id"]):
        try:
            window = {
                "since": date.fromisoformat(since) if since else None,
                "until": date.fromisoformat(until) if until else None,
                "app_id": o["app_id"],
            }
        except ValueError as exc:
            raise BadInput(f"--since/--until: expected YYYY-MM-DD ({exc})") from exc
        values.setdefault("window", window)
    return values


@click.command()
@click.argument("hook", type=click.Choice([h.value for h in HookName]))
@click.option(
    "--context", help="The hook's context as JSON (inline, @FILE or -), e.g. '{\"run\": {...}}'."
)
@click.option(
    "--retro",
    type=CliPath(path_type=Path),
    help=(
        "post_retro_distill: the retrospective file, up to 8 lessons (the retro of one run, "
        'up to 3: --context \'{"retro": {"path": ..., "run_id": ...}}\').'
    ),
)
@click.option(
    "--periodic", is_flag=True, help="post_retro_distill: a periodic retro (up to 8 lessons)."
)
@click.option("--goal", help="pre_spawn_pack: the goal's title.")
@click.option(
    "--worker-dir",
    type=CliPath(path_type=Path),
    help="pre_spawn_pack: write the pack into DIR/CLAUDE.md.",
)
@click.option(
    "--queue", multiple=True, help="pre_goal_synthesis: a queued bundle's title (repeatable)."
)
@click.option("--since", help="judgment_harvest: first day of the window (YYYY-MM-DD).")
@click.option("--until", help="judgment_harvest: last day of the window (YYYY-MM-DD).")
@click.option("--app", "app_id", help="The app_id the context is about.")
@json_option
@pass_state
@translate_errors
def fire(state: State, /, hook: str, context: str | None, **shortcuts: Any) -> None:
    """Fire one hook, gated by the same flags as the host loop. Exit 1 when not ok.

    Examples:

      agentmem fire post_retro_distill --retro retros/2026-11-28.md

      agentmem fire judgment_harvest --since 2026-11-01

      agentmem fire post_run_classify --context @run.json
    """
    name = HookName(hook)
    values = _context(name, context, shortcuts)
    result = state.hooks.fire(name, **values)
    emit(state, result.as_dict(), lambda: summarize(result))
    if not result.ok:
        raise SystemExit(1)


COMMANDS = [fire]
