"""Memory commands: status, add, search, get, list, rebuild."""

from __future__ import annotations

from collections import Counter
from typing import Any

import click

from agentmem.audit import tentview
from agentmem.cli._common import (
    BadInput,
    State,
    emit,
    json_option,
    pass_state,
    read_json_arg,
    translate_errors,
)
from agentmem.core.model import TYPE_RULES, Hit, Memory, MemoryType
from agentmem.retrieval.ranking import SUPERSEDED_FACTOR
from agentmem.settings import HOOK_FLAGS
from agentmem.stores.base import Filters
from agentmem.stores.files import EntryFiles
from agentmem.stores.frontmatter import render

TYPES = click.Choice([t.value for t in MemoryType])
TYPE_DEFAULTS = {t.value: rule.default for t, rule in TYPE_RULES.items()}


def _filters(state: State, app: str | None, types: tuple[str, ...]) -> Filters:
    return Filters(app_ids=(app,) if app else None, types=types or None)


def hit_json(hit: Hit) -> dict[str, Any]:
    return {
        "id": hit.memory.id,
        "score": round(hit.score, 6),
        **hit.memory.record(),
        "explain": hit.explain,
    }


def _hit_line(rank: int, hit: Hit, explain: bool) -> str:
    m = hit.memory
    line = f"{rank:>2}. {hit.score:8.4f}  {m.id}  [{m.type.value} {m.confidence:.2f} {m.app_id}]\n    {m.text}"
    if explain and hit.explain:
        line += "\n    " + explain_line(hit.explain)
    return line


def explain_line(e: dict[str, Any]) -> str:
    """score = (bm25 + neighbours) [fused with cosine] × decay × confidence [× superseded]."""
    terms = ", ".join(f"{t}={s:.3f}" for t, s in e.get("terms", {}).items())
    lexical = f"bm25={e.get('bm25', 0):.4f} ({terms})"
    if e.get("neighbours"):
        lexical = f"({lexical} + neighbours={e['neighbours']:.4f})"
    if "similarity" in e:  # a mem0 backend: the remote store's similarity replaces BM25
        lexical = f"{e.get('backend', 'mem0')} similarity={e['similarity']:.4f}"
    fusion = e.get("fusion")
    if fusion:  # the semantic leg ran: both legs normalised, then mixed
        cosine = fusion["cosine"]  # None: a memory with no vector yet (postgres backend)
        shown = "none" if cosine is None else f"{cosine:.3f}"
        lexical = f"fuse({lexical}, cosine={shown})={fusion['fused']:.4f}"
    factors = [f"decay={e.get('decay', 1):.3f}", f"confidence={e.get('confidence', 1):.2f}"]
    if e.get("superseded"):
        factors.append(f"superseded={SUPERSEDED_FACTOR}")
    if e.get("goal_boost"):
        factors.append(f"goal={e['goal_boost']}")
    return " × ".join([lexical, *factors])


def _file_text(state: State, memory: Memory) -> str:
    """The memory's file, verbatim (frontmatter and text), as a reviewer sees it in git.

    A memory only a remote store holds (written by another loop, not yet synced) is shown
    as its file would be written.
    """
    path = EntryFiles(state.settings.root).path_for(memory.id)
    try:
        return path.read_text(encoding="utf-8").rstrip("\n")
    except (OSError, UnicodeDecodeError):
        record = memory.record()
        body = record.pop("text")
        return f"# not in {path.parent} (served by the store)\n" + render(record, body).rstrip()


@click.command()
@json_option
@pass_state
@translate_errors
def status(state: State) -> None:
    """Show the flags, the backend, the root and what memory holds, and the tentative
    lessons waiting outside it (pending; damaged files skipped): agentmem tentative list."""
    s = state.settings
    store = state.hooks.store
    memories = store.list(Filters(include_expired=True))
    by_type = Counter(m.type.value for m in memories)
    broken = [{"path": str(b.path), "reason": b.reason} for b in store.broken()]
    data: dict[str, Any] = {
        "enabled": s.enabled,
        "hooks": {HOOK_FLAGS[h]: on for h, on in s.hooks.items()},
        "backend": s.backend,
        "root": str(s.root),
        "role": s.role,
        "user_id": s.user_id,
        "memories": len(memories),
        "by_type": dict(sorted(by_type.items())),
        "broken": broken,
        "tentative": tentview.counts(s.root),
        "log_file": str(s.log_path),
    }
    outbox = getattr(store, "outbox", None)  # mem0 backends: projections still owed
    if outbox is not None:
        data["outbox"] = len(outbox)

    def human() -> str:
        flags = "\n".join(
            f"  {flag:<28} {'on' if on else 'off'}" for flag, on in data["hooks"].items()
        )
        types = ", ".join(f"{k} {v}" for k, v in data["by_type"].items()) or "none"
        out = (
            f"AGENTMEM_ENABLED             {'on' if s.enabled else 'off'}\n{flags}\n"
            f"backend {s.backend} · role {s.role} · user {s.user_id or '(unset: writes refused)'}\n"
            f"root    {s.root}\nmemories {len(memories)} ({types})\n"
        ) + "\n".join(tentview.status_lines(data["tentative"]))
        if data.get("outbox"):
            out += f"\noutbox  {data['outbox']} projections owed to {s.backend} (agentmem sync)"
        if broken:
            out += "\nbroken files (skipped):\n" + "\n".join(
                f"  {b['path']}: {b['reason']}" for b in broken
            )
        return out

    emit(state, data, human)


@click.command()
@click.argument("text", required=False)
@click.option("--type", "memory_type", type=TYPES, help="Memory type.")
@click.option(
    "--confidence",
    type=float,
    help="Within the type's range (default: principle and episodic 1.0, semantic and "
    "reflective 0.8, procedural 0.75).",
)
@click.option("--app", "app_id", help="app_id (default AGENTMEM_APP_ID).")
@click.option("--run-id", help="Dated run id, YYYY-MM-DD… (default: today).")
@click.option("--source", help="The repo file the memory comes from.")
@click.option("--tag", "tags", multiple=True, help="A tag (repeatable, at most 8).")
@click.option(
    "--draft", help="A whole draft as JSON (inline, @FILE or -); options override its fields."
)
@json_option
@pass_state
@translate_errors
def add(
    state: State,
    text: str | None,
    memory_type: str | None,
    confidence: float | None,
    app_id: str | None,
    run_id: str | None,
    source: str | None,
    tags: tuple[str, ...],
    draft: str | None,
) -> None:
    """Add one memory through the harvester (validated, guarded, deduplicated).

    Example: agentmem add "Vendor Z needs header W" --type semantic --confidence 0.8
    """
    record: dict[str, Any] = read_json_arg(draft, "--draft") if draft else {}
    if not isinstance(record, dict):
        raise BadInput("--draft: expected a JSON object of fields")
    given = {
        "text": text,
        "type": memory_type,
        "confidence": confidence,
        "app_id": app_id,
        "run_id": run_id,
        "source": source,
        "tags": list(tags) or None,
    }
    record.update({k: v for k, v in given.items() if v is not None})
    if "text" not in record or "type" not in record:
        raise BadInput("give TEXT and --type (or a --draft with both)")
    if "confidence" not in record and record["type"] in TYPE_DEFAULTS:
        record["confidence"] = TYPE_DEFAULTS[record["type"]]
    outcome = state.hooks.harvester.submit(record, trigger="manual")
    data = {
        "status": outcome.status,
        "id": outcome.memory_id,
        "problems": [p.as_dict() for p in outcome.problems],
    }
    if outcome.status == "rejected":
        emit(
            state,
            data,
            lambda: "rejected:\n" + "\n".join(f"  {p.field}: {p.reason}" for p in outcome.problems),
        )
        raise SystemExit(2)
    emit(state, data, f"{outcome.status}: {outcome.memory_id}")


@click.command()
@click.argument("question")
@click.option(
    "-k",
    "--limit",
    "k",
    type=click.IntRange(min=1),
    default=10,
    show_default=True,
    help="How many results (1 or more).",
)
@click.option("--app", "app_id", help="Only this app_id.")
@click.option("--type", "types", type=TYPES, multiple=True, help="Only these types (repeatable).")
@click.option(
    "--explain",
    is_flag=True,
    help="Show per-term BM25, neighbour context, decay and confidence for each hit.",
)
@click.option(
    "--hops", is_flag=True, help="Ask through the multi-hop reader instead of one search."
)
@json_option
@pass_state
@translate_errors
def search(
    state: State,
    question: str,
    k: int,
    app_id: str | None,
    types: tuple[str, ...],
    explain: bool,
    hops: bool,
) -> None:
    """Search memory with a whole question; best first."""
    filters = _filters(state, app_id, types)
    store = state.hooks.store
    if hops:
        answer = state.hooks.reader.ask(question, k, filters, explain=explain)
        hits = answer.hits
        trail = [h.model_dump() for h in answer.hops]
    else:
        hits = store.search(question, k, filters, explain=explain)
        trail = []
    data: dict[str, Any] | list[dict[str, Any]] = [hit_json(h) for h in hits]
    if hops:
        data = {"hits": data, "hops": trail}
    emit(
        state,
        data,
        lambda: (
            "".join(
                f"hop {n}: {h['query']} ({len(h['ids'])} hits)\n" for n, h in enumerate(trail, 1)
            )
            + (
                "\n".join(_hit_line(i, h, explain) for i, h in enumerate(hits, 1))
                or "no memory matched"
            )
        ),
    )


@click.command()
@click.argument("memory_id")
@json_option
@pass_state
@translate_errors
def get(state: State, memory_id: str) -> None:
    """Show one memory by id: its file as it is in git (--json: its fields)."""
    memory = state.hooks.store.get(memory_id)
    emit(state, memory.record(), lambda: _file_text(state, memory))


@click.command(name="list")
@click.option("--app", "app_id", help="Only this app_id.")
@click.option("--type", "types", type=TYPES, multiple=True, help="Only these types (repeatable).")
@click.option(
    "--limit", type=click.IntRange(min=0), default=0, help="At most this many (newest); 0 for all."
)
@json_option
@pass_state
@translate_errors
def list_(state: State, app_id: str | None, types: tuple[str, ...], limit: int) -> None:
    """List memories, oldest first."""
    memories = state.hooks.store.list(_filters(state, app_id, types))
    if limit > 0:
        memories = memories[-limit:]
    emit(
        state,
        [m.record() for m in memories],
        lambda: (
            "\n".join(
                f"{m.id}  [{m.type.value} {m.confidence:.2f} {m.app_id}]  {m.text[:90]}"
                for m in memories
            )
            or "no memories"
        ),
    )


@click.command()
@click.option(
    "--backend",
    type=click.Choice(["files", "mem0", "mem0-platform", "postgres"]),
    help="Rebuild this backend's store (default: AGENTMEM_BACKEND).",
)
@json_option
@pass_state
@translate_errors
def rebuild(state: State, backend: str | None) -> None:
    """Recreate the derived store from the markdown files alone (the files win)."""
    from agentmem.cli.sync import rebuild_store

    if backend is not None:
        state.overrides["AGENTMEM_BACKEND"] = backend
    report = rebuild_store(state)
    data = {
        "memories": report.memories,
        "broken": [{"path": str(b.path), "reason": b.reason} for b in report.broken],
    }
    emit(
        state,
        data,
        lambda: (
            f"rebuilt from {report.memories} files"
            + "".join(f"\nskipped {b.path}: {b.reason}" for b in report.broken)
        ),
    )


COMMANDS = [status, add, search, get, list_, rebuild]
