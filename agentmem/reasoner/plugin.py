"""The plugin that lets a reasoner drive every hook, and how it is put in place.

`ModelDriven` implements all five hookspecs the same way: render the hook's playbook with
its context as JSON, frame it with the harvester's (write hooks) or the reader's (read
hooks) playbook, and hand both to the reasoner with the hook's Tools. `install` swaps it
in for the built-in rule plugins when settings (or the host) choose a reasoner.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pluggy
from pydantic import BaseModel

from agentmem import playbook
from agentmem._plugins import DEFAULT_PLUGINS
from agentmem.contexts import Goal, HarvestWindow, QueuedBundle, Retrospective, RunOutcome
from agentmem.core.model import TYPE_RULES, HookName
from agentmem.harvest.span import daily_notes, resolve
from agentmem.hookspecs import Contribution, hookimpl
from agentmem.reasoner.base import Reasoner, Task
from agentmem.settings import Settings
from agentmem.tools import Tools

PLUGIN_NAME = "agentmem.reasoner"


def _json(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", exclude_none=True)
    if isinstance(value, list):
        return [_json(v) for v in value]
    if isinstance(value, Path):
        return str(value)
    return value


def role_context(hook: HookName, settings: Settings) -> dict[str, Any]:
    """What the framing playbook is told: the writer's scope, or the reader's budget."""
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
        "confidence_ranges": {t.value: [r.low, r.high] for t, r in TYPE_RULES.items()},
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


def make_task(hook: HookName, values: dict[str, Any], settings: Settings) -> Task:
    """The hook's playbook and its framing, rendered from the installed package."""
    context = {key: _json(value) for key, value in values.items()}
    context.update(found_context(hook, values, settings))
    role = playbook.role_for(hook)
    return Task(
        hook=hook,
        values=values,
        context=context,
        system=playbook.load(role).render(role_context(hook, settings)),
        prompt=playbook.load(hook.value).render(context),
    )


class ModelDriven:
    """Every hook, driven by one reasoner through the playbooks."""

    def __init__(self, reasoner: Reasoner) -> None:
        self.reasoner = reasoner

    def drive(self, hook: HookName, tools: Tools, **values: Any) -> Contribution:
        reasoning = self.reasoner.reason(make_task(hook, values, tools.settings), tools)
        text = reasoning.final_text
        if reasoning.stopped:
            text = f"{text}\n[{self.reasoner.name} reasoner stopped: {reasoning.stopped}]".strip()
        out = Contribution(text=text, cited=reasoning.cited)
        if hook is HookName.PRE_GOAL_SYNTHESIS:
            out.synthesis = reasoning.synthesis if reasoning.synthesis is not None else text
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
        return self.drive(HookName.POST_RUN_CLASSIFY, tools, run=run)

    @hookimpl
    def post_retro_distill(self, retro: Retrospective, tools: Tools) -> Contribution:
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

    Host plugins stay registered and still contribute; only the built-ins step aside.
    """
    chosen = reasoner if reasoner is not None else from_settings(settings)
    if chosen is None:
        return None
    for name in DEFAULT_PLUGINS:
        if pm.has_plugin(name):
            pm.unregister(name=name)
    if pm.has_plugin(PLUGIN_NAME):
        pm.unregister(name=PLUGIN_NAME)
    pm.register(ModelDriven(chosen), name=PLUGIN_NAME)
    pm.check_pending()
    return chosen
