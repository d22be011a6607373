"""Diversity in what a worker reads: a lesson that restates one already chosen takes no
slot of the pack nor a line of hook A's history, so a different lesson does."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.conftest import ManualClock
from tests.test_loop_replacements import run


def test_restatements_of_one_decision_leave_room_for_another_lesson(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """A decision told three times in other words (a run lesson quoting the record, a
    reminder, a second quote) does not fill hook A's lesson lines: a restatement yields
    its line to the lessons on the consoles' own signing steps (three of them, so a
    restatement must yield with five lesson lines), which the pack holds too."""
    hooks = clocked_hooks
    tags = ["signing", "release"]
    decision = (
        "As ADR-7 decided, every release package gets a build provenance attestation from "
        "attest-build-provenance in the release workflow.",
        "Reminder: release packages get a build provenance attestation from "
        "attest-build-provenance in the release workflow, not a detached signature.",
        "ADR-7 holds for the consoles as well: each release package is attested by "
        "attest-build-provenance in the release workflow before the upload.",
    )
    for n, text in enumerate(decision):
        run(hooks, f"2026-10-05-r{n + 1}", "Sign the release packages", "Signed.", tags, (text,))
    own_lesson = (
        "PS5 packages need the passcode from the cert portal in the release workflow; "
        "without it ingestion fails."
    )
    written = run(
        hooks, "2026-10-05-r9", "Sign the PS5 release package", "Signed.", tags, (own_lesson,)
    )
    [own] = [i for i in written if i.startswith("semantic")]
    other = "Xbox release packages are signed by the partner portal after the release workflow."
    run(hooks, "2026-10-05-r10", "Sign the Xbox release package", "Signed.", tags, (other,))
    third = "Switch release packages carry the lot check report into the release workflow."
    run(hooks, "2026-10-05-r11", "Sign the Switch release package", "Signed.", tags, (third,))
    clock.advance(days=1)
    goal = {"title": "Sign the release packages of 1.4", "app_id": "console-cert", "tags": tags}
    synthesis = hooks.pre_goal_synthesis(queue=[{"id": "C-9", **goal}]).synthesis or ""
    assert f"[{own}]" in synthesis and "partner portal" in synthesis and "lot check" in synthesis
    assert synthesis.count("attest-build-provenance") < len(decision)  # a restatement yielded
    pack = hooks.pre_spawn_pack(goal=goal).pack
    assert pack is not None
    assert own in [e.id for e in pack.entries]
