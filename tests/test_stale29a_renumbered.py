"""A thing moved to the next machine of its own numbered line of hosts replaces the lesson
that reaches the old one (`agentmem.core.renumbered`). Against false replacements: another
line of hosts, another port, the old host kept for something else, another environment,
one more place beside the old, a thing the held text never names."""

from __future__ import annotations

import pytest

from agentmem.core.renumbered import renumbered
from agentmem.core.verdict import Held, judge


def replaced(draft: str, held: str) -> bool:
    return judge(draft, [Held("held-1", held, "semantic")], "semantic").replaces == ["held-1"]


HUB = "kiln-watch reads furnace readings from kh-02.plant.example:8443 over TLS."


def test_a_thing_moved_to_the_next_host_of_its_line_replaces_the_lesson_on_the_old() -> None:
    """The thing is named by the host's own stem; the hosts differ only in their number."""
    draft = "The KH hub moved to kh-04.plant.example:8443; the old box is wiped on Friday."
    assert renumbered(draft, HUB)
    assert replaced(draft, HUB)


@pytest.mark.parametrize(
    "draft",
    [
        "The search index moved to db-03.corp.example:5432.",  # another line, another thing
        "The KH hub moved to kh-04.plant.example:9443.",  # another port
        "The KH hub moved to kh-04.plant.example:8443; kh-02 stays for the glaze line.",
        "The staging KH hub moved to kh-04.plant.example:8443.",  # another environment
        "The KH hub also moved a copy to kh-04.plant.example:8443.",  # one more place
        "The print spooler moved to kh-04.plant.example:8443.",  # no word the held one says
    ],
)
def test_another_line_port_environment_or_thing_is_no_renumbered_host(draft: str) -> None:
    assert not renumbered(draft, HUB)
