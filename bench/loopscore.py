"""The loop benchmark's scores (LOOPBENCH.md): probes matched item by item, near duplicates.

Every score is a ratio of counts kept in a `Tally`, so scenarios and probes add up before
any division; a ratio of nothing is null. The near-duplicate rule reads the memory files
as they lie in `entries/` (frontmatter and text), so a field the model does not have yet
(`superseded_by`) still counts.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from agentmem.stores.frontmatter import FrontmatterError, parse
from bench.loopformat import Step

TOKEN = re.compile(r"[a-z0-9]+")
NEAR = 0.8


@dataclass
class Tally:
    """The counts every score is a ratio of; scenarios and probes add up."""

    needs: int = 0
    found: int = 0
    pack_needs: int = 0
    pack_found: int = 0
    synthesis_needs: int = 0
    synthesis_found: int = 0
    harvest_needs: int = 0
    harvest_found: int = 0
    pack_items: int = 0
    pack_on_topic: int = 0
    harvest_items: int = 0
    harvest_on_topic: int = 0
    items: int = 0
    stale_items: int = 0
    near_duplicates: int = 0
    memories: int = 0
    fires: int = 0
    fires_not_ok: int = 0
    seconds: float = 0.0

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            **{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)}
        )

    def scores(self) -> dict[str, Any]:
        """The keys of LOOPBENCH.md's table; a ratio of nothing is null, not 0 or 1."""
        return {
            "need_recall": ratio(self.found, self.needs),
            "pack_need_recall": ratio(self.pack_found, self.pack_needs),
            "synthesis_need_recall": ratio(self.synthesis_found, self.synthesis_needs),
            "harvest_need_recall": ratio(self.harvest_found, self.harvest_needs),
            "pack_precision": ratio(self.pack_on_topic, self.pack_items),
            "harvest_precision": ratio(self.harvest_on_topic, self.harvest_items),
            "stale_rate": ratio(self.stale_items, self.items),
            "near_duplicates": self.near_duplicates,
            "memories": self.memories,
            "fires": self.fires,
            "fires_not_ok": self.fires_not_ok,
            "seconds": round(self.seconds, 2),
        }


def ratio(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


@dataclass
class ProbeScore:
    """One probe: which needs it found, which items were on topic or stale."""

    step: Step
    ok: bool
    items: list[str]
    found: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    on_topic: int = 0
    stale: list[str] = field(default_factory=list)

    def tally(self) -> Tally:
        kind = self.step.probe
        needs, found = len(self.found) + len(self.missed), len(self.found)
        counts = Tally(needs=needs, found=found, items=len(self.items), stale_items=len(self.stale))
        setattr(counts, f"{kind}_needs", needs)
        setattr(counts, f"{kind}_found", found)
        if kind in ("pack", "harvest"):
            setattr(counts, f"{kind}_items", len(self.items))
            setattr(counts, f"{kind}_on_topic", self.on_topic)
        return counts

    def as_dict(self) -> dict[str, Any]:
        return {
            "step": self.step.index,
            "day": self.step.day,
            "probe": self.step.probe,
            "ok": self.ok,
            "found": self.found,
            "missed": self.missed,
            "items": len(self.items),
            "on_topic": self.on_topic,
            "stale": self.stale,
        }


def score_probe(step: Step, ok: bool, items: Sequence[str]) -> ProbeScore:
    """Match the probe's patterns against each item's text; a probe not ok saw nothing."""
    seen = list(items) if ok else []
    score = ProbeScore(step, ok, seen)
    for pattern in step.needs:
        hit = any(pattern.search(text) for text in seen)
        (score.found if hit else score.missed).append(pattern.pattern)
    topical = (*step.needs, *step.related)
    score.on_topic = sum(1 for text in seen if any(p.search(text) for p in topical))
    score.stale = [text for text in seen if any(p.search(text) for p in step.stale)]
    return score


def tokens(text: str) -> frozenset[str]:
    """Lower-cased word tokens of 3+ characters, the near-duplicate rule's unit."""
    return frozenset(t for t in TOKEN.findall(text.lower()) if len(t) >= 3)


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    union = a | b
    return len(a & b) / len(union) if union else 0.0  # two texts without a token: no evidence


@dataclass(frozen=True)
class Entry:
    """A memory file as it lies in entries/: its frontmatter fields and its text."""

    id: str
    fields: dict[str, Any]
    text: str

    def get_list(self, key: str) -> list[str]:
        value = self.fields.get(key)
        if value is None or value == "":
            return []
        return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def read_entries(
    root: Path, warn: Callable[[str], None] = lambda _: None
) -> tuple[list[Entry], int]:
    """Every memory file under `root/entries/` and how many files there are (readable or not)."""
    folder = root / "entries"
    if not folder.is_dir():
        return [], 0
    paths = sorted(
        p
        for p in folder.iterdir()
        if p.suffix == ".md" and not p.name.startswith(".") and p.is_file()
    )
    entries = []
    for path in paths:
        try:
            meta, body = parse(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, FrontmatterError) as exc:
            warn(f"{path}: not a readable memory file ({exc}); counted, not scored")
            continue
        entries.append(Entry(str(meta.get("id", path.stem)), meta, body.strip()))
    return entries, len(paths)


def near_duplicates(entries: Iterable[Entry]) -> list[tuple[str, str, float]]:
    """Pairs of one app_id with Jaccard ≥ 0.8, leaving out superseded memories and episodes
    of different runs (LOOPBENCH.md's rule); each pair once, with its similarity."""
    entries = list(entries)
    superseded = {old for e in entries for old in e.get_list("supersedes")}
    live = [e for e in entries if e.id not in superseded and not e.get_list("superseded_by")]
    by_app: dict[str, list[tuple[Entry, frozenset[str]]]] = {}
    for entry in live:
        by_app.setdefault(str(entry.fields.get("app_id")), []).append((entry, tokens(entry.text)))
    pairs = []
    for group in by_app.values():
        for (a, ta), (b, tb) in itertools.combinations(group, 2):
            episodes = a.fields.get("type") == "episodic" and b.fields.get("type") == "episodic"
            if episodes and a.fields.get("run_id") != b.fields.get("run_id"):
                continue
            similarity = jaccard(ta, tb)
            if similarity >= NEAR:
                pairs.append((a.id, b.id, round(similarity, 3)))
    return pairs


KEYS = tuple(Tally().scores())
COUNTS = {
    "need_recall": ("found", "needs"),
    "pack_need_recall": ("pack_found", "pack_needs"),
    "synthesis_need_recall": ("synthesis_found", "synthesis_needs"),
    "harvest_need_recall": ("harvest_found", "harvest_needs"),
    "pack_precision": ("pack_on_topic", "pack_items"),
    "harvest_precision": ("harvest_on_topic", "harvest_items"),
    "stale_rate": ("stale_items", "items"),
}
