"""What every command shares: the state object, output in human or JSON form, and exit codes.

Exit codes: 0 ok, 1 the operation failed, 2 bad input (usage, settings, an invalid draft).
Library errors become click exceptions here and nowhere else.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import click

from agentmem._exceptions import AgentMemError, DraftRejected, MemoryNotFound, SettingsError
from agentmem.runtime import MemoryHooks
from agentmem.settings import Settings, load_settings

P = ParamSpec("P")
R = TypeVar("R")


class BadInput(click.ClickException):
    """Exit 2: the input was wrong; the message says which and how to fix it."""

    exit_code = 2


@dataclass
class State:
    env_file: Path | None
    root: Path | None
    as_json: bool
    overrides: dict[str, str] = field(default_factory=dict)
    _settings: Settings | None = None
    _hooks: MemoryHooks | None = None

    @property
    def settings(self) -> Settings:
        if self._settings is None:
            import os

            environ = dict(os.environ)
            if self.root is not None:
                environ["AGENTMEM_ROOT"] = str(self.root.resolve())
            environ.update(self.overrides)
            self._settings = load_settings(self.env_file, environ)
        return self._settings

    @property
    def hooks(self) -> MemoryHooks:
        if self._hooks is None:
            self._hooks = MemoryHooks(self.settings)
        return self._hooks


pass_state = click.make_pass_decorator(State)


def json_option(f: Callable[P, R]) -> Callable[P, R]:
    """`--json` on a command, the same as `agentmem --json COMMAND`."""

    def callback(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
        if value:
            ctx.ensure_object(State).as_json = True

    return click.option(
        "--json",
        "as_json",
        is_flag=True,
        expose_value=False,
        callback=callback,
        help="Print JSON for machines.",
    )(f)


def emit(state: State, data: Any, human: Callable[[], str] | str) -> None:
    """Print `data` as JSON under --json, else the human rendering."""
    if state.as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))
    else:
        click.echo(human() if callable(human) else human)


def translate_errors(f: Callable[P, R]) -> Callable[P, R]:
    """Turn library errors into exit codes with a one-line message."""

    @functools.wraps(f)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return f(*args, **kwargs)
        except (SettingsError, DraftRejected, MemoryNotFound) as exc:
            raise BadInput(str(exc)) from exc
        except AgentMemError as exc:
            raise click.ClickException(str(exc)) from exc

    return wrapper


def read_json_arg(value: str, what: str) -> Any:
    """A JSON argument given inline, as @file, or as - for standard input."""
    try:
        if value == "-":
            raw = sys.stdin.read()
        elif value.startswith("@"):
            raw = Path(value[1:]).read_text(encoding="utf-8")
        else:
            raw = value
        return json.loads(raw)
    except (OSError, ValueError) as exc:
        raise BadInput(f"{what}: not valid JSON ({exc}); give JSON inline, @FILE or -") from exc
