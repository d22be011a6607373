"""A replacement the goal's words miss takes the place of the lesson it replaced in a pack,
whatever it scores on the replaced lesson's own words (a search of another question)."""

from __future__ import annotations

from agentmem.core.model import Hit, Memory
from agentmem.retrieval.select import in_their_place
from agentmem.stores.base import Filters

OLD = "Kilns may be fired up to 11:30; glaze the late batch in the morning."
NEW = "The kiln cut-off is now 13:45 under the summer rota, and cooling still takes 3 hours."


def memory(memory_id: str, text: str, **fields: object) -> Memory:
    return Memory.model_validate(
        {
            "id": memory_id, "text": text, "type": "semantic", "confidence": 0.8,
            "trigger": "manual", "user_id": "u", "app_id": "pottery", "run_id": "2027-03-01-r1",
            "created_at": "2027-03-01T12:00:00+00:00", **fields,
        }
    )  # fmt: skip


def test_a_replacement_the_goal_missed_is_added_with_the_old_lessons_score() -> None:
    old = memory("semantic-0000000000a1", OLD)
    new = memory("semantic-0000000000b2", NEW, supersedes=["semantic-0000000000a1"])

    def search(query: str, k: int, scope: Filters) -> list[Hit]:
        if query == OLD:  # the replaced lesson's own words find its replacement, strongly
            return [Hit(memory=new, score=9.0)]
        return [Hit(memory=old, score=0.4)] if scope.include_superseded else []

    lessons, _ = in_their_place(search, "Glaze the late batch", Filters(), [], add_missed=True)
    assert [h.memory.id for h in lessons] == [new.id]
    assert lessons[0].score < 9.0  # the old lesson's score on the goal, not its own
