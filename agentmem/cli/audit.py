"""`agentmem audit`: the window's figures, alarms and rollout advice, read from the ledger."""

from __future__ import annotations

from pathlib import Path

import click

from agentmem.audit import WindowError, build, resolve
from agentmem.audit.alarms import DEFAULT_GROWTH_LIMIT
from agentmem.audit.html import render as render_html
from agentmem.audit.rollout import DEFAULT_MIN_FIRES, DEFAULT_MIN_OK, LETTERS
from agentmem.audit.table import read_first, render, render_next
from agentmem.cli._common import (
    BadInput,
    CliPath,
    State,
    echo,
    emit,
    json_option,
    pass_state,
    translate_errors,
)
from agentmem.core.model import HookName


@click.command()
@click.option("--since", "since_text", help="Window up to now: 90m, 24h, 7d (default), 2w.")
@click.option("--from", "start", help="First day of the window, YYYY-MM-DD (UTC).")
@click.option("--to", "end", help="Last day of the window, YYYY-MM-DD (UTC, included).")
@click.option("--hook", type=click.Choice([h.value for h in HookName]), help="Only this hook.")
@click.option(
    "--html",
    "html_file",
    type=CliPath(path_type=Path, dir_okay=False),
    help="Also write a self-contained HTML report (tables and plots) to FILE.",
)
@click.option(
    "--next",
    "show_next",
    is_flag=True,
    help="Rollout advice: the next flag, and whether to turn it on now. Exit 1 on hold.",
)
@click.option(
    "--min-fires",
    "min_fires_given",
    multiple=True,
    metavar="[HOOK=]N",
    help="--next: runs an enabled hook needs in the window; N for every hook, or HOOK=N "
    "(a hook name or its letter A-E), repeatable. Defaults: "
    + ", ".join(f"{LETTERS[HookName(h)]} {n}" for h, n in DEFAULT_MIN_FIRES.items())
    + ".",
)
@click.option(
    "--min-ok",
    type=click.FloatRange(0, 1),
    default=DEFAULT_MIN_OK,
    show_default=True,
    help="--next: share of ok fires each enabled hook needs.",
)
@click.option(
    "--growth-limit",
    type=click.IntRange(min=1),
    default=DEFAULT_GROWTH_LIMIT,
    show_default=True,
    help="New memories per day past which growth is an alarm.",
)
@json_option
@pass_state
@translate_errors
def audit(
    state: State,
    since_text: str | None,
    start: str | None,
    end: str | None,
    hook: str | None,
    html_file: Path | None,
    show_next: bool,
    min_fires_given: tuple[str, ...],
    min_ok: float,
    growth_limit: int,
) -> None:
    """Audit a window of hook fires from the log alone: per hook fires, ran, skipped, ok,
    failures, writes (with top rejection reasons), retrievals per fire, durations, pack
    tokens; alarms; memory growth.

    Exit codes: 0 ok (for `--next`: turn the next flag on, or the rollout is complete);
    1 `--next` says hold; 2 a bad window or option.

    \b
    Examples:
      agentmem audit                    # the last 7 days
      agentmem audit --from 2026-11-01 --to 2026-11-07 --hook post_run_classify
      agentmem audit --next             # the next flag, and whether the window supports it
      agentmem audit --html audit.html  # tables and plots, viewable offline
    """
    try:
        window = resolve(since_text, start, end)
    except WindowError as exc:
        raise BadInput(str(exc)) from exc
    report = build(
        state.settings,
        window,
        hook=hook,
        min_fires=parse_min_fires(min_fires_given),
        min_ok=min_ok,
        growth_limit=growth_limit,
    )
    if html_file is not None:
        try:
            html_file.write_text(render_html(report, hook), encoding="utf-8")
        except OSError as exc:
            raise click.ClickException(f"--html {html_file}: cannot write ({exc})") from exc
    if show_next:
        advice = {**report.advice.as_dict(), "read_first": read_first(report)}
        emit(state, advice, lambda: render_next(report) + "\n\n" + "\n".join(advice["read_first"]))
        if not report.advice.advance and not report.advice.complete:
            raise SystemExit(1)
        return
    data = report.as_dict()
    if hook is not None:
        data["hooks"] = {hook: data["hooks"][hook]}
    emit(state, data, lambda: render(report, hook))
    if html_file is not None and not state.as_json:
        echo(f"\nHTML report: {html_file}")


def parse_min_fires(given: tuple[str, ...]) -> dict[str, int]:
    """`--min-fires` values: `N` sets every hook, `HOOK=N` one (later ones win)."""
    by_letter = {letter: hook.value for hook, letter in LETTERS.items()}
    out: dict[str, int] = {}
    for text in given:
        name, _, count = text.rpartition("=")
        hooks = [h.value for h in HookName] if not name else [by_letter.get(name.upper(), name)]
        if hooks[0] not in DEFAULT_MIN_FIRES:
            raise BadInput(f"--min-fires {text}: unknown hook {name!r}; use a hook name or A-E")
        if not count.isdigit() or int(count) < 1:
            raise BadInput(f"--min-fires {text}: expected a whole number ≥ 1 after the hook")
        out.update(dict.fromkeys(hooks, int(count)))
    return out


COMMANDS = [audit]
