"""A lesson that opens "Since <tool> <release> …" says the state changed with that release:
it replaces the held how-to of the same task, though it shares no command with it."""

from __future__ import annotations

from agentmem.core.cues import CHANGE
from agentmem.core.restate import replaces

OLD = (
    "Export a month's ledger with `ledgerctl dump --month <m> --csv` and attach the file "
    "to the close ticket; without --csv it prints to the terminal."
)
NEW = (
    "Since ledger-tools 4.0 a month's ledger is exported with `lt export --month <m>` "
    "(prints an export id) and fetched with `lt fetch <export-id>`; the fetched file goes "
    "on the close ticket."
)


def test_since_a_tools_release_is_a_change_cue() -> None:
    assert CHANGE.search("Since ledger-tools 4.0 a ledger is exported with lt")
    assert CHANGE.search("Since Terraform v1.6 the lock file is checked in")
    # inside a sentence it tells why, not that the statement replaces another
    assert not CHANGE.search("Full builds need 64 GB since the engine 5.4 upgrade")
    assert not CHANGE.search("the export has run since 2 hours ago")
    assert not CHANGE.search("Since the export prints ids, keep them")


def test_a_how_to_since_a_release_replaces_the_old_how_to() -> None:
    assert replaces(NEW, OLD)


def test_a_how_to_of_another_task_since_a_release_is_not_a_replacement() -> None:
    other = (
        "Reconcile a month's bank lines with `recon run --month <m>` before the close "
        "ticket is opened; it flags unmatched lines."
    )
    assert not replaces(NEW, other)
