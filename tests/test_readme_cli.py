"""The README's CLI table names every command and every option the CLI has."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import click

from agentmem.cli import main

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
ROWS = [line for line in README.splitlines() if line.startswith("| `agentmem ")]


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
    """Each command has a row in README's CLI table, and each of its options (but the
    shared --json) is named in one of its rows."""
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
    assert missing == []


def test_every_setting_is_in_the_settings_table_and_the_example_env() -> None:
    """Each AGENTMEM_* variable has a row in README's settings table and a line in
    .env.executive.example, so a new setting cannot ship undocumented."""
    from agentmem.settings import VARIABLES

    rows = {line.split("|")[1] for line in README.splitlines() if line.startswith("| `AGENTMEM_")}
    example = (Path(__file__).resolve().parents[1] / ".env.executive.example").read_text()
    assert [v for v in VARIABLES if not any(f"`{v}`" in row for row in rows)] == []
    assert [v for v in VARIABLES if f"{v}=" not in example] == []
