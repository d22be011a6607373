"""Which step of a pack's read left each candidate out: `bench/needloss.py`'s "retrieved,
not chosen" told by name.

`traced(...)` runs `agentmem.retrieval.select.for_worker` with its steps (and the read-time
filters `agentmem.retrieval.sift` runs) wrapped for the call: a step that takes a list of
hits and returns fewer is said to have left the missing ones out, and a predicate the
read applies to one memory at a time (`told_before`, `tells_retired`, ...) to have left out
the memory it said yes to (`after_changes` and `within`, no). The first step that left a
memory out is the one named. `choose` is told more finely: under the lessons' bar (its share
of the best advice's score and the goal words it shares), past the lessons' places, or a run
record not over its bar or past its places. Nothing of the library changes: the wrappers
are put back when the call ends.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from agentmem import Goal
from agentmem.core.model import Hit, Kind, Memory
from agentmem.retrieval import places as places_module
from agentmem.retrieval import select as select_module
from agentmem.retrieval import sift as sift_module
from agentmem.stores.base import Filters
from agentmem.stores.bm25 import tokenize

# (module, name, how its answer reads): "list" a list of hits (or a tuple/Sifted holding
# one first), "yes" a predicate whose True leaves the memory out, "no" one whose False does,
# "ids" a set of ids left out.
STEPS: list[tuple[Any, str, str]] = [
    (select_module, "in_their_place", "list"),
    (select_module, "outdated", "list"),
    (select_module, "told_before", "yes"),
    (select_module, "quotes_displaced", "yes"),
    (select_module, "tells_retired", "yes"),
    (select_module, "quotes_taken", "yes"),
    (select_module, "untold", "list"),
    (select_module, "after_changes", "no"),
    (select_module, "same_work", "list"),
    (select_module, "denied_here", "ids"),
    (select_module, "outlived", "yes"),
    (sift_module, "restates_old", "yes"),
    (sift_module, "still_told", "list"),
    (sift_module, "told_before", "yes"),
    (sift_module, "names_moved_host", "yes"),
    (sift_module, "outdated_in_place", "list"),
    (sift_module, "outturned", "list"),
    (sift_module, "displaced", "list"),
    (sift_module, "named_gone", "list"),
    (sift_module, "quotes_displaced", "yes"),
]


def _hits(value: Any) -> list[Hit] | None:
    if isinstance(value, tuple) and value:
        value = value[0]
    if hasattr(value, "lessons") and not isinstance(value, list):
        value = value.lessons
    if isinstance(value, list) and all(isinstance(h, Hit) for h in value):
        return value
    return None


class Trace:
    """Each memory id the read left out, with the step that did (the first to)."""

    def __init__(self) -> None:
        self.left: dict[str, str] = {}

    def out(self, memory_id: str, step: str) -> None:
        self.left.setdefault(memory_id, step)

    def wrap(self, name: str, how: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            answer = fn(*args, **kwargs)
            first = args[0] if args else None
            if how in ("yes", "no") and isinstance(first, Memory):
                if bool(answer) == (how == "yes"):
                    self.out(first.id, name)
            elif how == "ids":
                for memory_id in answer:
                    self.out(memory_id, name)
            else:
                given, kept = _hits(first), _hits(answer)
                if given is not None and kept is not None:
                    held = {h.memory.id for h in kept}
                    for hit in given:
                        if hit.memory.id not in held:
                            self.out(hit.memory.id, name)
            return answer

        return wrapped

    def chose(self, fn: Callable[..., list[Hit]]) -> Callable[..., list[Hit]]:
        """`choose`, each lesson and record it leaves out told why."""

        def wrapped(
            lessons: Sequence[Hit], records: Sequence[Hit], *args: Any, **kwargs: Any
        ) -> list[Hit]:
            answer = fn(lessons, records, *args, **kwargs)
            held = {h.memory.id for h in answer}
            goal_words = args[0] if args else kwargs.get("goal_words", frozenset())
            advice = [h for h in lessons if h.memory.kind is not Kind.ASSESSMENT]
            best = max((h.score for h in advice or lessons), default=0.0)
            for hit in lessons:
                if hit.memory.id in held:
                    continue
                share = round(hit.score / best, 3) if best else 0.0
                words = len(set(goal_words) & set(tokenize(hit.memory.text)))
                if places_module.within(hit, best, goal_words):
                    self.out(hit.memory.id, f"choose: past the lessons' places (share {share})")
                else:
                    self.out(
                        hit.memory.id,
                        f"choose: under the lessons' bar (share {share}, {words} goal words)",
                    )
            top = max((h.score for h in records), default=0.0)
            for hit in records:
                if hit.memory.id not in held:
                    share = round(hit.score / top, 3) if top else 0.0
                    self.out(hit.memory.id, f"choose: a record not taken (share {share})")
            return answer

        return wrapped


@contextlib.contextmanager
def _wrapped(trace: Trace) -> Iterator[None]:
    saved = [(module, name, getattr(module, name)) for module, name, _ in STEPS]
    saved.append((select_module, "choose", select_module.choose))
    try:
        for module, name, how in STEPS:
            setattr(module, name, trace.wrap(name, how, getattr(module, name)))
        select_module.choose = trace.chose(select_module.choose)  # type: ignore[assignment]
        yield
    finally:
        for module, name, fn in saved:
            setattr(module, name, fn)


def traced(
    search: Callable[[str, int, Filters], list[Hit]], goal: Goal, scope: Filters, floor: float
) -> tuple[list[Hit], dict[str, str]]:
    """The pack's hits as `for_worker` chooses them, and the step that left out each
    candidate it read and did not choose (ids it never read are absent)."""
    trace = Trace()
    with _wrapped(trace):
        chosen = select_module.for_worker(search, goal, scope, floor)
    held = {h.memory.id for h in chosen}
    return chosen, {i: step for i, step in trace.left.items() if i not in held}
