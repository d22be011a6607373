"""A goal's hyphenated word also asks for the word written whole: "re-send" finds a
lesson on "resends", which the tokenizer alone splits into "re" and "send"."""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.retrieval.reader import own_words
from tests.conftest import semantic


def test_own_words_add_each_hyphenated_word_written_whole() -> None:
    words = own_words("Re-send the held campaigns", "after the sign-off", ["on-call"])
    assert words.split()[-2:] == ["Resend", "signoff"]


def test_a_goal_written_with_a_hyphen_finds_the_lesson_written_without(
    hooks: MemoryHooks,
) -> None:
    lesson = "Resends must pass the suppression filter before injection."
    held = hooks.harvester.submit(semantic(lesson, app_id="sender"), trigger="manual")
    for n in range(6):  # other lessons of the app, so "campaign" alone is no match
        hooks.harvester.submit(
            semantic(f"Campaign {n} of the sender kept its schedule in week {n}.", app_id="sender"),
            trigger="manual",
        )
    goal = {"title": "Re-send the held campaigns", "app_id": "sender"}
    pack = hooks.pre_spawn_pack(goal=goal).pack
    assert pack is not None and held.memory_id in [e.id for e in pack.entries]
