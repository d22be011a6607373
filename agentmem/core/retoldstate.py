"""A change whose new state the held text already tells (`retells_state`): "the allocator
now reads the plan from the registry" of a held "The allocator must load each ship's deck
plan version from the fleet ship registry", "The wet-cell analyser (NIMO TR1504) replaced
the old one" of a held "Lens power is measured on the Lambda-X NIMO TR1504 wet cell". The
held text is the state after the change, not the one before it: the draft tells it again
and replaces nothing. `agentmem.core.subjects.agrees` reads the same of a held text that
says a change itself; this reads a held text that states its thing plainly."""

from __future__ import annotations

import re

from agentmem.core.cues import CHANGE, NEGATION
from agentmem.core.statement import Terms, terms
from agentmem.stores.bm25 import tokenize

# a clause of the draft: sentences and their ";"-parts
CLAUSE = re.compile(r"[^.;!?\n]+(?:\.(?=\w)[^.;!?\n]*)*")
# a change that points back at the state it ended or names the one it left: "no longer",
# "instead of", "used to", "from … to", "switched off", "was"
BACKWARD = re.compile(
    r"\b(?:no longer|instead|used to|formerly|previously|any ?more|is gone|are gone|"
    r"went away|retired|deprecated|(?:switched|moved|turned|taken) off|from\b[^.;]{1,40}\bto\b|was|were)\b",
    re.IGNORECASE,
)
# a day a change took effect: no value of the state it tells ("on 09-23", "20 March")
DAY = re.compile(r"^\d{1,4}-\d{2}(?:-\d{2})?$")
ON_DAY = re.compile(r"\b\d{1,4}-\d{2}(?:-\d{2})?\b")  # the same, inside a clause
SHARED = 2  # content terms of the change's clause the held text must also say, at least
LEFT = 1  # content terms of it the held text does not say, at most (a verb: "reads", "load")


def retells_state(draft: str, d: Terms, h: Terms) -> bool:
    """The draft names nothing the held text does not and says something changed in one
    clause, which tells only what the held text (saying no change of its own) already
    states: every value of the clause but the day it took effect is among the held text's
    tokens, at least two of its content terms are and at most one is not. A clause that
    points back at the state it ended ("no longer", "instead of", "from X to Y", "switched
    off", "was") or is negated tells what the held text said is over: never read so."""
    if h.change or d.cued or d.moved or d.behind:
        return False
    if not (d.proper | d.names) <= h.tokens:
        return False  # another thing named anywhere in it: "… now on MQTT", "Clara Voss …"
    said = [c for c in CLAUSE.findall(draft) if CHANGE.search(c)]
    if len(said) != 1 or BACKWARD.search(said[0]) or NEGATION.search(said[0]):
        return False
    clause = terms(said[0])
    if not clause.names <= h.tokens or not clause.proper <= h.tokens:
        return False
    for kind, values in clause.values.items():
        told = {v for v in values if not DAY.match(v)} if kind != "date" else set()
        if not told <= h.values.get(kind, frozenset()) | h.tokens:
            return False  # a value the held text never gives: a new state
    # a number or code in it the held text never writes: "now qualified on NXT-06 too"
    undated = ON_DAY.sub(" ", said[0])
    if not {t for t in tokenize(undated) if any(c.isdigit() for c in t)} <= h.tokens:
        return False
    cue = {t for m in CHANGE.finditer(said[0]) for t in tokenize(m.group(0))}
    words = clause.content - d.cue - cue - {"old", "one", "new"}
    shared = words & h.tokens
    return len(shared) >= SHARED and len(words - h.tokens) <= LEFT
