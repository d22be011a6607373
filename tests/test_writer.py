"""The one writer: defaults, validation, secret guard, dedup, roles, and the cohort lesson."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from agentmem import FileStore, Harvester, MemoryHooks, WriteRefused
from agentmem.settings import settings_from_values
from tests.conftest import ALL_ON, HooksFactory, semantic


def harvester(root: Path, **values: str) -> Harvester:
    settings = settings_from_values(
        {"AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(root), **values}
    )
    return Harvester(settings, FileStore(root))


def frontmatter(path: Path) -> dict[str, object]:
    return yaml.safe_load(path.read_text().split("---")[1])


def test_empty_cohort_in_env_file_stamps_no_cohort(tmp_path: Path) -> None:
    """Seed 000's bug: `AGENTMEM_COHORT=` in the env file must not put cohort "" on anything."""
    env = tmp_path / ".env.executive"
    lines = [f"{k}={v}" for k, v in ALL_ON.items()] + ["AGENTMEM_USER_ID=amy", "AGENTMEM_COHORT="]
    env.write_text("\n".join(lines) + "\n")
    hooks = MemoryHooks.from_env(env)
    result = hooks.post_run_classify(
        run={"run_id": "2026-11-29-r1", "goal": "ship", "outcome": "success"}
    )
    assert result.ok and result.writes.accepted
    for path in (tmp_path / "memory" / "entries").glob("*.md"):
        assert "cohort" not in frontmatter(path)


def test_cohort_setting_is_stamped_when_set(root: Path) -> None:
    outcome = harvester(root, AGENTMEM_COHORT="canary").submit(
        semantic("Cohorts apply."), trigger="manual"
    )
    assert outcome.status == "accepted"
    assert frontmatter(root / "entries" / f"{outcome.memory_id}.md")["cohort"] == "canary"


def test_same_draft_twice_is_one_memory(root: Path) -> None:
    """Same content in the same scope is a duplicate, even with other spacing or case."""
    writer = harvester(root)
    first = writer.submit(semantic("Vendor Z needs header W."), trigger="manual")
    second = writer.submit(semantic("  vendor z   needs header W "), trigger="manual")
    assert (first.status, second.status) == ("accepted", "duplicate")
    assert first.memory_id == second.memory_id
    assert len(list((root / "entries").glob("*.md"))) == 1


def test_carriage_returns_in_text_read_back_as_accepted(root: Path) -> None:
    """A text with "\r\n" or a lone "\r" is stored with "\n": a file is read back with
    universal newlines, so a stored "\r" came back as "\n" and the memory read back was
    not the one accepted (found by tests/test_fuzz_drafts.py)."""
    writer = harvester(root)
    outcome = writer.submit(semantic("Line one\r\nline two\rline three."), trigger="manual")
    assert outcome.status == "accepted" and outcome.memory_id is not None
    assert outcome.record["text"] == "Line one\nline two\nline three."
    stored = FileStore(root).get(outcome.memory_id, touch=False)
    assert stored.text == outcome.record["text"]
    again = writer.submit(semantic("Line one\nline two\nline three."), trigger="manual")
    assert (again.status, again.memory_id) == ("duplicate", outcome.memory_id)


def test_same_text_in_another_app_is_another_memory(root: Path) -> None:
    writer = harvester(root)
    a = writer.submit(semantic("Retry on 429.", app_id="billing-api"), trigger="manual")
    b = writer.submit(semantic("Retry on 429.", app_id="search-api"), trigger="manual")
    assert a.status == b.status == "accepted" and a.memory_id != b.memory_id


def test_defaults_fill_scope_and_envelope(root: Path) -> None:
    outcome = harvester(root, AGENTMEM_APP_ID="billing-api").submit(
        semantic("Defaults."), trigger="manual"
    )
    data = frontmatter(root / "entries" / f"{outcome.memory_id}.md")
    assert data["user_id"] == "tester" and data["agent_id"] == "executive"
    assert data["app_id"] == "billing-api" and data["schema_version"] == 1
    assert data["trigger"] == "manual" and str(data["run_id"])[:4].isdigit()


def test_worker_role_refuses_every_write(make_hooks: HooksFactory, root: Path) -> None:
    """AGENTMEM_ROLE=worker: the writer refuses, and a write hook reports it as an error."""
    with pytest.raises(WriteRefused, match="AGENTMEM_ROLE=worker"):
        harvester(root, AGENTMEM_ROLE="worker").submit(semantic("x"), trigger="manual")
    hooks = make_hooks(AGENTMEM_ROLE="worker")
    result = hooks.post_run_classify(
        run={"run_id": "2026-11-29-r1", "goal": "g", "outcome": "success"}
    )
    assert result.ok is False and result.error is not None and result.error.type == "WriteRefused"
    assert not (root / "entries").exists()


@pytest.mark.parametrize(
    "text",
    [
        "Use key sk-proj-abcdefghijklmnopqrstuvwxyz0123 for the API",
        "deploy with AKIAIOSFODNN7EXAMPLE",
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA",
        "db at postgres://admin:hunter22@db.internal:5432/app",
        "token: ghp_0123456789abcdefghijklmnopqrstuvwxyzAB",
    ],
)
def test_secret_guard_refuses_keys(root: Path, text: str) -> None:
    """Text that looks like a key or token is refused, and nothing is written."""
    outcome = harvester(root).submit(semantic(text), trigger="manual")
    assert outcome.status == "rejected"
    assert outcome.problems[0].field == "text" and "secret" in outcome.problems[0].reason
    assert not (root / "entries").exists()


def test_ordinary_hashes_are_not_secrets(root: Path) -> None:
    text = "Commit 3f2a9c1b7d4e5f60718293a4b5c6d7e8f9012345 fixed it; run id 550e8400-e29b-41d4-a716-446655440000."
    assert harvester(root).submit(semantic(text), trigger="manual").status == "accepted"


def test_missing_user_id_names_the_setting(root: Path) -> None:
    settings = settings_from_values({"AGENTMEM_ROOT": str(root)})
    outcome = Harvester(settings, FileStore(root)).submit(semantic("x y z"), trigger="manual")
    assert outcome.status == "rejected"
    assert any(p.field == "user_id" and "AGENTMEM_USER_ID" in p.reason for p in outcome.problems)


def test_assessment_must_cite_existing_observations(root: Path) -> None:
    writer = harvester(root)
    uncited = writer.submit(semantic("Things go well.", kind="assessment"), trigger="manual")
    assert uncited.status == "rejected" and uncited.problems[0].field == "cites"
    dangling = writer.submit(
        semantic("Things go well.", kind="assessment", cites=["episodic-000000000000"]),
        trigger="manual",
    )
    assert dangling.status == "rejected" and dangling.problems[0].field == "cites"
    episode = writer.submit({"text": "Run 7 passed.", "type": "episodic"}, trigger="manual")
    cited = writer.submit(
        semantic("Run 7 shows the fix works.", kind="assessment", cites=[episode.memory_id]),
        trigger="manual",
    )
    assert cited.status == "accepted"


def test_rejected_draft_changes_nothing(root: Path) -> None:
    writer = harvester(root)
    writer.submit(semantic("Keep me."), trigger="manual")
    before = {p: p.read_bytes() for p in (root / "entries").iterdir()}
    outcome = writer.submit(semantic("Bad confidence.", confidence=0.2), trigger="manual")
    assert outcome.status == "rejected"
    assert {p: p.read_bytes() for p in (root / "entries").iterdir()} == before
