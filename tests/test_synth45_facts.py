"""Hook A tells the clause of a counted run's summary that carries a fact nothing told says
(`agentmem.retrieval.synthfacts`): a value, a name, a cause said only in the run.

Near misses: a clause whose values and names are told already, a clause with no value or
name at all, a success older than a change on its ground, a failure the history leaves out,
the success told whole already; and never more than `MAX_FACTS` clauses.
"""

from __future__ import annotations

from agentmem import Hit
from agentmem.core.model import Memory
from agentmem.retrieval.history import history
from agentmem.retrieval.synthfacts import MAX_FACTS, clauses, new_facts, run_facts, told_tokens
from agentmem.retrieval.synthlines import lines
from agentmem.stores.base import Filters
from tests.conftest import held, run_record

APP = "cold-store"


def success(day: int, n: int, goal: str, summary: str) -> Memory:
    return run_record(day, n, goal, summary, app_id=APP, check="temp-log", others=2)


def failure(day: int, n: int, goal: str, summary: str, detail: str) -> Memory:
    return run_record(day, n, goal, summary, detail, app_id=APP, check="temp-log", others=2)


def always(run: Memory) -> bool:
    return True


SETPOINT = success(
    9,
    2,
    "Retune the blast freezer defrost cycle",
    "Defrost now starts every 6 h; the coil setpoint stays at -28 °C on Hartwell controllers.",
)


def test_a_summary_reads_as_clauses() -> None:
    assert clauses("Door seal replaced. Alarm cleared; log exported - all good.") == [
        "Door seal replaced",
        "Alarm cleared",
        "log exported",
        "all good",
    ]


def test_a_value_or_name_no_line_tells_is_new() -> None:
    clause = "the coil setpoint stays at -28 °C on Hartwell controllers"
    assert new_facts(clause, set()) == told_tokens(["28 Hartwell"])
    assert new_facts(clause, told_tokens(["Hartwell units hold 28 degrees"])) == set()


def test_the_clause_carrying_most_new_facts_of_a_counted_run_is_told() -> None:
    told = ["Defrost cycles are logged to the freezer dashboard every shift."]
    found = run_facts([SETPOINT], [], told, always, set())
    assert [f.clause for f in found] == [
        "the coil setpoint stays at -28 °C on Hartwell controllers"
    ]


def test_a_clause_of_plain_words_is_not_told() -> None:
    plain = success(9, 3, "Tidy the freezer logs", "The old logs were tidied and archived.")
    assert run_facts([plain], [], [], always, set()) == []


def test_a_clause_whose_facts_are_told_already_is_not_told_again() -> None:
    told = ["Keep the blast freezer coil at -28 °C; Hartwell controllers only. Defrost every 6 h."]
    assert run_facts([SETPOINT], [], told, always, set()) == []


def test_a_success_older_than_a_change_or_told_whole_is_not_read() -> None:
    assert run_facts([SETPOINT], [], [], lambda run: False, set()) == []
    assert run_facts([SETPOINT], [], [], always, {SETPOINT.id}) == []


def test_a_failure_is_read_only_when_the_history_keeps_it() -> None:
    broke = failure(
        8,
        4,
        "Swap the freezer door heater",
        "The heater tripped because breaker CB-14 is rated 10 A.",
        "door heater off after 2 min",
    )
    assert run_facts([broke], [], [], always, set()) == []
    found = run_facts([broke], [broke], [], always, set())
    assert [f.clause for f in found] == ["The heater tripped because breaker CB-14 is rated 10 A"]


def test_no_more_than_max_facts_clauses_are_told() -> None:
    runs = [
        success(10 + n, n, "Log the freezer bay", f"Bay {n} logged at -{20 + n} °C by Unit{n}x.")
        for n in range(MAX_FACTS + 2)
    ]
    assert len(run_facts(runs, [], [], always, set())) == MAX_FACTS


def test_hook_a_tells_a_counted_runs_fact_in_its_own_line() -> None:
    """Through the history: the nearest success is told whole, an older success (as fresh:
    no change on the ground) that said the holder of the key is told by that clause."""
    lesson = held("Blast freezer defrost is run by the night shift.", 2, app_id=APP)
    older = success(
        5,
        1,
        "Open the blast freezer for the audit",
        "Audit done in 20 min. The spare key is held by Ines Moreau at the gatehouse.",
    )
    hits = [Hit(memory=lesson, score=5.0), Hit(memory=SETPOINT, score=6.0)]
    hits.append(Hit(memory=older, score=5.0))

    def search(query: str, k: int, filters: Filters) -> list[Hit]:
        kinds = set(filters.types or ())
        return [h for h in hits if h.memory.type.value in kinds][:k]

    found = history(search, "blast freezer defrost", Filters(app_ids=(APP,)), 0.0)
    _, told = lines("B-1", found, lambda text: text)
    facts = [line.text for line in told if line.kind == "fact"]
    assert facts == [
        f"  - {older.run_id} succeeded: The spare key is held by Ines Moreau at the gatehouse"
        f" [{older.id}]"
    ]
