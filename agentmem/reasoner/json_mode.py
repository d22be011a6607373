"""JSON mode: each hook asks the model for one JSON object that follows the hook's schema.

Small local models could not make a usable tool call (issue 18: the literal text
`functions.<tool>:`, fenced JSON instead of `tool_calls`). In json mode the runtime reads
for the model what the hook may read (the reader's hits for each bundle or the goal, the
retro's text, the episodes and daily notes in the window) and places it in the prompt;
the model answers with one object, which servers constrain decoding to when the request
carries the schema (`response_format`: llama.cpp, Ollama, vLLM, OpenAI). Ids the model
may cite are an `enum` of the ids it was shown, so a constrained model cannot make one up.

`ask` does the reading and builds the schema; `apply` turns the object into the hook's
product: drafts proposed through the hook's Tools (so the same contract and writer rules
apply, and the histogram counts them), a synthesis whose every line cites a memory it was
shown, or a pack built from the memories it kept.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from agentmem import contracts
from agentmem.contexts import Goal, HarvestWindow, QueuedBundle, Retrospective, RunOutcome
from agentmem.core.model import HookName, Memory, MemoryType
from agentmem.harvest.episode import scope as episode_scope
from agentmem.harvest.span import daily_notes, resolve
from agentmem.hookspecs import Contribution
from agentmem.retrieval.history import History, history
from agentmem.retrieval.pack import CANDIDATES, goal_question, prefer_for_goal
from agentmem.retrieval.reader import own_words
from agentmem.retrieval.select import for_worker
from agentmem.retrieval.synthlines import MAX_FAILURES
from agentmem.stores.base import Filters
from agentmem.tools import Tools

SHOWN = 8  # memories shown per bundle or goal
EPISODES = 40  # most recent episodes of the window shown to hook E
NOTE_CHARS = 4000  # of each daily note
RETRO_CHARS = 12000
LINES = 8  # synthesis lines per bundle
LINE_CHARS = 300


@dataclass
class Asked:
    """What the runtime read for the model, the schema of the answer, how to use it."""

    found: dict[str, Any]  # placed in the prompt's context
    schema: dict[str, Any]
    use: Callable[[Mapping[str, Any]], Contribution]
    skip: Contribution | None = None  # nothing to ask about: the product without a model
    shown: dict[str, Memory] = field(default_factory=dict)


def _obj(properties: dict[str, Any]) -> dict[str, Any]:
    """An object schema as strict structured outputs want it: every property required."""
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def _ids(ids: list[str], most: int) -> dict[str, Any]:
    if not ids:
        return {"type": "array", "items": {"type": "string"}, "maxItems": 0}
    return {"type": "array", "items": {"type": "string", "enum": ids}, "maxItems": most}


def _shown(m: Memory) -> dict[str, Any]:
    out: dict[str, Any] = {"id": m.id, "type": m.type.value, "text": m.text}
    if m.outcome is not None:
        out["outcome"] = m.outcome.value
    if m.type is MemoryType.EPISODIC:
        out.update(run_id=m.run_id, app_id=m.app_id, tags=list(m.tags))
    return out


def _line(text: object) -> str:
    """One line of the model's words, without ids it typed itself (the runtime cites)."""
    flat = re.sub(r"\s+", " ", re.sub(r"\[[^\]]*\]", "", str(text))).strip(" -")
    return flat[:LINE_CHARS]


def _draft_items(types: list[str], most: int, **extra: Any) -> dict[str, Any]:
    item = _obj(
        {
            "text": {"type": "string"},
            "type": {"type": "string", "enum": types},
            "confidence": {"type": "number", "minimum": 0.6, "maximum": 1.0},
            **extra,
        }
    )
    return {"type": "array", "items": item, "maxItems": most}


def _propose(tools: Tools, drafts: list[dict[str, Any]], note: str) -> Contribution:
    for draft in drafts:
        tools.propose_memory(draft)
    return Contribution(text=note)


# -- hook A: a cited history per bundle ------------------------------------------------------


def told(found: History) -> list[Memory]:
    """What the reader's history of a bundle tells (`agentmem.retrieval.history`), lessons
    first (what a host most needs, kept first by the built-in hook's word budget too), then
    the failures with their causes, then the nearest run that went well."""
    out = [*found.lessons, *found.failures[:MAX_FAILURES]]
    if found.success is not None:
        out.append(found.success)
    return list({m.id: m for m in out}.values())


def ask_synthesis(queue: list[QueuedBundle], tools: Tools) -> Asked:
    """Each bundle's model is shown what the reader's history of it tells (the built-in
    hook A's reading), not the raw answer to its words: that one is mostly the newest run
    records, plain successes that name the bundle, and lessons replaced since, which a model
    shown only their texts cannot tell from the lessons that still hold."""
    floor = tools.settings.confidence_floor
    per_bundle: dict[str, list[Memory]] = {}
    for bundle in queue:
        question = own_words(bundle.title, bundle.description, bundle.tags)
        read = history(tools.search_memory, question, tools.scope(bundle.app_id), floor)
        per_bundle[bundle.id] = told(read)[:SHOWN]
    shown = {m.id: m for ms in per_bundle.values() for m in ms}
    found = {
        "bundles": [
            {"id": b.id, "title": b.title, "memories": [_shown(m) for m in per_bundle[b.id]]}
            for b in queue
        ]
    }
    line = _obj({"text": {"type": "string"}, "cites": _ids(list(shown), 3)})
    bundle_item = _obj(
        {
            "id": {"type": "string", "enum": [b.id for b in queue]},
            "lines": {"type": "array", "items": line, "maxItems": LINES},
        }
    )
    schema = _obj({"bundles": {"type": "array", "items": bundle_item}})

    def use(answer: Mapping[str, Any]) -> Contribution:
        said: dict[str, list[Any]] = {}
        for item in answer.get("bundles") or []:
            if isinstance(item, dict) and isinstance(item.get("lines"), list):
                said.setdefault(str(item.get("id")), []).extend(item["lines"])
        lines, cited = [], []
        for bundle in queue:
            lines.append(f"{bundle.id} ({bundle.title}):")
            kept = 0
            for entry in said.get(bundle.id, [])[:LINES]:
                ids = (
                    [i for i in (entry.get("cites") or []) if i in shown]
                    if isinstance(entry, dict)
                    else []
                )
                text = _line(entry.get("text", "")) if isinstance(entry, dict) else ""
                if ids and text:
                    lines.append(f"  - {''.join(f'[{i}]' for i in dict.fromkeys(ids))} {text}")
                    cited += ids
                    kept += 1
            if not per_bundle[bundle.id]:
                lines.append("  - memory holds nothing relevant")
            elif not kept:
                lines.append(f"  - no line cited the {len(per_bundle[bundle.id])} memories found")
        synthesis = "\n".join(lines) if cited else None
        return Contribution(
            text="\n".join(lines), synthesis=synthesis, cited=list(dict.fromkeys(cited))
        )

    skip = None
    if not shown:  # nothing to say about any bundle: no model call (reads cost money)
        skip = nothing_held(queue)
    return Asked(found, schema, use, skip, shown)


def nothing_held(queue: Sequence[QueuedBundle]) -> Contribution:
    """Hook A's product when memory holds nothing on any bundle: each says so."""
    text = "\n".join(f"{b.id} ({b.title}):\n  - memory holds nothing relevant" for b in queue)
    return Contribution(text=text, synthesis=text)


# -- hook B: which memories the worker must see ----------------------------------------------


def ask_pack(goal: Goal, tools: Tools) -> Asked:
    """The model chooses among the reader's candidates for a worker (`memories`: what the
    built-in hook B packs from, `for_worker`), and may add a weaker match of the raw answer
    to the goal's question (`also_found`). Shown only the raw answer (run records that went
    well, superseded lessons, lessons a change made stale, which a model shown their texts
    alone cannot tell from the ones that still hold), a double keeping what it was shown
    packed 0.66 on topic over the loop benchmark's ten scenarios; shown these, 0.81."""
    floor = tools.settings.confidence_floor
    chosen = for_worker(tools.search_memory, goal, tools.scope(goal.app_id), floor)[: SHOWN * 2]
    answer = tools.ask_memory(goal_question(goal), k=CANDIDATES, filters=tools.scope(goal.app_id))
    taken = {h.memory.id for h in chosen}
    others = [h for h in prefer_for_goal(answer.hits, goal) if h.memory.id not in taken]
    others = sorted(others, key=lambda h: -h.score)[:SHOWN]
    hits = [*chosen, *others]
    by_id = {h.memory.id: h for h in hits}
    found = {
        "memories": [_shown(h.memory) for h in chosen],
        "also_found": [_shown(h.memory) for h in others],
    }
    most = tools.settings.pack_entries
    schema = _obj({"keep": _ids(list(by_id), most)})

    def use(answer: Mapping[str, Any]) -> Contribution:
        keep = [i for i in answer.get("keep") or [] if isinstance(i, str) and i in by_id]
        pack = tools.build_pack([by_id[i] for i in dict.fromkeys(keep)])
        note = f"kept {len(pack.entries)} of {len(hits)} memories found"
        return Contribution(text=note, pack=pack, cited=[e.id for e in pack.entries])

    skip = None if hits else Contribution(text="no memory found", pack=tools.build_pack([]))
    # `shown` is the reader's cut, what the pack holds when no answer is usable.
    return Asked(found, schema, use, skip, {h.memory.id: h.memory for h in chosen or others})


# -- hook C: the run's record and the lessons it supports ------------------------------------


def ask_classify(run: RunOutcome, tools: Tools) -> Asked:
    """The model is asked for the lessons the run backs; the run's record is agentmem's
    (`agentmem.harvest.episode`, put in place by the plugin)."""
    scope = episode_scope(run)
    lesson_types = [MemoryType.SEMANTIC.value, MemoryType.PROCEDURAL.value]
    schema = _obj({"lessons": _draft_items(lesson_types, 2)})

    def use(answer: Mapping[str, Any]) -> Contribution:
        drafts = [
            {**_fields(lesson), **scope}
            for lesson in answer.get("lessons") or []
            if isinstance(lesson, dict)
        ]
        return _propose(tools, drafts, f"episodic record for {run.run_id}; {len(drafts)} lesson(s)")

    return Asked({}, schema, use)


def _fields(item: Mapping[str, Any]) -> dict[str, Any]:
    return {k: item[k] for k in ("text", "type", "confidence", "kind") if k in item}


# -- hook D: lessons from the retro ----------------------------------------------------------


def ask_distill(retro: Retrospective, tools: Tools) -> Asked:
    text = tools.read_file(retro.path)
    base = tools.settings.base_dir.resolve()
    resolved = (base / retro.path).resolve()
    source = str(resolved.relative_to(base)) if resolved.is_relative_to(base) else str(retro.path)
    contract = contracts.CONTRACTS[HookName.POST_RETRO_DISTILL]
    most = contract.limit(periodic=not retro.one_run)
    types = [t.value for t in contract.types]
    schema = _obj({"lessons": _draft_items(types, most)})
    scope: dict[str, Any] = {"source": source}
    if retro.run_id:
        scope["run_id"] = retro.run_id
    if retro.app_id:
        scope["app_id"] = retro.app_id

    def use(answer: Mapping[str, Any]) -> Contribution:
        drafts = [
            {**_fields(x), **scope} for x in answer.get("lessons") or [] if isinstance(x, dict)
        ]
        return _propose(tools, drafts, f"{len(drafts)} lesson(s) from {source}")

    return Asked({"retro_text": text[:RETRO_CHARS]}, schema, use)


# -- hook E: what the window's episodes and notes earn ---------------------------------------


def ask_harvest(window: HarvestWindow, tools: Tools) -> Asked:
    settings = tools.settings
    span = resolve(window, settings.log_path)
    apps = (window.app_id,) if window.app_id else None
    episodes = [
        m
        for m in tools.list_memories(
            Filters(user_id=settings.user_id, types=("episodic",), app_ids=apps)
        )
        if span.holds(_day(m.run_id)) or span.holds(_day(m.created_at))
    ][-EPISODES:]
    base = settings.base_dir.resolve()
    notes = []
    for _, path in daily_notes(settings.root, span):
        if path.resolve().is_relative_to(base):
            relative = str(path.resolve().relative_to(base))
            notes.append({"path": relative, "text": tools.read_file(relative)[:NOTE_CHARS]})
    shown = {m.id: m for m in episodes}
    app_ids = sorted({m.app_id for m in episodes} | ({window.app_id} if window.app_id else set()))
    contract = contracts.CONTRACTS[HookName.JUDGMENT_HARVEST]
    most = contract.limit(daily_notes=len(notes))
    types = [t.value for t in contract.types]
    extra = {
        "kind": {"type": "string", "enum": ["observation", "assessment"]},
        "cites": _ids(list(shown), 8),
        "app_id": {"type": "string", "enum": app_ids or [settings.app_id]},
    }
    schema = _obj({"drafts": _draft_items(types, most, **extra)})
    found = {"episodes": [_shown(m) for m in episodes], "daily_notes": notes}

    def use(answer: Mapping[str, Any]) -> Contribution:
        drafts = []
        for item in answer.get("drafts") or []:
            if not isinstance(item, dict):
                continue
            draft = _fields(item)
            cites = [i for i in item.get("cites") or [] if i in shown]
            if cites:
                draft["cites"] = cites
            app = item.get("app_id")
            draft["app_id"] = app if app in app_ids else (window.app_id or settings.app_id)
            drafts.append(draft)
        return _propose(tools, drafts, f"{len(drafts)} draft(s) from {len(episodes)} episode(s)")

    skip = None if episodes or notes else Contribution(text="nothing in the window")
    return Asked(found, schema, use, skip, shown)


def _day(stamp: str) -> Any:
    from datetime import date

    try:
        return date.fromisoformat(stamp[:10])
    except ValueError:
        return date.min


def ask(hook: HookName, values: Mapping[str, Any], tools: Tools) -> Asked:
    """Read for the model what the hook may read; the schema its answer must follow."""
    if hook is HookName.PRE_GOAL_SYNTHESIS:
        return ask_synthesis(values["queue"], tools)
    if hook is HookName.PRE_SPAWN_PACK:
        return ask_pack(values["goal"], tools)
    if hook is HookName.POST_RUN_CLASSIFY:
        return ask_classify(values["run"], tools)
    if hook is HookName.POST_RETRO_DISTILL:
        return ask_distill(values["retro"], tools)
    return ask_harvest(values["window"], tools)
