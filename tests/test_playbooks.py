"""Playbooks: one markdown contract per hook plus the harvester's and the reader's, shipped
in the package and read at run time."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from agentmem import HookName
from agentmem.playbook import (
    NAMES,
    PLACEHOLDER,
    SECTIONS,
    Playbook,
    PlaybookError,
    check,
    load,
    role_for,
)

REPO = Path(__file__).resolve().parents[1]


def test_every_hook_and_role_has_a_playbook_with_every_section() -> None:
    """Each of the five hooks, the harvester and the reader has a contract saying when it
    runs, what it may read and write, its output and where the context goes."""
    assert set(NAMES) == {h.value for h in HookName} | {"harvester", "reader"}
    for name in NAMES:
        playbook = load(name)
        assert [s for s in SECTIONS if s in playbook.sections()] == list(SECTIONS), name
        assert playbook.text.count(PLACEHOLDER) == 1, name


def test_playbooks_load_from_the_installed_package() -> None:
    """The loader reads `agentmem.playbooks` through importlib.resources; in the editable
    install that resolves to the repository's playbooks/ folder, file for file."""
    folder = resources.files("agentmem.playbooks")
    assert Path(str(folder)).resolve() == (REPO / "playbooks").resolve()
    for name in NAMES:
        assert load(name).text == (REPO / "playbooks" / f"{name}.md").read_text(encoding="utf-8")


def test_write_playbooks_carry_the_hooks_write_contract() -> None:
    """The writer's framing is told the hook's write contract as data (the types it may
    write with the validator's confidence ranges, how many per fire), the same data the
    runtime enforces; hook D's playbook states its counts in prose too."""
    from agentmem.contracts import CONTRACTS
    from agentmem.reasoner.plugin import role_context
    from agentmem.settings import settings_from_values

    settings = settings_from_values({})
    for hook in (
        HookName.POST_RUN_CLASSIFY,
        HookName.POST_RETRO_DISTILL,
        HookName.JUDGMENT_HARVEST,
    ):
        rendered = load("harvester").render(role_context(hook, settings))
        block = json.loads(rendered.split("```json\n", 1)[1].split("\n```", 1)[0])
        assert block["write_contract"] == json.loads(json.dumps(CONTRACTS[hook].describe()))
        assert "principle" not in block["write_contract"]["types"]
    ranges = CONTRACTS[HookName.POST_RETRO_DISTILL].describe()["types"]
    assert ranges == {"reflective": [0.7, 0.95], "semantic": [0.7, 0.95], "procedural": [0.6, 0.9]}
    assert "0–3" in load("post_retro_distill").text and "3–8" in load("post_retro_distill").text


def test_render_fills_the_context_as_json() -> None:
    """The placeholder becomes the hook's context as JSON; the rest of the text is unchanged."""
    playbook = load("post_retro_distill")
    context = {"retro": {"path": "retros/2026-11-28.md", "periodic": False}}
    rendered = playbook.render(context)
    assert PLACEHOLDER not in rendered
    block = rendered.split("```json\n", 1)[1].split("\n```", 1)[0]
    assert json.loads(block) == context
    assert rendered.startswith(playbook.for_mode("tools").split(PLACEHOLDER)[0])


def test_a_playbook_missing_a_section_is_refused_by_name() -> None:
    """A contract without its output section, or without the placeholder, fails loudly."""
    broken = Playbook(
        "post_run_classify", "## When it runs\n## May read\n## May write\n## Context\n{{context}}"
    )
    with pytest.raises(PlaybookError, match=r"post_run_classify.*Output"):
        check(broken)
    with pytest.raises(PlaybookError, match="placeholder"):
        check(Playbook("x", "\n".join(f"## {s}" for s in SECTIONS)))
    with pytest.raises(PlaybookError, match="unknown"):
        load("no_such_hook")


def test_read_hooks_are_framed_by_the_reader_and_write_hooks_by_the_harvester() -> None:
    """A read hook's model gets the reader's contract (no writes); a write hook the writer's."""
    assert role_for(HookName.PRE_GOAL_SYNTHESIS) == "reader"
    assert role_for(HookName.PRE_SPAWN_PACK) == "reader"
    for hook in (
        HookName.POST_RUN_CLASSIFY,
        HookName.POST_RETRO_DISTILL,
        HookName.JUDGMENT_HARVEST,
    ):
        assert role_for(hook) == "harvester"
