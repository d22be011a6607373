"""Per-hook write contracts: what each hook may write is data the runtime enforces.

For every plugin and reasoner alike: the types a hook may write (D never principle or
episodic, E never principle; principles only from the backfill or `agentmem add`), their
confidence ranges, how many drafts one fire may write, the fields a draft must carry, and
no junk in place of a statement. The model's mistakes are replayed from a real small
model's recorded replies (tests/replay.py); the rest of each path is real.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agentmem import Contribution, MemoryHooks, hookimpl
from agentmem.audit import ledger
from agentmem.contracts import CONTRACTS, junk
from agentmem.core.model import HookName
from tests.chat_double import ChatServerDouble, call, openai_settings, say
from tests.conftest import HooksFactory
from tests.replay import hook_of, recorded

LESSON = "The vendor invoice API rejects requests without the X-Trace header."
RUN = {"run_id": "2026-11-28-r1", "goal": "Fix the export", "outcome": "success"}
CONTEXT: dict[str, dict[str, Any]] = {
    "post_run_classify": {"run": RUN},
    "post_retro_distill": {"retro": {"path": "retro.md"}},
    "judgment_harvest": {"window": {}},
}


def reasons(result: Any) -> list[str]:
    return [p["reason"] for r in result.writes.rejected for p in r.problems]


def ledger_rejections(hooks: MemoryHooks) -> list[dict[str, Any]]:
    fires = [e for e in ledger.read(hooks.settings.log_path) if e.get("event") == "hook_run"]
    return list(fires[-1]["writes"]["rejected"])


def test_hook_d_never_writes_a_principle_or_an_episode(make_hooks: HooksFactory) -> None:
    """Issue 18.1 as scripted: hook D's principle at confidence 1.0 and its episodic draft
    are refused by D's contract with the reason; its valid lesson is written; the refusals
    are in the result and in the ledger line."""
    principle = {"text": "Never push to main on a red build.", "type": "principle"}
    episode = {"text": "Run 2026-11-28-r1 ended in success.", "type": "episodic"}
    lesson = {"text": LESSON, "type": "semantic", "confidence": 0.8}
    double = ChatServerDouble(
        [
            say(
                "",
                *(
                    call("propose_memory", {**d, "source": "retro.md", "run_id": RUN["run_id"]})
                    for d in (principle, episode, lesson)
                ),
            ),
            say("done"),
        ]
    )
    with double.running():
        hooks = make_hooks(**openai_settings(double.url))
        result = hooks.post_retro_distill(retro={"path": "retro.md"})
    assert result.ok and len(result.writes.accepted) == 1
    assert hooks.store.get(result.writes.accepted[0]).text == LESSON
    [refused_principle, refused_episode] = reasons(result)
    assert "post_retro_distill may not write 'principle'" in refused_principle
    assert "backfill" in refused_principle
    assert "post_retro_distill may not write 'episodic'" in refused_episode
    assert [r["problems"][0]["field"] for r in ledger_rejections(hooks)] == ["type", "type"]
    answers = [json.loads(m["content"]) for m in double.tool_results()]
    assert [a["status"] for a in answers] == ["refused", "refused", "proposed"]


@pytest.mark.parametrize(
    ("row", "why"),
    [
        (
            92,
            "judgment_harvest may not write 'principle'",
        ),  # E: a principle copied from E's playbook
        (92, "copies the playbook"),
        (173, "judgment_harvest may not write 'principle'"),
        (204, "HTML entities"),  # E: playbook prose with `&#34;` in it
        (93, "HTML entities"),  # E: raw newlines in the arguments, entities in the text
        (211, "HTML entities"),  # E: the same, eight turns on (`&amp;amp;amp;#39;`)
        (90, "a type and its confidence range"),  # D: the text `reflective (0.7–0.95)`
        (143, "a type and its confidence range"),  # D: `reflective 0.7–0.95`
        (145, "too short to be a statement"),  # E: the text `episode`
        (68, "post_retro_distill may not write 'principle'"),  # D: the text `reflective`
        (202, "copies the playbook"),  # D: `reflective: a pattern seen across runs.`
        (117, "an assessment must cite"),  # E: an assessment citing nothing
    ],
)
def test_recorded_junk_drafts_are_refused_with_a_reason(
    make_hooks: HooksFactory, row: int, why: str
) -> None:
    """What the real model proposed (replayed verbatim) is refused, each with a reason,
    and nothing of it is written."""
    hook = hook_of(row)
    double = ChatServerDouble([recorded(row), say("done")])
    with double.running():
        hooks = make_hooks(**openai_settings(double.url))
        result = hooks.fire(hook, **CONTEXT[hook])
    assert result.writes.attempted >= 1 and result.writes.accepted == []
    assert any(why in r for r in reasons(result)), reasons(result)
    assert hooks.store.list() == []


def test_a_recorded_good_lesson_passes(make_hooks: HooksFactory) -> None:
    """The same model's one real lesson (hook C, row 88 of the recording) is written beside
    agentmem's record of the run: the contracts refuse junk, not what a small model gets
    right."""
    double = ChatServerDouble([recorded(88), say("done")])
    with double.running():
        hooks = make_hooks(**openai_settings(double.url))
        result = hooks.post_run_classify(run={**RUN, "run_id": "2026-11-29-run-7"})
    kinds = sorted(hooks.store.get(i).type.value for i in result.writes.accepted)
    assert kinds == ["episodic", "semantic"], reasons(result)


def plugin_hooks(make_hooks: HooksFactory, hook: str, drafts: list[dict[str, Any]]) -> MemoryHooks:
    """Hooks with only a host plugin at `hook`, returning these drafts."""

    class Host:
        pass

    def impl(**_: Any) -> Contribution:
        return Contribution(drafts=[dict(d) for d in drafts])

    impl.__name__ = hook
    setattr(Host, hook, staticmethod(hookimpl(specname=hook)(impl)))
    hooks = make_hooks(defaults=False)
    hooks.register(Host())
    return hooks


def lessons(n: int) -> list[dict[str, Any]]:
    return [
        {
            "text": f"Lesson {i}: the staging database needs {i} retries.",
            "type": "semantic",
            "confidence": 0.8,
            "source": "retro.md",
        }
        for i in range(n)
    ]


def test_how_many_per_fire_binds_host_plugins_too(make_hooks: HooksFactory, tmp_path: Path) -> None:
    """A host plugin on hook D proposing 4 lessons: the retro of one run writes 3 and the
    4th is refused as over the limit; a periodic retro may write all 4 (up to 8). Hook C
    writes one episodic record per fire."""
    (tmp_path / "retro.md").write_text("# Retro\n")
    hooks = plugin_hooks(make_hooks, "post_retro_distill", lessons(4))
    per_run = hooks.post_retro_distill(retro={"path": "retro.md", "run_id": "2026-11-28-r1"})
    assert len(per_run.writes.accepted) == 3
    assert reasons(per_run) == ["post_retro_distill writes at most 3 drafts per fire"]
    again = plugin_hooks(make_hooks, "post_retro_distill", lessons(4)[::-1])
    periodic = again.post_retro_distill(retro={"path": "retro.md", "periodic": True})
    assert len(periodic.writes.accepted) + len(periodic.writes.duplicates) == 4
    episode = {
        "text": "Run 2026-11-28-r1: export fixed.",
        "type": "episodic",
        "run_id": "2026-11-28-r1",
        "outcome": "success",
    }
    twice = plugin_hooks(
        make_hooks,
        "post_run_classify",
        [episode, {**episode, "text": "Run 2026-11-28-r1: the export was fixed again."}],
    )
    result = twice.post_run_classify(run=RUN)
    assert reasons(result) == ["post_run_classify writes at most 1 episodic per fire"]


def test_required_fields_are_named(make_hooks: HooksFactory, tmp_path: Path) -> None:
    """A contract names the fields a draft must carry: hook D's lesson its source, hook C's
    episode its outcome, hook E's assessment its cites."""
    (tmp_path / "retro.md").write_text("# Retro\n")
    d = plugin_hooks(make_hooks, "post_retro_distill", [{**lessons(1)[0], "source": None}])
    assert "post_retro_distill requires source on every semantic draft" in reasons(
        d.post_retro_distill(retro={"path": "retro.md"})
    )
    episode = {
        "text": "Run 2026-11-28-r1: export fixed.",
        "type": "episodic",
        "run_id": "2026-11-28-r1",
    }
    c = plugin_hooks(make_hooks, "post_run_classify", [episode])
    assert "post_run_classify requires outcome on every episodic draft" in reasons(
        c.post_run_classify(run=RUN)
    )
    assessment = {
        "text": "Exports fail when the staging database is locked.",
        "type": "reflective",
        "confidence": 0.8,
        "kind": "assessment",
    }
    e = plugin_hooks(make_hooks, "judgment_harvest", [assessment])
    [refused] = e.judgment_harvest().writes.rejected
    assert [p["field"] for p in refused.problems] == ["cites"]


def test_principles_come_from_the_backfill_and_add(make_hooks: HooksFactory) -> None:
    """No hook contract admits a principle, and the writer still takes one from the
    principles backfill lane or an explicit executive add."""
    assert all("principle" not in {t.value for t in c.types} for c in CONTRACTS.values())
    harvester = make_hooks().harvester
    for trigger in ("backfill", "manual"):
        draft = {"text": f"Never push to main on a red build ({trigger}).", "type": "principle"}
        assert harvester.submit(draft, trigger=trigger).status == "accepted"


@pytest.mark.parametrize(
    "text",
    [
        "Run 2026-11-28-r1: Fix the export ended in success. Verifiers: tests passed.",
        "Recurring pattern in billing-api: the tests verifier fails.",
        "Observed in billing-api: 3 episodes from 2 runs between 2026-11-01 and 2026-11-03 "
        "were tagged fail-tests (runs: a, b).",
        "Pin numpy below 2.",
        "Vendor Z rate-limits at 10 rps.",
        "Rotation moved to Thursdays; the on-call hand-over is at 10:00 UTC.",
    ],
)
def test_statements_the_builtin_hooks_write_are_not_junk(text: str) -> None:
    """Texts of the shape the built-in hooks and a retro's bullets give pass the junk
    checks, short ones included."""
    assert junk(text) == []


def test_every_hook_has_a_contract() -> None:
    """Each of the five hooks has one; the read hooks' admits nothing."""
    assert set(CONTRACTS) == set(HookName)
    assert not CONTRACTS[HookName.PRE_GOAL_SYNTHESIS].types
    assert not CONTRACTS[HookName.PRE_SPAWN_PACK].types
