"""A held lesson holding two facts of which one later changed: the writer withdraws the
lesson as replaced and writes its still-true part again as a lesson of its own (same app,
type, tags, source and confidence, superseding the old one), so nothing stale stays and
nothing true is lost. Only a clean split counts: a look-alike, a rule told with its reason,
two sides of one thing, a restatement of one part and a retraction split nothing."""

from __future__ import annotations

import pytest

from agentmem import MemoryHooks
from agentmem._exceptions import DuplicateMemory
from agentmem.core.held import Held, judge
from agentmem.core.model import Memory
from agentmem.core.partial import holder_swapped, replaced_part, split
from tests.conftest import ManualClock, semantic

APP = "river-freight"
CARRIERS = (
    "Nordic Freight is our carrier at Oslo and at Bergen; pallet queries go to their Oslo desk."
)
NEW_CARRIER = "Since 2027-03-01 Polar Lines is our carrier at Oslo."
KILNS = "The east kiln is fired at 06:00; the west kiln is fired at 09:30."
KILN_MOVED = "From Monday the east kiln is fired at 05:00 (earlier deliveries)."


def _anew(draft: str, part: str) -> bool:
    return bool(judge(draft, [Held("p", part, "semantic")], "semantic").replaces)


def test_a_lesson_splits_into_its_parts_each_with_a_mark_of_its_own() -> None:
    """Two names joined in one place are two parts of one frame, marked by the names; a
    clause of its own is a part; a short lead is shared by all parts."""
    found = split(CARRIERS)
    assert found is not None
    lead, parts = found
    assert lead == ""
    assert [p.text for p in parts] == [
        "Nordic Freight is our carrier at Oslo",
        "Nordic Freight is our carrier at Bergen",
        "pallet queries go to their Oslo desk",
    ]
    assert parts[0].marks == {"oslo"} and parts[1].marks == {"bergen"}
    led = split("Glaze recipe v3: celadon at cone 10; tenmoku at cone 9.")
    assert led is not None and led[0] == "Glaze recipe v3"


def test_a_new_holder_of_one_place_replaces_that_part_only() -> None:
    """The part told anew goes, with the clause about the same place; the rest is kept."""
    assert holder_swapped(NEW_CARRIER, "Nordic Freight is our carrier at Oslo")
    assert holder_swapped(
        "Polar Lines takes over carrying at Oslo on 1 March",
        "Nordic Freight is our carrier at Oslo",
    )
    assert not holder_swapped(
        "Polar Lines is our carrier at Oslo.", "Nordic Freight is our carrier at Oslo"
    )
    found = replaced_part(NEW_CARRIER, CARRIERS, _anew)
    assert found is not None
    assert found.residual == "Nordic Freight is our carrier at Bergen."
    kiln = replaced_part(KILN_MOVED, KILNS, _anew)
    assert kiln is not None and kiln.residual == "The west kiln is fired at 09:30."


def test_a_look_alike_splits_nothing() -> None:
    """A rule with its reason and advice, and two sides of one thing, are one fact; a
    draft naming both parts, or a clause only saying what is kept, replaces no part."""
    assert (
        split(
            "The scanner takes at most 20 pages a batch; larger batches jam after 30 s. "
            "Feed it in twenties."
        )
        is None
    )
    assert split("Rota changes are owned by Ops; Ann Vale approves every rota change.") is None
    assert (
        split("The nightly export runs at 02:00 on batch-01; don't deploy between 01:30 and 02:30.")
        is None
    )
    late = (
        "Invoices render in the billing worker with a 30 s limit; 12-month invoices often hit it."
    )
    assert replaced_part("Invoices now render in the print service.", late, _anew) is None
    both = "From Monday the east kiln is fired at 05:00 and the west kiln at 08:00."
    assert replaced_part(both, KILNS, _anew) is None
    kept = "Polar Lines is our carrier at Oslo now; Nordic Freight keeps Bergen."
    assert replaced_part(kept, CARRIERS, _anew) is not None  # the kept clause is no news
    assert replaced_part("Nordic Freight keeps Bergen.", CARRIERS, _anew) is None


def test_a_restatement_of_one_part_splits_nothing() -> None:
    """One part told again, with its own value, is no new value of it."""
    assert replaced_part("The west kiln is fired at 09:30.", KILNS, _anew) is None
    assert replaced_part("Nordic Freight is our carrier at Bergen.", CARRIERS, _anew) is None


def _write(hooks: MemoryHooks, text: str, **fields: object) -> str | None:
    draft = semantic(text, app_id=APP, **fields)
    return hooks.harvester.submit(draft, trigger="manual").memory_id


def test_the_writer_withdraws_the_lesson_and_writes_its_true_part_again(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """End to end: the old lesson is superseded by the change and by its kept part, which
    keeps its app, type, tags, source and confidence; a pack on the other place holds the
    kept part and never the old lesson."""
    hooks = clocked_hooks
    old = _write(hooks, CARRIERS, tags=["carriers"], confidence=0.85, source="notes/carriers.md")
    assert old
    clock.advance(days=5)
    result = hooks.harvester.submit(semantic(NEW_CARRIER, app_id=APP), trigger="manual")
    assert result.status == "accepted" and result.memory_id
    assert result.record["supersedes"] == [old]
    assert len(result.also) == 1
    rest = hooks.store.get(result.also[0], touch=False)
    assert rest.text == "Nordic Freight is our carrier at Bergen."
    assert rest.supersedes == (old,)
    assert (rest.app_id, rest.type.value, rest.tags) == (APP, "semantic", ("carriers",))
    assert (rest.confidence, rest.source) == (0.85, "notes/carriers.md")
    pack = hooks.pre_spawn_pack(
        goal={"title": "Book pallets out of Bergen with our carrier", "app_id": APP}
    )
    assert pack.pack is not None
    texts = [e.text for e in pack.pack.entries]
    assert rest.text in texts and CARRIERS not in texts


def test_the_writer_splits_nothing_on_a_restatement_or_a_retraction(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """A part told again is written beside the lesson, which stays; a retraction of one
    part withdraws the lesson whole (what rests on a withdrawn claim goes with it)."""
    hooks = clocked_hooks
    old = _write(hooks, KILNS)
    clock.advance(days=1)
    again = hooks.harvester.submit(
        semantic("The west kiln is fired at 09:30.", app_id=APP), trigger="manual"
    )
    assert not again.also and old not in again.record.get("supersedes", [])
    clock.advance(days=1)
    gone = hooks.harvester.submit(
        semantic("Retracted: the east kiln is not fired at 06:00.", app_id=APP), trigger="manual"
    )
    assert not gone.also


def test_a_kept_part_another_loop_wrote_first_leaves_the_change_accepted(
    clocked_hooks: MemoryHooks, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A shared store refusing the kept part as a duplicate (another loop wrote the same
    part first) is no fault of the change: the change is accepted, counted once, and the
    kept part is not claimed as written."""
    hooks = clocked_hooks
    old = _write(hooks, CARRIERS)
    clock.advance(days=5)
    put = hooks.store.put

    def refuse_rest(memory: Memory) -> None:
        if old in memory.supersedes and memory.text != NEW_CARRIER:
            raise DuplicateMemory(memory.id, "semantic-elsewhere")
        put(memory)

    monkeypatch.setattr(hooks.store, "put", refuse_rest)
    result = hooks.harvester.submit(semantic(NEW_CARRIER, app_id=APP), trigger="manual")
    assert result.status == "accepted" and result.memory_id
    assert result.also == [] and result.record["supersedes"] == [old]


def test_a_held_lessons_parts_are_read_once_and_cannot_be_changed_by_a_caller() -> None:
    """The judge splits a held lesson for every draft it is weighed against: the split is
    read once per text, and handed out as a tuple, so no caller can change the answer the
    next caller gets."""
    split.cache_clear()
    first = split(CARRIERS)
    again = split(CARRIERS)
    assert first is not None and again is first
    assert isinstance(first[1], tuple)
    assert split.cache_info().hits == 1
