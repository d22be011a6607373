"""What every command shares: the state object, output in human or JSON form, and exit codes.

Exit codes: 0 ok, 1 the operation failed, 2 bad input (usage, settings, an invalid draft).
Library errors become click exceptions here and nowhere else.
"""

from __future__ import annotations

import functools
import json
import os
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


def check_root(root: Path, name: str) -> None:
    """Refuse a memory root that no folder can be made at: under a file, or unusable."""
    try:
        for folder in (root, *root.parents):
            if folder.exists():
                if not folder.is_dir():
                    raise BadInput(f"{name} {root}: {folder} is a file, not a folder")
                return
    except OSError as exc:  # a name too long, a loop of links
        raise BadInput(f"{name} {root}: not a usable folder ({exc})") from exc


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
            try:
                self._settings = load_settings(self.env_file, environ)
            except SettingsError as exc:
                if exc.variable != "env_file":
                    raise
                raise BadInput(f"--env-file {self.env_file}: {exc.reason}") from exc
            check_root(self._settings.root, "--root" if self.root else "AGENTMEM_ROOT")
        return self._settings

    @property
    def hooks(self) -> MemoryHooks:
        if self._hooks is None:
            self._hooks = MemoryHooks(self.settings)
        return self._hooks


pass_state = click.make_pass_decorator(State)


class CliPath(click.Path):
    """click.Path that refuses a NUL byte by name and value (exit 2); the OS would raise."""

    def convert(
        self,
        value: str | os.PathLike[str],
        param: click.Parameter | None,
        ctx: click.Context | None,
    ) -> str | bytes | os.PathLike[str]:
        if "\x00" in os.fsdecode(value):
            self.fail(
                f"{os.fsdecode(value)!r} contains a NUL byte; no file can be named so", param, ctx
            )
        return super().convert(value, param, ctx)


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


def printable(text: str) -> str:
    """`text` as UTF-8 can carry it: a file name's undecodable byte (argv and the environment
    hold it as a lone surrogate) shows as U+FFFD instead of crashing a strict stdout."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        try:
            raw = text.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:
            raw = text.encode("utf-8", "replace")
        return raw.decode("utf-8", "replace")
    return text


def echo(text: str) -> None:
    """click.echo of human text that may hold a path from argv or the environment."""
    click.echo(printable(text))


def emit(state: State, data: Any, human: Callable[[], str] | str) -> None:
    """Print `data` as JSON under --json, else the human rendering.

    JSON keeps an undecodable byte as its \\udcXX escape, so a consumer gets the path back."""
    if state.as_json:
        text = json.dumps(data, indent=2, ensure_ascii=False, default=str)
        if printable(text) != text:
            text = json.dumps(data, indent=2, ensure_ascii=True, default=str)
        click.echo(text)
    else:
        echo(human() if callable(human) else human)


def refuse_undecodable(values: dict[str, Any]) -> None:
    """Refuse a text parameter holding a byte that is not UTF-8 (argv carries it as a lone
    surrogate, which no file can store). Paths arrive as Path objects and may hold one."""
    ctx = click.get_current_context(silent=True)
    params = {p.name: p for p in ctx.command.params} if ctx is not None else {}
    for key, value in values.items():
        for text in value if isinstance(value, tuple) else (value,):
            if isinstance(text, str) and printable(text) != text:
                param = params.get(key)
                name = param.opts[0] if isinstance(param, click.Option) else key.upper()
                raise BadInput(f"{name}: {text!r} is not UTF-8 text")


def translate_errors(f: Callable[P, R]) -> Callable[P, R]:
    """Turn library errors into exit codes with a one-line message."""

    @functools.wraps(f)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        refuse_undecodable(kwargs)
        try:
            return f(*args, **kwargs)
        except (SettingsError, DraftRejected, MemoryNotFound) as exc:
            raise BadInput(str(exc)) from exc
        except AgentMemError as exc:
            raise click.ClickException(str(exc)) from exc
        except OSError as exc:  # the disk said no (full, read-only, not a folder): exit 1
            where = f"{exc.filename}: " if exc.filename else ""
            raise click.ClickException(f"{where}{exc.strerror or exc}") from exc

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
    except (OSError, ValueError, RecursionError) as exc:  # RecursionError: nested too deep
        raise BadInput(f"{what}: not valid JSON ({exc}); give JSON inline, @FILE or -") from exc
