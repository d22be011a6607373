"""A withdrawal served in a pack tells what holds now, without quoting the claim it withdraws.

Once a lesson is withdrawn it is out of packs; the withdrawal is still worth serving for
what it says beside the withdrawal (why the lesson was wrong, what holds instead). Its
sentence that only says the older lesson was wrong goes from the pack entry, as inside a
sentence, when the next sentence does not lean on it: a pronoun of that sentence's first
clause may point back at the withdrawn claim, one further in points at the subject the
sentence names itself.
"""

from __future__ import annotations

import pytest

from agentmem import Hit, Memory
from agentmem.core.model import MemoryType
from agentmem.retrieval.pack import build_pack
from agentmem.retrieval.trim import without_history

WITHDRAWAL = (
    "The lesson from 3 March, cut the kiln ramp to 80 °C an hour on damp days, was wrong and "
    "is withdrawn. The thermocouple in kiln B had drifted and read 12 °C low, so pots heated "
    "faster than it showed. The supplier replaced it on 20 March. The ramp stays at 100 °C "
    "an hour all year."
)


def test_a_served_withdrawal_leaves_out_the_claim_it_withdraws() -> None:
    """The withdrawn 80 °C ramp is not quoted; why it was wrong and what holds now stay."""
    assert without_history(WITHDRAWAL) == (
        "The thermocouple in kiln B had drifted and read 12 °C low, so pots heated faster "
        "than it showed. The supplier replaced it on 20 March. The ramp stays at 100 °C an "
        "hour all year."
    )


@pytest.mark.parametrize(
    "text",
    [
        # the next sentence's first clause points back at the withdrawn advice
        "Our earlier advice to restart the broker was wrong. Restarting it loses the queue; "
        "drain the consumers first.",
        "The lesson from May, to lower the exit speed, was wrong. The crews followed it for "
        "two weeks and cars stalled; keep 10 mph.",
        "Our former rule to double the pool was wrong. It starved the database; hold the pool "
        "at 16.",
    ],
)
def test_a_withdrawal_the_next_sentence_leans_on_stays_whole(text: str) -> None:
    """A pronoun in the next sentence's first clause may name the withdrawn claim: the entry
    stays as written."""
    assert without_history(text) == text


def test_the_pack_serves_the_withdrawal_without_the_old_value() -> None:
    """Hook B's pack renders the withdrawal as what holds now; the memory keeps every word."""
    memory = Memory.model_validate(
        {
            "id": "semantic-00000000000a",
            "text": WITHDRAWAL,
            "type": MemoryType.SEMANTIC,
            "confidence": 0.8,
            "user_id": "tester",
            "app_id": "_global",
            "run_id": "2026-03-21-review",
            "trigger": "post_retro_distill",
            "created_at": "2026-03-21T10:00:00+00:00",
        }
    )
    pack = build_pack([Hit(memory=memory, score=2.0)])
    assert "80 °C" not in pack.markdown and "thermocouple" in pack.markdown
    assert "100 °C an hour all year" in pack.markdown
    assert "80 °C an hour" in memory.text
