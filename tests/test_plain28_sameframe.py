"""A new value in the held lesson's own words (`agentmem.core.sameframe`): a draft whose
clause opens exactly as the held one's (the same subject, the same verb) and gives another
host of the same numbered family, or another cadence, replaces the held lesson with no
change word. Another group's jobs, an added place, a place for another thing, a period's
rule or a no replaces nothing.
"""

from __future__ import annotations

import pytest

from agentmem.core.sameframe import reframed
from agentmem.core.verdict import Held, judge


def _replaces(draft: str, held: str, kind: str = "semantic") -> bool:
    return judge(draft, [Held("h1", held, kind)], kind).replaces == ["h1"]


RENDER = "Render jobs run on gpu-node-01 as the render user; their output lands in /var/log/render."
FILTERS = "Under maintenance plan PM-FLT-07, the intake filters are swapped every 21 days."


@pytest.mark.parametrize(
    ("held", "draft", "kind"),
    [
        (
            RENDER,
            "Render jobs run on gpu-node-04 (64 GB); the renderer binaries are in "
            "/opt/render/3.1 and their output lands in /srv/logs/render.",
            "semantic",
        ),
        (
            FILTERS,
            "Since 2031-02-03 (pollen season) the intake filters are swapped weekly under "
            "PM-FLT-07.",
            "procedural",
        ),
        (
            "Kiln batches fire in oven-02 under the night crew.",
            "Kiln batches fire in oven-05 (the big one); glaze is stored in bay C.",
            "semantic",
        ),
        (
            "On the glaze rota, the kiln shelves are scraped every 10 days.",
            "Since 2030-04-01 (wet months) the kiln shelves are scraped weekly.",
            "procedural",
        ),
    ],
)
def test_a_new_value_in_the_held_clause_words_replaces(held: str, draft: str, kind: str) -> None:
    """The same subject and verb before another numbered host or cadence: a new value."""
    assert reframed(draft, held)
    assert _replaces(draft, held, kind)


@pytest.mark.parametrize(
    ("held", "draft", "kind"),
    [
        (
            "Jobs of team A run on node-01; their logs are in /var/log/a.",
            "Jobs of team B run on node-04; their logs are in /var/log/b.",
            "semantic",
        ),
        (RENDER, "Render jobs also run on gpu-node-04.", "semantic"),
        (RENDER, "Render jobs run on gpu-node-04 for the preview team.", "semantic"),
        (RENDER, "Render jobs do not run on gpu-node-04.", "semantic"),
        (FILTERS, "During pollen season, the intake filters are swapped weekly.", "procedural"),
        (FILTERS, "(pollen season) the intake filters are swapped weekly.", "procedural"),
        (FILTERS, "In the east wing the intake filters are swapped weekly.", "procedural"),
        (
            FILTERS,
            "Under maintenance plan PM-FLT-09, the exhaust filters are swapped weekly.",
            "procedural",
        ),
    ],
)
def test_a_look_alike_in_the_held_words_replaces_nothing(held: str, draft: str, kind: str) -> None:
    """Another group, an added place, another thing's place, a period or a no: no change."""
    assert not reframed(draft, held)
    assert not _replaces(draft, held, kind)


def test_a_name_after_a_word_that_is_no_place_is_no_new_value() -> None:
    """A numbered name that names the thing ("plan PX-7") is no place it moved to."""
    held = "The kiln shelves are scraped under plan PX-7 every 10 days."
    assert not reframed("The kiln shelves are scraped under plan PX-9 every 10 days.", held)


@pytest.mark.parametrize(
    "held",
    [
        "(Dull, flat CTC liquors came off DK-117 to DK-132.)",
        '("Slow drains on tank TK-40 and TK-41 last week.")',
        "(defvar notes '((:text \"Brittle sheets off press PR-12 and PR-14.\")))",
    ],
)
def test_a_held_text_wholly_in_brackets_is_read_not_raised_on(held: str) -> None:
    # every word of the clause is inside the brackets, so no plain frame word is left to
    # say where the value is: no reframing, and the judge answers (it raised IndexError,
    # which failed the run record's write)
    draft = "Moisture is read on the MX-50 analyser and logged exactly as read."
    assert not reframed(draft, held)
    assert judge(draft, [Held("h1", held, "semantic")], "semantic").replaces == []
