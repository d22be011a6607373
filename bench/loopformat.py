"""The loop benchmark's scenario format (LOOPBENCH.md), read and checked.

A scenario is a JSON file: name, start date, user_id and steps. Each step has a day and
exactly one of `fire` (a hook, with its keyword arguments as a host would give them) or
`probe` (pack, synthesis or harvest, with needs / related / stale regular expressions).
Every context is checked with the library's own context models before anything runs, so a
malformed file fails at once with the step index and the field, never halfway through a
replay as a fire that is not ok.
"""

from __future__ import annotations

import itertools
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from datetime import time as clock_time
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from agentmem import Goal, HarvestWindow, QueuedBundle, Retrospective, RunOutcome

NOON = clock_time(12, tzinfo=UTC)
PATTERN_KEYS = ("needs", "related", "stale")
COMMENT_KEYS = frozenset({"note"})  # a step may carry a human note; the runner ignores it

# Per fire: its context keys, each with the model the library validates it with (None: the
# runner's own field) and whether the step must give it.
FIRES: dict[str, dict[str, tuple[Any, bool]]] = {
    "post_run_classify": {"run": (RunOutcome, True)},
    "post_retro_distill": {"retro": (Retrospective, True), "file": (None, False)},
    "judgment_harvest": {"window": (HarvestWindow, False)},
    "pre_goal_synthesis": {"queue": (list[QueuedBundle], True)},
    "pre_spawn_pack": {"goal": (Goal, True), "worker_dir": (None, False)},
}
PROBES: dict[str, dict[str, tuple[Any, bool]]] = {
    "pack": {"goal": (Goal, True)},
    "synthesis": {"queue": (list[QueuedBundle], True)},
    "harvest": {},
}
PROBE_HOOK = {"pack": "pre_spawn_pack", "synthesis": "pre_goal_synthesis"}


class ScenarioError(ValueError):
    """Raised when a scenario file is not in the format: names the step and the field."""

    def __init__(self, path: str, where: str, reason: str) -> None:
        super().__init__(f"{path}: {where}: {reason}")
        self.path, self.where, self.reason = path, where, reason


# -- the format -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Step:
    index: int
    day: int
    fire: str | None  # the hook a fire step fires
    probe: str | None  # the kind a probe step scores
    context: dict[str, Any]  # the hook's keyword arguments, as the file gives them
    file: tuple[str, str] | None = None  # a retro step's file: path, text
    needs: tuple[re.Pattern[str], ...] = ()
    related: tuple[re.Pattern[str], ...] = ()
    stale: tuple[re.Pattern[str], ...] = ()

    @property
    def label(self) -> str:
        return f"step {self.index} ({self.fire or 'probe ' + str(self.probe)}, day {self.day})"


@dataclass(frozen=True)
class Scenario:
    name: str
    start: date
    user_id: str
    steps: tuple[Step, ...]
    path: str = ""

    def clock_at(self, day: int) -> datetime:
        return datetime.combine(self.start + timedelta(days=day), NOON)


_ADAPTERS: dict[Any, TypeAdapter[Any]] = {}


def _check_model(model: Any, value: Any, key: str) -> tuple[str, str] | None:
    """The first field the library's context model refuses in `value` (dotted), and why."""
    adapter = _ADAPTERS.get(model)
    if adapter is None:
        adapter = _ADAPTERS[model] = TypeAdapter(model)
    try:
        adapter.validate_python(value)
    except ValidationError as exc:
        errors = exc.errors()
        first = errors[0]
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in first["loc"])
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        return f"{key}{where}", f"{first['msg']}{more}"
    return None


def _patterns(
    raw: Any, key: str, fail: Callable[[str, str], ScenarioError]
) -> tuple[re.Pattern[str], ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise fail(key, f"expected a list of regular expressions, got {type(raw).__name__}")
    compiled = []
    for i, pattern in enumerate(raw):
        if not isinstance(pattern, str) or not pattern:
            raise fail(f"{key}[{i}]", f"expected a non-empty regular expression, got {pattern!r}")
        try:
            compiled.append(re.compile(pattern, re.IGNORECASE))
        except re.error as exc:
            raise fail(f"{key}[{i}]", f"bad regular expression {pattern!r}: {exc}") from None
    return tuple(compiled)


def _relative_file(raw: Any, fail: Callable[[str, str], ScenarioError]) -> tuple[str, str]:
    if not isinstance(raw, dict) or set(raw) != {"path", "text"}:
        raise fail("file", 'expected {"path": "<relative path>", "text": "<file content>"}')
    path, text = raw["path"], raw["text"]
    if not isinstance(path, str) or not path.strip():
        raise fail("file.path", f"expected a relative path, got {path!r}")
    if Path(path).is_absolute() or ".." in Path(path).parts:
        raise fail("file.path", f"{path!r} must stay inside the work folder (relative, no '..')")
    if not isinstance(text, str):
        raise fail("file.text", f"expected the file's text, got {type(text).__name__}")
    return path, text


def parse_step(index: int, raw: Any, path: str) -> Step:
    """One step, checked: a day, exactly one of fire/probe, that kind's keys, valid values."""
    where = f"step {index}"

    def fail(key: str, reason: str) -> ScenarioError:
        return ScenarioError(path, f"{where}: {key}" if key else where, reason)

    if not isinstance(raw, dict):
        raise fail("", f"expected an object, got {type(raw).__name__}")
    day = raw.get("day")
    if isinstance(day, bool) or not isinstance(day, int) or day < 0:
        raise fail("day", f"expected a whole number of days ≥ 0 from start, got {day!r}")
    if ("fire" in raw) == ("probe" in raw):
        raise fail("fire/probe", "a step has exactly one of 'fire' or 'probe'")
    kind_key = "fire" if "fire" in raw else "probe"
    table = FIRES if kind_key == "fire" else PROBES
    kind = raw[kind_key]
    if kind not in table:
        raise fail(kind_key, f"unknown {kind_key} {kind!r}; expected one of {', '.join(table)}")
    where = f"step {index} ({kind_key} {kind}, day {day})"
    spec = table[kind]
    allowed = {
        "day",
        kind_key,
        *spec,
        *COMMENT_KEYS,
        *(PATTERN_KEYS if kind_key == "probe" else ()),
    }
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise fail(
            unknown[0],
            f"unknown key for a {kind} {kind_key}; expected {', '.join(sorted(allowed))}",
        )
    context: dict[str, Any] = {}
    for key, (_, required) in spec.items():
        if key not in raw or raw[key] is None:
            if required:
                raise fail(key, f"a {kind} {kind_key} needs {key!r}")
            continue
        context[key] = raw[key]
    retro_file = None
    if "file" in context:
        retro_file = _relative_file(context.pop("file"), fail)
    if kind == "post_retro_distill":
        retro = context["retro"]
        if isinstance(retro, dict) and "path" not in retro and retro_file is not None:
            context["retro"] = {**retro, "path": retro_file[0]}  # the file the step writes
    if "worker_dir" in context:
        worker = context["worker_dir"]
        if not isinstance(worker, str) or Path(worker).is_absolute() or ".." in Path(worker).parts:
            raise fail("worker_dir", f"{worker!r} must be a relative folder inside the work folder")
    for key, (model, _) in spec.items():
        if model is not None and key in context:
            problem = _check_model(model, context[key], key)
            if problem is not None:
                raise fail(*problem)
    patterns = {k: _patterns(raw.get(k), k, fail) for k in PATTERN_KEYS}
    return Step(
        index=index,
        day=day,
        fire=kind if kind_key == "fire" else None,
        probe=kind if kind_key == "probe" else None,
        context=context,
        file=retro_file,
        **patterns,
    )


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Read and check a scenario file; raise ScenarioError naming what is wrong."""
    name = str(path)
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(name, "file", f"cannot read it ({exc})") from None
    except json.JSONDecodeError as exc:
        raise ScenarioError(name, "file", f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ScenarioError(name, "file", "expected a JSON object with name, start, user_id, steps")
    for key in ("name", "user_id"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise ScenarioError(name, key, f"expected a non-empty string, got {data.get(key)!r}")
    try:
        start = date.fromisoformat(str(data.get("start")))
    except ValueError:
        raise ScenarioError(
            name, "start", f"expected a date YYYY-MM-DD, got {data.get('start')!r}"
        ) from None
    steps = data.get("steps")
    if not isinstance(steps, list) or not steps:
        raise ScenarioError(name, "steps", "expected a non-empty list of steps")
    parsed = tuple(parse_step(i, raw, name) for i, raw in enumerate(steps))
    return Scenario(data["name"].strip(), start, data["user_id"].strip(), parsed, name)


def lint(scenario: Scenario) -> list[str]:
    """Legal but probably unintended: a clock that goes back, a need the question echoes."""
    notes = []
    for before, step in itertools.pairwise(scenario.steps):
        if step.day < before.day:
            notes.append(f"{step.label}: day goes back from {before.day}; steps run in file order")
    for step in scenario.steps:
        if step.probe is None:
            continue
        asked = json.dumps(step.context, ensure_ascii=False)
        for pattern in step.needs:
            if pattern.search(asked):
                notes.append(
                    f"{step.label}: needs {pattern.pattern!r} matches the probe's own question"
                )
    return notes
