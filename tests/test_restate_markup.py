"""An HTML tag in prose is code: the numbers in its attributes count nothing."""

from __future__ import annotations

from agentmem.core.restate import replaces
from agentmem.core.statement import terms

HELD = (
    "Desktop Outlook (the 365 app) renders HTML with the Word engine: max-width on a div is "
    "ignored, so fixed-width blocks are laid out with tables."
)
DRAFT = (
    'Fixed-width blocks need a ghost table (<table width="600">) because desktop Outlook '
    "ignores max-width on a div."
)


def test_a_number_inside_a_tag_is_no_count() -> None:
    """`<table width="600">` read as a count of 600 gave a "new value" against "the 365 app"
    of a lesson that shares most of its words, and a how-to replaced the rule it applies."""
    assert "number" not in terms(DRAFT).values
    assert '<table width="600">' in terms(DRAFT).values["code"]
    assert not replaces(DRAFT, HELD)
