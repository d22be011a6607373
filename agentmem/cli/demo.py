"""`agentmem demo`: the whole system in one command, offline."""

from __future__ import annotations

import tempfile
from pathlib import Path

import click

from agentmem.cli._common import BadInput, CliPath, State, echo, emit, json_option, pass_state
from agentmem.cli.hooks import summarize
from agentmem.demo import run_demo


@click.command()
@click.option(
    "--dir",
    "demo_dir",
    type=CliPath(path_type=Path, file_okay=False),
    help="Folder the demo writes into, and only into: DIR/memory (the memory root), "
    "DIR/worker (the worker's CLAUDE.md) and DIR/retros. Default: a new temporary folder.",
)
@json_option
@pass_state
def demo(state: State, demo_dir: Path | None) -> None:
    """Run a scripted agent loop that fires all five hooks and prints what each returned."""
    base = Path(tempfile.mkdtemp(prefix="agentmem-demo-")) if demo_dir is None else demo_dir
    root = base.resolve() / "memory"
    quiet = state.as_json
    try:
        results = run_demo(root, say=(lambda _t: None) if quiet else echo, show=summarize)
    except OSError as exc:  # under a file, no permission, a name too long
        if demo_dir is None:
            raise click.ClickException(f"demo: cannot write in {base} ({exc})") from exc
        raise BadInput(f"--dir {demo_dir}: cannot hold the demo ({exc})") from exc
    failed = [r for r in results if not r.ok]
    emit(
        state,
        {"root": str(root), "results": [r.as_dict() for r in results]},
        f"\n{len(results)} fires, {len(failed)} not ok. Memory files are in {root / 'entries'}.",
    )
    if failed:
        raise SystemExit(1)


COMMANDS = [demo]
