"""Packaging: a light import, hooks/ and playbooks/ inside the wheel and the editable install."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_import_agentmem_never_imports_mem0() -> None:
    """mem0 is declared but imported lazily: `import agentmem` must not pull it (or torch) in."""
    code = "import sys, agentmem; print(sorted(m for m in ('mem0', 'torch', 'openai') if m in sys.modules))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_builtin_hooks_load_from_the_install() -> None:
    """The five built-in hooks import as agentmem.hooks.* from the installed package."""
    import agentmem.hooks.post_run_classify as module

    assert Path(module.__file__).parent == REPO / "hooks"


def test_wheel_ships_hooks_and_playbooks(tmp_path: Path) -> None:
    """A built wheel contains agentmem/hooks/*.py and agentmem/playbooks/. It builds offline:
    no build isolation (the venv's setuptools builds it) and no package index at all; and
    from a copy of the sources, so no build/ or *.egg-info is left in the checkout."""
    offline = {**os.environ, "PIP_NO_INDEX": "1"}
    source = tmp_path / "src"
    for folder in ("agentmem", "hooks", "playbooks"):
        shutil.copytree(
            REPO / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__")
        )
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(REPO / name, source / name)
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(tmp_path), str(source)],
        check=True,
        capture_output=True,
        env=offline,
    )  # fmt: skip
    wheel = next(tmp_path.glob("agentmem_loop-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for hook in (
        "pre_goal_synthesis",
        "pre_spawn_pack",
        "post_run_classify",
        "post_retro_distill",
        "judgment_harvest",
    ):
        assert f"agentmem/hooks/{hook}.py" in names
    assert "agentmem/playbooks/__init__.py" in names
    # Every subpackage in the tree ships (pyproject lists packages explicitly).
    for init in (REPO / "agentmem").rglob("__init__.py"):
        assert str(init.relative_to(REPO)) in names, (
            f"{init.parent.name} missing from pyproject packages"
        )
    assert any(
        n.startswith("agentmem/playbooks/") and n.endswith(".md") for n in names
    ) or not list((REPO / "playbooks").glob("*.md"))
    assert "agentmem/py.typed" in names


def test_cli_version_names_the_distribution() -> None:
    """`agentmem --version` asks for the distribution agentmem-loop by name: looked up by
    the package name `agentmem`, it raised as soon as a checkout's agentmem_loop.egg-info
    (which `pip install -e .` writes) was importable beside the installed metadata."""
    from importlib.metadata import version

    from click.testing import CliRunner

    from agentmem.cli import main

    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0, result.exception
    assert version("agentmem-loop") in result.output
