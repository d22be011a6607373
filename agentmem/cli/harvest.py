"""Harvest commands: backfill a corpus into memory, one lane at a time; purge test memories."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from agentmem.cli._common import (
    BadInput,
    CliPath,
    State,
    emit,
    json_option,
    pass_state,
    translate_errors,
)
from agentmem.harvest.backfill import LANES, BackfillError, Item, Report, plan, run
from agentmem.harvest.purge import Moved, PurgeError, Selector
from agentmem.harvest.purge import purge as purge_files


def _report_text(report: Report) -> str:
    verb = "would write" if report.dry_run else "written"
    lines = [
        f"backfill {report.lane}{' (dry run)' if report.dry_run else ''}: "
        f"{len(report.written)} {verb}, {len(report.duplicates)} duplicates, "
        f"{len(report.rejected)} rejected"
    ]
    if report.dry_run:
        lines += [f"  + {w['id']} ({w['type']}) {w['text']}" for w in report.written]
    for rejected in report.rejected:
        reasons = "; ".join(f"{p['field']}: {p['reason']}" for p in rejected["problems"])
        lines.append(f"  x {rejected['source']}: {reasons}")
    return "\n".join(lines)


@click.command()
@click.argument("path", type=CliPath(path_type=Path))
@click.option("--lane", required=True, type=click.Choice(LANES), help="What PATH holds.")
@click.option("--dry-run", is_flag=True, help="Check everything and print what would be written.")
@click.option("--app", "app_id", help="app_id for the lane's memories (default AGENTMEM_APP_ID).")
@click.option("--cohort", help="Tag every memory with this cohort (purge it later by cohort).")
@json_option
@pass_state
@translate_errors
def backfill(
    state: State, path: Path, lane: str, dry_run: bool, app_id: str | None, cohort: str | None
) -> None:
    """Migrate PATH (a file or a folder) into memory through the one writer.

    Lanes: principles (markdown list items → immutable principles), retros (lessons via
    hook D's distiller), capabilities (list items → semantic), episodic (JSONL ledgers,
    one run per line with run_id, app_id, outcome, summary, optional source).
    Running a lane twice writes nothing the second time. Exit 1 when anything was rejected.

    Example: agentmem backfill docs/constitution.md --lane principles --dry-run
    """
    try:
        items = plan(path, lane, state.settings.base_dir, app_id=app_id, cohort=cohort)
    except BackfillError as exc:
        raise BadInput(str(exc)) from exc
    harvester = state.hooks.harvester
    with click.progressbar(length=len(items), label=f"backfill {lane}", file=sys.stderr) as bar:

        def advance(_item: Item) -> None:
            bar.update(1)

        report = run(items, harvester, lane, dry_run=dry_run, progress=advance)
    emit(state, report.as_json(), lambda: _report_text(report))
    if report.rejected:
        raise SystemExit(1)


def _moved_text(moved: list[Moved], selector: Selector, root: Path, dry_run: bool) -> str:
    verb = "would move" if dry_run else "moved"
    lines = [f"{verb} {len(moved)} memories ({selector.describe()}) to archive/"]
    for m in moved:
        lines.append(f"  {m.id}: {m.source.relative_to(root)} -> {m.target.relative_to(root)}")
    return "\n".join(lines)


@click.command()
@click.option("--cohort", help="Select memories of this cohort.")
@click.option("--tag", help="Select memories carrying this tag.")
@click.option("--app", "app_id", help="Select memories of this app_id.")
@click.option("--dry-run", is_flag=True, help="List what would be moved; move nothing.")
@json_option
@pass_state
@translate_errors
def purge(
    state: State, cohort: str | None, tag: str | None, app_id: str | None, dry_run: bool
) -> None:
    """Move test memories to <root>/archive/ by cohort, tag or app (exactly one). Never deletes.

    Example: agentmem purge --cohort backfill-test --dry-run
    """
    try:
        selector = Selector(cohort=cohort, tag=tag, app_id=app_id)
    except PurgeError as exc:
        raise BadInput(str(exc)) from exc
    root = state.settings.root
    moved = purge_files(root, selector, dry_run=dry_run, settings=state.settings)
    if moved and not dry_run:
        state.hooks.store.rebuild()  # the files changed under the derived store
    data = {
        "dry_run": dry_run,
        "selector": selector.describe(),
        "moved": [
            {
                "id": m.id,
                "from": str(m.source.relative_to(root)),
                "to": str(m.target.relative_to(root)),
            }
            for m in moved
        ],
    }
    emit(state, data, lambda: _moved_text(moved, selector, root, dry_run))


COMMANDS = [backfill, purge]
