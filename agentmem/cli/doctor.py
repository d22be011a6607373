"""`agentmem doctor`: checks that keep memory's boundaries where the design puts them."""

from __future__ import annotations

from pathlib import Path

import click

from agentmem._exceptions import SettingsError
from agentmem.cli._common import BadInput, CliPath, State, emit, json_option, pass_state
from agentmem.core.workercheck import check_worker_env, read_env


def _read(path: Path, option: str) -> dict[str, str]:
    try:
        return read_env(path)
    except SettingsError as exc:  # unreadable, or not UTF-8 (dotenv's encoding)
        raise BadInput(f"{option} {path}: cannot read it as an env file ({exc.reason})") from exc


@click.command()
@click.option(
    "--worker-env",
    "worker_env",
    required=True,
    type=CliPath(path_type=Path, dir_okay=False, exists=True),
    help="The env file a worker is started with.",
)
@click.option(
    "--executive-env",
    type=CliPath(path_type=Path, dir_okay=False, exists=True),
    help="The executive's env file (default: --env-file); its key values are looked for too.",
)
@json_option
@pass_state
def doctor(state: State, worker_env: Path, executive_env: Path | None) -> None:
    """Flag memory-store keys and store access leaking into a worker's env file.

    A worker gets the Memory Pack in its CLAUDE.md, never a store handle or a key (seed
    000 kept its mem0 key executive-only). Values are never printed. Exit 0 when the file
    is clean, 1 when it leaks a key or lets the worker write.
    """
    executive_file = executive_env or state.env_file
    executive = _read(executive_file, "--executive-env") if executive_file is not None else {}
    findings = check_worker_env(_read(worker_env, "--worker-env"), executive)
    leaks = [f for f in findings if f.severity == "leak"]

    def human() -> str:
        if not findings:
            return f"{worker_env}: clean (no memory-store key, role worker)"
        lines = [f"{worker_env}: {len(leaks)} leak(s), {len(findings) - len(leaks)} warning(s)"]
        lines += [f"  {f.severity:<7} {f.variable}: {f.reason}" for f in findings]
        return "\n".join(lines)

    emit(state, {"worker_env": str(worker_env), "findings": [f.as_dict() for f in findings]}, human)
    if leaks:
        raise SystemExit(1)


COMMANDS = [doctor]
