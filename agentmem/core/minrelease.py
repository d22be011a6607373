"""A release a tool must now be at least: "glaze mixing needs pigmix >= 4.1 (older
releases misread the recipe)", "needs kilnctl 5.2 or newer". A held lesson that runs the tool
at a release below it ("mix the glaze with pigmix 3.x") tells a way that no longer works,
though the draft says no change word: the floor is the change.

Against a false merge: the held lesson names the same tool (its name as written, a word
of letters, digits, dots or dashes) with a release below the floor ("3.x", any release of
3, is below 4.1, not below 3.2), it names no release at or above it, and the two share
`MIN_SHARED` content words (the tool's task, not only its name)."""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.statement import terms

NAME = r"(?P<tool>[A-Za-z][\w.-]*[A-Za-z0-9])"
RELEASE = r"v?(?P<release>\d+(?:\.\d+)*)"
FLOOR = re.compile(
    rf"{NAME}\s*(?:>=|≥)\s*{RELEASE}(?![\w.])"
    rf"|{NAME.replace('tool', 'tool2')}\s+{RELEASE.replace('release', 'release2')}\s+or\s+"
    r"(?:newer|later|above|higher)\b",
    re.IGNORECASE,
)
MIN_SHARED = 3


def _release(said: str) -> tuple[int, ...]:
    """A release as numbers, up to an "x" ("3.x": (3,), any release of 3)."""
    parts = said.lower().split(".")
    if "x" in parts:
        parts = parts[: parts.index("x")]
    return tuple(int(p) for p in parts)


def _below(release: tuple[int, ...], floor: tuple[int, ...]) -> bool:
    """Every release `release` may be is below `floor` ((3,) of "3.x" is below (4, 1), not
    below (3, 2))."""
    return release < floor[: len(release)] if release else False


def floors(text: str) -> dict[str, tuple[int, ...]]:
    """The least release of each tool the text says is needed, by the tool's name."""
    return dict(_floors(text))


@lru_cache(maxsize=4096)  # a draft meets many held texts per add: read once
def _floors(text: str) -> tuple[tuple[str, tuple[int, ...]], ...]:
    out = {}
    for m in FLOOR.finditer(text):
        tool, release = (m["tool"], m["release"]) if m["tool"] else (m["tool2"], m["release2"])
        out[tool.lower()] = _release(release)
    return tuple(out.items())


def held_releases(text: str, tool: str) -> list[tuple[int, ...]]:
    """The releases of `tool` the text names right after its name ("pigmix 3.x")."""
    pattern = rf"(?<![\w.-]){re.escape(tool)}\s+v?(\d+(?:\.(?:\d+|x))*)(?![\w.])"
    return [_release(m) for m in re.findall(pattern, text, re.IGNORECASE)]


def below_floor(draft: str, held: str) -> bool:
    """The held lesson runs a tool at a release below the one the draft says is needed
    (see the module docstring)."""
    needed = _floors(draft)
    if not needed or len(terms(draft).content & terms(held).content) < MIN_SHARED:
        return False
    for tool, floor in needed:
        told = held_releases(held, tool)
        if told and all(_below(r, floor) for r in told):
            return True
    return False
