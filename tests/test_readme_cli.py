"""The docs name every command, option and setting: the CLI reference and the settings page."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import click

from agentmem.cli import main

DOCS = Path(__file__).resolve().parents[1] / "docs"
CLI_PAGE = (DOCS / "cli.md").read_text(encoding="utf-8")
SETTINGS_PAGE = (DOCS / "settings.md").read_text(encoding="utf-8")
ROWS = [line for line in CLI_PAGE.splitlines() if line.startswith("| `agentmem ")]


def leaves(command: click.Command, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    if isinstance(command, click.Group):
        for name, sub in command.commands.items():
            yield from leaves(sub, (*path, name))
    else:
        yield path


def rows_for(path: tuple[str, ...]) -> list[str]:
    """The table rows of a command: `agentmem GROUP … SUB` or a row of the group naming SUB."""
    head = f"`agentmem {' '.join(path)}"
    group = f"`agentmem {path[0]} "
    sub = re.compile(rf"(?<![\w-]){re.escape(path[-1])}(?![\w-])")
    return [r for r in ROWS if head in r or (group in r and len(path) > 1 and sub.search(r))]


def test_every_command_and_option_is_in_the_cli_table() -> None:
    """Each command has a row in the CLI table of docs/cli.md, and each of its options (but
    the shared --json) is named in one of its rows."""
    missing = []
    for path in leaves(main):
        rows = rows_for(path)
        if not rows:
            missing.append(" ".join(path))
            continue
        command = main
        for name in path:
            assert isinstance(command, click.Group)
            command = command.commands[name]
        for param in command.params:
            named = any(o in r for o in param.opts for r in rows)
            if isinstance(param, click.Option) and "--json" not in param.opts and not named:
                missing.append(f"{' '.join(path)} {param.opts[0]}")
    assert missing == [], "add these to the table in docs/cli.md"


def test_every_setting_is_in_the_settings_table_and_the_example_env() -> None:
    """Each AGENTMEM_* variable has a row in the table of docs/settings.md and a line in
    .env.executive.example, so a new setting cannot ship undocumented."""
    from agentmem.settings import VARIABLES

    rows = {
        line.split("|")[1] for line in SETTINGS_PAGE.splitlines() if line.startswith("| `AGENTMEM_")
    }
    example = (Path(__file__).resolve().parents[1] / ".env.executive.example").read_text()
    undocumented = [v for v in VARIABLES if not any(f"`{v}`" in row for row in rows)]
    assert undocumented == [], "add a row for each to the table in docs/settings.md"
    assert [v for v in VARIABLES if f"{v}=" not in example] == [], ".env.executive.example"
