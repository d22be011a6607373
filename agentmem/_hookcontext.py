"""A hook's context as the host hands it: the keywords each hook takes, checked and validated.

Two halves: `check_keys` (cheap: no unknown keyword, none missing) runs on the host's
thread before the store opens; `validate_context` (pydantic, as long as the context is
big) runs on the worker, inside the hook's budget.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter
from pydantic import ValidationError as PydanticValidationError

from agentmem._exceptions import AgentMemError
from agentmem.contexts import Goal, HarvestWindow, QueuedBundle, Retrospective, RunOutcome
from agentmem.core.model import HookName

# Per hook: context keyword → (type, default when absent; REQUIRED if it must be given).
REQUIRED = object()
CONTEXT: dict[HookName, dict[str, tuple[Any, Any]]] = {
    HookName.PRE_GOAL_SYNTHESIS: {"queue": (list[QueuedBundle], list)},
    HookName.PRE_SPAWN_PACK: {"goal": (Goal, REQUIRED), "worker_dir": (Path | None, lambda: None)},
    HookName.POST_RUN_CLASSIFY: {"run": (RunOutcome, REQUIRED)},
    HookName.POST_RETRO_DISTILL: {"retro": (Retrospective, REQUIRED)},
    HookName.JUDGMENT_HARVEST: {"window": (HarvestWindow, HarvestWindow)},
}
_ADAPTERS = {
    hook: {k: TypeAdapter(t) for k, (t, _) in spec.items()} for hook, spec in CONTEXT.items()
}


class ContextError(AgentMemError):
    """Raised (inside the runtime) when a hook's context is missing a field or malformed."""


def check_keys(hook: HookName, context: Mapping[str, Any]) -> None:
    """The cheap half of validation, before the store opens: no unknown, no missing keyword."""
    spec = CONTEXT[hook]
    unknown = sorted(set(context) - set(spec))
    if unknown:
        raise ContextError(
            f"{hook.value} takes {', '.join(spec)}; unexpected: {', '.join(unknown)}"
        )
    for key, (_, default) in spec.items():
        if default is REQUIRED and context.get(key) is None:
            raise ContextError(f"{hook.value} needs {key}=…")


def validate_context(hook: HookName, context: Mapping[str, Any]) -> dict[str, Any]:
    """Coerce the host's keywords (models or plain dicts) into the hook's context models."""
    check_keys(hook, context)
    values: dict[str, Any] = {}
    for key, (_, default) in CONTEXT[hook].items():
        if context.get(key) is None:
            values[key] = default()
            continue
        try:
            values[key] = _ADAPTERS[hook][key].validate_python(context[key])
        except PydanticValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in (key, *first["loc"]))
            raise ContextError(f"{hook.value}: {where}: {first['msg']}") from exc
    worker_dir = values.get("worker_dir")
    if worker_dir is not None and not worker_dir.is_dir():
        # A pack written into a folder the host never made is a pack no worker reads.
        raise ContextError(
            f"{hook.value}: worker_dir: {str(worker_dir)!r} is not an existing folder "
            "(create the worker's folder before spawning it)"
        )
    return values


def nothing_queued(context: Mapping[str, Any]) -> bool:
    """Hook A's idle case, told from the raw context: no queue, or an empty one."""
    queue = context.get("queue")
    return queue is None or (isinstance(queue, list | tuple) and not queue)
