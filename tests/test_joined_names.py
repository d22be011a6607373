"""A joined name a change says is gone (`vault-old01`, `feed_v2.py`) is one name at read time
(`agentmem.core.removal.removed`): its pieces are not names of their own, so a run record
that names another member of the series (`mirror-old01`) is not taken for one that names
the removed thing."""

from __future__ import annotations

import pytest

from agentmem.core.removal import mentions, removed


@pytest.mark.parametrize(
    ("text", "gone", "other"),
    [
        (
            "The kiln-rack07 controller was retired; firings run on the new rack.",
            "kiln-rack07",
            "Run 12: firing on glaze-rack07 ended in success.",
        ),
        (
            "We deleted sync_v3.py; the ledger syncs through the queue.",
            "sync_v3.py",
            "Run 40: export_v3.py wrote 200 rows.",
        ),
        (
            "The tide-probe9 buoy is gone: readings come from the harbour mast.",
            "tide-probe9",
            "Run 7: swell-probe9 reported 2.1 m at noon.",
        ),
    ],
)
def test_a_joined_name_is_removed_whole(text: str, gone: str, other: str) -> None:
    """Only the whole joined name is removed; a record naming a sibling of it stays."""
    names = removed(text)
    assert names == frozenset({gone})
    assert not any(mentions(other, name) for name in names)
