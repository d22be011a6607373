"""Three replacements a held lesson outlived (issue 13): a retro's line led by its item label
("L1 …") read as a name the held lesson never mentions, a report's "Actions" item that says
what holds since a day, and a rule told again under its source's newer code with a new
value. Look-alikes stay: another coded thing, a plan still to do, another rule's source
told beside the held one.
"""

from __future__ import annotations

import pytest

from agentmem.core.cited import recited
from agentmem.core.verdict import Held, judge
from agentmem.harvest.onset import in_force_from
from agentmem.harvest.sectioned import lessons


def _replaces(draft: str, held: str, held_type: str = "semantic") -> bool:
    return judge(draft, [Held("h1", held, held_type)], "semantic").replaces == ["h1"]


def test_an_item_label_is_not_the_name_a_line_opens_on() -> None:
    """ "Q2 The …" opens on its place in a list, not on a thing "Q2" the held lesson never
    names: the change it tells replaces the held lesson, as it does without the label."""
    held = (
        "pallet-api accepts at most 30 pallets per booking; bigger bookings stall until "
        "the proxy's 60 s timeout. Book ASN and EDI pallets in lots of 30."
    )
    draft = (
        "Q2 The router 4.1 upgrade on 12 Mar cut the per-booking limit of pallet-api from "
        "30 to 15 pallets; book in lots of 15."
    )
    assert _replaces(draft, held, "procedural")
    assert _replaces(draft.removeprefix("Q2 "), held, "procedural")


def test_a_name_that_opens_a_line_still_tells_another_thing_apart() -> None:
    """A code that names the thing ("K7 soaks …", no capitalised word after it) is no label:
    another kiln's soak leaves the held kiln's in place."""
    held = "K9 soaks glaze loads for 30 minutes at peak."
    draft = "K7 soaks glaze loads for 45 minutes at peak."
    assert not _replaces(draft, held)


REPORT = """# Incident report: cold store alarm missed

## Root cause
The door sensor polled too slowly.

## Actions
- Since 9 March the cold store door alarm sounds after 90 seconds open (food safety request).
- Since 9 March we have had no spoiled pallets.
- Review the sensor vendor's polling options.
"""


def test_an_actions_item_dated_since_a_day_tells_the_value_in_force() -> None:
    """Under "Actions", "Since <day> the … sounds after 90 seconds" is done already: a
    fact; an item of how long something has held, and one still to do, are not."""
    texts = [lesson.text for lesson in lessons(REPORT)]
    assert any("sounds after 90 seconds" in text for text in texts)
    assert not any("spoiled" in text or "vendor" in text for text in texts)


@pytest.mark.parametrize(
    ("item", "told"),
    [
        ("Since May 3rd the gate opens at 06:30", True),
        ("Since 2031-05-03, the nightly cap is 40 jobs", True),
        ("Since 3 May we have had no misses at 30 s", False),
        ("Since 3 May, 14 orders were lost", False),
        ("Since the upgrade the cap is 40", False),
    ],
)
def test_an_item_opening_on_a_day_reads_a_value_in_force(item: str, told: bool) -> None:
    """A present value after "Since <day>" is in force; a span, a past event, or a start
    that is no day, are not."""
    assert in_force_from(item) is told


def test_a_rule_cited_under_a_newer_code_with_a_new_value_replaces_the_old() -> None:
    """A new "(safety circular SC-8)" beside 35 kg after "(safety circular SC-3)" beside 40 kg:
    the citation changed with the value, the rule was replaced."""
    held = "Each crate holds at most 40 kg (safety circular SC-3); split heavier loads."
    draft = "Each crate holds at most 35 kg (Port Authority safety circular SC-8); weigh first."
    assert recited(draft, held)
    assert _replaces(draft, held)


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        # another coded thing, each citing its rule: two kits
        ("Kit KX-3 ships in 4 days (policy P-2).", "Kit KX-5 ships in 9 days (policy P-4)."),
    ],
)
def test_a_look_alike_under_another_code_replaces_nothing(held: str, draft: str) -> None:
    """Another kit or another zone under its code: no new value of the held rule."""
    assert not _replaces(draft, held)


def test_a_draft_that_names_the_held_code_too_is_not_read_as_recited() -> None:
    """The held rule's code told beside the new one: two rules named, not one replaced
    by its citation alone."""
    held = "Each crate holds at most 40 kg (safety circular SC-3)."
    draft = "Export crates hold at most 35 kg (safety circular SC-8); SC-3 still rules the rest."
    assert not recited(draft, held)
