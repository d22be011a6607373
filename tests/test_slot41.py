"""A change cue, or a shared name, is no subject on its own (`agentmem.core.subjects`): a
dated change ("since 3 June …") that points at a slot the held lesson never speaks of, and
shares with it only a place or two loose words, replaces nothing (`slot_elsewhere`); a
person both notes mention by "@" is who wrote or checked them, not what they are about
(`signed`). The near misses still replace: the same slot told anew after the same cue,
the same person signing a new value of the same setting, a cue at what the held text
opens on."""

from __future__ import annotations

import pytest

from agentmem.core.held import Held, judge
from agentmem.core.restate import replaces
from agentmem.core.statement import terms
from agentmem.core.subjects import same_subject, signed


def replaced_lesson(draft: str, held: str) -> bool:
    """The judge, given the held text as one live lesson, replaces it with the draft."""
    lesson = Held("lesson-1", held, "semantic")
    return "lesson-1" in judge(draft, [lesson], "semantic").replaces


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        # the cue points at a fee; the held note shares the city its server sits in
        (
            "Since 3 June the Paris membership fee is 40 EUR a year, and Gallery Pass holders"
            " renew first.",
            "The ticket scanner moved to scan.paris2.museum.example (Paris region, beside the"
            " main hall); the Gallery Pass desk and the cloakroom point there.",
        ),
        # the cue points at where alarms go; the held paragraph shares "night" and "go"
        (
            "Since 12 May overnight pump alarms go to the River Desk (ext 5100); Tom Lee is on"
            " days now.",
            "The new PLC is live on all 14 pump stations since Friday night. 45 kW per pump,"
            " so no more staged starts; setpoints go in through the SCADA form. The old panel"
            " stays read-only until 30/06.",
        ),
    ],
)
def test_a_cue_at_another_slot_replaces_nothing(draft: str, held: str) -> None:
    """The words the cue points at that the held text lacks are as many as those it has,
    and none it has is what the held text opens on: the held lesson stands."""
    assert not replaces(draft, held)
    assert not replaced_lesson(draft, held)


SIGNED_DRAFT = (
    "Boiler house retro, week 9: Line 2: gauge PG-7 by the pump house was drifting 0.3 bar"
    " low. Recalibrated; check PG-7 before touching the relief valve. @Ines Moreau"
)
SIGNED_HELD = (
    "Line 1 (the old wing) trips at 6.0 bar supply and 2.5 bar at the last customer; line 2"
    " (the annex) at 7.5 bar and 3.0 bar. @Ines Moreau checked both against the design sheet."
)


def test_a_person_both_notes_mention_is_no_shared_subject() -> None:
    """Two notes the same engineer signed share her name and a unit, not a subject: a gauge's
    drift is no new trip pressure."""
    d, h = terms(SIGNED_DRAFT), terms(SIGNED_HELD)
    assert signed(d, h) == {"ine", "moreau"}
    assert not same_subject(d, h)
    assert not replaces(SIGNED_DRAFT, SIGNED_HELD)


def test_a_team_handle_and_a_capitalised_thing_stay_names() -> None:
    """Only a person mentioned by "@" and a capitalised name is set aside: a team handle
    ("@web/edge") and a named thing ("Central Control") still tie two texts."""
    d = terms("Cache purges on cdn-config go through @web/edge and Central Control.")
    h = terms("Central Control approves cdn-config purges; ask @web/edge first.")
    assert signed(d, h) == set()


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        (
            "Since 3 June the Paris membership fee is 45 EUR a year.",
            "The Paris membership fee is 40 EUR a year.",
        ),
        (
            "Since 12 May overnight pump alarms go to the River Desk (ext 5100).",
            "Overnight pump alarms go to Tom Lee's phone (ext 4410).",
        ),
        (
            "Line 2 now trips at 80 l/min flow. @Ines Moreau",
            "Line 2 trips at 75 l/min flow. @Ines Moreau",
        ),
        (
            "The old DASH step is gone; packaging now uses the Shaka packager.",
            "DASH packaging runs in the nightly job with MP4Box.",
        ),
        # "the old …" at the named thing itself: the name is the slot, not a place beside it
        (
            "Job logs run on the Loki cluster (loki.buildfarm.net:3100, TLS) since 06-02; the old"
            " Graylog box is off.",
            "Build agents publish job logs to the Graylog server at gl1.buildfarm.local:12201;"
            " streams are split per agent pool, messages are GELF.",
        ),
        (
            "Since 1 May the Oslo courier pickup is at 15:00.",
            "The Oslo courier pickup is at 16:30 every weekday; labels print at the Oslo desk.",
        ),
        (
            "Zone B alarms now at 13.0 bar supply. @Freja Holm",
            "Zone B alarms at 12.5 bar supply and 1.0 bar at the far end. @Freja Holm checked it.",
        ),
    ],
)
def test_the_same_slot_told_anew_still_replaces(draft: str, held: str) -> None:
    """The near misses: a cue at the held text's own slot (the fee, where alarms go, the
    pickup), a cue at the name the held text opens on or at the named thing gone, the same
    person signing a new value of the setting she signed before. Each replaces the held
    lesson."""
    assert replaces(draft, held)
    assert replaced_lesson(draft, held)
