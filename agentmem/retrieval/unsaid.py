"""A value a replacement leaves unsaid is not a value it retired, when it gives nothing new
of that kind.

A change retires what the lesson it replaced stated and it states anew (`agentmem.retrieval.
lingering.retired_by`): "bisque firings now start at 19:30" retires the old 21:00. A
replacement that keeps the old text's only value of a kind and is silent on the others of
that kind tells no new value of it: "Fire-rated stacks are 40 boards, not 50, so a
fire-rated stack stays under about 1.3 t like a standard one" keeps the 1.3 of "a 50-board
stack of standard 12.5 mm board weighs about 1.3 t" and says nothing of the board's
12.5 mm. Read as retired, every older lesson that names a 12.5 mm board on the same words
left the pack as telling how things were (the weight acceptance limits of that board, the
best lesson on a release goal). So a lesson is held to state a retired value only of a kind
the change gives a value of that the old text did not (`Change.given`).
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet


def anew(given: AbstractSet[tuple[str, str]], kind: str) -> bool:
    """Whether a change that gives the values `given` ((kind, value), those the lesson it
    replaced did not state: `Change.given`) gives one of `kind`."""
    return any(of == kind for of, _ in given)
