"""A post named only after "took over as" (or "succeeded … as", "replaced … as"), by any
title a trade gives its posts, replaces the lesson naming its holder
(`agentmem.core.succeeded`). Against false replacements: a stand-in, another post, the same
holder, a post named with no holder beside it, a post of another thing."""

from __future__ import annotations

import pytest

from agentmem.core.succeeded import succeeded
from agentmem.core.verdict import Held, judge


def replaced(draft: str, held: str) -> bool:
    return judge(draft, [Held("held-1", held, "semantic")], "semantic").replaces == ["held-1"]


TAKEN = [
    (
        "Ida Brandt took over as harbourmaster from Olaf on 3/14; late berths wait for her.",
        "Olaf Berg is the harbourmaster; berthing past 20:00 needs his say-so.",
    ),
    (
        "Ida Brandt succeeded Olaf Berg as registrar in May.",
        "Transcripts are signed by the registrar, Olaf Berg.",
    ),
    (
        "Ida Brandt replaced Olaf as the night registrar.",
        "Night registrar: Olaf Berg (ext. 22).",
    ),
]


@pytest.mark.parametrize(("draft", "held"), TAKEN)
def test_a_post_taken_over_by_name_replaces_the_lesson_naming_its_holder(
    draft: str, held: str
) -> None:
    """The post the draft names after "took over as" stands beside another holder in the
    held lesson: the lesson is replaced."""
    assert succeeded(draft, held)
    assert replaced(draft, held)


NOT_TAKEN = [
    (  # a stand-in while the holder is away
        "Ida Brandt took over as acting registrar while Olaf is on leave.",
        "Transcripts are signed by the registrar, Olaf Berg.",
    ),
    (  # another post
        "Ida Brandt replaced Olaf as the night registrar.",
        "Day registrar: Olaf Berg (ext. 22).",
    ),
    (  # the same holder
        "Olaf Berg took over as registrar.",
        "Olaf Berg is the registrar.",
    ),
    (  # the held lesson names the post, but no holder beside it
        "Ida Brandt took over as registrar.",
        "The registrar signs transcripts; ask Olaf Berg for copies.",
    ),
    (  # what the post is of differs
        "Ida Brandt took over as registrar of the law school.",
        "Olaf Berg is the registrar of the medical school.",
    ),
]


@pytest.mark.parametrize(("draft", "held"), NOT_TAKEN)
def test_a_stand_in_another_post_or_the_same_holder_is_no_succession(draft: str, held: str) -> None:
    assert not succeeded(draft, held)
