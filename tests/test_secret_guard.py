"""Issue 14, items 7 and 8: one secret guard on every write path, covering the shapes it
missed, and redaction that covers the whole secret.

Each test here failed on main before the fix (8e6aa4d)."""

from __future__ import annotations

import base64
import json
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from structlog.testing import capture_logs

from agentmem import MemoryHooks
from agentmem._exceptions import AgentMemError
from agentmem.cli import main
from agentmem.core.secrets import find_secrets, redact
from agentmem.settings import settings_from_values
from agentmem.tiers import DailyLog, HotState, StateFiles
from agentmem.tiers.maintain import Maintenance
from tests.conftest import ALL_ON, semantic

PEM_BODY = ["MIIEowIBAAKCAQEAq7BFUpkGp3+LQmlQZ2B0q1f0", "Yv7Jh8Sd1kWcE0Lw9xZr3Tn6Vb5Mp2Qs4Ha8Uc"]
PEM = "-----BEGIN RSA PRIVATE KEY-----\n" + "\n".join(PEM_BODY) + "\n-----END RSA PRIVATE KEY-----"
OPENAI = "sk-proj-" + "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z"
# The shapes the guard missed on main, each with the text that must never be stored.
MISSED: dict[str, tuple[str, str]] = {
    "PGP private key block": (
        "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBGV0dGVzdAEIAKo3Zq\n"
        "-----END PGP PRIVATE KEY BLOCK-----",
        "lQOYBGV0dGVzdAEIAKo3Zq",
    ),
    "DB_PASSWORD=": ("Staging uses DB_PASSWORD=hunter2", "hunter2"),
    "aws_secret_access_key": (
        "aws_secret_access_key = wJalrXUtnFEMI/K7MDENGbPxRfiCY",
        "wJalrXUtnFEMI/K7MDENGbPxRfiCY",
    ),
    "client_secret:": ("oauth:\n  client_secret: Zx9yW8vU7tQ", "Zx9yW8vU7tQ"),
    "base64-wrapped key": (
        "config blob " + base64.b64encode(f"api={OPENAI}".encode()).decode(),
        base64.b64encode(f"api={OPENAI}".encode()).decode(),
    ),
    "key split across two lines": (f"key {OPENAI[:18]}\n{OPENAI[18:]} done", OPENAI[18:]),
    "key with a zero-width space": (f"key {OPENAI[:15]}\u200b{OPENAI[15:]}", OPENAI[15:]),
}


@pytest.fixture
def tier_root(tmp_path: Path) -> Path:
    root = tmp_path / "memory"
    root.mkdir()
    return root


def nothing_holds(root: Path, secret: str) -> None:
    for path in root.rglob("*"):
        if path.is_file():
            assert secret not in path.read_text("utf-8", errors="replace"), path


@pytest.mark.parametrize("shape", sorted(MISSED))
def test_the_guard_sees_the_shapes_it_missed(hooks: MemoryHooks, root: Path, shape: str) -> None:
    """Each shape passed the guard and was stored (and then logged, packed, snapshotted).
    Now the writer refuses it on `text`, and the refusal shows no part of it."""
    text, secret = MISSED[shape]
    assert find_secrets(text), shape
    outcome = hooks.harvester.submit(semantic(text), trigger="manual")
    assert outcome.status == "rejected"
    assert any(p.field == "text" and "secret" in p.reason for p in outcome.problems)
    assert secret not in json.dumps(outcome.record)
    nothing_holds(root, secret)


def cli(tmp_path: Path, *args: str) -> Any:
    values = {"AGENTMEM_USER_ID": "tester", **ALL_ON}
    root = str(tmp_path / "memory")
    return CliRunner().invoke(main, ["--root", root, *args], env=values)


SECRET = "DB_PASSWORD=hunter2xyz"


def write_hot(root: Path, tmp_path: Path) -> None:
    HotState(root).set("db", SECRET)


def write_hot_by_key(root: Path, tmp_path: Path) -> None:
    HotState(root).set("DB_PASSWORD", "hunter2xyz")


def write_state(root: Path, tmp_path: Path) -> None:
    state = StateFiles(root)
    state.define("deploys", {"type": "object"})
    state.write("deploys", {"note": SECRET})


def write_state_update(root: Path, tmp_path: Path) -> None:
    state = StateFiles(root)
    state.define("deploys", {"type": "object"})
    state.update("deploys", {"db": {"DB_PASSWORD": "hunter2xyz"}})


def write_daily(root: Path, tmp_path: Path) -> None:
    DailyLog(root).append(f"deployed with {OPENAI[:18]}\n{OPENAI[18:]}")


def write_memory_md(root: Path, tmp_path: Path) -> None:
    """Notes written by hand (not through DailyLog) repeating a lesson that holds a key."""
    settings = settings_from_values({"AGENTMEM_ROOT": str(root)}, base_dir=tmp_path)
    today = date(2026, 11, 29)
    (root / "daily").mkdir(exist_ok=True)
    for back in (0, 1):
        day = today - timedelta(days=back)
        (root / "daily" / f"{day}.md").write_text(f"- 10:00:00Z lesson: use {SECRET}\n")
    Maintenance(settings, today=today).apply(force=True)
    for back in (0, 1):  # the hand-written notes themselves are not agentmem's to remove
        (root / "daily" / f"{today - timedelta(days=back)}.md").unlink()


def cli_hot_set(root: Path, tmp_path: Path) -> None:
    result = cli(tmp_path, "hot", "set", "db", json.dumps(SECRET))
    assert result.exit_code != 0, result.output


def cli_state_set(root: Path, tmp_path: Path) -> None:
    assert cli(tmp_path, "state", "define", "deploys", '{"type": "object"}').exit_code == 0
    result = cli(tmp_path, "state", "set", "deploys", json.dumps({"note": SECRET}))
    assert result.exit_code != 0, result.output


WRITE_PATHS = {  # the path, and whether it refuses by raising (else it leaves the secret out)
    "hot set": (write_hot, True),
    "hot set (secret-named key)": (write_hot_by_key, True),
    "state write": (write_state, True),
    "state update": (write_state_update, True),
    "daily note (key split across lines)": (write_daily, True),
    "MEMORY.md via maintain": (write_memory_md, False),
    "agentmem hot set": (cli_hot_set, False),
    "agentmem state set": (cli_state_set, False),
}


@pytest.mark.parametrize("path", sorted(WRITE_PATHS))
def test_every_write_path_goes_through_the_guard(tmp_path: Path, path: str) -> None:
    """`agentmem hot set` and `agentmem state set` had no guard at all (and hot.json is
    loaded into every main session); MEMORY.md took a hand-written note's lesson as it
    was; the daily log missed a key split across lines. Now each refuses (or leaves out)
    the secret, and no file under the root holds it."""
    root = tmp_path / "memory"
    root.mkdir()
    write, raises = WRITE_PATHS[path]
    if raises:
        with pytest.raises(AgentMemError, match="secret"):
            write(root, tmp_path)
    else:
        write(root, tmp_path)
    nothing_holds(root, "hunter2xyz")
    nothing_holds(root, OPENAI[18:])


# -- item 8: redaction covers the whole secret ------------------------------------------------


def test_redaction_covers_the_whole_pem_block() -> None:
    """Only the BEGIN line was redacted; the key's body stayed in the text."""
    text = f"before\n{PEM}\nafter"
    clean = redact(text)
    assert clean.startswith("before\n") and clean.endswith("\nafter")
    assert not any(line in clean for line in PEM_BODY)
    assert "END RSA PRIVATE KEY" not in clean


def test_a_refused_pem_key_reaches_no_log_line(hooks: MemoryHooks, root: Path) -> None:
    """Hook C with a PEM key in the run's summary: the draft is refused, and the key's body
    reaches neither the structlog events, the ledger line nor the result."""
    run = {"run_id": "2026-11-29-r1", "goal": "g", "outcome": "success", "summary": PEM}
    with capture_logs() as events:
        result = hooks.post_run_classify(run=run)
    assert result.writes.rejected and not result.writes.accepted
    outputs = {
        "events": json.dumps(events, default=str),
        "ledger": (root / ".agentmem" / "log.jsonl").read_text(encoding="utf-8"),
        "result": json.dumps(result.as_dict()),
    }
    for where, text in outputs.items():
        assert not any(line in text for line in PEM_BODY), where


def test_backfill_json_never_prints_a_rejected_secret(tmp_path: Path) -> None:
    """`backfill --json` printed a rejected item's text in full, key included."""
    notes = tmp_path / "capabilities.md"
    notes.write_text(
        f"- The deploy key id is AKIAIOSFODNN7EXAMPLE.\n- Staging uses {SECRET}.\n",
        encoding="utf-8",
    )
    for args in (["--json"], []):
        result = cli(tmp_path, *args, "backfill", str(notes), "--lane", "capabilities")
        assert result.exit_code == 1  # both refused
        assert "AKIAIOSFODNN7EXAMPLE" not in result.output
        assert "hunter2xyz" not in result.output
    report = json.loads(
        cli(tmp_path, "--json", "backfill", str(notes), "--lane", "capabilities").stdout
    )
    assert len(report["rejected"]) == 2 and all(
        "[redacted" in r["text"] for r in report["rejected"]
    )


def test_structlog_console_redacts_the_whole_block() -> None:
    """The CLI's structlog processor (and any host using `scrub_secrets`) redacts the block."""
    from agentmem.logs import scrub_secrets

    event = scrub_secrets()(None, "info", {"event": "x", "detail": f"{PEM}\nnext"})
    assert not any(line in event["detail"] for line in PEM_BODY)
    assert event["detail"].endswith("\nnext")


def test_no_false_positive_on_a_whole_hook_c_fire(hooks: MemoryHooks) -> None:
    """Ordinary runs still write: ids, shas, uuids and token counts are not secrets."""
    summary = (
        "commit 9fb4b21c0e7d2c3f in run 2026-11-29-r12; trace 3f2b9c1e-8d4a-4e2b-9c1f-0a1b2c3d4e5f;"
        " max_tokens: 4000"
    )
    run = {"run_id": "2026-11-29-r1", "goal": "g", "outcome": "success", "summary": summary}
    result = hooks.post_run_classify(run=run)
    assert result.ok and result.writes.accepted
