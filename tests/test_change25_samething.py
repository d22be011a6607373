"""Same subject, new value (`agentmem.core.samething`): the judge's last, general reading of
a replacement. A draft on the thing the held lesson opens on, giving a value of the same
measure in the same slot, told as news, replaces it in whatever voice it comes: a commit
line, a change request, a note of what the team runs now.

Against false replacements: a look-alike about another thing (another name, another
numbered thing, another year, another thing at the head), a second measure beside the
held one, a second rule on one subject told with no news, and a restatement in other units.
"""

from __future__ import annotations

import time

import pytest

from agentmem.core.samething import Value, given_anew, readings
from agentmem.core.verdict import Held, judge


def _replaces(draft: str, held: str) -> bool:
    return judge(draft, [Held("h1", held, "semantic")], "semantic").replaces == ["h1"]


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        (
            "Kiln glaze uploads go through the studio UI into bucket kg-glaze-live; max size 200 MB.",
            "raise kiln glaze upload cap to 1 GB (proxy body size + multipart)",
        ),
        (
            "Scanners upload to the Kestrel gateway on port 2100 of scan01.lab.internal.",
            "New target for all scanners: Kestrel gateway on scan02.lab.internal:2200 - the "
            "ward scanners were repointed on Friday.",
        ),
        (
            "South line damper ratio is 1.5; the kiln vents open at that setting.",
            "commit 9ab3f1e: south line damper ratio 1.5 -> 2.0 to stop soot build-up",
        ),
    ],
)
def test_a_new_value_in_the_held_slot_told_as_news_replaces(held: str, draft: str) -> None:
    """A size in another unit (1 GB of a held 200 MB), a host, a bare number after an
    arrow from the held one: each on the thing the held lesson
    opens on, around the words its value stood by, told with a change verb, "new",
    "since" or a commit's id."""
    assert given_anew(draft, held)
    assert _replaces(draft, held)


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        # another name where the held one stood
        (
            "Tray dryers in the Lyon plant run 40 minutes per batch.",
            "Porto plant tray dryers now run 55 minutes per batch.",
        ),
        # each opens on a name the other never mentions
        (
            "HX9 nightly renders take eight workers of 16 GB memory each.",
            "LP4 nightly renders take eight workers of 48 GB memory each since the driver update.",
        ),
        # a number before a name in capitals is no count of a thing
        (
            "Render jobs may ask for 64 nodes; the 00 UTC run uses all of them.",
            "Incident note RN-12: the 12 UTC render run was lost when the image was rebuilt.",
        ),
        # another coded thing
        (
            "RX-1 dryer recipe: night setpoint 40 C, humidity 20%.",
            "RX-2 dryer humidity setpoint is now 12% at night.",
        ),
        # values said to stay, the held one told again beside another thing's
        (
            "Kiln alarms fire at 0.5 C drift from setpoint.",
            "New: glaze kilns alarm at 1.0 C, bisque kilns stay at 0.5 C.",
        ),
        (
            "Ticket intake calls the scorer with a 6 s timeout.",
            "Ticket intake -> scorer timeout stays 800 ms; other callers have their own.",
        ),
        # another numbered thing
        ("Kiln 2 fires for 9 hours per load.", "Kiln 3 now fires for 11 hours per load."),
        (
            "Visitor berths on quay D take hulls up to 9 m beam.",
            "Quay E visitor berths now take hulls up to 11 m beam.",
        ),
        # another year
        ("The 2025 grant cap is $4,000 per team.", "New 2026 grant cap: $5,000 per team."),
        # two how-tos on one verb, each of its own thing
        (
            "Set the kiln fan speed to 13:00 UTC before the glaze run.",
            "Set the dryer fan speed to 12:45 UTC before the glaze run.",
        ),
        # another thing at the head, the rest alike
        (
            "Sourdough loaves need 30 hours of proofing in the cold room.",
            "Rye loaves now need 20 hours of proofing in the cold room.",
        ),
        # a second measure beside the held one, which it states again
        (
            "The kiln controller timeout is 12 s.",
            "The kiln controller timeout is 12 s; the kiln retry wait is now 25 s.",
        ),
        # a second rule on one subject, told with no news
        (
            "Refund requests over $500 need a manager's approval.",
            "Refund requests over $200 are flagged for fraud review.",
        ),
        # a change of another thing: the value it moved away from is not the held one
        (
            "Gold members' calls go over to the night desk after 20 s and are never passed "
            "to the main line.",
            "Main line overflow is now 45 s (was 90 s).",
        ),
        # another route, said not to be the held one
        (
            "The print portal takes poster files of at most 150 MB each.",
            "Banner files do not go through the print portal: shops upload them to "
            "sftp.print under banners/, capped at 2 GB a file.",
        ),
        # the same value in other units
        (
            "The tray dryer runs 90 minutes per batch.",
            "Since March the tray dryer runs 1.5 h per batch.",
        ),
    ],
)
def test_look_alikes_second_measures_and_restatements_are_no_new_value(
    held: str, draft: str
) -> None:
    """Each names another thing, states the held value again beside a new one, says no
    news, moved away from a value the held text never gave, says no of the held thing,
    or comes to the held value."""
    assert not given_anew(draft, held)


def test_a_value_marked_as_the_old_one_does_not_hold_the_new_one_back() -> None:
    """The held value told again as the one left behind ("12s was too short") is the
    change, not a second measure."""
    held = "The kiln controller timeout is 12 s."
    assert given_anew("raise kiln controller timeout to 25s - 12s was too short", held)
    assert not given_anew("kiln controller timeout is 12 s, kiln retry wait is 25 s", held)
    overflow = "The main line overflows to the night desk after 90 s."
    assert given_anew("Main line overflow is now 45 s (was 90 s).", overflow)


def test_a_text_of_many_bare_numbers_is_read_in_linear_time() -> None:
    """Each bare number is read back from itself only for the word it follows: 100 KB of
    "ratio 0 1 2 …" took minutes when each number re-read the whole text before it."""
    text = "ratio " + " ".join(str(i) for i in range(17_000))
    arrows = "ratio " + " -> ".join(f"{i}.5" for i in range(12_000))
    started = time.process_time()
    assert readings(text)[0] == Value("value of ratio", "0", 6, 7)
    chained = readings(arrows)  # each the ratio's, by the arrow before it
    assert len(chained) == 12_000 and {v.measure for v in chained} == {"value of ratio"}
    assert time.process_time() - started < 10  # a hang guard: about 0.3 s here


def test_a_long_run_of_host_like_labels_is_read_in_linear_time() -> None:
    """"x.y-x.y-…" and "a-a-…" look like the start of a host at every label: each start read
    the rest of the run back for a top-level name (a 100 KB run took minutes). A host is
    still read wherever it stands, and a name of too many labels is not one."""
    started = time.process_time()
    for run in ("x.y-" * 25_000, "a-" * 50_000, "ab." * 33_000):
        assert [v for v in readings(run) if v.measure == "host"] == []
    assert time.process_time() - started < 10  # a hang guard: about 0.3 s here
    tail = "see " + "x.y-" * 25_000 + " then db2.corp.internal:5432 now"
    hosts = [v.amount for v in readings(tail) if v.measure == "host"]
    assert hosts == ["db2.corp.internal:5432"]
