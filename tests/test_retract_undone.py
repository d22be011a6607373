"""A retraction whose reason says the withdrawn remedy is undone ("The tolerance is removed.")
still withdraws the lesson: that sentence restates the withdrawal, it is no rival cause the
lesson shares words with."""

from agentmem.core.retract import retracted

HELD = [
    (
        "semantic-aaaa00000001",
        "Glaze pinholes come from the supplier rounding oxide weights to 1 decimal; the recipe "
        "check should tolerate up to 2% drift.",
    ),
    ("semantic-aaaa00000002", "Kiln 3 runs hot on the top shelf; load bisque ware there."),
]


def test_a_reason_that_undoes_the_remedy_does_not_save_the_lesson() -> None:
    text = (
        "The rounding explanation from 03-04 was wrong; scale precision has nothing to do "
        "with the glaze pinholes. The tolerance is removed."
    )
    assert retracted(text, HELD) == "semantic-aaaa00000001"


def test_a_reason_telling_another_cause_still_weighs_against_a_lesson_sharing_it() -> None:
    held = [
        ("semantic-aaaa00000003", "Glaze pinholes come from firing the kiln too fast."),
        ("semantic-aaaa00000004", "Glaze pinholes come from dust on the bisque; wipe it first."),
    ]
    text = (
        "The fast-firing explanation for glaze pinholes was wrong; the real cause is dust on "
        "the bisque."
    )
    assert retracted(text, held) == "semantic-aaaa00000003"
