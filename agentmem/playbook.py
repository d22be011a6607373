"""Playbooks: the markdown contracts that tell a model how to run each hook.

They ship inside the package (`agentmem.playbooks`, mapped from the repo's `playbooks/`)
and are read at run time with importlib.resources, so the Python code holds no prompts.
A section may be written for one reasoner mode only (`## May read (tools)`, `## May read
(json)`): a playbook rendered for a mode keeps that mode's sections, under the plain title,
and drops the other's; every mode must find every required section.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from agentmem._exceptions import AgentMemError
from agentmem.core.model import HookName

PACKAGE = "agentmem.playbooks"
PLACEHOLDER = "{{context}}"
SECTIONS = ("When it runs", "May read", "May write", "Output", "Context")
ROLES = ("harvester", "reader")
MODES = ("tools", "json")
HEADING = re.compile(r"^## (.+?)(?: \((tools|json)\))?\s*$")
NAMES = (*(h.value for h in HookName), *ROLES)


class PlaybookError(AgentMemError):
    """Raised when a playbook is missing, or lacks a required section or the placeholder."""

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(f"playbook {name!r}: {reason}")
        self.name = name
        self.reason = reason


@dataclass(frozen=True)
class Playbook:
    """One contract: its name and markdown, with `{{context}}` where the context goes."""

    name: str
    text: str

    def render(self, context: Mapping[str, Any], mode: str = "tools") -> str:
        """The playbook for a reasoner mode, with the context inserted as indented JSON."""
        data = json.dumps(context, indent=2, sort_keys=True, ensure_ascii=False, default=str)
        return self.for_mode(mode).replace(PLACEHOLDER, f"```json\n{data}\n```")

    def for_mode(self, mode: str) -> str:
        """The text with only the sections of this mode (and those of every mode)."""
        if mode not in MODES:
            raise PlaybookError(self.name, f"unknown mode {mode!r}; expected one of {MODES}")
        out: list[str] = []
        keep = True
        for line in self.text.splitlines(keepends=True):
            heading = HEADING.match(line)
            if heading:
                keep = heading.group(2) in (None, mode)
                if heading.group(2):
                    line = f"## {heading.group(1)}\n"
            if keep:
                out.append(line)
        return "".join(out)

    def sections(self, mode: str | None = None) -> list[str]:
        """Section titles (without a mode suffix), of one mode when given."""
        found = []
        for line in self.text.splitlines():
            heading = HEADING.match(line)
            if heading and (mode is None or heading.group(2) in (None, mode)):
                found.append(heading.group(1).strip())
        return found


def check(playbook: Playbook) -> Playbook:
    """Refuse a playbook that does not say everything a contract must say."""
    for mode in MODES:
        present = playbook.sections(mode)
        missing = [s for s in SECTIONS if s not in present]
        if missing:
            where = (
                f" in {mode} mode" if any(m in playbook.text for m in ("(tools)", "(json)")) else ""
            )
            raise PlaybookError(playbook.name, f"missing section(s){where}: {', '.join(missing)}")
    if PLACEHOLDER not in playbook.text:
        raise PlaybookError(playbook.name, f"no {PLACEHOLDER} placeholder")
    return playbook


def load(name: str) -> Playbook:
    """Read a playbook from the installed package by hook or role name."""
    if name not in NAMES:
        raise PlaybookError(name, f"unknown; expected one of {', '.join(NAMES)}")
    resource = resources.files(PACKAGE).joinpath(f"{name}.md")
    try:
        text = resource.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise PlaybookError(name, f"{name}.md is not installed in {PACKAGE}") from exc
    return check(Playbook(name, text))


def role_for(hook: HookName) -> str:
    """The system playbook that frames a hook: the reader's for read hooks, else the writer's."""
    reads = hook in (HookName.PRE_GOAL_SYNTHESIS, HookName.PRE_SPAWN_PACK)
    return "reader" if reads else "harvester"
