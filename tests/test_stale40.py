"""`agentmem.core.rehomed`: a held lesson's thing said, beside a change cue, to be held by a
name the lesson never mentions, while the draft never mentions the lesson's own name, is
replaced; the near misses stay apart: both holders named, another site, a new fact of the
same subject that does not move it, a name far from any cue, a restatement. Asked through
the writer's judge (`agentmem.core.held.judge`), lesson against lesson."""

from __future__ import annotations

import time

import pytest

from agentmem.core.held import Held, judge
from agentmem.core.rehomed import rehomed


def _replaced(draft: str, held: str) -> bool:
    return judge(draft, [Held("semantic-1", held, "semantic")], "semantic").replaces == [
        "semantic-1"
    ]


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        (
            "Kestrel Hire cleans the site cabins on Monday and Thursday mornings; book by"
            " email to desk@kestrel.example.",
            "Site cabin cleaning is done by Ortolan Services since 4 May: they come on"
            " Wednesday nights and are booked in the Ortolan portal.",
        ),
        (
            "Cabin cleaning for the site runs through Kestrel Hire; they invoice monthly.",
            "Cabin cleaning for the site moves to Ortolan Services from the June contract.",
        ),
    ],
)
def test_a_new_holder_told_with_a_change_cue_replaces_the_old_one(held: str, draft: str) -> None:
    """The subject told in other words, a change cue beside the new holder's name ("since
    4 May", a move told in the present), the old holder nowhere in the draft: the lesson
    is replaced, where no other rule of the judge reads it."""
    assert rehomed(draft, held)
    assert _replaced(draft, held)


CABINS = "Kestrel Hire cleans the site cabins on Monday and Thursday mornings."
NEAR_MISSES = [
    # both holders named: a split of the work, or two that hold
    (CABINS, "Site cabins are cleaned by Ortolan Services since 4 May, Kestrel Hire on weekends."),
    # a new fact of the subject, its name far from the cue: no new holder told
    (
        "Online bidding runs on Lotwise Live; the catalogue goes up by 18:00 the day before.",
        "Online bidding now needs every buyer to be approved in advance by Fernhill Bank.",
    ),
    # a cue and a new name, fewer than two of the held subject's terms: another subject
    (CABINS, "Since 4 May the crane inspections are done by Ortolan Services."),
    # the same subject at another named site, a new holder there
    (
        "At the Northgate depot, Kestrel Hire does the tyre inspections on Tuesday nights.",
        "At the Southgate depot, tyre inspections are now done by Ortolan Tyres.",
    ),
    # another kind of the thing, told in the opening clause of each
    (
        "The pastry crew's proofing log is kept by Ida Moss.",
        "The grill crew's proofing log is now kept by Leo Brandt.",
    ),
    # no change cue: a new name alone is not read as a new holder
    (CABINS, "Site cabins are cleaned by Ortolan Services on Wednesdays."),
    # one corner of the lesson told (its subject's words), not the lesson anew
    (
        "Duplicate ferry bookings come from Paylane retrying the payment webhook when our"
        " handler is slow; bookings are keyed on the checkout id and a repeat returns 200.",
        "From 1 June Harbourline ferry bookings close 12 hours before sailing.",
    ),
]


@pytest.mark.parametrize(("held", "draft"), NEAR_MISSES)
def test_a_near_miss_is_no_new_holder(held: str, draft: str) -> None:
    """Both holders named, a name far from the cue, another subject, another site, no
    cue: `rehomed` reads no new holder of the held lesson's thing."""
    assert not rehomed(draft, held)


@pytest.mark.parametrize(("held", "draft"), NEAR_MISSES[2:4])
def test_another_subject_or_site_stays_apart_in_the_judge(held: str, draft: str) -> None:
    """The writer's judge keeps another subject and another site's holder apart."""
    assert not _replaced(draft, held)


def test_hostile_texts_are_read_in_linear_time() -> None:
    """A huge text, a surrogate, long runs of cue words: no hang, no exception."""
    held = "Kestrel Hire cleans the site cabins on Monday and Thursday mornings."
    start = time.process_time()
    for draft in (
        "moves " * 20_000 + "to Ortolan",
        "site cabins now " + "a" * 100_000,
        "Site cabins \ud800 now cleaned by Ortolan Services.",
        "switching " * 10_000 + "site cabins",
    ):
        rehomed(draft, held)
        rehomed(held, draft)
    assert time.process_time() - start < 30.0  # the texts' reading (`terms`) is most of it
