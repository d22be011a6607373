"""A "no longer" withdraws a held lesson only when what it says is no longer so is what
the held lesson is about."""

from __future__ import annotations

from agentmem.core.restate import replaces

NOTICE = (
    "Because the loading bay now shuts earlier, weekend loans are no longer handed out at "
    "the desk after 16:00; loans after that wait for Monday. Staff loans are not affected."
)


def test_a_no_longer_of_two_words_the_held_lesson_uses_of_two_things_withdraws_nothing() -> None:
    """The notice's "weekend loans" are not what a lesson on the reserve shelf is about,
    though it says "weekend" of the shelf and "loans" of staff."""
    held = (
        "Weekend shelving keeps back a reserve of 12 projectors; only staff loans may draw on it."
    )
    assert not replaces(NOTICE, held)


def test_a_no_longer_of_what_the_held_lesson_opens_on_still_replaces_it() -> None:
    """The held lesson opens on the weekend loans the notice says are no longer handed out
    late: the notice replaces it."""
    held = "Weekend loans requested by 17:00 are handed out at the desk; later ones wait."
    assert replaces(NOTICE, held)


def test_a_no_longer_of_the_noun_the_held_lesson_opens_on_replaces_it() -> None:
    """ "PDA status" names the status updates the held lesson opens on, though "PDA"
    comes later in it: the noun before the cue is what counts."""
    held = "Shelf status updates from the PDAs are pushed to the catalogue by the Sync Hub every 10 seconds."
    draft = "PDA status no longer batches every 10 s - it is sent the moment a shelf changes."
    assert replaces(draft, held)
