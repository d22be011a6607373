"""Issue 14, items 4, 5, 6 and the CLI part of 11: what the one writer acknowledges reads
back, text that cannot be encoded is a rejection (never an exception), identifiers are
matched whole, and the CLI's edges refuse bad input with a clear message.

Each test here failed on main before the fix (4f90431 / 8e6aa4d)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from agentmem import MemoryHooks
from agentmem._exceptions import MemoryNotFound, SettingsError
from agentmem.cli import main
from agentmem.core.model import Memory
from agentmem.core.writer import Harvester
from agentmem.settings import settings_from_values
from agentmem.stores import FileStore
from agentmem.stores.files import EntryFiles, NotReadable
from agentmem.tiers._errors import TierInputError
from agentmem.tiers.hot import HotState
from agentmem.tiers.state import StateFiles
from tests.conftest import ALL_ON, semantic


@pytest.fixture
def harvester(root: Path, tmp_path: Path) -> Harvester:
    values = {"AGENTMEM_ROOT": str(root), "AGENTMEM_USER_ID": "tester"}
    return Harvester(settings_from_values(values, base_dir=tmp_path), FileStore(root))


def entries(root: Path) -> list[str]:
    folder = root / "entries"
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def cli(tmp_path: Path, *args: str, env: dict[str, str] | None = None) -> Result:
    values = {"AGENTMEM_USER_ID": "tester", **ALL_ON, **(env or {})}
    root = str(tmp_path / "memory")
    return CliRunner().invoke(main, ["--root", root, *args], env=values, catch_exceptions=False)


# -- item 6: identifiers are anchored ------------------------------------------------------

TRAILING_NEWLINE = [
    ("id", "semantic-evil\n"),
    ("app_id", "billing-api\n"),
    ("run_id", "2026-11-29-r1\n"),
]


@pytest.mark.parametrize(("field", "value"), TRAILING_NEWLINE, ids=[f for f, _ in TRAILING_NEWLINE])
def test_identifier_with_a_trailing_newline_is_refused(
    harvester: Harvester, root: Path, field: str, value: Any
) -> None:
    """`$` matched before a final newline: `semantic-evil\\n` wrote `entries/semantic-evil\\n.md`
    and `billing-api\\n` became a scope no filter finds. Now the field is named and nothing
    is written."""
    outcome = harvester.submit(
        semantic("The vendor API paginates.", **{field: value}), trigger="manual"
    )
    assert outcome.status == "rejected"
    assert field in {p.field for p in outcome.problems}
    assert entries(root) == []


def test_no_path_for_an_id_with_a_trailing_newline(root: Path) -> None:
    """The store's own id check is a full match too (a Memory built past the writer)."""
    with pytest.raises(MemoryNotFound):
        EntryFiles(root).path_for("semantic-evil\n")


def test_tier_names_with_a_trailing_newline_are_refused(root: Path) -> None:
    """A hot key or a state name ending in a newline is refused like any other bad name."""
    with pytest.raises(TierInputError):
        HotState(root).set("mode\n", "fast")
    with pytest.raises(TierInputError):
        StateFiles(root).path_for("deploys\n")


# -- item 4: acknowledged means readable ---------------------------------------------------

OVERSIZED = [
    ("source", "s" * 300_000),
    ("user_id", "u" * 1_000_000),
    ("category", "c" * 1_000_000),
    ("cohort", "k" * 1_000_000),
    ("run_id", "2026-11-29-" + "r" * 1_000_000),
    ("app_id", "a" * 1_000_000),
    ("tags", ["t" * 1_000]),
    ("cites", [f"semantic-{i:012x}" for i in range(10_000)]),
]


@pytest.mark.parametrize(("field", "value"), OVERSIZED, ids=[f for f, _ in OVERSIZED])
def test_every_field_has_a_length_limit(
    harvester: Harvester, root: Path, field: str, value: Any
) -> None:
    """A 300 KB source or a 1 MB user_id/category/cohort made a file over the 256 KB read
    cap: acknowledged, then listed as broken after a rebuild. Now the field is refused by
    name, with its length, and the reason does not repeat the megabyte."""
    outcome = harvester.submit(
        semantic("The vendor API paginates.", **{field: value}), trigger="manual"
    )
    assert outcome.status == "rejected"
    problem = next(p for p in outcome.problems if p.field == field)
    assert "at most" in problem.reason and len(problem.reason) < 200
    assert entries(root) == []


def test_hook_c_with_a_huge_source_acknowledges_nothing_unreadable(
    hooks: MemoryHooks, root: Path
) -> None:
    """Hook C with a 300 KB `run.source` reported ok with an id the next rebuild listed as
    broken. Now nothing is acknowledged, and what is on disk all reads back."""
    run = {"run_id": "2026-11-29-r1", "goal": "g", "outcome": "success", "summary": "done"}
    result = hooks.post_run_classify(run={**run, "source": "s" * 300_000})
    assert result.writes.accepted == []
    assert result.ok is False
    report = FileStore(root).rebuild()
    assert report.broken == []


def test_the_file_is_checked_to_read_back_before_the_rename(root: Path) -> None:
    """A Memory built past the validator (here a 300 KB text) is refused by the store
    before any file exists: the serialized text is parsed back first."""
    memory = Memory(
        id="semantic-0123456789ab", text="x " * 150_000, type="semantic", confidence=0.8,
        user_id="u", app_id="_global", run_id="2026-11-29", trigger="manual",
        created_at="2026-11-29T00:00:00",
    )  # fmt: skip
    store = FileStore(root)
    with pytest.raises(NotReadable):
        store.put(memory)
    assert entries(root) == []


def test_a_memory_that_would_read_back_different_is_refused(root: Path) -> None:
    """A Memory built past the writer whose text holds a lone carriage return fits every
    limit but would read back with a newline in its place (files are read with universal
    newlines): the read-back comparison refuses it, naming the field, before any file
    exists."""
    memory = Memory(
        id="semantic-0123456789ab", text="line one\rline two", type="semantic", confidence=0.8,
        user_id="u", app_id="_global", run_id="2026-11-29", trigger="manual",
        created_at="2026-11-29T00:00:00",
    )  # fmt: skip
    with pytest.raises(NotReadable, match="text would read back"):
        FileStore(root).put(memory)
    assert entries(root) == []


def test_accepted_text_is_what_reads_back(harvester: Harvester, root: Path) -> None:
    """The text acknowledged (the record in the result) is the text a fresh process reads,
    even with surrounding whitespace or a CR."""
    outcome = harvester.submit(semantic("  padded\r\nlesson  \n"), trigger="manual")
    assert outcome.status == "accepted" and outcome.memory_id
    stored = FileStore(root).get(outcome.memory_id, touch=False)
    assert stored.text == outcome.record["text"] == "padded\nlesson"


# -- item 5: text that cannot be encoded is a value ----------------------------------------

SURROGATE_FIELDS = [
    ("text", "bad \ud800 text"),
    ("source", "notes/\udcff.md"),
    ("category", "cat\ud800"),
    ("cohort", "\udc80"),
    ("tags", ["ok", "t\ud800"]),
    ("user_id", "me\ud800"),
]


@pytest.mark.parametrize(("field", "value"), SURROGATE_FIELDS, ids=[f for f, _ in SURROGATE_FIELDS])
def test_a_lone_surrogate_in_any_field_is_a_rejection(
    harvester: Harvester, root: Path, field: str, value: Any
) -> None:
    """`Harvester.submit` raised UnicodeEncodeError (text) or wrote YAML `"\\uD800"` that
    would not parse (source). Now it is a rejection naming the field and the reason."""
    draft = (
        semantic("The vendor API paginates.", **{field: value})
        if field != "text"
        else semantic(value)
    )
    outcome = harvester.submit(draft, trigger="manual")
    assert outcome.status == "rejected"
    problem = next(p for p in outcome.problems if p.field == field)
    assert "surrogate" in problem.reason
    assert entries(root) == []


def test_a_fire_with_unencodable_text_returns_a_value(hooks: MemoryHooks, root: Path) -> None:
    """Hook C with a lone surrogate in the summary: a result (the draft rejected, named),
    and the ledger line is written with the character escaped, not an exception."""
    run = {"run_id": "2026-11-29-r1", "goal": "g", "outcome": "success", "summary": "x \ud800"}
    result = hooks.post_run_classify(run=run)
    assert result.ran and result.writes.rejected
    assert "surrogate" in result.writes.rejected[0].problems[0]["reason"]
    lines = (root / ".agentmem" / "log.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[-1])["hook"] == "post_run_classify"


def test_add_draft_with_a_lone_surrogate_exits_2_naming_the_field(tmp_path: Path) -> None:
    """`agentmem add --draft` exited 1 with a traceback; now exit 2 and the field."""
    draft = '{"text": "x \\ud800", "type": "semantic", "confidence": 0.8}'
    result = cli(tmp_path, "add", "--draft", draft)
    assert result.exit_code == 2
    assert "text:" in result.output and "surrogate" in result.output


def test_backfill_goes_on_past_an_unencodable_line(tmp_path: Path) -> None:
    """Backfill stopped at a line with a lone surrogate (a traceback), so the lines after
    it were never written. Now lines 1 and 3 are written and line 2 is reported."""
    line = '{{"run_id": "2026-11-29-{0}", "app_id": "billing", "outcome": "success", "summary": "{1}"}}'
    ledger = tmp_path / "runs.jsonl"
    ledger.write_text(
        "\n".join(
            [line.format("a", "first"), line.format("b", "bad \\ud800"), line.format("c", "third")]
        ),
        encoding="utf-8",
    )
    result = cli(tmp_path, "--json", "backfill", str(ledger), "--lane", "episodic")
    assert result.exit_code == 1  # something was rejected
    report = json.loads(result.output[result.output.index("{") :])
    assert len(report["written"]) == 2
    assert [r["source"] for r in report["rejected"]] == ["runs.jsonl:2"]


# -- item 11, the CLI part -----------------------------------------------------------------


@pytest.mark.parametrize(
    "args", [["search", "foo", "-k", "-3"], ["search", "foo", "-k", "0"], ["list", "--limit", "-1"]]
)
def test_a_negative_count_is_refused(tmp_path: Path, args: list[str]) -> None:
    """`agentmem search foo -k -3` exited 0; a count below its range is now exit 2 with
    the option named."""
    result = cli(tmp_path, *args)
    assert result.exit_code == 2
    assert "-k" in result.output or "--limit" in result.output


def test_a_misspelled_variable_shows_its_value(tmp_path: Path) -> None:
    """`AGENTMEM_HOOK_POSTRUN=true` was reported as `AGENTMEM_HOOK_POSTRUN='': unknown
    variable`; the error now shows the value it really has, and the near match."""
    with pytest.raises(SettingsError) as caught:
        settings_from_values({"AGENTMEM_HOOK_POSTRUN": "true"}, base_dir=tmp_path)
    assert "AGENTMEM_HOOK_POSTRUN='true'" in str(caught.value)
    assert "AGENTMEM_HOOK_POST_RUN" in str(caught.value)


@pytest.mark.parametrize(
    ("variable", "value"),
    [("AGENTMEM_REASONER_APIKEY", "plainvalue123"), ("AGENTMEM_NOTES", "sk-proj-" + "a1B2" * 10)],
)
def test_a_misspelled_secret_variable_does_not_show_its_value(
    tmp_path: Path, variable: str, value: str
) -> None:
    """A misspelled key setting (or any value that looks like a key) is withheld."""
    with pytest.raises(SettingsError) as caught:
        settings_from_values({variable: value}, base_dir=tmp_path)
    assert value not in str(caught.value) and "[redacted]" in str(caught.value)


def test_a_refused_megabyte_field_is_not_repeated(harvester: Harvester) -> None:
    """A refused draft's oversized value is shown by its size, not repeated: it is then
    never scanned, logged or printed whole (a result, a log line, `backfill --json`)."""
    outcome = harvester.submit(
        semantic("The vendor API paginates.", source="s" * 1_000_000, bogus=["x"] * 100),
        trigger="manual",
    )
    assert outcome.status == "rejected"
    assert outcome.record["source"] == "[1000000 characters, not shown]"
    assert outcome.record["bogus"][-1] == "[36 more items, not shown]"
    assert outcome.record["text"] == "The vendor API paginates."
