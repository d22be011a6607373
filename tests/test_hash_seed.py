"""The judge's reading of two texts is the same whatever Python's hash seed: a set's
order must not pick which of two spellings claims a shared word."""

from __future__ import annotations

import os
import subprocess
import sys

# Made up: the first text writes out both names in capitals of the second, "all big cat"
# (ABC) and "big cat data" (BCD), over shared words.
READ = """
from agentmem.core.together import read_together
from agentmem.core.nofix import _head
a, b = read_together("Route all big cat data to the archive first.", "ABC and BCD feeds lag.")
print(a.head, sorted(a.content), b.head, _head("the cold-chain"))
"""

SEEDS = ("0", "1", "2")  # before the fix, seed 0 and seed 2 read it apart


def _answer(seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    done = subprocess.run(
        [sys.executable, "-c", READ], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout


def test_read_together_same_under_any_hash_seed() -> None:
    answers = {_answer(seed) for seed in SEEDS}
    assert len(answers) == 1, answers


def test_names_written_out_taken_in_the_order_written() -> None:
    from agentmem.core.together import read_together

    a, _ = read_together("Route all big cat data to the archive first.", "ABC and BCD feeds lag.")
    assert a.head[:2] == ("rout", "abc")
