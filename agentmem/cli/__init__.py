"""`agentmem`: the one deterministic surface over memory (seed 000's ./bin/mem0)."""

from __future__ import annotations

import os
from pathlib import Path

import click

from agentmem.cli import (
    audit,
    claude_code,
    demo,
    diff,
    doctor,
    harvest,
    hooks,
    mcp,
    memory,
    pack,
    sync,
    tentative,
    tiers,
)
from agentmem.cli._common import CliPath, State
from agentmem.logs import configure_cli_logging

COMMAND_MODULES = [
    memory,
    hooks,
    demo,
    audit,
    diff,
    harvest,
    pack,
    sync,
    tentative,
    tiers,
    doctor,
    claude_code,
    mcp,
]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--env-file",
    type=CliPath(path_type=Path, dir_okay=False),
    default=None,
    help="Settings file (default: .env.executive in this folder, if present).",
)
@click.option(
    "--root",
    type=CliPath(path_type=Path, file_okay=False),
    help="Memory root (overrides AGENTMEM_ROOT).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON for machines.")
@click.option("-v", "--verbose", is_flag=True, help="Show library log events on stderr.")
@click.version_option(package_name="agentmem-loop")  # the distribution, not the package
@click.pass_context
def main(
    ctx: click.Context, env_file: Path | None, root: Path | None, as_json: bool, verbose: bool
) -> None:
    """agentmem: memory an agent loop can trust.

    Markdown files in git are the truth; a derived index makes them searchable; one
    writer validates everything. Exit codes: 0 ok, 1 failure, 2 bad input.
    """
    if env_file is None and Path(".env.executive").is_file():
        env_file = Path(".env.executive")
    configure_cli_logging(verbose)
    ctx.obj = State(env_file=env_file, root=root, as_json=as_json)
    os.environ.setdefault("MEM0_TELEMETRY", "false")


for _module in COMMAND_MODULES:
    for _command in _module.COMMANDS:
        main.add_command(_command)
