"""Two subjects of one head noun, each with a qualifier of its own the other text lacks,
are two kinds of that thing (`agentmem.core.ownkind`): the later is no new value of the
earlier, unless it is told as a change or about every one of them.
"""

from __future__ import annotations

import pytest

from agentmem.core.ownkind import own_kinds
from agentmem.core.verdict import Held, judge

NIGHT = "Night packing shifts are capped at 30 pickers (fire code for the mezzanine)."
REFUNDS = (
    "Since 3 March Priya Nair in the finance office approves vendor refund batches; "
    "the Monday run waits for her sign-off."
)


def _replaces(draft: str, held: str) -> bool:
    return judge(draft, [Held("h1", held, "semantic")], "semantic").replaces == ["h1"]


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        (NIGHT, "Returns desk shifts cap at 8 pickers because of bench space."),
        (
            REFUNDS,
            "Refunds for enterprise contracts are approved by the account director, "
            "Tom Berg, not by the finance office.",
        ),
        (
            "Weekend kiln firings are limited to 6 hours by the studio lease.",
            "Glaze test firings run 2 hours because of the small shelf.",
        ),
    ],
)
def test_another_kind_of_the_thing_replaces_nothing(held: str, draft: str) -> None:
    """A subject with its own qualifier, of a head noun the held lesson qualifies with
    another, is another kind's fact: the held lesson stays."""
    assert own_kinds(draft, held)
    assert not _replaces(draft, held)


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        (NIGHT, "Night packing shifts now cap at 24 pickers."),
        (NIGHT, "Packing shifts are capped at 24 pickers from Monday."),
        (
            "Weekend kiln firings are limited to 6 hours by the studio lease.",
            "All firings are now limited to 4 hours.",
        ),
    ],
)
def test_the_same_kind_or_every_kind_still_replaces(held: str, draft: str) -> None:
    """The held kind named again, or every kind told with a change word, is a new value."""
    assert not own_kinds(draft, held)
    assert _replaces(draft, held)


def test_a_kind_told_with_the_date_it_takes_effect_is_left_to_the_other_rules() -> None:
    """News dated from when it holds is a change told, not another kind set beside it."""
    held = "Weekend kiln firings are limited to 6 hours by the studio lease."
    assert not own_kinds("From 2027, glaze test firings are limited to 5 hours.", held)
    assert not own_kinds("Since the lease review, glaze test firings stop at 5 hours.", held)
    assert own_kinds("Glaze test firings are limited to 5 hours.", held)
