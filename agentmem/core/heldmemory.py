"""A held memory as the writer's judge sees it (`Held`), what the judge makes of a draft
against such memories (`Verdict`), and which type of memory may replace which
(`replaceable`, `RETRACTABLE`). The judge is `agentmem.core.held`."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Held:
    """A held memory as the judge sees it."""

    id: str
    text: str
    type: str
    superseded: bool = False
    written: str = ""  # its run id and creation time: a retraction may name its day
    supersedes: tuple[str, ...] = ()  # the memories it replaced


RETRACTABLE = ("semantic", "procedural")  # lessons; a pattern or a principle is not withdrawn


@dataclass
class Verdict:
    """What a draft is, given the held memories it was compared with."""

    restates: str | None = None  # the id of a held memory it adds nothing to
    replaces: list[str] = field(default_factory=list)  # ids it is a newer statement of


def replaceable(draft_type: str | None, held_type: str) -> bool:
    """Whether a draft of `draft_type` may replace a held memory of `held_type`. A principle
    is never replaced; a pattern across runs (reflective) replaces only an older pattern:
    it tells what recurs ("four send paths have now mailed suppressed addresses: …
    centralising the check is the fix"), not a new value of a lesson it recounts, and it
    hid the lesson it recounted ("every send path is checked in InjectionClient.send()")."""
    if held_type == "principle":
        return False
    return draft_type != "reflective" or held_type == "reflective"
