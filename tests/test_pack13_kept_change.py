"""A change stays a change when its own lesson is replaced later by a newer saying
(`agentmem.retrieval.conflict.outdated`): the older lesson it retired stays out of the read,
unless what replaced the change took it back."""

from __future__ import annotations

from agentmem.core.model import Hit, Memory, MemoryType
from agentmem.retrieval.conflict import outdated

APP = "print-shop"
OLD = (
    "Label printers connect to the print relay at tcp://relay.barn.local:9100 and take a batch id."
)
CHANGE = (
    "Since the network refit, label printers now connect to https://labels.example.org with a "
    "token per shift."
)
CHECK = "A printer config pointing anywhere but labels.example.org fails `labelctl check` now."
TAKEN_BACK = "Retracted: the label printers never left the barn relay; the new host was a trial."
QUERY = "label printers"


def _hit(text: str, day: int, memory_id: str, supersedes: tuple[str, ...] = ()) -> Hit:
    memory = Memory.model_validate(
        {
            "id": memory_id,
            "text": text,
            "type": MemoryType.SEMANTIC,
            "confidence": 0.8,
            "user_id": "tester",
            "app_id": APP,
            "run_id": "r",
            "trigger": "manual",
            "created_at": f"2027-01-{day:02d}T12:00:00+00:00",
            "supersedes": supersedes,
        }
    )
    return Hit(memory=memory, score=1.0)


def test_a_change_replaced_by_a_newer_saying_still_retires_the_old_address() -> None:
    old, change = _hit(OLD, 1, "m-old"), _hit(CHANGE, 5, "m-change")
    check = _hit(CHECK, 8, "m-check", ("m-change",))
    kept = outdated([old, check], [old, change, check], QUERY)
    assert [h.memory.id for h in kept] == ["m-check"]


def test_a_change_taken_back_retires_nothing() -> None:
    old, change = _hit(OLD, 1, "m-old"), _hit(CHANGE, 5, "m-change")
    back = _hit(TAKEN_BACK, 8, "m-back", ("m-change",))
    kept = outdated([old, back], [old, change, back], QUERY)
    assert "m-old" in [h.memory.id for h in kept]
