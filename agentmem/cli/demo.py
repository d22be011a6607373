"""`agentmem demo`: the whole system in one command, offline."""

from __future__ import annotations

import tempfile
from pathlib import Path

import click

from agentmem.cli._common import State, emit, json_option, pass_state
from agentmem.cli.hooks import summarize
from agentmem.demo import run_demo


@click.command()
@click.option(
    "--root",
    "demo_root",
    type=click.Path(path_type=Path),
    help="Memory root to use (default: a new temporary folder).",
)
@json_option
@pass_state
def demo(state: State, demo_root: Path | None) -> None:
    """Run a scripted agent loop that fires all five hooks and prints what each returned."""
    base = (
        Path(tempfile.mkdtemp(prefix="agentmem-demo-"))
        if demo_root is None
        else demo_root.resolve().parent
    )
    root = (base / "memory") if demo_root is None else demo_root.resolve()
    quiet = state.as_json
    results = run_demo(root, say=(lambda _t: None) if quiet else click.echo, show=summarize)
    failed = [r for r in results if not r.ok]
    emit(
        state,
        {"root": str(root), "results": [r.as_dict() for r in results]},
        f"\n{len(results)} fires, {len(failed)} not ok. Memory files are in {root / 'entries'}.",
    )
    if failed:
        raise SystemExit(1)


COMMANDS = [demo]
