"""Tier 3: structured state, `<root>/state/NAME.json`, each file checked against its schema.

Every state file has a JSON schema beside it (`NAME.schema.json`). A write is validated
first and refused whole when it breaks the schema, with the field and the reason; the
old file is left as it was. Writes are atomic and serialised across processes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from agentmem._exceptions import StoreError
from agentmem.core.locks import exclusive
from agentmem.core.secrets import find_secrets_in
from agentmem.stores.files import atomic_write
from agentmem.tiers._errors import StateInvalid, TierInputError

STATE = "state"
SCHEMA_SUFFIX = ".schema.json"
NAME = re.compile(r"[a-z][a-z0-9_-]{0,63}\Z")  # \Z: no name ends in a newline


def check_name(name: str) -> str:
    """A state name is a plain lowercase word, so no path escapes `state/`."""
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise TierInputError("name", str(name), "expected lowercase letters, digits, _ or -")
    return name


def _dump(data: Any) -> str:
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def _where(path: Iterator[Any] | Any) -> str:
    parts = [str(p) for p in path]
    return ".".join(parts) if parts else "(root)"


class StateFiles:
    """The state files of one memory root, and their schemas."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.folder = root / STATE
        self._lock = root / ".agentmem" / "state.lock"

    def path_for(self, name: str) -> Path:
        return self.folder / f"{check_name(name)}.json"

    def schema_path(self, name: str) -> Path:
        return self.folder / f"{check_name(name)}{SCHEMA_SUFFIX}"

    def names(self) -> list[str]:
        """State files that exist, by name."""
        if not self.folder.is_dir():
            return []
        return sorted(
            p.stem
            for p in self.folder.glob("*.json")
            if not p.name.endswith(SCHEMA_SUFFIX) and NAME.fullmatch(p.stem)
        )

    def define(self, name: str, schema: dict[str, Any]) -> Path:
        """Set the schema of a state file; refused if it is not a valid JSON schema, or if
        the current file (when there is one) would not satisfy it."""
        try:
            Draft202012Validator.check_schema(schema)
        except SchemaError as exc:
            raise StateInvalid(name, f"schema.{_where(exc.path)}", exc.message) from exc
        if secrets := find_secrets_in(schema):  # a default or an example can carry a key
            raise StateInvalid(name, "schema", f"looks like a secret ({', '.join(secrets)})")
        with exclusive(self._lock):
            if self.path_for(name).is_file():
                self._check(name, schema, self._load(self.path_for(name)))
            atomic_write(self.schema_path(name), _dump(schema))
        return self.schema_path(name)

    def schema(self, name: str) -> dict[str, Any]:
        path = self.schema_path(name)
        if not path.is_file():
            raise StateInvalid(name, "(schema)", f"no schema: define {path.name} first")
        loaded = self._load(path)
        if not isinstance(loaded, dict):
            raise StoreError("a schema must be a JSON object", path=str(path))
        return loaded

    def read(self, name: str) -> Any:
        path = self.path_for(name)
        if not path.is_file():
            raise StoreError("no such state file", path=str(path))
        return self._load(path)

    def write(self, name: str, data: Any) -> Path:
        """Validate `data` against the file's schema, then replace the file atomically."""
        with exclusive(self._lock):
            self._check(name, self.schema(name), data)
            atomic_write(self.path_for(name), _dump(data))
        return self.path_for(name)

    def update(self, name: str, changes: dict[str, Any]) -> Any:
        """Merge top-level keys into the current object (or a new one) and write it."""
        with exclusive(self._lock):
            path = self.path_for(name)
            current = self._load(path) if path.is_file() else {}
            if not isinstance(current, dict):
                raise StateInvalid(name, "(root)", "update needs the state to be an object")
            merged = {**current, **changes}
            self._check(name, self.schema(name), merged)
            atomic_write(path, _dump(merged))
        return merged

    def _check(self, name: str, schema: dict[str, Any], data: Any) -> None:
        secrets = find_secrets_in(data)
        if secrets:
            reason = f"looks like a secret ({', '.join(secrets)}); state never stores keys"
            raise StateInvalid(name, "(data)", reason)
        validator = Draft202012Validator(schema)
        errors = sorted(validator.iter_errors(data), key=lambda e: (len(e.path), e.message))
        if errors:
            first = errors[0]
            raise StateInvalid(name, _where(first.absolute_path), first.message)

    @staticmethod
    def _load(path: Path) -> Any:
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise StoreError(f"not readable JSON: {exc}", path=str(path)) from exc
