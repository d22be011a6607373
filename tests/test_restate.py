"""Restatement and replacement (agentmem.core.restate, through the one writer): a lesson
said again in other words is a duplicate of the held one; a new value for the same subject,
or a retraction, supersedes it; different numbers or components are never merged."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from agentmem import MemoryHooks
from agentmem.cli import main
from agentmem.core.restate import replaces, restates, retracted
from tests.conftest import semantic


def write(hooks: MemoryHooks, text: str, app_id: str = "shop") -> tuple[str, str | None]:
    outcome = hooks.harvester.submit(semantic(text, app_id=app_id), trigger="manual")
    return outcome.status, outcome.memory_id


def test_a_lesson_restated_in_other_words_is_a_duplicate_of_the_held_one(
    hooks: MemoryHooks,
) -> None:
    """Said again with other function words and word order, a lesson is reported as a
    duplicate with the held memory's id, and no file is added."""
    _, held = write(hooks, "Contract tests must replay the recorded TaxCloud cassettes.")
    status, memory_id = write(
        hooks, "The recorded TaxCloud cassettes must be replayed by contract tests."
    )
    assert (status, memory_id) == ("duplicate", held)
    assert len(hooks.store.list()) == 1


def test_different_numbers_are_never_a_restatement() -> None:
    """The same words with another number, time or version are not the same lesson."""
    for old, new in [
        ("Retry the vendor call 3 times on 503.", "Retry the vendor call 5 times on 503."),
        ("The nightly job starts at 06:00 UTC.", "The nightly job starts at 06:30 UTC."),
        ("Admin UI is on React Query v4.", "Admin UI is on React Query v5."),
    ]:
        assert not restates(new, old) and not restates(old, new)


def test_different_components_are_never_merged(hooks: MemoryHooks) -> None:
    """The same sentence about another component (another identifier, another table) is a
    lesson of its own: both are written and neither supersedes the other."""
    pairs = [
        ("The orders-api client sends an Idempotency-Key on every POST.",
         "The payments-api client sends an Idempotency-Key on every POST."),
        ("Migrations on the orders table need the reconciler paused.",
         "Migrations on the customers table need the reconciler paused."),
        ("PaymentClient retries twice with backoff.", "RefundClient retries twice with backoff."),
    ]  # fmt: skip
    for first, second in pairs:
        assert write(hooks, first)[0] == "accepted"
        assert write(hooks, second)[0] == "accepted"
    assert all(not m.supersedes for m in hooks.store.list())


def test_a_new_value_for_the_same_subject_supersedes_the_old_one(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """ "Rotates on Mondays" then "now rotates on Thursdays": the new lesson supersedes the
    old, which stays in the files (shown by `agentmem get`) but leaves packs and synthesis."""
    _, old = write(
        hooks, "Staging DB credentials rotate every Monday at 06:00 UTC; jobs read them from Vault."
    )
    _, new = write(
        hooks,
        "Staging DB credentials now rotate every Thursday at 06:00 UTC; jobs read them from Vault.",
    )
    assert old and new and hooks.store.get(new).supersedes == (old,)
    goal = {"title": "Nightly staging job credentials", "app_id": "shop"}
    pack = hooks.pre_spawn_pack(goal=goal)
    assert pack.pack is not None and [e.id for e in pack.pack.entries] == [new]
    synthesis = hooks.pre_goal_synthesis(queue=[{"id": "b1", **goal}]).synthesis or ""
    assert new in synthesis and old not in synthesis.replace(f"replaces [{old}]", "")
    shown = CliRunner().invoke(
        main, ["--root", str(hooks.settings.root), "--json", "get", old],
        env={"AGENTMEM_USER_ID": "tester"},
    )  # fmt: skip
    assert shown.exit_code == 0 and "Monday" in json.loads(shown.output)["text"]


def test_a_retraction_supersedes_the_lesson_it_withdraws(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """A retro bullet "Retracted: …" supersedes the lesson stating what it denies, not the
    lesson that agrees with its reason."""
    _, wrong = write(
        hooks, "Flaky checkout specs are fixed by raising the Playwright action timeout to 60 s."
    )
    _, right = write(
        hooks, "Checkout flakiness comes from the drawer animation: wait for cart:ready."
    )
    retro = tmp_path / "retro.md"
    retro.write_text(
        "# Weekly retro\n## Lessons\n- Retracted: a longer Playwright action timeout does not"
        " fix checkout flakiness; the cause is the drawer animation, wait for cart:ready.\n"
    )
    result = hooks.post_retro_distill(retro={"path": "retro.md", "app_id": "shop"})
    [retraction] = result.writes.accepted
    assert hooks.store.get(retraction).supersedes == (wrong,)
    assert right and right not in hooks.store.get(retraction).supersedes


def test_retracted_picks_the_claim_not_the_reason() -> None:
    """Of two held lessons sharing words with a retraction, the one matching its withdrawn
    claim (beyond what it shares with the reason) is the one retracted; none when nothing
    held states the claim."""
    held = [
        ("a", "Raise NCCL_TIMEOUT to 3600 s for two-node training jobs."),
        ("b", "Multi-node jobs must set NCCL_SOCKET_IFNAME=ens5; without it NCCL uses TCP."),
    ]
    text = "Retracted: a longer NCCL timeout does not cure multi-node hangs; the fix is the socket interface (NCCL_SOCKET_IFNAME=ens5)."
    assert retracted(text, held) == "a"
    assert retracted(text, held[1:]) is None
    assert retracted("A longer timeout helps.", held) is None


def test_two_reports_of_one_change_do_not_supersede_each_other() -> None:
    """A second report of the same new state (same names and values) replaces nothing; a
    fuller statement of a held lesson replaces it."""
    first = "Since 03-09 the online feature store is the DynamoDB table features-online."
    second = "The online store is DynamoDB (features-online) now."
    assert not replaces(second, first)
    short = "Build order-table indexes CONCURRENTLY."
    full = (
        "Build order-table indexes CONCURRENTLY in a migration of their own, outside a transaction."
    )
    assert replaces(full, short) and restates(short, full)


def test_an_assessment_quoting_a_lesson_does_not_replace_it(hooks: MemoryHooks) -> None:
    """A harvest pattern (an assessment citing run records) that quotes a lesson's words is
    judged only against other assessments: the lesson stays live."""
    _, lesson = write(hooks, "Test Lab's Pixel 4a is slower than our emulators.")
    ids = [
        hooks.harvester.submit(
            {"text": f"Run {n} failed on the Pixel 4a.", "type": "episodic", "app_id": "shop",
             "run_id": f"2026-05-0{n}-r{n}"},
            trigger="manual",
        ).memory_id
        for n in (1, 2, 3)
    ]  # fmt: skip
    pattern = {
        "text": "Recurring failure in shop: tests failed in 3 runs. Example: Test Lab's Pixel 4a "
        "is slower than our emulators, so Espresso timed out.",
        "type": "reflective",
        "kind": "assessment",
        "confidence": 0.8,
        "app_id": "shop",
        "cites": ids,
    }
    written = hooks.harvester.submit(pattern, trigger="judgment_harvest")
    assert written.status == "accepted" and lesson is not None
    assert hooks.store.get(written.memory_id).supersedes == ()  # type: ignore[arg-type]


def test_the_same_subject_told_with_other_details_supersedes() -> None:
    """Same head ("The Android upload keystore") and nearly the same words, each saying
    something the other does not: the newer statement replaces the older. Another head is
    another subject and replaces nothing."""
    old = "The Android upload keystore is in the 1Password vault; the release lane reads it with the op CLI."
    new = "The Android upload keystore is in Vault at secret/android-key; the release lane reads it with vault kv get."
    assert replaces(new, old) and not restates(new, old)
    other = "The iOS signing certificate is in Vault at secret/ios-cert; the release lane reads it with vault kv get."
    assert not replaces(other, new)


def test_a_change_told_in_other_words_supersedes() -> None:
    """On one subject, a draft that says something changed ("now", "no longer",
    "retired") replaces the held statement whatever the new value is: a command replaced
    by another command, a rule said the other way round (a short one too, sharing a
    weekday more than words), a key file replaced by a service, a dependency the tests now
    bring themselves (the held text names it too, but never said it changed)."""
    for old, new in [
        (
            "Flash dev boards with `make flash BOARD=thermo-v2` over the J-Link probe.",
            "Flash dev boards with `west flash --runner probe-rs` now; the Makefile went away.",
        ),
        (
            "Deploy the API with `make deploy ENV=prod`.",
            "Use `helmfile apply -e prod` to deploy the API now.",
        ),
        (
            "Rebuild the help-center search index with `npm run reindex` after publishing "
            "articles; search serves stale results until it runs.",
            "Rebuild the help-center search index with `hc-cli index rebuild --site main` now; "
            "the npm script was removed with the CLI migration.",
        ),
        (
            "The HIL rig must be power-cycled between test runs, or the sensor bus hangs.",
            "Power-cycling the HIL rig between runs is no longer needed: the rig resets the bus.",
        ),
        (
            "Release images are signed with keys/release-signing.pem on the release laptop.",
            "Release images are now signed through the cloud KMS key fw-release-2026; the PEM "
            "file on the laptop is retired.",
        ),
        (
            "Deploys to production happen only on Tuesdays.",
            "Production deploys are no longer limited to Tuesdays; any weekday works now.",
        ),
        (
            "Integration tests need a running Redis on localhost:6379.",
            "Integration tests now start their own Redis container; no local Redis is needed.",
        ),
    ]:
        assert replaces(new, old), (old, new)


def test_a_change_word_never_makes_another_component_a_replacement() -> None:
    """Parallel statements about two services or two jobs stay two memories, even when the
    newer one says "now" and gives other numbers; two commands for two checks both hold."""
    for old, new in [
        (
            "The orders-api runs 3 replicas behind the internal load balancer.",
            "The payments-api now runs 5 replicas behind the internal load balancer.",
        ),
        ("Backups run at 02:00 UTC.", "The export job now runs at 02:00 UTC."),
        (
            "Run `make vale` before pushing docs pages.",
            "Run `make linkcheck` before pushing docs pages.",
        ),
        (
            "The orders export job runs nightly at 02:00 UTC from the reporting replica.",
            "The invoices export job now runs nightly at 03:00 UTC from the reporting replica.",
        ),
    ]:
        assert not replaces(new, old) and not replaces(old, new), (old, new)
