"""A look-alike (a later text about another environment, region, tier, platform or named
place, worded like the held lesson, often with another value) neither replaces the held
lesson nor is merged with it; a text that names the held lesson's own qualifier still
replaces it (`agentmem.core.qualified`)."""

from __future__ import annotations

import pytest

from agentmem.core.apart import set_apart
from agentmem.core.qualified import left_alone, opens_apart, qualified_apart, qualifiers
from agentmem.core.verdict import Held, judge

# Each the held lesson, then a look-alike of it. Without `qualified_apart` the judge took
# the first four for new values of the held lesson (the words alone read as one subject).
LOOKALIKES = [
    pytest.param(
        "The retry limit for the staging cluster is 5 attempts.",
        "retry limit is 12 attempts for prod and preprod clusters",
        id="environment",
    ),
    pytest.param(
        "The retry limit in staging is 5 attempts.",
        "retry limit is 12 attempts in prod",
        id="environment-in",
    ),
    pytest.param(
        "The minimum deposit for the Gold tier is USD 40.00.",
        "minimum deposit is USD 75.00 for Silver and XL rentals",
        id="tier",
    ),
    pytest.param(
        "Tromsø demand is recomputed every 3 minutes per G4 level-6 tile.",
        "Narvik demand recomputes every 10 minutes, per G4 lvl-4 block.",
        id="named-place",
    ),
    pytest.param(
        "The refund window in the EU is 14 days.",
        "refund window is 30 days in the US",
        id="region",
    ),
    pytest.param(
        "The crash upload cap for the iOS build is 5 MB.",
        "crash upload cap is 20 MB for Android and Windows builds",
        id="platform",
    ),
]


@pytest.mark.parametrize(("held", "draft"), LOOKALIKES)
def test_a_lookalike_of_another_qualifier_leaves_the_held_lesson(held: str, draft: str) -> None:
    """Worded alike with another value, the draft is another thing's fact: the held lesson
    is neither replaced nor restated."""
    assert qualified_apart(draft, held)
    assert set_apart(draft, held)
    found = judge(draft, [Held("h", held, "semantic")], "semantic")
    assert found.replaces == []
    assert found.restates is None


def test_a_replacement_that_names_its_qualifier_still_replaces() -> None:
    """ "staging now ..., was ...": the held lesson's own environment, a new value of it."""
    held = "The retry limit in staging is 5 attempts."
    drafts = (
        "Staging retry limit is now 8 attempts, was 5.",
        "The staging retry limit was raised to 8 attempts; prod keeps 12.",
    )
    # a thing said to be somewhere else now is a new place of it, not another thing
    assert not qualified_apart("The export job now runs in prod.", "The export job runs in QA.")
    for draft in drafts:
        assert not qualified_apart(draft, held)
        assert judge(draft, [Held("h", held, "semantic")], "semantic").replaces == ["h"]


def test_a_held_rule_for_every_environment_is_left_to_the_other_rules() -> None:
    """Only two texts that each name a qualifier of one kind are set apart by it: a held
    rule that names none may well be what a qualified draft changes."""
    held = "The render queue holds at most 200 jobs."
    assert not qualified_apart("The sandbox render queue now holds at most 50 jobs.", held)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("registration windows open at 07:00 for us", {}),
        ("entry is free of charge before noon", {}),
        ("the job was moved to staging last week", {}),
        ("the export job now runs in prod", {}),
        ("the export job now lives on the staging cluster", {}),
        ("bucket nl-prod and /dev/tty0 and non-premium seats", {}),
        ("Gold and silver plans keep 9 seats", {"tier": {"gold", "silver"}}),
        ("Staging uses the small pool", {"environment": {"staging"}}),
        ("the EU shop and the US shop", {"region": {"eu", "us"}}),
        ("the mac runners and macOS runners", {"platform": {"macos"}}),
    ],
)
def test_qualifiers_are_read_only_where_they_name_the_thing(
    text: str, want: dict[str, set[str]]
) -> None:
    """Everyday words ("windows", "free", "us") and a place something moves to are no
    qualifiers; a tier word counts as a name or before a noun of its kind."""
    assert {k: set(v) for k, v in qualifiers(text).items()} == want


def test_left_alone_names_the_kinds_each_text_names_apart() -> None:
    """The kind both name, none of it shared."""
    assert left_alone("the EU shop pays in 14 days", "the US shop pays in 30 days") == {"region"}
    assert left_alone("the EU and US shops pay in 14 days", "the US shop pays in 30 days") == set()
    # another region named only in passing, after what the draft is about, sets nothing apart
    held = "the US shop pays in 30 days"
    assert left_alone("The shop now pays in 14 days. EU returns are slower.", held) == set()
    # the held region named as what the draft's is compared with: no other thing
    assert left_alone("EU shops pay in 14 days, faster than the US shop", held) == set()


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        ("Set the pool to 4 workers.", "Use the pool for 8 workers."),
        ("The pool holds 4 workers.", "Set pool holds to 8 workers."),
        ("Old pallets are loaded at dock 4.", "Narvik pallets are loaded at dock 9."),
        ("Narvik pallets are loaded at dock 4.", "Narvik pallets are loaded at dock 9."),
        ("Narvik pallets are loaded at dock 4.", "Tromsø crates are loaded at dock 9."),
        ("Five dock doors have now jammed twice.", "Three dock doors have jammed once."),
    ],
)
def test_an_opening_word_is_a_name_only_before_the_same_word_and_a_verb(
    draft: str, held: str
) -> None:
    """An instruction's verb, an article, a state word or a count is no name; the same name, or
    another word after it, sets nothing apart."""
    assert not opens_apart(draft, held)
