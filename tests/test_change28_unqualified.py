"""A new value of the held lesson's thing, named without the word the lesson opens on
(`agentmem.core.unqualified`): "the cellar door alarm arms at 22:00" held, then "door
alarm arming moves to 23:00". The first word only said which alarm; leaving it out names
the same one, while another word in its place names another thing's.
"""

from __future__ import annotations

import pytest

from agentmem.core.verdict import Held, judge


def _replaces(draft: str, held: str) -> bool:
    return judge(draft, [Held("h1", held, "semantic")], "semantic").replaces == ["h1"]


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        (
            "Cellar door alarm in stockroom arms at 22:00 on weekdays.",
            "After the rota review the weekday door alarm now arms at 23:00.",
        ),
        (
            "Quiet hours at Millbrook Hall end at 07:00; the booking form refuses earlier slots.",
            "Lease amended — Millbrook Hall's setup access starts at 06:30 from now on.",
        ),
        (
            "Dossier review requests in reviewdesk wait for 3 editors; a request lapses after 6h.",
            "Request lapse for editor reviews is 90 minutes since the spring release.",
        ),
    ],
)
def test_the_held_thing_named_without_its_first_word_replaces(held: str, draft: str) -> None:
    """The draft names a later word of the held lesson's opening (door, hall, request)
    with nothing of its own before it, and tells a new value of the held one's slot as
    news: it replaces the lesson."""
    assert _replaces(draft, held)


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        # another word where the held lesson's first one stood: another door's alarm
        (
            "Cellar door alarm in stockroom arms at 22:00 on weekdays.",
            "The loading door alarm in stockroom now arms at 23:00 on weekdays.",
        ),
        # a word of its own before the held thing: another kind of export's value
        (
            "Invoice export jobs in reportd time out after 30 minutes; a timed-out job is retried once.",
            "The payroll export jobs in reportd now time out after 10 minutes.",
        ),
    ],
)
def test_another_word_before_the_held_thing_is_no_replacement(held: str, draft: str) -> None:
    """A content word the held lesson lacks, right before the thing both name, says
    which other thing the draft is of: the held lesson stays."""
    assert not _replaces(draft, held)
