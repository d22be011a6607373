"""The plugin that lets a reasoner drive every hook, and how it is put in place.

`ModelDriven` implements all five hookspecs the same way: render the hook's playbook with
its context as JSON, frame it with the harvester's (write hooks) or the reader's (read
hooks) playbook, and hand both to the reasoner with the hook's Tools. `install` swaps it
in for the built-in rule plugins when settings (or the host) choose a reasoner.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pluggy
from pydantic import BaseModel

from agentmem import contracts, playbook
from agentmem._plugins import DEFAULT_PLUGINS
from agentmem.contexts import Goal, HarvestWindow, QueuedBundle, Retrospective, RunOutcome
from agentmem.core.model import HookName, MemoryType
from agentmem.harvest.episode import MAX_TAGS, filed, record_draft, topic_tags
from agentmem.harvest.runrecord import dated
from agentmem.harvest.span import daily_notes, resolve
from agentmem.hookspecs import Contribution, hookimpl
from agentmem.reasoner import json_mode
from agentmem.reasoner.base import Reasoner, ReasonerError, Reasoning, Task
from agentmem.retrieval.citations import CITED
from agentmem.settings import Settings
from agentmem.tools import Tools

PLUGIN_NAME = "agentmem.reasoner"
# Built-in hooks whose work is computed from evidence, not judged: they stay beside the
# model. Hook E's patterns are counts over run records (which checks failed together, what
# their details share, what successes do not say), with a confidence worked out from them;
# a model reading a window's episodes adds its own judgments to them, it does not redo them.
COMPUTED = frozenset({"agentmem.hooks.judgment_harvest"})


def _json(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", exclude_none=True)
    if isinstance(value, list):
        return [_json(v) for v in value]
    if isinstance(value, Path):
        return str(value)
    return value


def role_context(hook: HookName, settings: Settings) -> dict[str, Any]:
    """What the framing playbook is told: the reader's budget, or the writer's scope and
    the hook's write contract (what the runtime will accept, as data)."""
    if playbook.role_for(hook) == "reader":
        return {
            "confidence_floor": settings.confidence_floor,
            "pack_tokens": settings.pack_tokens,
            "pack_entries": settings.pack_entries,
        }
    return {
        "hook": hook.value,
        "default_app_id": settings.app_id,
        "cohort": settings.cohort,
        "write_contract": contracts.CONTRACTS[hook].describe(),
    }


def found_context(hook: HookName, values: dict[str, Any], settings: Settings) -> dict[str, Any]:
    """What the runtime found for the model: hook E's resolved window and its daily notes."""
    window = values.get("window")
    if hook is not HookName.JUDGMENT_HARVEST or not isinstance(window, HarvestWindow):
        return {}
    span = resolve(window, settings.log_path)
    base = settings.base_dir.resolve()
    return {
        "resolved_window": {"since": span.since, "until": span.until, "basis": span.basis},
        "daily_notes": [
            str(path.resolve().relative_to(base))
            for _, path in daily_notes(settings.root, span)
            if path.resolve().is_relative_to(base)
        ],
    }


def make_task(
    hook: HookName,
    values: dict[str, Any],
    settings: Settings,
    *,
    mode: str = "tools",
    asked: json_mode.Asked | None = None,
) -> Task:
    """The hook's playbook and its framing for the mode, rendered from the installed
    package; in json mode the context also holds what the runtime read and the schema."""
    context = {key: _json(value) for key, value in values.items()}
    context.update(found_context(hook, values, settings))
    if asked is not None:
        context.update(asked.found)
        context["answer_schema"] = asked.schema
    role = playbook.role_for(hook)
    return Task(
        hook=hook,
        values=values,
        context=context,
        system=playbook.load(role).render(role_context(hook, settings), mode=mode),
        prompt=playbook.load(hook.value).render(context, mode=mode),
        mode=mode,
        schema=asked.schema if asked is not None else None,
    )


def cited_lines(text: str, exists: Callable[[str], bool]) -> str | None:
    """The lines of a model's synthesis that cite a memory that exists; None if none does.

    What else a small model writes there (`functions.search_memory:`, a stop note, an id
    it made up) is no advice."""
    kept = [line for line in text.splitlines() if any(exists(i) for i in CITED.findall(line))]
    return "\n".join(kept) if kept else None


def with_topics(draft: Mapping[str, Any], topics: list[str]) -> Mapping[str, Any]:
    """A run's lesson with the run's tags after its own: a pack for a goal with those tags
    lifts what is tagged the same (`prefer_for_goal`), and a model seldom copies the run's
    tags onto a lesson (json mode's schema has no field for them). Without them, over the
    loop benchmark's ten scenarios, a pack for a tagged goal took an untagged near match in
    place of the lesson the run had taught."""
    if not topics:
        return draft
    own = draft.get("tags")
    mine = [str(t) for t in own] if isinstance(own, list) else []
    return {**draft, "tags": list(dict.fromkeys([*mine, *topics]))[:MAX_TAGS]}


class ModelDriven:
    """Every hook, driven by one reasoner through the playbooks."""

    def __init__(self, reasoner: Reasoner) -> None:
        self.reasoner = reasoner

    def drive(self, hook: HookName, tools: Tools, **values: Any) -> Contribution:
        mode = tools.settings.reasoner_mode
        asked = json_mode.ask(hook, values, tools) if mode == "json" else None
        if asked is not None and asked.skip is not None:
            return asked.skip  # nothing to ask a model about (no memory found, no episode)
        task = make_task(hook, values, tools.settings, mode=mode, asked=asked)
        reasoning = self.reasoner.reason(task, tools)
        stop = f"[{self.reasoner.name} reasoner stopped: {reasoning.stopped}]"
        if asked is not None and reasoning.answer is not None:
            out = asked.use(reasoning.answer)
        elif asked is not None and hook is HookName.PRE_SPAWN_PACK and reasoning.pack is None:
            out = asked.use({"keep": list(asked.shown)})  # no usable answer: the reader's cut
        else:
            out = self._from_text(hook, reasoning, tools)
        if reasoning.stopped:
            out.text = f"{out.text}\n{stop}".strip()
        if hook is HookName.PRE_GOAL_SYNTHESIS and out.synthesis is None:
            if tools.reads.retrievals and not tools.reads.returned:
                out = json_mode.nothing_held(values["queue"])  # it searched, memory held none
            else:
                raise ReasonerError(
                    self.reasoner.name,
                    f"no line of its synthesis cites a memory that exists: {reasoning.final_text[-200:]!r}",
                )
        return out

    def _from_text(self, hook: HookName, reasoning: Reasoning, tools: Tools) -> Contribution:
        """The product of a chat: the reasoner's own, or built from what it read."""
        out = Contribution(text=reasoning.final_text, cited=reasoning.cited)
        if hook is HookName.PRE_GOAL_SYNTHESIS:
            seen = {h.memory.id for h in reasoning.hits}
            out.synthesis = (
                reasoning.synthesis
                if reasoning.synthesis is not None
                else cited_lines(reasoning.final_text, lambda i: i in seen or tools.holds(i))
            )
        if hook is HookName.PRE_SPAWN_PACK:
            # The pack is built from what the reasoner's searches returned, never its prose.
            out.pack = reasoning.pack or tools.build_pack(reasoning.hits)
            out.cited = out.cited or [e.id for e in out.pack.entries]
        return out

    @hookimpl
    def pre_goal_synthesis(self, queue: list[QueuedBundle], tools: Tools) -> Contribution:
        return self.drive(HookName.PRE_GOAL_SYNTHESIS, tools, queue=queue)

    @hookimpl
    def pre_spawn_pack(self, goal: Goal, worker_dir: Path | None, tools: Tools) -> Contribution:
        return self.drive(HookName.PRE_SPAWN_PACK, tools, goal=goal, worker_dir=worker_dir)

    @hookimpl
    def post_run_classify(self, run: RunOutcome, tools: Tools) -> Contribution:
        """The model judges the run's lessons; the run's record is agentmem's, computed
        from the run as the built-in hook C computes it (every failed check's detail kept,
        one record per run however often the hook fires). An episodic draft the model
        proposes is left out for it. The model sees the run id memory files the run under.
        Its lessons carry the run's tags as the built-in hook's do (`with_topics`)."""
        record, _ = record_draft(run, tools)
        out = self.drive(HookName.POST_RUN_CLASSIFY, tools, run=filed(run, tools))
        topics = topic_tags(run)
        lessons = [
            with_topics(d, topics)
            for d in tools.proposed
            if d.get("type") != MemoryType.EPISODIC.value
        ]
        tools.proposed[:] = [record, *lessons]
        return out

    @hookimpl
    def post_retro_distill(self, retro: Retrospective, tools: Tools) -> Contribution:
        if retro.run_id:
            retro = retro.model_copy(update={"run_id": dated(retro.run_id, tools.today())})
        return self.drive(HookName.POST_RETRO_DISTILL, tools, retro=retro)

    @hookimpl
    def judgment_harvest(self, window: HarvestWindow, tools: Tools) -> Contribution:
        return self.drive(HookName.JUDGMENT_HARVEST, tools, window=window)


def from_settings(settings: Settings) -> Reasoner | None:
    """The reasoner settings choose; None for `deterministic` (the built-in rules run as is)."""
    if settings.reasoner == "openai":
        from agentmem.reasoner.openai_chat import OpenAIReasoner

        return OpenAIReasoner.from_settings(settings)
    return None


def install(
    pm: pluggy.PluginManager, settings: Settings, reasoner: Reasoner | None = None
) -> Reasoner | None:
    """Put the chosen reasoner in charge of every hook, in place of the built-in rules.

    Host plugins stay registered and still contribute; the built-ins step aside, but for
    those that compute rather than judge (`COMPUTED`): hook E's patterns stay beside the
    model's drafts.
    """
    chosen = reasoner if reasoner is not None else from_settings(settings)
    if chosen is None:
        return None
    for name in DEFAULT_PLUGINS:
        if name in COMPUTED:
            continue
        if pm.has_plugin(name):
            pm.unregister(name=name)
    if pm.has_plugin(PLUGIN_NAME):
        pm.unregister(name=PLUGIN_NAME)
    pm.register(ModelDriven(chosen), name=PLUGIN_NAME)
    pm.check_pending()
    return chosen
