"""`agentmem pack "<goal>"`: print the Memory Pack a worker on that goal would get."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from pydantic import ValidationError

from agentmem.cli._common import (
    BadInput,
    CliPath,
    State,
    emit,
    json_option,
    pass_state,
    translate_errors,
)
from agentmem.contexts import Goal
from agentmem.core.model import Hit
from agentmem.results import Hop
from agentmem.retrieval.pack import build_pack, write_into
from agentmem.retrieval.select import for_worker
from agentmem.stores.base import Filters


@click.command()
@click.argument("goal")
@click.option("--description", default="", help="More about the goal.")
@click.option("--app", "app_id", help="The goal's app_id (memories of it and of _global).")
@click.option("--kind", help="Task kind (code, research, writing…): its memories are preferred.")
@click.option("--tag", "tags", multiple=True, help="A goal tag (repeatable): preferred too.")
@click.option(
    "--worker-dir",
    type=CliPath(path_type=Path, file_okay=False),
    help="Also write the pack into this folder's CLAUDE.md, between the markers.",
)
@json_option
@pass_state
@translate_errors
def pack(
    state: State,
    goal: str,
    description: str,
    app_id: str | None,
    kind: str | None,
    tags: tuple[str, ...],
    worker_dir: Path | None,
) -> None:
    """Print the Memory Pack for GOAL: lessons that bear on it, then a few failures.

    Same rules as hook B (budget, entry cap, confidence floor, type order), without its
    flag: this is a read you ask for by hand. Example: agentmem pack "fix the vendor client"
    """
    try:
        target = Goal(title=goal, description=description, app_id=app_id, kind=kind, tags=[*tags])
    except ValidationError as exc:
        first = exc.errors()[0]
        raise BadInput(f"{'.'.join(map(str, first['loc']))}: {first['msg']}") from exc
    s = state.settings
    apps = None if app_id is None else tuple(dict.fromkeys((app_id, "_global")))
    reader = state.hooks.reader
    searches: list[Hop] = []

    def search(query: str, k: int, filters: Filters) -> list[Hit]:
        hits = reader.search(query, k, filters)
        searches.append(
            Hop(query=query, ids=[h.memory.id for h in hits], scores=[h.score for h in hits])
        )
        return hits

    result = build_pack(
        for_worker(search, target, Filters(user_id=s.user_id, app_ids=apps), s.confidence_floor),
        max_tokens=s.pack_tokens,
        max_entries=s.pack_entries,
        floor=s.confidence_floor,
    )
    written = None
    if worker_dir is not None:
        try:
            written = write_into(worker_dir, result.markdown)
        except (OSError, ValueError) as exc:  # no such folder, no permission, a NUL in it
            raise BadInput(
                f"--worker-dir {worker_dir}: cannot write CLAUDE.md there ({exc})"
            ) from exc
    data: dict[str, Any] = {
        **result.model_dump(),
        "hops": [h.model_dump() for h in searches],
        "stop": "searched",  # one search for lessons, one for run records
        "written": str(written) if written else None,
    }
    emit(state, data, result.markdown.rstrip("\n"))


COMMANDS = [pack]
