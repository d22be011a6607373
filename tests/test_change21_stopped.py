"""Round 21 (issue 13): "<doer> no longer <deed> …" ends a lesson naming the doer and the
deed on the same thing, however much else the draft says; the deed on another thing stays."""

from __future__ import annotations

from agentmem.core.nolonger import no_longer_of

# --- a doer that no longer does a deed, told beside what replaced it -------------------


def test_a_practice_said_stopped_ends_the_lesson_on_it() -> None:
    """ "Kiosks no longer print receipts: …" ends a lesson on kiosk terminals printing
    receipts, though the draft says more of what replaced them than the two share."""
    draft = (
        "Kiosks no longer print receipts: the app mails them to the shopper. The spooler "
        "is only used for shelf labels now."
    )
    held = (
        "12 kiosk terminals each printing receipts jam the spooler; keep one print queue per store."
    )
    assert no_longer_of(draft, held)


def test_the_same_doer_doing_the_deed_on_another_thing_stays() -> None:
    """Kiosks printing shelf labels is another practice than printing receipts."""
    draft = "Kiosks no longer print receipts at the spooler: the app mails them."
    held = "Kiosks print shelf labels every morning from the spooler at 06:00."
    assert not no_longer_of(draft, held)
