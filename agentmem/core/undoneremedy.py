"""A retraction that undoes the remedy a held lesson prescribes, in its words: "please stop
applying the 0.8 factor to night shifts", "pulled the +2 offset back off gauge G-4", "no
need to flush the cache before exports any more". What is undone is the lesson's act: every
word of it (less the verb) and two at least are the lesson's, said there in no negative
clause, so an act of another thing ("stop sending the report to finance" of a lesson that
sends it to ops) or one the lesson forbids ("stop running jobs on Fridays" of "never run
jobs on Fridays", which it restates) leaves it. `agentmem.core.retract.denies` asks it."""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.statement import STATE, terms
from agentmem.core.withdrawal import DENIED, FRAMING, RETRACTED

END = r"(?=\s*[.;:!?—–(](?!\w)|\s+-+\s|\s*$)"
ACT = r"(?:[^.;:!?—–(]|[.:](?=\w))"  # "the 0.5 factor", "at 10:30"
UNDO = re.compile(
    rf"\b(?:please\s+)?(?:stop|quit)\s+(?P<doing>\w+ing)\s+(?P<act>{ACT}{{2,100}}?){END}"
    rf"|\bno\s+(?:more\s+|longer\s+any\s+)?need\s+to\s+(?P<verb>\w+)\s+(?P<need>{ACT}{{2,100}}?)"
    rf"(?:\s+any\s*more)?{END}"
    rf"|\b(?:pulled|took|taken|rolled|backed)\s+(?P<what>{ACT}{{2,80}}?)\s+(?:back\s+)?"
    rf"(?:off|out)\b(?P<where>{ACT}{{0,60}}?){END}",
    re.IGNORECASE,
)
NO = re.compile(r"\b(?:never|not|no|don't|do\s+not|avoid)\b|n't\b", re.IGNORECASE)
PIECE = re.compile(r"[;:,]\s+|(?<=[.!?])\s+|\s+[—–-]+\s+")
LEAST = 2
FIGURE = re.compile(r"[\w.+-]*\d[\w.+-]*")  # "-1.5", "g-4": codes and figures as written


def undone(text: str, held: str) -> bool:
    """Whether the text undoes the remedy the held lesson prescribes (see the module
    docstring)."""
    acts = _acts(text)  # the draft's, first: most drafts undo nothing
    if not acts or RETRACTED.match(held) or DENIED.search(held):
        return False
    prescribed = _prescribed(held)
    return any(said <= prescribed for said in acts)


@lru_cache(maxsize=4096)  # a draft meets every held lesson of an add
def _acts(text: str) -> tuple[frozenset[str], ...]:
    """The words of each act the text undoes (of two words at least), less its verb."""
    out = []
    for match in UNDO.finditer(text):
        act = " ".join(match[g] or "" for g in ("act", "need", "what", "where"))
        verb = terms(match["doing"] or match["verb"] or "").content
        said = _told(act) - verb - FRAMING - STATE
        if len(said) >= LEAST:
            out.append(said)
    return tuple(out)


@lru_cache(maxsize=4096)  # a held lesson meets many drafts
def _prescribed(held: str) -> frozenset[str]:
    """The words and values the held lesson says in no negative clause."""
    return frozenset[str]().union(*(_told(p) for p in PIECE.split(held) if p and not NO.search(p)))


def _told(text: str) -> frozenset[str]:
    """A text's words and values ("-1.5 °C", "0.5")."""
    said = terms(text)
    figures = {f.strip(".-") for f in FIGURE.findall(text.lower())}
    return said.content | {v for found in said.values.values() for v in found} | figures
