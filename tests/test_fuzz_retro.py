"""Fuzzing hook D with retrospective files in odd encodings: UTF-16 and UTF-32 with and
without a BOM, UTF-8 with a BOM, Latin-1, CP1252, Shift-JIS, CRLF and lone CR line ends,
NUL bytes and plain random bytes. The fire returns a value, every memory it writes is
whole and valid, and nothing is written outside the root.

Cases tried: `pytest tests/test_fuzz_retro.py --hypothesis-show-statistics`.
"""

from __future__ import annotations

import itertools
import os
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from agentmem.core.validate import validate_draft
from tests._quiet import quiet_structlog
from tests.conftest import HooksFactory

__all__ = ["quiet_structlog"]  # autouse

FUZZ = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
ENCODINGS = [
    "utf-8",
    "utf-8-sig",
    "utf-16",
    "utf-16-le",
    "utf-32",
    "latin-1",
    "cp1252",
    "shift_jis",
]
NEWLINES = ["\n", "\r\n", "\r"]
ROOTS = itertools.count()
LESSON = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n"),
    min_size=1,
    max_size=80,
)


@st.composite
def retro_bytes(draw: st.DrawFn) -> bytes:
    if draw(st.booleans()) and draw(st.booleans()):
        return draw(st.binary(max_size=2000))  # a quarter of the cases: any bytes at all
    lessons = draw(st.lists(LESSON, min_size=1, max_size=6))
    heading = draw(st.sampled_from(["## Lessons", "## What worked", "## Patterns", "# Notes"]))
    newline = draw(st.sampled_from(NEWLINES))
    text = newline.join(["# Retro", "", heading, *(f"- {lesson}" for lesson in lessons), ""])
    encoding = draw(st.sampled_from(ENCODINGS))
    event(f"encoding {encoding}")
    return text.encode(encoding, errors="replace")


def outside(tmp_path: Path, root: Path) -> dict[str, int]:
    """Every file under tmp_path but the cases' roots (`memory-*`) and the retro, with its
    size. The walk never enters a root: the cases share tmp_path, and walking every earlier
    case's root made the check grow with each case (two thirds of the test's time)."""
    found = {}
    for folder, dirs, files in os.walk(tmp_path):
        dirs[:] = [d for d in dirs if not d.startswith("memory-")]
        for name in files:
            path = Path(folder, name)
            if not name.startswith("memory-") and name != "retro.md" and path.is_file():
                found[str(path)] = path.stat().st_size
    return found


@FUZZ
@given(data=retro_bytes(), periodic=st.booleans())
def test_retro_files_in_odd_encodings(
    make_hooks: HooksFactory, tmp_path: Path, data: bytes, periodic: bool
) -> None:
    """Hook D on any retro bytes: a result (never an exception), every stored memory valid
    and free of NUL, and nothing outside the root."""
    root = tmp_path / f"memory-{next(ROOTS)}"  # a fresh root per case: no dedup across cases
    hooks = make_hooks(AGENTMEM_ROOT=str(root))
    (tmp_path / "retro.md").write_bytes(data)
    before = outside(tmp_path, root)
    result = hooks.fire("post_retro_distill", retro={"path": "retro.md", "periodic": periodic})
    event(f"ok={result.ok} accepted={bool(result.writes.accepted)}")
    assert result.ran
    for memory_id in result.writes.accepted:
        memory = hooks.store.get(memory_id, touch=False)
        assert validate_draft(memory.record()) == []
        assert "\x00" not in memory.text
    assert hooks.store.broken() == []
    assert outside(tmp_path, root) == before


RETRO = "# Retro\n\n## Lessons\n- The vendor API paginates at 100 items.\n- Retry on 429.\n"


def test_retro_with_a_byte_order_mark_is_decoded(make_hooks: HooksFactory, tmp_path: Path) -> None:
    """A retro saved as UTF-16 or UTF-32 with a BOM (Windows "Unicode") yields the same
    lessons as its UTF-8 twin; before, it was read as UTF-8 and yielded none."""
    texts = []
    for i, encoding in enumerate(["utf-8", "utf-16", "utf-16-be", "utf-32", "utf-8-sig"]):
        hooks = make_hooks(AGENTMEM_ROOT=str(tmp_path / f"m{i}"))
        data = RETRO.encode(encoding)
        if encoding == "utf-16-be":
            data = b"\xfe\xff" + data
        (tmp_path / "retro.md").write_bytes(data)
        result = hooks.fire("post_retro_distill", retro={"path": "retro.md"})
        texts.append(sorted(hooks.store.get(m).text for m in result.writes.accepted))
    assert texts[0] == ["Retry on 429.", "The vendor API paginates at 100 items."]
    assert all(t == texts[0] for t in texts), texts


def test_control_characters_in_text_are_rejected() -> None:
    """Regression (found by this fuzz): a lesson holding NUL was stored, and git then
    treats the memory file as binary. Tab and line ends stay allowed."""
    draft = {
        "text": "a\x00b",
        "type": "semantic",
        "confidence": 0.8,
        "user_id": "u",
        "agent_id": "executive",
        "app_id": "_global",
        "run_id": "2026-11-29",
    }
    assert [p.field for p in validate_draft(draft)] == ["text"]
    assert validate_draft({**draft, "text": "a\tb\r\nc"}) == []
