"""A text's first reading made cheaper answers as before: the identifier pattern tried only
from a run's start, the name before a number looked for in its last word, a cue's window
split no further than it reads, the rarely asked readings of `Terms` made when first asked;
and a 100 KB hostile text is read in seconds (it took minutes to hours before)."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

from agentmem.core import cues
from agentmem.core.cues import CHANGE, CUE_BACKWARD, CUE_FORWARD, CUE_WINDOW, of_a_kind
from agentmem.core.holders import ROLE, people
from agentmem.core.names import (
    ASIDE,
    IDENTIFIER,
    _codes,
    _first_name,
    _only_in_files,
    camel_parts,
)
from agentmem.core.spoken import normalised
from agentmem.core.statement import READINGS, _joins, terms
from agentmem.core.values import AMOUNT, NAMED, _named_before
from agentmem.core.words import tokenized

ROOT = Path(__file__).resolve().parents[1]
# the patterns and readings as they were written before
OLD_IDENTIFIER = re.compile(r"[\w./-]*(?:[a-z][A-Z]|_|\w\.\w|\w/\w)[\w./-]*")


def _texts() -> list[str]:
    """Every string of two scenarios and one pairs file, and odd strings of their pieces."""
    found: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for name in (
        "scenarios/infra-sre.json",
        "scenarios/payments-ops.json",
        "pairs/written-blind/pairs-a.json",
    ):
        walk(json.loads((ROOT / "bench" / name).read_text(encoding="utf-8")))
    rng = random.Random(36)
    pieces = [
        "a",
        "Zb",
        "_",
        ".",
        "/",
        "-",
        " ",
        "\t",
        "\n",
        "1",
        "é",
        "Doc ",
        "no longer ",
        "CI/CD",
        "v2.1",
    ]
    found += ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 12))) for _ in range(3000)]
    return list(dict.fromkeys(found))


def test_identifier_matches_what_the_old_pattern_matched() -> None:
    """The run-anchored IDENTIFIER finds the same spans as `[\\w./-]*(?:…)[\\w./-]*`."""
    for text in _texts():
        old = [m.span() for m in OLD_IDENTIFIER.finditer(text)]
        assert [m.span() for m in IDENTIFIER.finditer(text)] == old, text


def test_the_name_before_a_number_is_what_a_search_of_all_before_it_found() -> None:
    """`_named_before(text, end)` is `NAMED.search(text[:end])`, a last newline included."""
    for text in [*_texts(), "use Docusaurus \n3", "Docusaurus 3", "x. Docusaurus 3"]:
        for end in range(len(text) + 1):
            old, new = NAMED.search(text[:end]), _named_before(text, end)
            assert (old and (old.span(), old[1])) == (new and (new.span(), new[1])), (text, end)


def test_cue_windows_are_the_words_a_whole_split_gave() -> None:
    """The words after a forward cue and before a backward one, split no further than
    CUE_WINDOW words, are those of splitting the whole rest of the text."""
    for text in _texts():
        forward = [
            w
            for m in CUE_FORWARD.finditer(text)
            if not of_a_kind(text, m)
            for w in text[m.end() :].split()[:CUE_WINDOW]
        ]
        back = [text[: m.start()].split()[-CUE_WINDOW:] for m in CUE_BACKWARD.finditer(text)]
        assert cues.pointed_at(text, back=False) == forward
        assert cues.windows_back(text) == back


def test_readings_made_when_asked_are_those_made_at_once() -> None:
    """Each reading `Terms` makes when first asked is what `terms` read at once before:
    the same helpers on the same normalised text (and body, for the first name)."""
    for raw in _texts():
        read, text = terms(raw), normalised(raw)
        assert read.text == text
        assert read.joins == _joins(text)
        assert read.in_files == _only_in_files(text)
        assert read.parts == camel_parts(text)
        assert read.codes == _codes(text)
        assert read.people == people(text)
        assert read.amounts == frozenset(m.replace(",", "") for m in AMOUNT.findall(text))
        assert read.change == (bool(CHANGE.search(text)) or bool(read.cued))
        said = (
            t
            for p in (CUE_FORWARD, CUE_BACKWARD)
            for m in p.finditer(text)
            for t in tokenized(m[0])
        )
        assert read.cue == frozenset(said)
        roles = {
            k.replace("_", "-") for m in ROLE.finditer(text) for k, v in m.groupdict().items() if v
        }
        assert read.roles == roles
        first = _first_name(ASIDE.sub(lambda m: " " * len(m[0]), read.body), set(read.proper))
        assert read.first == first
        assert {name for name in READINGS if not hasattr(read, name)} == set()


def test_a_hundred_kilobyte_hostile_text_is_read_without_hanging() -> None:
    """One long word, 50,000 numbers, many cues, lone surrogates: each 100 KB text is read
    (every reading asked) in a child process that must end within its time limit."""
    script = (
        "from agentmem.core.statement import READINGS, terms\n"
        "N = 100_000\n"
        "for text in ('a' * N, '1 ' * (N // 2), 'Docusaurus 3 ' * (N // 13), 'a.' * (N // 2),\n"
        "             'was replaced by the new one and is no longer used ' * (N // 50),\n"
        "             '\\ud800 text \\udfff ' * (N // 10)):\n"
        "    read = terms(text)\n"
        "    [getattr(read, name) for name in READINGS]\n"
        "print('read')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=240, check=True
    )
    assert done.stdout.strip() == "read"
