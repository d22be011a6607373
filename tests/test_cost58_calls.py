"""The supplier rule's ask of every app for a hand-over costs a postgres writer no call of
its own: `compare` sends it with the draft's own check, in one call to the server
(`PostgresStore.lexical_searches`), and by_supplier reads its answer. A one-name draft (every
lesson of bench/scale.py) was four calls an add with the rule (the lookup, the check, the
ask, the row), three before it; three again, and the old supplier's setting is retired as
before once a hand-over is told."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentmem.core.supplierleft import named
from agentmem.core.writer import Harvester
from agentmem.settings import settings_from_values
from agentmem.stores.base import Filters
from agentmem.stores.pg_local import LocalServer
from agentmem.stores.postgres import PostgresStore
from tests import test_supplier56_ended as ended_
from tests.backends import pg_store

LESSON = {"type": "semantic", "confidence": 0.8, "app_id": "bakery"}


def _counting(store: PostgresStore) -> list[int]:
    calls = [0]
    real = store.call

    def call(fn):  # type: ignore[no-untyped-def]
        calls[0] += 1
        return real(fn)

    store.call = call  # type: ignore[method-assign]
    return calls


def test_a_one_name_draft_costs_three_calls_and_retires_as_before(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    store = pg_store(tmp_path / "a", pg_server, "cost58")
    assert isinstance(store, PostgresStore)
    settings = settings_from_values(
        {"AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(store.root)}
    )
    writer = Harvester(settings, store)
    held = writer.submit({**LESSON, "text": ended_.OLD_WATER}, trigger="manual").memory_id
    draft = "Korneo dough takes 65 % water in the spiral mixer at 24 °C, 8 min."
    assert len(named(draft)) == 1
    calls = _counting(store)
    first = writer.submit({**LESSON, "text": draft}, trigger="manual")
    assert first.status == "accepted", first.problems
    assert calls[0] == 3  # the lookup, the check with the ask of every app, the row
    assert held not in (first.record.get("supersedes") or [])
    told = {**LESSON, "text": ended_.CONTRACT, "app_id": "purchasing"}
    assert writer.submit(told, trigger="manual").status == "accepted"
    again = "Korneo dough takes 66 % water in the spiral mixer at 24 °C, 8 min."
    second = writer.submit({**LESSON, "text": again}, trigger="manual")
    assert held in (second.record.get("supersedes") or [])
    store.close()


def test_searches_in_one_call_answer_as_each_alone(pg_server: LocalServer, tmp_path: Path) -> None:
    store = pg_store(tmp_path / "b", pg_server, "cost58b")
    assert isinstance(store, PostgresStore)
    settings = settings_from_values(
        {"AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(store.root)}
    )
    writer = Harvester(settings, store)
    for text in (ended_.OLD_WATER, ended_.CONTRACT, ended_.NEW_WATER):
        writer.submit({**LESSON, "text": text}, trigger="manual")
    asks = [
        (ended_.NEW_WATER, 8, Filters(app_ids=("bakery", "_global"))),
        ("korneo", 8, Filters()),
        ("", 8, Filters()),
        ("hartmill", 0, Filters()),
    ]
    calls = _counting(store)
    together = store.lexical_searches(asks)
    assert calls[0] == 1
    alone = [store.lexical_search(*ask) for ask in asks]
    # the same hits in the same order (a score decays by the moment it is asked at)
    assert [[h.memory.id for h in hits] for hits in together] == [
        [h.memory.id for h in hits] for hits in alone
    ]
    scores = [h.score for hits in together for h in hits]
    assert scores == pytest.approx([h.score for hits in alone for h in hits], rel=1e-6)
    assert together[1]
    store.close()
