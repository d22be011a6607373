"""A thing said to be kept somewhere else "now" ("Test fixtures now live in one SQLite file")
replaces the held statement of where it is kept or what it is made from, when both open on
the same words, however few others they share."""

from __future__ import annotations

from agentmem.core.restate import replaces

NEW = "Test fixtures now live in one SQLite file, fixtures/all.db; check it with fixlint before a merge."


def test_a_new_place_replaces_the_old_source() -> None:
    assert replaces(
        NEW,
        "Test fixtures are generated from the CSV exports with fixgen (fixgen run --csv "
        "exports/ --out fx.json); the test runner loads fx.json at start.",
    )


def test_a_new_place_is_not_a_new_value_of_another_rule_on_the_thing() -> None:
    assert not replaces(
        NEW, "Test fixtures are reset before every suite; a failing suite leaves them dirty."
    )
    assert not replaces(
        "Payment retries now live in the worker queue; the API returns at once.",
        "Payment retries are capped at 5 attempts per card.",
    )
