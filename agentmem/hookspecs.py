"""The five hooks as pluggy hookspecs, and the markers a plugin uses.

Read hooks' plugins return findings (a synthesis, a pack); write hooks' plugins return
drafts. Only the runtime writes, through the one writer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pluggy

from agentmem.contexts import Goal, HarvestWindow, QueuedBundle, Retrospective, RunOutcome
from agentmem.results import Pack

if TYPE_CHECKING:
    from agentmem.tools import Tools

PROJECT = "agentmem"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@dataclass
class Contribution:
    """What one plugin returns from a hook; the runtime merges every plugin's."""

    text: str = ""  # the plugin's answer; joined into the result's final_text
    drafts: list[Mapping[str, Any]] = field(default_factory=list)  # write hooks only
    synthesis: str | None = None  # hook A
    pack: Pack | None = None  # hook B
    cited: list[str] = field(default_factory=list)  # memory ids the answer rests on

    def malformed(self) -> str | None:
        """The first field whose value has the wrong type (a dataclass checks nothing)."""
        checks = (
            ("text", isinstance(self.text, str)),
            ("drafts", isinstance(self.drafts, list | tuple)),
            ("synthesis", self.synthesis is None or isinstance(self.synthesis, str)),
            ("pack", self.pack is None or isinstance(self.pack, Pack)),
            ("cited", isinstance(self.cited, list | tuple)),
        )
        return next((name for name, fine in checks if not fine), None)


@hookspec
def pre_goal_synthesis(queue: list[QueuedBundle], tools: Tools) -> Contribution | None:
    """Before the host picks a goal: say what memory holds about each queued bundle, citing ids."""


@hookspec
def pre_spawn_pack(goal: Goal, worker_dir: Path | None, tools: Tools) -> Contribution | None:
    """Before a worker is spawned: return a Memory Pack for its goal."""


@hookspec
def post_run_classify(run: RunOutcome, tools: Tools) -> Contribution | None:
    """After a run: return drafts (one episodic record, plus what the run supports)."""


@hookspec
def post_retro_distill(retro: Retrospective, tools: Tools) -> Contribution | None:
    """After a retrospective: return lesson drafts distilled from the retro file."""


@hookspec
def judgment_harvest(window: HarvestWindow, tools: Tools) -> Contribution | None:
    """Periodically: return drafts for patterns that earn long-term memory."""
