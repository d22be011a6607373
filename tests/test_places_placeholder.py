"""A URL whose port is a placeholder ("localhost:PORT", "host:${PORT}") or whose host is a
broken bracket is still a place: its readers keep what they can and never raise, so the
lesson quoting it is judged and packed like any other (`agentmem.core.places`)."""

from __future__ import annotations

import pytest

from agentmem.core.places import addresses, parts
from agentmem.core.retiredvalues import retired_values
from agentmem.retrieval.conflict import retired_by_newer, slot_values
from tests.conftest import held


@pytest.mark.parametrize(
    ("place", "expected"),
    [
        ("http://localhost:port/api/v2", {"localhost", "/api/v2"}),
        ("https://kiln.example.org:${port}/jobs/fire", {"kiln.example.org", "/jobs/fire"}),
        ("http://mooring.local:8443/berths/list", {"mooring.local:8443", "/berths/list"}),
    ],
)
def test_a_placeholder_port_keeps_the_host_and_path(place: str, expected: set[str]) -> None:
    assert expected <= parts(place)


def test_a_broken_bracketed_host_is_the_place_alone() -> None:
    assert parts("http://[fe80::1/wool/grades") == {"http://[fe80::1/wool/grades"}


def test_readers_of_a_lesson_with_a_placeholder_port_do_not_raise() -> None:
    old = "The grading service answers at http://localhost:PORT/grades for the wool sorters."
    new = "Since the rack move the grading service answers at http://grader.local:9000/grades."
    assert "localhost" in addresses(old)[0]
    assert slot_values(old)
    assert "http://localhost:port/grades" in retired_values(old, new)
    a, b = held(old, 1, "m-1", app_id="wool"), held(new, 9, "m-2", app_id="wool")
    assert retired_by_newer(a, b, {"grading"}, [a, b])
