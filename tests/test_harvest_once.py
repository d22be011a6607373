"""Hook E names the cause of a failure seen once, when its check or its run named one.

A harvest that writes only what several failures share says nothing of the failure that
happened once and named its cause ("Cropster API 401 Unauthorized: token expired"); it is
written as a reflective assessment at the floor of the range that says it was seen once,
below every pattern, superseded by the pattern it later grows into
(`agentmem.harvest.once`).
"""

from __future__ import annotations

from agentmem import Hit, Memory, MemoryHooks
from agentmem.core.model import Kind, MemoryType
from agentmem.harvest.once import names_cause
from agentmem.retrieval.places import choose
from agentmem.stores.bm25 import tokenize
from tests.test_judgment_harvest import episode, lock_timeouts, patterns, success
from tests.test_pack import memory

TOKEN = "Cropster API 401 Unauthorized: token expired (issued 2026-01-06)"


def seen_once(hooks: MemoryHooks, app_id: str = "shop") -> list[Memory]:
    return [m for m in hooks.store.list() if "once" in m.tags and m.app_id == app_id]


def test_a_check_that_names_its_cause_names_one() -> None:
    """An expired token, a full disk or a meter's drift name a cause; a bare "failed", a
    timeout, an exit code or "expected 3 got 4" do not."""
    assert names_cause(TOKEN)
    assert names_cause("No space left on device (/scratch at 100%)")
    assert names_cause("meter drift, calibration overdue")
    for bare in ("failed", "timeout", "Timed out after 600 s", "exit code 137", "expected 3 got 4"):
        assert not names_cause(bare), bare


def test_one_apps_failures_seen_once_are_one_account(hooks: MemoryHooks) -> None:
    """Two checks of one app failing once each on their own causes are told in one account
    of that app, each said once on its day; another app's failure is in its own."""
    episode(hooks, "2026-02-03-r1", "Sync", "cropster-sync", TOKEN, app_id="cupping")
    episode(
        hooks,
        "2026-02-04-r2",
        "Release",
        "release-rules",
        "batch released without a panel score",
        app_id="cupping",
    )
    episode(
        hooks,
        "2026-02-05-r3",
        "Fill",
        "line-sim",
        "hopper bridging on dark oily beans",
        app_id="pack-ship",
    )
    assert hooks.judgment_harvest(window={"since": "2026-02-01"}).ok
    [cupping] = seen_once(hooks, "cupping")
    assert "once, on 2026-02-03: cropster-sync" in cupping.text
    assert "once, on 2026-02-04: release-rules" in cupping.text and "bridging" not in cupping.text
    [line] = seen_once(hooks, "pack-ship")
    assert "hopper bridging" in line.text


def test_one_failure_naming_its_cause_is_written_as_seen_once(hooks: MemoryHooks) -> None:
    """One sync failing once on an expired token, fixed by the next run: no pattern, but an
    assessment that says it was seen once, on its day, quotes the check and the fix, cites
    the record and sits at the floor of the reflective range."""
    record = episode(
        hooks,
        "2026-02-07-r12",
        "Sync the cupping sessions",
        failed="cropster-sync",
        detail=TOKEN,
        summary="Sync job stopped at the first API call; the stored token had expired.",
        app_id="cupping-release",
    )
    success(
        hooks,
        "2026-02-08-r13",
        "Renew the Cropster token",
        "New token stored in the vault; the sync warns 5 days before expiry.",
        app_id="cupping-release",
    )
    assert hooks.judgment_harvest(window={"since": "2026-02-01"}).ok
    assert patterns(hooks, "cupping-release") == []
    [once] = seen_once(hooks, "cupping-release")
    assert once.text.startswith("Failures seen once in cupping-release")
    assert "once, on 2026-02-07: cropster-sync failed with" in once.text
    assert "token expired" in once.text and "New token stored in the vault" in once.text
    assert list(once.cites) == [record] and once.kind.value == "assessment"
    assert once.confidence == 0.7 and once.tags == ("once",)


def test_a_bare_failure_is_not_written(hooks: MemoryHooks) -> None:
    """A check that only said it timed out, in a run that said no more, names no cause."""
    episode(hooks, "2026-02-07-r12", "Sync the sessions", failed="sync", detail="timeout")
    assert hooks.judgment_harvest(window={"since": "2026-02-01"}).ok
    assert seen_once(hooks) == []


def test_a_failure_in_a_pattern_is_told_by_the_pattern_alone(hooks: MemoryHooks) -> None:
    """Three lock timeouts are a pattern: none of them is also written as seen once, and
    the pattern stays above the floor a failure seen once sits at."""
    lock_timeouts(hooks)
    assert hooks.judgment_harvest().ok
    [pattern] = patterns(hooks)
    assert seen_once(hooks) == [] and pattern.confidence > 0.7


def test_a_failure_seen_once_is_superseded_by_the_pattern_it_grows_into(
    hooks: MemoryHooks,
) -> None:
    """A lock timeout seen once, then twice more: the next harvest writes the pattern of
    three runs, which supersedes the account of the first."""
    lock_timeouts(hooks, days=(14,))
    assert hooks.judgment_harvest(window={"since": "2026-03-01"}).ok
    [once] = seen_once(hooks)
    lock_timeouts(hooks, days=(21, 28))
    assert hooks.judgment_harvest(window={"since": "2026-03-15"}).ok
    [pattern] = patterns(hooks)
    assert once.id in pattern.supersedes


def test_a_failure_a_later_success_contradicts_is_not_written(hooks: MemoryHooks) -> None:
    """A later success of the app, not the one right after the failure, whose account says
    the failure's cause words (the cause was there, and the check passed): not its cause."""
    episode(
        hooks,
        "2026-02-07-r12",
        "Import the roasts",
        failed="roast-import",
        detail="NAS share roast/w15 unreachable: mount stale",
        summary="Import stopped: the NAS share was unreachable.",
    )
    success(hooks, "2026-02-08-r13", "Show DTR", "DTR shown next to total time.")
    success(
        hooks,
        "2026-02-09-r14",
        "Import again",
        "Imported 40 roasts; NAS share mount stale, no harm.",
    )
    assert hooks.judgment_harvest(window={"since": "2026-02-01"}).ok
    assert seen_once(hooks) == []


def test_an_account_of_failures_seen_once_takes_no_place_in_a_pack() -> None:
    """The pack's lessons and patterns leave out hook E's account of failures seen once,
    however well it scores: it restates run records, and the lessons keep their places."""
    goal = set(tokenize("Renew the Cropster token"))
    text = "Failures seen once in cupping: once, on 2026-02-03: Cropster token expired"
    once = memory(9, MemoryType.REFLECTIVE, 0.7, text, tags=["once"])
    once = once.model_copy(update={"kind": Kind.ASSESSMENT})
    told = Hit(memory=once, score=20.0)
    lesson = Hit(
        memory=memory(1, MemoryType.SEMANTIC, 0.8, "The Cropster token lives in the vault."),
        score=10.0,
    )
    picked = [h.memory.id for h in choose([told, lesson], [], goal)]
    assert picked == [lesson.memory.id]


IBAN = "IBAN checksum failed for 3 beneficiaries: spaces not stripped from imported IBANs"


def passed(hooks: MemoryHooks, run_id: str, summary: str, lessons: tuple[str, ...] = ()) -> None:
    """A successful run of the payouts app, with the lessons its worker wrote."""
    run = {
        "run_id": run_id,
        "goal": "Submit the payout batch",
        "outcome": "success",
        "app_id": "payouts",
        "summary": summary,
        "verifiers": [{"name": "reconciliation", "passed": True}],
        "lessons": [{"text": t, "type": "semantic", "confidence": 0.8} for t in lessons],
    }
    assert hooks.post_run_classify(run=run).ok


def iban_failure(hooks: MemoryHooks) -> None:
    episode(
        hooks,
        "2026-09-09-run-011",
        "Import the supplier beneficiaries",
        failed="reconciliation",
        detail=IBAN,
        summary="Import done; the reconciliation check failed.",
        app_id="payouts",
    )


def test_the_fix_is_told_by_what_it_did_of_the_failure(hooks: MemoryHooks) -> None:
    """The next run's summary is told by its sentences that speak of what failed
    ("Stripped spaces from IBANs"), not by the rest of what it did: a cut-off time the run
    met in passing is replaced later, under an account read long after."""
    iban_failure(hooks)
    passed(
        hooks,
        "2026-09-10-run-013",
        "Stripped spaces from IBANs; batch submitted at 15:05 CET, before the 15:30 cutoff.",
    )
    assert hooks.judgment_harvest(window={"since": "2026-09-01"}).ok
    [once] = seen_once(hooks, "payouts")
    assert "The next run passed (2026-09-10-run-013): Stripped spaces from IBANs." in once.text
    assert "15:30" not in once.text and "15:05" not in once.text


def test_a_next_run_that_says_nothing_of_the_failure_is_not_quoted(hooks: MemoryHooks) -> None:
    """The next successful run of the app did other work (its summary shares no word with
    the failure's check or run): it passed, and that is all the account says of it."""
    iban_failure(hooks)
    passed(hooks, "2026-09-10-run-013", "Batch of 87 ACH payouts settled at 16:30 ET.")
    assert hooks.judgment_harvest(window={"since": "2026-09-01"}).ok
    [once] = seen_once(hooks, "payouts")
    assert once.text.endswith("The next run passed (2026-09-10-run-013).")
    assert "16:30" not in once.text and "ACH" not in once.text


def test_a_fix_its_run_wrote_as_a_lesson_is_left_to_the_lesson(hooks: MemoryHooks) -> None:
    """The fix's run wrote what it did as a lesson ("slowed to 650 rpm"): the account says
    so and does not restate it, so when the lesson is replaced or taken back, no account of
    hook E goes on saying the old setting."""
    iban_failure(hooks)
    passed(
        hooks,
        "2026-09-10-run-013",
        "Stripped spaces from IBANs with iban-clean 2.1; batch settled.",
        lessons=("Strip spaces from imported IBANs with iban-clean 2.1 before the import.",),
    )
    assert hooks.judgment_harvest(window={"since": "2026-09-01"}).ok
    [once] = seen_once(hooks, "payouts")
    assert "The next run passed (2026-09-10-run-013) and wrote its fix as a lesson." in once.text
    assert "iban-clean" not in once.text and IBAN in once.text


def test_a_lesson_of_something_else_does_not_stand_for_the_fix(hooks: MemoryHooks) -> None:
    """The next run's lesson is of other work (no word of the failure): the account still
    tells the fix from the run's summary, and does not say a lesson holds it."""
    iban_failure(hooks)
    passed(
        hooks,
        "2026-09-10-run-013",
        "Stripped spaces from IBANs; the ACH batch went out at 16:30 ET.",
        lessons=("US ACH payout batches must reach the bank before 16:45 ET.",),
    )
    assert hooks.judgment_harvest(window={"since": "2026-09-01"}).ok
    [once] = seen_once(hooks, "payouts")
    assert "The next run passed (2026-09-10-run-013): Stripped spaces from IBANs." in once.text
    assert "as a lesson" not in once.text and "16:45" not in once.text
