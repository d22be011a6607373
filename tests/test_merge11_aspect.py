"""A change word tells a new value of what the draft and the held lesson are both about, not
of every lesson that names the same tool: "the alert rules now live in a repo" is no new
value of which latency the payments dashboards' alert rules fire on. Two texts that share
only a tool's name and a few words (less than half the shorter one's terms, other opening
words, no word the draft's cue points at, no value of one kind in both) are two sides of
that tool; a draft that shares more, or gives another value of a kind both state, still
replaces."""

from __future__ import annotations

import pytest

from agentmem.core.restate import replaces
from agentmem.core.verdict import Held, judge

OTHER_SIDE = [
    (
        "Our crash report quota in Sentry is now 2 million events a month on the team plan.",
        "For Android releases, crash reports in Sentry are grouped by app version, so a crash "
        "is counted once per release build.",
    ),
    (
        "The Grafana alert rules now live in the observability repo and are reviewed in pull "
        "requests.",
        "For the payments dashboards, Grafana alert rules fire when p99 latency is over budget "
        "for five minutes.",
    ),
]

SAME_SIDE = [
    (  # another value of a kind both state
        "For the payments dashboards, Grafana alert rules now fire when p99 latency is over "
        "budget for two minutes.",
        "Grafana alert rules fire when p99 latency is over budget for five minutes on the "
        "payments dashboards.",
    ),
    (  # the same opening words: one thing, told anew
        "Grafana alert rules are now kept in the observability repo and reviewed in pull requests.",
        "Grafana alert rules are edited by hand in the Grafana UI by whoever is on call.",
    ),
]


@pytest.mark.parametrize(("draft", "held"), OTHER_SIDE)
def test_a_change_of_another_side_of_a_tool_replaces_nothing(draft: str, held: str) -> None:
    assert not replaces(draft, held)
    assert judge(draft, [Held("held", held, "semantic")], "semantic").replaces == []


@pytest.mark.parametrize(("draft", "held"), SAME_SIDE)
def test_a_change_of_the_same_side_still_replaces(draft: str, held: str) -> None:
    assert replaces(draft, held)
