"""A component that reaches what it exchanges on another host: the draft opens on the
held lesson's component, names what goes there in shared words, and gives one other host,
no change word needed, another domain allowed.

Against false replacements: another thing on another host of the same component, one more
place beside the held one, another environment, another component.
"""

from __future__ import annotations

import pytest

from agentmem.core.readdressed import moved_host, readdressed
from agentmem.core.verdict import Held, judge

HELD = "kiln-watch subscribes to furnace readings on the broker mq-old.plant.lan:1883."


def test_the_component_reading_the_same_thing_from_another_host_replaces() -> None:
    """Other verbs, another domain, no change word: the address of the readings moved."""
    draft = "kiln-watch reads furnace readings from hub-2.plant.example:8883 over TLS."
    assert readdressed(draft, HELD)
    assert judge(draft, [Held("h1", HELD, "semantic")], "semantic").replaces == ["h1"]


@pytest.mark.parametrize(
    "draft",
    [
        "kiln-watch sends alert mails through smtp.plant.example:25.",
        "kiln-watch also mirrors furnace readings to archive.plant.lan:9000 for audits.",
        "kiln-watch in staging reads furnace readings from mq-test.plant.lan:1883.",
        "glaze-watch reads furnace readings from hub-2.plant.example:8883.",
        "kiln-watch reads furnace readings from mq-old.plant.lan:1883 and hub-2.plant.lan:8883.",
    ],
)
def test_another_thing_place_environment_or_component_is_no_new_address(draft: str) -> None:
    """Mail is another thing, a mirror one more place, staging another environment,
    glaze-watch another component, two hosts two places."""
    assert not readdressed(draft, HELD)


PULLED = "Kiln and glaze logs are pulled from ftp.plant.lan every hour; sort them by mtime."


def test_a_thing_said_to_have_moved_to_a_host_replaces_the_lesson_on_the_old_one() -> None:
    """ "Kiln logs moved to <host>" retires the lesson that pulls them from another host."""
    draft = "Kiln logs moved to logs-2.plant.example (HTTPS, token from the vault)."
    assert moved_host(draft, PULLED)
    assert judge(draft, [Held("h2", PULLED, "semantic")], "semantic").replaces == ["h2"]


@pytest.mark.parametrize(
    "draft",
    [
        "Kiln alarms moved to alarms.plant.example last week.",
        "Kiln logs also moved to a second store, copy.plant.example, for audits.",
        "Kiln logs moved to ftp.plant.lan from the old share.",
        "In staging, kiln logs moved to logs-test.plant.example.",
    ],
)
def test_another_thing_one_more_place_or_the_same_host_is_no_move(draft: str) -> None:
    """Alarms are another thing; a second store one more place; the held host named; staging."""
    assert not moved_host(draft, PULLED)
