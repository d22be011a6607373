"""Tier 3, state files: every write checked against the file's JSON schema."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentmem.tiers import StateFiles, StateInvalid, TierInputError

SCHEMA = {
    "type": "object",
    "properties": {
        "last_heartbeat": {"type": "string"},
        "heartbeat_interval_minutes": {"type": "integer", "minimum": 1},
        "pending_tasks": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["heartbeat_interval_minutes"],
    "additionalProperties": False,
}
GOOD = {"heartbeat_interval_minutes": 30, "pending_tasks": ["newsletter-review"]}


@pytest.fixture
def state(root: Path) -> StateFiles:
    files = StateFiles(root)
    files.define("heartbeat", SCHEMA)
    files.write("heartbeat", GOOD)
    return files


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"heartbeat_interval_minutes": "30"}, "heartbeat_interval_minutes"),
        ({"heartbeat_interval_minutes": 0}, "heartbeat_interval_minutes"),
        ({"heartbeat_interval_minutes": 30, "pending_tasks": ["ok", 7]}, "pending_tasks.1"),
        ({"pending_tasks": []}, "(root)"),
        ({"heartbeat_interval_minutes": 30, "surprise": 1}, "(root)"),
    ],
)
def test_a_write_that_breaks_the_schema_is_refused_and_the_old_file_kept(
    state: StateFiles, data: dict[str, object], field: str
) -> None:
    """The refusal names the field and why; the file on disk is byte for byte what it was."""
    before = state.path_for("heartbeat").read_bytes()
    with pytest.raises(StateInvalid) as caught:
        state.write("heartbeat", data)
    assert caught.value.field == field
    assert caught.value.reason
    assert state.path_for("heartbeat").read_bytes() == before
    assert state.read("heartbeat") == GOOD


def test_a_valid_write_replaces_the_file(state: StateFiles) -> None:
    """A write that satisfies the schema lands whole; update merges top-level keys."""
    state.write("heartbeat", {"heartbeat_interval_minutes": 15})
    assert state.read("heartbeat") == {"heartbeat_interval_minutes": 15}
    state.update("heartbeat", {"last_heartbeat": "2026-11-29T14:30:00Z"})
    assert state.read("heartbeat") == {
        "heartbeat_interval_minutes": 15,
        "last_heartbeat": "2026-11-29T14:30:00Z",
    }
    with pytest.raises(StateInvalid, match="heartbeat_interval_minutes"):
        state.update("heartbeat", {"heartbeat_interval_minutes": -1})
    assert state.read("heartbeat")["heartbeat_interval_minutes"] == 15


def test_a_state_file_without_a_schema_cannot_be_written(root: Path) -> None:
    """Every state file has a schema: writing one that has none is refused, nothing created."""
    files = StateFiles(root)
    with pytest.raises(StateInvalid, match="no schema"):
        files.write("orphan", {"a": 1})
    assert not files.path_for("orphan").exists()


def test_an_invalid_schema_is_refused(root: Path) -> None:
    """A schema that is not valid JSON Schema is refused, naming where it is wrong."""
    with pytest.raises(StateInvalid, match=r"schema\.type"):
        StateFiles(root).define("x", {"type": "objekt"})


def test_a_schema_the_current_file_breaks_is_refused(state: StateFiles) -> None:
    """Tightening a schema past the data already on disk is refused; the old schema stays."""
    before = state.schema_path("heartbeat").read_bytes()
    tighter = {**SCHEMA, "required": ["heartbeat_interval_minutes", "last_heartbeat"]}
    with pytest.raises(StateInvalid):
        state.define("heartbeat", tighter)
    assert state.schema_path("heartbeat").read_bytes() == before


@pytest.mark.parametrize("name", ["../escape", "Upper", "", "a/b"])
def test_names_cannot_escape_the_state_folder(root: Path, name: str) -> None:
    """A state name is a plain word; anything path-like is bad input naming the field."""
    with pytest.raises(TierInputError) as caught:
        StateFiles(root).path_for(name)
    assert caught.value.field == "name"


def test_names_lists_state_files_not_schemas(state: StateFiles) -> None:
    """`names` reports the data files only."""
    assert state.names() == ["heartbeat"]
