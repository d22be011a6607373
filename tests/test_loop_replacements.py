"""A replacement in the loop (hooks C, D, B, A and E together): a lesson that replaces
another takes its place in packs and in hook A's history, found by the same goals; a run
record that still tells the replaced value leaves packs; hook E names a cause seen twice
even when the run that fixed it repeats the failed goal's words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agentmem import MemoryHooks
from tests.conftest import ManualClock

CERT = ("trc-check", "upload")


def run(
    hooks: MemoryHooks,
    run_id: str,
    goal: str,
    summary: str,
    tags: list[str],
    lessons: tuple[str, ...] = (),
    failed: str = "",
) -> list[str]:
    """Fire hook C for one run of the console-cert app; the ids it wrote."""
    checks: list[dict[str, Any]] = [
        {"name": name, "passed": not failed} | ({"detail": failed} if failed else {})
        for name in CERT[:1]
    ] + [{"name": CERT[1], "passed": True}]
    result = hooks.post_run_classify(
        run={
            "run_id": run_id,
            "goal": goal,
            "outcome": "failure" if failed else "success",
            "summary": summary,
            "app_id": "console-cert",
            "verifiers": checks,
            "lessons": [{"text": t, "type": "semantic", "confidence": 0.75} for t in lessons],
            "tags": tags,
        }
    )
    assert result.ok
    return result.writes.accepted


def test_a_replacement_takes_the_place_of_what_it_replaced(
    clocked_hooks: MemoryHooks, clock: ManualClock, tmp_path: Path
) -> None:
    """A weekly review (a retro lesson tagged only `retro`, kept under _global) corrects a
    run lesson tagged with the goal's tags: the correction supersedes it, carries its tags,
    and so reaches the pack and hook A's history of a goal so tagged, ahead of the other
    tagged lessons of the app; the Xbox rule it does not name stays live."""
    hooks = clocked_hooks
    run(hooks, "2026-10-05-r1", "PS5 cert pre-check", "All checks passed.", ["ps5", "trc"],
        ("PS5 cert: save data must stay under 1 GB per slot (TRC R4092).",))  # fmt: skip
    run(hooks, "2026-10-05-r2", "Xbox cert pre-check", "All checks passed.", ["xbox", "xr"],
        ("Xbox cert: save data must stay under 256 MB per user (XR-045).",))  # fmt: skip
    for n, rule in enumerate(
        [
            "PS5 cert: trophies must unlock while the console is offline (TRC R4034).",
            "PS5 cert: the game must resume from rest mode within 10 seconds (TRC R4112).",
            "PS5 cert: activity cards need a localized title for every shipped language.",
        ]
    ):
        run(hooks, f"2026-10-06-r{n + 3}", "PS5 cert pre-check", "Passed.", ["ps5", "trc"], (rule,))
    clock.advance(days=7)
    (tmp_path / "weekly.md").write_text(
        "# Weekly review, week 42\n\n## Lessons\n"
        "- Correction to the PS5 save-data rule: the per-slot limit is 512 MB since the "
        "September SDK.\n- Run the size-budget check before merging an art drop.\n"
        "- Book the cert slot two weeks ahead.\n"
    )
    assert hooks.post_retro_distill(retro={"path": "weekly.md", "periodic": True}).ok
    held = {m.text.split(":")[0]: m for m in hooks.store.list()}
    old, xbox, fix = (
        held["PS5 cert"],
        held["Xbox cert"],
        held["Correction to the PS5 save-data rule"],
    )
    assert fix.supersedes == (old.id,) and {"ps5", "trc"} <= set(fix.tags)
    goal = {"title": "Prepare the PS5 cert submission", "app_id": "console-cert",
            "tags": ["ps5", "trc"]}  # fmt: skip
    pack = hooks.pre_spawn_pack(goal=goal).pack
    assert pack is not None and fix.id in [e.id for e in pack.entries]
    assert old.id not in [e.id for e in pack.entries]
    synthesis = hooks.pre_goal_synthesis(queue=[{"id": "C-1", **goal}]).synthesis or ""
    assert f"[{fix.id}]" in synthesis
    xbox_goal = {"title": "Prepare the Xbox cert submission", "app_id": "console-cert",
                 "tags": ["xbox", "xr"]}  # fmt: skip
    xbox_pack = hooks.pre_spawn_pack(goal=xbox_goal).pack
    assert xbox_pack is not None and xbox.id in [e.id for e in xbox_pack.entries]


def test_a_run_record_with_a_recounted_value_leaves_packs(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """ "Builds need 4 agents" becomes "six agents": the success record written before the
    change that says "built on 4 agents" no longer reaches a pack; one written after it, on
    six agents, may."""
    hooks = clocked_hooks
    tags = ["ps5", "agents"]
    [before, _] = run(hooks, "2026-10-05-r1", "Full PS5 build of 1.1",
                      "PS5 package built on 4 agents in 52 minutes.", tags,
                      ("Full PS5 builds need 4 agents with 64 GB RAM each.",))  # fmt: skip
    clock.advance(days=5)
    run(hooks, "2026-10-10-r2", "Upgrade the farm to engine 5.4", "Engine 5.4 on all agents.",
        tags, ("Full PS5 builds now need six agents with 64 GB RAM each since engine 5.4.",))  # fmt: skip
    clock.advance(days=1)
    goal = {"title": "Full PS5 build of 1.2", "app_id": "console-cert", "tags": tags}
    pack = hooks.pre_spawn_pack(goal=goal).pack
    assert pack is not None and pack.entries
    assert before not in [e.id for e in pack.entries]
    assert not any("need 4 agents" in e.text for e in pack.entries)


def test_a_cause_seen_twice_is_named_though_its_fix_repeats_the_goal(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """Two failures whose check said one error phrase make a pattern, even when the run that
    fixed the first repeats its goal's words (a success's goal and its record's frame,
    "ended in success", are no account of the cause)."""
    hooks = clocked_hooks
    detail = "signature mismatch on {} events: webhook body re-serialised before the HMAC check"
    goal = "Move webhook handling to the new worker pool"
    run(hooks, "2026-10-05-r1", goal, "Handlers moved; end-to-end test failed.", ["webhooks"],
        failed=detail.format(14))  # fmt: skip
    run(hooks, "2026-10-05-r2", goal, "HMAC checked on the raw body.", ["webhooks"])
    clock.advance(days=3)
    run(hooks, "2026-10-08-r3", "Add webhooks for partial captures to the new worker pool",
        "New events wired; the end-to-end test failed.", ["webhooks"], failed=detail.format(3))  # fmt: skip
    clock.advance(days=1)
    result = hooks.judgment_harvest(window={})
    assert result.ok
    texts = [hooks.store.get(i).text for i in result.writes.accepted]
    assert any("re-serialised before the HMAC check" in t for t in texts), texts
