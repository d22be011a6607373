"""Folding a Snowball stem onto its verb's: a step English stemmers leave out.

Snowball's English stemmer strips "-ion", "-ive", "-ed" and "-s", but a Latin verb and its
noun often differ in the root itself, not only in the ending: the noun is built on the
verb's past participle ("deduce" / "deduction", "describe" / "description"). Their stems
then differ ("deduc" / "deduct", "describ" / "descript"), so a question about "the
deduction" never meets a lesson that says "we deduced". `fold` rewrites one root of each
such family into the other, so every word of the family is one term.

A root folds only when letters precede it, so a word that is the bare root ("duct",
"script") keeps its own stem. A family is here only when what it folds into is no other
English word's stem: a "-mission" rule would make "commission" a form of "commit", and a
"-cision" rule "incision" a form of "incident", so neither is.
"""

from __future__ import annotations

# (a stem's ending, what it becomes). "-duct" is "-duce" ("induction" / "induce"),
# "-script" is "-scribe", "-sumpt" is "-sume", "-clus" is "-clude", "-olut" is "-olve";
# "-ceive" is "-cept", folded that way round because "accept" and "except" have no
# "-ceive" verb to be taken for, while every "-ceive" verb has its "-ception".
ROOTS = (
    ("duct", "duc"),
    ("script", "scrib"),
    ("ceiv", "cept"),
    ("sumpt", "sum"),
    ("clus", "clud"),
    ("olut", "olv"),
)


ENDINGS = tuple(ending for ending, _ in ROOTS)


def fold(stem: str) -> str:
    """The stem with its root folded onto its family's one ("inspect" stays as it is)."""
    if not stem.endswith(ENDINGS):  # most stems: one test instead of one per root
        return stem
    for ending, folded in ROOTS:
        if stem.endswith(ending) and len(stem) > len(ending):
            return stem[: -len(ending)] + folded
    return stem
