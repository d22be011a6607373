"""`device.takeover` looks for its cue (`device.CUE`) before its two patterns: they open on a
lazy span tried from every position of the text, which cost about half a millisecond of
every add on a draft of two lines and grew with the square of a long draft's length, though
most drafts tell no takeover (issue 17). The cue is a part of every match of either
pattern, so the gate answers no only where the patterns would (checked here on the device
tests' texts, the scenarios' and pairs' texts, and random texts of the patterns' words)."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path

from agentmem.core import device
from agentmem.core.device import CUE, NOW_FROM, REPLACED_OLD, Takeover, takeover

ROOT = Path(__file__).resolve().parents[1]
TEXTS = (
    "Fibre diameter now comes from the ODAC 32XY two-axis gauge; it is checked on the wire"
    " standard at each preform change and needs no offset - trend it as read.",
    "HW-300 pH is now measured on the Metrohm 913; calibrate it at the start of every shift.",
    "The Dynotek FD-400 dynamometer replaced the old Krauss friction tester; every sample"
    " gets the 200-stop burnish before mu is measured.",
    "Torque now\tcomes\nfrom the TQ-9 wrench.",
    "Viscosity is NOW READ WITH the RV-7 viscometer.",
    "The HX-2 rig took over from the old bench tester.",
    "The HX-2 rig has replaces the\u00a0old tester.",
)
WORDS = (  # noqa: SIM905 (a word list)
    "now comes come from is are measured read taken tested checked logged weighed on with by"
    " the old replaced replaces took over has gauge XY-32 913 KM-2 pH diameter and - , . ;"
).split()


def _old_takeover(draft: str) -> Takeover | None:
    """`takeover` as it was before the gate: every pattern asked of every draft."""
    gone = device.NO_CORRECTION.search(draft) is not None
    same = [m.group(1).lower() for m in device.NOW_KIND.finditer(draft)]
    if gone and same:  # a tag now another kind of device, its correction gone (device58)
        return Takeover(frozenset(), frozenset(), (), same=frozenset(same))
    m = NOW_FROM.search(draft)
    if m is not None and m["any"] is not None and not gone:
        m = None  # device60: "now crushed on" only with the correction gone
    if m is None or not (
        device.codes(m["new"]) and (m["verb"] is None or device.KIND.search(m["new"].strip()))
    ):
        m = device.READ_ON.search(draft) if gone else None  # "is read with" (device58)
    if (m is not None and m.re is device.READ_ON) or (m is not None and m["run"]):
        # device58: "run on" and a reading without "now" want a device's name
        named = [c for c in device.codes(m["new"]) if device._device_code(m["new"], c)]
        m = m if named else None
    if (
        m is not None
        and device.codes(m["new"])
        and (m["verb"] is None or device.KIND.search(m["new"].strip()))
    ):
        what = set(device.tokenize(device.CODE.sub(" ", m["what"]))) - device.GENERIC
        return Takeover(frozenset(device.codes(m["new"])), frozenset(what - {"is", "are"}), ())
    m = device.IS_NOW.search(draft) if gone else None  # device60: "<kind> is now the <new>"
    if m is not None and any(device._device_code(m["new"], c) for c in device.codes(m["new"])):
        kind = tuple(device.tokenize(f"{m['what']} {m['kind']}"))
        what = frozenset(device.tokenize(m["what"])) - device.GENERIC
        return Takeover(frozenset(device.codes(m["new"])), what, (), frozenset({kind}))
    m = REPLACED_OLD.search(draft)
    if m is not None and device.codes(m["new"]) and not device.codes(m["old"]):
        old = tuple(w for w in re.findall(r"[\w-]+", m["old"]) if w.lower() not in device.GENERIC)
        return Takeover(frozenset(device.codes(m["new"])), frozenset(), old)
    new = {  # a device of a kind, in a sentence saying the old way gone (device56)
        c: k
        for part in device.SENTENCE.split(draft)
        if device.GONE.search(part)
        for c, k in device.named(part).items()
    }
    if new:
        return Takeover(frozenset(new), frozenset(), (), frozenset(new.values()))
    return None


def _corpus_texts() -> list[str]:
    """The strings of the scenarios' and pairs' files, and random texts of the patterns'
    own words (spaced by blanks, tabs, newlines and no-break spaces)."""
    out: list[str] = list(TEXTS)

    def walk(value: object) -> None:
        if isinstance(value, str) and len(value) > 20:
            out.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for path in sorted((ROOT / "bench").glob("**/*.json")):
        try:
            walk(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            continue
    rng = random.Random(53)
    # each text the cue lets through, and a sample of the rest (the old patterns take a
    # minute over all of them)
    texts = sorted({t for t in out if len(t) <= 2000})
    cued = [t for t in texts if CUE.search(t) is not None]
    out = cued + rng.sample([t for t in texts if CUE.search(t) is None], 3000)
    for _ in range(3000):
        gaps = [" ", " ", " ", "\t", "\n", "\u00a0", "  "]
        words = rng.choices(WORDS, k=rng.randint(3, 18))
        out.append("".join(w + rng.choice(gaps) for w in words).strip())
    return out


def test_the_gate_answers_as_the_patterns_do() -> None:
    """On every text, `takeover` with its cue first gives what it gave without it, and a
    text without the cue matches neither pattern."""
    texts = _corpus_texts()
    assert len(texts) > 6000
    told = 0
    for text in texts:
        assert takeover(text) == _old_takeover(text), text[:120]
        if CUE.search(text) is None:
            assert NOW_FROM.search(text) is None and REPLACED_OLD.search(text) is None
        told += takeover(text) is not None
    assert told >= 3  # the gate lets takeovers through


def test_a_long_draft_without_the_cue_is_answered_at_once() -> None:
    """An 8,000-character draft that tells no takeover is answered without the patterns'
    scan from every position (hundreds of milliseconds before the gate)."""
    draft = "The kiln rota is read on Tuesdays by the lead, with the log and the tests. " * 107
    assert len(draft) > 8000
    started = time.process_time()
    for _ in range(10):
        assert takeover(draft) is None
    assert time.process_time() - started < 0.1
