"""A compound lesson (two things of one kind, a clause each) replaced by a change of one
of them: the other clause still holds. A lesson telling that other clause again is written
as a lesson of its own (never merged into the compound one, nor taken for an old word
after the change), is not replaced by a change that says its thing is unchanged, and
reaches a worker's pack beside the change."""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.core.compound import kept_part, nearest, part_told
from agentmem.core.held import Held, judge
from agentmem.core.unchanged import left_alone, told_changed
from agentmem.retrieval.lingering import retired_by
from tests.conftest import ManualClock, semantic

APP = "produce-sales"
BOTH = "Harbor Foods pays $2.10 a crate; Delta Grocers pays $1.85 a crate."
CHANGE = "Harbor Foods now pays $2.40 a crate from the first of May. Nothing changes for Delta."
OTHER = "Delta Grocers pays $1.85 a crate."
GOAL = {"title": "Renew the Delta Grocers crate contract", "app_id": APP}


def _lesson(hooks: MemoryHooks, text: str) -> str | None:
    return hooks.harvester.submit(semantic(text, app_id=APP), trigger="manual").memory_id


def _packed(hooks: MemoryHooks) -> list[str]:
    result = hooks.pre_spawn_pack(goal=GOAL)
    assert result.pack is not None
    return [e.text for e in result.pack.entries]


def test_the_clause_a_change_speaks_of_is_the_one_it_retires() -> None:
    """Of a compound lesson's values, the change retires the one of the clause it shares
    most words with; two values of one clause both go."""
    assert nearest({"a": {"harbor", "pays"}, "b": {"delta", "pays"}}, [{"harbor", "pays"}]) == {"a"}
    assert nearest({"a": {"kiln"}, "b": {"kiln"}}, [{"kiln"}]) == {"a", "b"}
    assert nearest({"a": {"kiln"}}, []) == {"a"}  # nothing new to compare: as before
    change = retired_by(BOTH, CHANGE, "2027-05-01T09:00:00", True)
    assert change is not None
    assert {value for _, value in change.retired} == {"2.10"}


def test_a_clause_saying_nothing_changed_is_no_part_of_the_change() -> None:
    """`told_changed` drops the clause on what stays, and keeps a text that is only that."""
    assert told_changed(CHANGE) == "Harbor Foods now pays $2.40 a crate from the first of May."
    assert told_changed("The east oven stays as it is.") == "The east oven stays as it is."
    assert told_changed("Ovens run at 220 C.") == "Ovens run at 220 C."


def test_one_clause_told_again_is_a_part_of_the_compound_lesson() -> None:
    """A text stating the values of one clause only is a part; the whole, or a plain
    lesson of one clause, is not."""
    assert part_told(OTHER, BOTH) == 1
    assert part_told(BOTH, BOTH) is None
    assert part_told(OTHER, "Delta Grocers pays $1.85 a crate, invoiced monthly.") is None
    assert kept_part(OTHER, BOTH, CHANGE)
    assert not kept_part("Harbor Foods pays $2.10 a crate.", BOTH, CHANGE)


def test_the_writer_keeps_the_unchanged_clause_told_again() -> None:
    """Told before the change, the clause is not merged; told after it, it is not an old
    word; a change saying its thing is unchanged does not replace it."""
    compound = Held("c", BOTH, "semantic")
    assert judge(OTHER, [compound], "semantic").restates is None
    replaced = Held("c", BOTH, "semantic", superseded=True)
    newer = Held("x", CHANGE, "semantic", supersedes=("c",))
    assert judge(OTHER, [newer, replaced], "semantic").restates is None
    own = Held("o", "Delta Grocers pays $1.85 a crate, invoiced monthly.", "semantic")
    assert judge(CHANGE, [compound, own], "semantic").replaces == ["c"]


def test_the_pack_carries_the_clause_a_change_left_alone(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """End to end: compound lesson, the other clause told again, then the change of one
    clause; the pack for the other thing holds its value and not the retired one."""
    hooks = clocked_hooks
    assert _lesson(hooks, BOTH)
    clock.advance(days=2)
    assert _lesson(hooks, OTHER)
    clock.advance(days=5)
    assert _lesson(hooks, "Harbor Foods now pays $2.40 a crate from the first of May.")
    texts = _packed(hooks)
    assert any("$1.85" in t for t in texts)
    assert not any("$2.10" in t for t in texts)


BROKER = (
    "Press gauges post their readings to the live event bus bus-1.works.lan (port 1883, "
    "channel works/<press>/gauges/<id>); the archiver reads it as the pooled consumer "
    "$share/archive so no reading is stored twice."
)


def test_a_word_on_what_stays_does_not_hide_the_change() -> None:
    """The rehearsal bus said to be unchanged, with the old port, beside the live bus's
    move: the move still replaces the lesson on the live bus."""
    moved = (
        "The live event bus is now bus-7.works.lan behind the firewall, on port 8883 and "
        "mutual TLS only. The rehearsal bus bus-r.works.lan is unchanged "
        "(port 1883, plain)."
    )
    assert judge(moved, [Held("b", BROKER, "semantic")], "semantic").replaces == ["b"]


def test_a_change_that_says_a_thing_stays_leaves_its_lesson() -> None:
    """A change of one buyer's price that says the other's is unchanged does not replace
    the other buyer's own lesson; nor does that lesson, told later, replace the change."""
    own = "Delta Grocers pays $1.85 a crate, invoiced monthly."
    change = "Harbor Foods now pays $2.40 a crate from the first of May. Nothing changes for Delta Grocers."
    assert left_alone(change, own)
    assert judge(change, [Held("o", own, "semantic")], "semantic").replaces == []
    assert judge(own, [Held("x", change, "semantic")], "semantic").replaces == []
    assert not left_alone(change, BOTH)  # the compound lesson names Harbor too


def test_an_unchanged_aside_in_the_change_is_read_apart() -> None:
    """"(port 5432 unchanged)" inside the sentence that tells the move is an aside: the
    move is still read, and still replaces the lesson on the old host."""
    old = "Billing jobs write to the ledger database at 10.9.8.7:5432 over TLS."
    moved = (
        "Ledger database moved from 10.9.8.7 to ledger-db-2.corp.internal (port 5432 "
        "unchanged). The old IP is switched off and answers nothing."
    )
    assert told_changed(moved).startswith("Ledger database moved from 10.9.8.7 to ledger")
    assert not left_alone(moved, old)
    assert judge(moved, [Held("o", old, "semantic")], "semantic").replaces == ["o"]
