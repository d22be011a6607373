"""A job told anew on another host, path or tool, with no name in common with the older
lesson and a word of change, retires the older lesson; two things each with its own host,
a host added beside the old one, and a newer lesson with no word of change do not.
Several made-up domains and phrasings."""

from __future__ import annotations

import pytest

from agentmem.retrieval.conflict import retired_by_newer
from tests.conftest import held

MOVED = [
    pytest.param(
        "Nightly glaze logs are kept on kilnbox-3 under /srv/glaze/; pull them with rsync.",
        "Nightly glaze logs now come from the cloud bucket: `logctl pull --kiln all` on "
        "logs.example.lan, which also checks each file.",
        id="host-and-tool",
    ),
    pytest.param(
        "Before a tasting, copy the cellar sheet from barrel-db2 again; the local sheet goes stale.",
        "Since the cellar move, cellar sheets are read from sheets.cellar.lan with "
        "`sheetctl read`; the old box is switched off.",
        id="copy-step",
    ),
    pytest.param(
        "Backups of the ferry bookings run on bk-node7 every night.",
        "Backups of the ferry bookings now run on vault9.ferry.lan every night.",
        id="plain-host",
    ),
]


def _pair(older: str, newer: str) -> bool:
    old = held(older, 1, "semantic-old", app_id="desk")
    new = held(newer, 9, "semantic-new", app_id="desk")
    return retired_by_newer(old, new, set())


@pytest.mark.parametrize(("older", "newer"), MOVED)
def test_a_job_moved_elsewhere_retires_the_older_lesson(older: str, newer: str) -> None:
    assert _pair(older, newer)


@pytest.mark.parametrize(("older", "newer"), MOVED)
def test_a_later_lesson_naming_the_old_place_keeps_both(older: str, newer: str) -> None:
    old = held(older, 1, "semantic-old", app_id="desk")
    new = held(newer, 9, "semantic-new", app_id="desk")
    name = next(w for w in older.split() if any(c.isdigit() for c in w)).strip(";.,")
    again = held(f"The spare copy stays on {name} for audits.", 12, "semantic-later", app_id="desk")
    assert not retired_by_newer(old, new, set(), [again])


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        pytest.param(
            "The EU desk ticket queue is served by desk-eu01.",
            "Since March the APAC desk ticket queue is served by desk-ap02.",
            id="two-desks",
        ),
        pytest.param(
            "The kiln-2 loads cool on rack-a1 overnight.",
            "The kiln-3 loads now cool on rack-b4 overnight.",
            id="two-kilns",
        ),
        pytest.param(
            "Nightly dumps are written to nas-02 under /vol/dumps.",
            "Nightly dumps now go to nas-03 as well.",
            id="added-beside",
        ),
        pytest.param(
            "Backups of the ferry bookings run on bk-node7 every night.",
            "Backups of the ferry bookings run on vault9.ferry.lan every night.",
            id="no-change-word",
        ),
        pytest.param(
            "Seat holds are a compare-and-set on seats.held_by_order; the loser gets a 409.",
            "The seat picker now caps holds at 4 seats per order (seats.max_hold: 4).",
            id="fields-no-place",
        ),
        pytest.param(
            "Retry POST /bookings with the same Idem-Key; the harbour API dedupes on it.",
            "The harbour API now allows 5 requests per second: set HARBOUR_RPS in "
            "harbour/client.py and run load-e2e with 2 workers.",
            id="path-against-file",
        ),
    ],
)
def test_what_is_no_move(older: str, newer: str) -> None:
    assert not _pair(older, newer)
