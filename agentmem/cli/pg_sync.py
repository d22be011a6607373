"""`agentmem sync` on the postgres backend: the report a person reads, and its exit code."""

from __future__ import annotations

from agentmem.cli._common import State, emit


def postgres_sync(state: State, *, check: bool, pull: bool) -> None:
    """Replay, repair drift (unless --check), pull other loops' memories (with --pull)."""
    from agentmem.stores.pg_sync import sync
    from agentmem.stores.postgres import PostgresStore

    store = state.hooks.store
    assert isinstance(store, PostgresStore)
    report = sync(store, repair=not check, pull=pull and not check)
    before = report.before

    def human() -> str:
        lines = [
            f"postgres: {before.files} files here, {before.rows} rows on the server "
            f"({len(before.others)} from other loops)",
            f"outbox replayed {len(report.replay.replayed)}"
            + (f" (stopped: {report.replay.error})" if report.replay.error else ""),
            f"drift: {len(before.missing)} missing, {len(before.stale)} stale, "
            f"{len(before.removed)} removed here",
        ]
        if not check:
            lines.append(
                f"repaired {len(report.repaired)}, deleted {len(report.removed)}, "
                f"dropped {len(report.dropped)} second copies"
            )
        if pull:
            lines.append(f"pulled {len(report.pulled)} memories into entries/")
        if report.embedded:
            lines.append(f"semantic leg: {report.embedded} vectors backfilled")
        if report.still_owed:
            lines.append(f"still owed (outbox): {', '.join(report.still_owed)}")
        lines.append("in sync" if report.in_sync else "NOT in sync")
        return "\n".join(lines)

    emit(state, report.as_dict(), human)
    if not report.in_sync:
        raise SystemExit(1)
