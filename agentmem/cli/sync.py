"""Store commands for the mem0 backends: sync (outbox and drift), snapshot, restore.

Also the progress bars `agentmem rebuild` shows while it reads the files and (mem0) while
it re-projects them.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from agentmem.cli._common import CliPath, State, emit, json_option, pass_state, translate_errors
from agentmem.harvest.snapshot import default_path, restore_all, snapshot
from agentmem.stores.base import RebuildReport

BACKENDS = click.Choice(["files", "mem0", "mem0-platform", "postgres"])


def rebuild_store(state: State) -> RebuildReport:
    """Rebuild the active store with a progress bar: files read, or (mem0) memories projected."""
    from agentmem.stores.projected import ProjectedStore

    store = state.hooks.store
    if not isinstance(store, ProjectedStore):
        total = sum(1 for _ in store.files.paths()) if hasattr(store, "files") else 0
        with click.progressbar(
            length=total, label="reading files", file=sys.stderr, hidden=state.as_json
        ) as bar:
            return store.rebuild(progress=bar.update)
    total = store.count()
    with click.progressbar(
        length=total,
        label=f"projecting into {store.backend}",
        file=sys.stderr,
        hidden=state.as_json,
    ) as bar:
        report = store.rebuild(progress=bar.update)
    owed = len(store.outbox)
    if owed:
        click.echo(
            f"{owed} projections failed and wait in the outbox: run `agentmem sync`", err=True
        )
    return report


@click.command()
@click.option("--check", is_flag=True, help="Only report drift; change nothing (exit 1 if any).")
@click.option(
    "--pull", is_flag=True, help="postgres: also write other loops' memories into entries/."
)
@json_option
@pass_state
@translate_errors
def sync(state: State, check: bool, pull: bool) -> None:
    """Replay the outbox and make the mem0 store match the files (the files win).

    Reports drift both ways: memories missing from the store or stale there, memories
    stored twice, and records in the store with no file (removed). Exit 1 if the store
    still differs from the files afterwards (or, with --check, if it differs at all).
    """
    from agentmem.stores.drift import sync as run_sync
    from agentmem.stores.projected import ProjectedStore

    store = state.hooks.store
    if getattr(store, "backend", None) == "postgres":
        from agentmem.cli.pg_sync import postgres_sync

        postgres_sync(state, check=check, pull=pull)
        return
    if not isinstance(store, ProjectedStore):
        emit(
            state,
            {"backend": store.backend if hasattr(store, "backend") else "files", "in_sync": True},
            "the files backend is the files themselves: nothing to sync",
        )
        return
    report = run_sync(store, repair=not check)
    before = report.before

    def human() -> str:
        lines = [
            f"{report.backend}: {before.files} files, {before.remote} records in the store",
            f"outbox replayed {len(report.replay.replayed)}"
            + (f" (stopped: {report.replay.error})" if report.replay.error else ""),
            f"drift: {len(before.missing)} missing, {len(before.stale)} stale, "
            f"{len(before.doubled)} doubled, {len(before.orphans)} orphans",
        ]
        if not check:
            lines.append(f"repaired {len(report.repaired)}, removed {len(report.removed)}")
        if report.still_owed:
            lines.append(f"still owed (outbox): {', '.join(report.still_owed)}")
        lines.append("in sync" if report.in_sync else "NOT in sync")
        return "\n".join(lines)

    emit(state, report.as_dict(), human)
    if not report.in_sync:
        raise SystemExit(1)


@click.command(name="snapshot")
@click.argument("path", required=False, type=CliPath(path_type=Path, dir_okay=False))
@json_option
@pass_state
@translate_errors
def snapshot_cmd(state: State, path: Path | None) -> None:
    """Dump every memory of the active store, with all metadata, to one JSON file.

    Tentative records (<root>/tentative/, `agentmem tentative list`) go in too; a damaged
    tentative file is left out and named. PATH defaults to
    <root>/snapshots/YYYY-MM-DD.json. Run it daily from cron.
    """
    target = path or default_path(state.settings.root)
    report = snapshot(state.hooks.store, target)
    remote = report.remote

    def human() -> str:
        out = f"snapshot of {report.memories} memories ({report.backend}) -> {report.path}"
        if report.tentative or report.tentative_skipped:
            out += f"\nwith {report.tentative} tentative records" + "".join(
                f"\nskipped {s['path']}: {s['reason']}" for s in report.tentative_skipped
            )
        if remote is not None:
            drift = sum(len(remote[k]) for k in ("missing", "stale", "doubled", "orphans"))
            out += f"\nremote store: {remote['records']} records, {drift} drifted, {len(remote['owed'])} owed"
        return out

    emit(state, report.as_dict(), human)


@click.command(name="restore")
@click.argument("path", type=CliPath(path_type=Path, dir_okay=False, exists=True))
@json_option
@pass_state
@translate_errors
def restore_cmd(state: State, path: Path) -> None:
    """Load a snapshot into an empty store (files first, then the active backend).

    Its tentative records come back under <root>/tentative/ as they were. A root that
    already holds memories, broken files or tentative files is refused.
    """
    store = state.hooks.store
    count, tentative = restore_all(store, path)
    owed = len(getattr(store, "outbox", ()))
    data = {
        "restored": count,
        "tentative": tentative,
        "root": str(state.settings.root),
        "owed": owed,
    }
    emit(
        state,
        data,
        f"restored {count} memories into {state.settings.root}"
        + (f" and {tentative} tentative records" if tentative else "")
        + (f" ({owed} projections wait in the outbox: run `agentmem sync`)" if owed else ""),
    )


COMMANDS = [sync, snapshot_cmd, restore_cmd]
