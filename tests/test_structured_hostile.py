"""A retro that parses as data but is built to hurt (aliases that expand a billion times, a
list that holds itself, nesting past Python's recursion limit) is read as plain text: the
distiller neither hangs, nor raises, nor expands it."""

from __future__ import annotations

from agentmem.harvest.distill import distill
from agentmem.harvest.structured import as_markdown, parsed


def _alias_bomb(depth: int = 9) -> str:
    lines = ["l0: &l0 [ha, ha, ha, ha, ha, ha, ha, ha, ha, ha]"]
    for level in range(1, depth):
        lines.append(f"l{level}: &l{level} [" + ", ".join([f"*l{level - 1}"] * 10) + "]")
    return "\n".join(lines) + "\n"


def test_yaml_aliases_are_not_read() -> None:
    bomb = _alias_bomb()
    assert parsed(bomb) is None
    assert as_markdown(bomb, "retro.yaml") == bomb


def test_a_list_that_holds_itself_is_not_read() -> None:
    text = "changes: &x [keep the pump primed, *x]\nlessons: [drain the sump weekly]\n"
    assert parsed(text) is None
    assert as_markdown(text, "retro.yaml") == text


def test_nesting_too_deep_is_not_read() -> None:
    deep = '{"lessons": ' + "[" * 50_000 + "]" * 50_000 + ', "summary": ["ok"]}'
    assert parsed(deep) is None
    deep_yaml = "lessons: " + "[" * 5_000 + "]" * 5_000 + "\nsummary: [ok]\n"
    assert parsed(deep_yaml) is None


def test_the_distiller_reads_a_hostile_retro_without_raising() -> None:
    result = distill(_alias_bomb(), "retros/bomb.yaml", periodic=True)
    assert all(len(lesson.text) < 2_000 for lesson in result.found)


def test_plain_yaml_is_still_read() -> None:
    text = "summary: a quiet week\nlessons:\n  - The pump needs priming after a restart.\n"
    assert "- The pump needs priming after a restart." in as_markdown(text, "retro.yaml")
