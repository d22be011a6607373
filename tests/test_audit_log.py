"""The audit ledger: rotation by size, readers across rotated files, redaction, console lines."""

from __future__ import annotations

import json
import multiprocessing
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from pydantic import SecretStr
from structlog.testing import capture_logs

from agentmem import Contribution, MemoryHooks, SettingsError, hookimpl
from agentmem.audit import ledger as auditlog
from agentmem.cli import main
from agentmem.logs import ConsoleLines, hook_line
from agentmem.settings import Settings, settings_from_values
from tests.conftest import ALL_ON, HooksFactory

PLANTED = {
    "openai": "sk-proj-" + "Q7xv2LmN9pR4tY8wZ1aB3cD5eF6gH0jK",
    "github": "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8",
    "aws": "AKIA" + "QX7Z2M4N6P8R1T3V",
    "password_url": "postgres://admin:" + "hunter2secret" + "@db.internal:5432/mem",
}


def _writer(args: tuple[str, int, int]) -> None:
    path, proc, count = args
    for i in range(count):
        auditlog.append(
            Path(path), {"proc": proc, "i": i, "pad": "x" * 300}, max_bytes=20_000, keep=1000
        )


def test_rotation_keeps_a_bounded_number_of_files_and_readers_span_them(tmp_path: Path) -> None:
    """Past max_bytes the ledger rotates to .1, .2…; at most `keep` rotated files remain, the
    oldest lines go first, and `read` returns what is left oldest first across the files."""
    path = tmp_path / "log.jsonl"
    for i in range(400):
        auditlog.append(path, {"i": i, "pad": "y" * 200}, max_bytes=10_000, keep=3)
    files = auditlog.log_files(path)
    assert [f.name for f in files] == ["log.jsonl.3", "log.jsonl.2", "log.jsonl.1", "log.jsonl"]
    assert all(f.stat().st_size < 10_000 + 300 for f in files)
    seen = [e["i"] for e in auditlog.read(path)]
    assert seen == list(range(400 - len(seen), 400))  # contiguous, newest kept, in order
    assert 100 < len(seen) < 400


def test_concurrent_appends_stay_whole_lines_across_rotation(tmp_path: Path) -> None:
    """Four processes appending (and rotating) at once: every event is one whole JSON line,
    none lost or duplicated when `keep` is large enough to hold them all."""
    path = tmp_path / "log.jsonl"
    with multiprocessing.get_context("fork").Pool(4) as pool:
        pool.map(_writer, [(str(path), proc, 150) for proc in range(4)])
    files = auditlog.log_files(path)
    assert len(files) > 5  # it did rotate
    raw = [line for f in files for line in f.read_text().splitlines()]
    events = [json.loads(line) for line in raw]  # a torn line would fail here
    assert sorted((e["proc"], e["i"]) for e in events) == [
        (p, i) for p in range(4) for i in range(150)
    ]


def test_rotation_settings_are_read_and_checked() -> None:
    """AGENTMEM_LOG_MAX_BYTES / AGENTMEM_LOG_KEEP are parsed; a bad value names the variable."""
    s = settings_from_values({"AGENTMEM_LOG_MAX_BYTES": "20000", "AGENTMEM_LOG_KEEP": "2"})
    assert (s.log_max_bytes, s.log_keep) == (20_000, 2)
    with pytest.raises(SettingsError, match="AGENTMEM_LOG_MAX_BYTES='big'"):
        settings_from_values({"AGENTMEM_LOG_MAX_BYTES": "big"})
    with pytest.raises(SettingsError, match="AGENTMEM_LOG_KEEP='-1'"):
        settings_from_values({"AGENTMEM_LOG_KEEP": "-1"})


class KeyedSettings(Settings):
    """Settings as they are once backends add their keys (a reasoner key, a mem0 Platform key)."""

    reasoner_api_key: str | None = None
    mem0_api_key: SecretStr | None = None
    db_password: str | None = None


def test_setting_values_named_key_token_secret_password_never_reach_the_file(
    tmp_path: Path,
) -> None:
    """Exact values of KEY/TOKEN/SECRET/PASSWORD settings are scrubbed, even when they match
    no secret pattern; numeric settings like pack_tokens are left alone."""
    settings = KeyedSettings(
        root=tmp_path,
        reasoner_api_key="plainvalue-9f3k2",
        mem0_api_key=SecretStr("mem0plain77zz"),
        db_password="correct horse",
    )
    assert sorted(auditlog.secret_values(settings)) == [
        "correct horse",
        "mem0plain77zz",
        "plainvalue-9f3k2",
    ]
    event = {
        "final_text_tail": "called with plainvalue-9f3k2 and mem0plain77zz",
        "writes": {"rejected": [{"draft": {"text": "pw is correct horse"}}]},
        "token": "abcdefgh",
        "pack": {"tokens": 2000},
    }
    auditlog.record(settings, event)
    text = settings.log_path.read_text()
    for value in ("plainvalue-9f3k2", "mem0plain77zz", "correct horse", "abcdefgh"):
        assert value not in text
    line = json.loads(text)
    assert line["pack"] == {"tokens": 2000}
    assert line["token"] == "[redacted]"


def test_no_secret_planted_in_context_or_answer_reaches_the_log(make_hooks: HooksFactory) -> None:
    """Secrets in a run's context (summary, goal) and in a plugin's answer appear neither in the
    ledger file nor in the structlog events; the redaction markers show they were there."""

    class Leaky:
        @hookimpl
        def post_run_classify(self, run: Any, tools: Any) -> Contribution:
            return Contribution(text=f"I used {PLANTED['openai']} and {PLANTED['password_url']}")

    hooks: MemoryHooks = make_hooks()
    hooks.register(Leaky())
    with capture_logs() as logs:
        result = hooks.post_run_classify(
            run={
                "run_id": "2026-11-20-run-1",
                "goal": f"rotate {PLANTED['github']}",
                "outcome": "success",
                "summary": f"creds {PLANTED['aws']} and {PLANTED['openai']}",
            }
        )
    assert result.writes.rejected  # the secret guard refused the episode's text
    assert PLANTED["openai"] in result.final_text  # the value the host holds is untouched
    ledger = "".join(f.read_text() for f in auditlog.log_files(hooks.settings.log_path))
    events = json.dumps([e for e in logs if e["event"] == "hook_run"], default=str)
    assert ledger and events
    for secret in [*PLANTED.values(), "hunter2secret"]:
        assert secret not in ledger
        assert secret not in events
    assert "[redacted OpenAI/Anthropic key]" in ledger
    assert "[redacted GitHub token]" in ledger


def test_all_flags_off_writes_no_file(make_hooks: HooksFactory) -> None:
    """Gated-off fires (master switch or a hook flag) leave no ledger behind."""
    hooks = make_hooks({"AGENTMEM_ENABLED": "false"})
    hooks.judgment_harvest()
    hooks.pre_goal_synthesis(queue=[{"id": "q", "title": "t"}])
    assert not hooks.settings.log_path.exists()
    assert auditlog.log_files(hooks.settings.log_path) == []


def test_console_shows_one_short_line_per_fire(make_hooks: HooksFactory) -> None:
    """`hook_run` renders as one line: hook, outcome, time, writes held/attempted, reads."""
    hooks = make_hooks()
    with capture_logs() as logs:
        hooks.post_run_classify(run={"run_id": "2026-11-20-r", "goal": "g", "outcome": "success"})
        hooks.pre_goal_synthesis(queue=[])
    fired, idle = (e for e in logs if e["event"] == "hook_run")
    line = hook_line(fired)
    assert line.startswith("hook_run post_run_classify ok ")
    assert "writes 1/1" in line and "reads 0" in line and "\n" not in line
    assert hook_line(idle) == "hook_run pre_goal_synthesis skipped (nothing queued)"
    rendered = ConsoleLines()(None, "info", {"event": "memory_written", "id": "x"})
    assert "memory_written" in rendered and "id=x" in rendered


def test_cli_verbose_prints_the_short_line_on_stderr(tmp_path: Path) -> None:
    """`agentmem -v fire` prints the human summary on stdout and one hook_run line on stderr."""
    env = tmp_path / ".env.executive"
    env.write_text("\n".join(f"{k}={v}" for k, v in ALL_ON.items()) + "\nAGENTMEM_USER_ID=cli\n")
    run = '{"run": {"run_id": "2026-11-20-r", "goal": "g", "outcome": "success"}}'
    result = CliRunner().invoke(main, ["-v", "fire", "post_run_classify", "--context", run])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stderr.splitlines() if "hook_run" in line]
    assert len(lines) == 1 and "post_run_classify ok" in lines[0] and "writes 1/1" in lines[0]
    assert "hook_run" not in result.stdout


def test_scrubber_walks_nested_events_and_copies_them() -> None:
    """The scrubber redacts values under secret-named keys at any depth, patterns inside
    lists and mappings of any kind, leaves numbers alone, and never hands back the input's
    own containers (a host editing the event cannot edit the next one)."""
    from types import MappingProxyType

    empty: list[str] = []
    event = {
        "ok": True,
        "n": 3,
        "ratio": 0.5,
        "none": None,
        "api_key": "plain-but-named",
        "nested": {"auth_token": "abc", "tokens": 2000, "inner": [{"password": "pw1"}]},
        "proxy": MappingProxyType({"text": f"key {PLANTED['openai']}"}),
        "items": [PLANTED["github"], 7],
        "empty": empty,
    }
    clean = auditlog.Scrubber()(event)
    assert clean["ok"] is True and clean["n"] == 3 and clean["ratio"] == 0.5
    assert clean["none"] is None
    assert clean["api_key"] == "[redacted]"
    assert clean["nested"]["auth_token"] == "[redacted]" and clean["nested"]["tokens"] == 2000
    assert clean["nested"]["inner"] == [{"password": "[redacted]"}]
    assert PLANTED["openai"] not in json.dumps(clean) and PLANTED["github"] not in json.dumps(clean)
    assert clean["items"][1] == 7
    assert clean["empty"] == [] and clean["empty"] is not empty


def test_a_server_url_setting_and_its_password_never_reach_the_file(tmp_path: Path) -> None:
    """`AGENTMEM_POSTGRES_URL` is a SecretStr whose name says nothing of a secret: its value,
    and the password inside it on its own, are scrubbed like a key's."""
    from agentmem.settings import load_settings

    url = "postgresql://loop:s3cr3t-pw-77@db.internal:5432/memory"
    settings = load_settings(
        None,
        {"AGENTMEM_ROOT": str(tmp_path / "memory"), "AGENTMEM_POSTGRES_URL": url},
    )
    assert {url, "s3cr3t-pw-77"} <= set(auditlog.secret_values(settings))
    event = {"error": {"message": f"cannot connect to {url}; password s3cr3t-pw-77 refused"}}
    auditlog.record(settings, event)
    text = settings.log_path.read_text()
    assert "s3cr3t-pw-77" not in text and "db.internal" not in text


def test_console_escapes_control_characters_from_outside_values() -> None:
    """A value from outside (a file name, a lesson) cannot recolour the terminal, forge a
    second log line or reverse the text after it: the console shows those characters escaped."""
    hostile = "/root/tentative/odd\x1b[2Jname\u202eedoc\ud800.json"  # no space: not quoted
    rendered = ConsoleLines()(None, "warning", {"event": "tentative_file_skipped", "path": hostile})
    assert "\n" not in rendered and "\x1b" not in rendered and "\u202e" not in rendered
    assert "odd\\x1b[2Jname\\u202eedoc\\ud800.json" in rendered
    forged = ConsoleLines()(None, "warning", {"event": "x", "reason": "a\nhook_run forged"})
    assert "\n" not in forged


def test_cli_warning_about_a_hostile_file_name_prints_it_escaped(tmp_path: Path) -> None:
    """`agentmem tentative list` skips a file whose name holds an escape sequence, and its
    warning on stderr shows it escaped."""
    folder = tmp_path / "tentative"
    folder.mkdir()
    os.close(os.open(os.fsencode(folder) + b"/odd\x1b[2Jname.json", os.O_CREAT | os.O_WRONLY))
    env = {"AGENTMEM_USER_ID": "cli", **ALL_ON}
    result = CliRunner().invoke(main, ["--root", str(tmp_path), "tentative", "list"], env=env)
    assert result.exit_code == 0, result.output
    [warning] = [line for line in result.stderr.splitlines() if "tentative_file_skipped" in line]
    assert "odd\\x1b[2Jname.json" in warning and "\x1b" not in result.stderr
