"""A ticket thread exported as a retro ("#<ticket> <name>: <message>", `agentmem.harvest.
thread`) and a limitation denied of the held claim ("<X> were never a <Y> limitation",
`agentmem.core.disowned`): each comment is read as a message of its own, and a closing
comment that denies the limitation the lesson told withdraws it; a limitation denied of
another thing, or told again, withdraws nothing."""

from __future__ import annotations

from agentmem.core.verdict import Held, judge
from agentmem.harvest.distill import distill
from agentmem.harvest.thread import is_thread, thread_lessons

HELD = "Acmegrid cannot export night tariffs through its API; copy those rates by hand each month."

TICKETS = """# Retro: tariff export tickets

#418 Olek: opened. The export job skipped the night tariffs again this month.
#420 Priya: the API answers with a permission error whenever the night tariffs are asked.
#421 Olek: copied the rates over by hand, the invoices went out on time.
#433 Priya: closing. Night tariff exports were never an Acmegrid limitation, our token lacked the tariffs scope. Every tariff comes through the API now.
"""


def replaced(draft: str, held: str = HELD) -> bool:
    return judge(draft, [Held("held-1", held, "semantic")], "semantic").replaces == ["held-1"]


def test_a_ticket_thread_is_read_one_comment_a_lesson() -> None:
    """The ticket's number and the speaker's name go; each comment is its own statement."""
    assert is_thread(TICKETS)
    found = [lesson.text for lesson in thread_lessons(TICKETS)]
    assert found[0] == "Opened. The export job skipped the night tariffs again this month."
    assert found[-1].startswith("Closing. Night tariff exports were never an Acmegrid")
    assert not any("#4" in text for text in found)


def test_a_limitation_denied_of_the_held_claim_withdraws_it() -> None:
    """The closing comment, read on its own, says the limitation the lesson told never was."""
    drafts = distill(TICKETS, "retros/tariff-tickets.md", periodic=False).found
    closing = [d.text for d in drafts if d.text.startswith("Closing.")]
    assert closing and replaced(closing[0])
    assert replaced(
        "Night tariff exports were never an Acmegrid limitation; our token lacked a scope."
    )
    assert replaced(
        "Night tariff exports were never an Acmegrid restriction; our token lacked a scope."
    )


def test_a_limitation_denied_of_another_thing_or_told_again_withdraws_nothing() -> None:
    """Another export denied, the limitation affirmed or told as still there: no withdrawal."""
    assert not replaced("Meter readings were never an Acmegrid limitation, the job had a typo.")
    assert not replaced(
        "Night tariff exports are still an Acmegrid limitation; keep copying by hand."
    )
    assert not replaced("The report size cap is an Acmegrid limitation; split reports by week.")
    assert not replaced("Night tariff exports are an Acmegrid limitation, not a bug in our token.")
