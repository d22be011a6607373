"""A file both statements name is where each is set, not what each is about."""

from __future__ import annotations

from agentmem.core.restate import replaces
from agentmem.core.statement import terms

HELD = (
    "Feature flags per tenant tier live in config/flags.yaml; trials get a 14-day window that "
    "shrinks to 2 days after the first export."
)
DRAFT = (
    "Every tier now allows five concurrent exports (MAX_EXPORTS=5 in config/flags.yaml); the "
    "queue and the 300 s timeout stay as they were."
)


def test_two_settings_of_one_file_are_two_subjects() -> None:
    """The new export cap and the trial window are both set in config/flags.yaml: the path
    was a shared name, so the cap's "now" replaced the window, a live rule."""
    assert not replaces(DRAFT, HELD)


def test_a_name_said_outside_the_path_still_names_the_thing() -> None:
    """`export_worker` named in the text, and in a path too, is a thing the text speaks of;
    a setting's dotted name ("max.poll.interval.ms") is no file."""
    said = terms("The export_worker reads config/export_worker.yaml at start.")
    assert said.in_files == {"config", "yaml"}
    assert not terms("Raised max.poll.interval.ms to 30 min on the consumer.").files
    assert terms("Rentals are set in config/flags.yaml.").in_files == {"config", "flag", "yaml"}
