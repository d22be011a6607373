"""Retractions told in plain words, and lessons whose evidence cites other runs.

A worker rarely writes "Retracted:"; it writes "the longer timeout was a red herring: …"
in a later run's lesson, citing the runs it looked at as evidence.
"""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.core.restate import retracted, retraction

WRONG = "Slow export specs need more time: set the worker job timeout to 900 s in jobs.yaml."
RIGHT = "Export specs share one database: run them serially with --workers 1."


def run(hooks: MemoryHooks, run_id: str, lesson: str, evidence: list[str]) -> list[str]:
    result = hooks.post_run_classify(
        run={
            "run_id": run_id,
            "goal": "Stabilise the export specs",
            "outcome": "success",
            "app_id": "reports",
            "verifiers": [{"name": "specs", "passed": True}],
            "lessons": [{"text": lesson, "type": "procedural", "evidence": evidence}],
        }
    )
    assert result.ok
    return [i for i in result.writes.accepted if not i.startswith("episodic")]


def test_a_lesson_that_calls_an_earlier_one_a_red_herring_supersedes_it(
    hooks: MemoryHooks,
) -> None:
    """A later lesson opening "The longer job timeout was a red herring: …" withdraws the
    lesson that prescribed it (which leaves packs), not the one agreeing with its reason;
    its evidence names earlier runs, not this run's verifiers, so it is still written."""
    [wrong] = run(hooks, "2026-04-01-r1", WRONG, ["specs"])
    [right] = run(hooks, "2026-04-02-r2", RIGHT, ["specs"])
    said = (
        "The longer worker job timeout was a red herring: it only let the specs wait longer "
        "for the shared database. Keep the default timeout and run the specs serially."
    )
    [retraction_id] = run(hooks, "2026-04-09-r3", said, ["2026-04-01-r1", "2026-04-05-r2"])
    assert hooks.store.get(retraction_id, touch=False).supersedes == (wrong,)
    assert right not in hooks.store.get(retraction_id, touch=False).supersedes
    pack = hooks.pre_spawn_pack(goal={"title": "Export specs time out", "app_id": "reports"})
    assert pack.ok and all("900 s" not in e.text for e in pack.pack.entries)


def test_plain_word_retractions_name_the_claim_they_judge() -> None:
    """ "X was a red herring", "X turned out to be no help", "X is not the cause" judge X;
    a sentence that says something was wrong for a while, or any other lesson, retracts
    nothing held."""
    held = [("a", WRONG), ("b", RIGHT)]
    assert retraction("Raising the job timeout turned out to be no help; run serially.") == (
        "Raising the job timeout",
        "run serially.",
    )
    assert retracted("The worker job timeout is not the cause: the database is.", held) == "a"
    assert retracted("The export was wrong for three hours after the deploy.", held) is None
    assert retracted("Set the job timeout to 600 s.", held) is None


def test_a_lesson_citing_other_runs_stands_on_this_run(hooks: MemoryHooks) -> None:
    """Evidence that names no verifier of this run (other runs' ids) is a citation: the
    lesson stands on this run, kept when it succeeded with every check passing."""
    assert run(hooks, "2026-04-03-r4", RIGHT, ["2026-04-01-r1"])


def test_a_setbacks_lesson_is_kept_unless_it_guesses(hooks: MemoryHooks) -> None:
    """A failed run's lesson saying what the failure showed is kept ("reversing with a cart
    needs the cart in the footprint"); one that guesses ("maybe", "probably", "?") is not:
    a guess read back as a lesson feeds on itself."""
    lessons = [
        {"text": "Export specs fail when two share the database: run them serially."},
        {"text": "Maybe the cache is cold after deploys; probably needs a warm-up?"},
    ]
    failed = hooks.post_run_classify(
        run={
            "run_id": "2026-04-04-r5",
            "goal": "Stabilise the export specs",
            "outcome": "failure",
            "app_id": "reports",
            "verifiers": [{"name": "specs", "passed": False, "detail": "2 failed"}],
            "lessons": [{**lesson, "evidence": ["specs"]} for lesson in lessons],
        }
    )
    kept = [hooks.store.get(i, touch=False).text for i in failed.writes.accepted]
    assert failed.ok and lessons[0]["text"] in kept and len(kept) == 2
