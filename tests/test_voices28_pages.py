"""A wiki page whose title puts a new named thing in the place a held lesson gives another
(`agentmem.core.pagetitle`, read as a standing document by `agentmem.harvest.standing`):
the held lesson is replaced; another place, the held thing's own page, a thing beside it
or a plain word before "on" replace nothing."""

from __future__ import annotations

from agentmem.core.pagetitle import page_holder
from agentmem.core.verdict import Held, judge
from agentmem.harvest.distill import distill

MIXER = "Line 3 runs the TEMPEST mixer; clean its paddles after every batch."

PAGE = """# Mixer page: VORTEX on line 3

Fitted in March; the old mixer went back to the supplier.

## Settings

| item | value |
|---|---|
| speed | 40 rpm |
| cleaning | every shift |
"""


def replaced(draft: str, held: str, kind: str = "semantic") -> bool:
    return judge(draft, [Held("held-1", held, kind)], kind).replaces == ["held-1"]


def test_a_page_title_naming_a_new_holder_of_the_place_replaces_the_held_one() -> None:
    """ "Mixer page: VORTEX on line 3 — …" after "line 3 runs the TEMPEST mixer": the title
    is the news, and the old mixer is named nowhere on the page."""
    lessons = distill(PAGE, "wiki/mixer-vortex.md", periodic=False).found
    assert lessons and lessons[0].text.startswith("Mixer page: VORTEX on line 3 — ")
    assert page_holder(lessons[0].text, MIXER)
    assert replaced(lessons[0].text, MIXER)


def test_a_page_of_another_place_or_of_the_held_thing_replaces_nothing() -> None:
    """Another line, the held mixer's own page, a mixer beside it, or a plain word before
    "on" ("Outage on line 3") is no new holder."""
    assert not replaced("Mixer page: VORTEX on line 4 — speed 40 rpm.", MIXER)
    assert not replaced("Mixer page: TEMPEST on line 3 — speed 30 rpm.", MIXER)
    assert not replaced("Mixer page: VORTEX on line 3 — spare mixer beside TEMPEST.", MIXER)
    assert not page_holder("Outage on line 3 — the paddles jammed.", MIXER)
