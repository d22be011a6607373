"""A text as a frame: its words in order with a gap for each value, command and clause
break, so two texts told in one frame of two things can be seen (`agentmem.core.newvalue`
and `agentmem.core.restate` ask it)."""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.spoken import normalised
from agentmem.core.statement import function_words, value_words
from agentmem.core.words import tokenized

COPULA = frozenset(("is", "are", "was", "were", "be", "been", "becomes", "become"))


@lru_cache(maxsize=65536)
def naming(word: str) -> bool:
    """A content word: a search term that is no function word."""
    return word not in function_words() and bool(tokenized(word))


GAP = ""  # where a value, a command or a clause break stood (see `framed`)
PIECE = re.compile(r"`[^`\n]+`|[;:,!?()]|\.(?=\s|$)|\w\w+")


def framed(text: str) -> list[str]:
    """The text's words in order, each as its search term where it has one, and a `GAP`
    for each value, command and clause break, so no frame spans them: "takes 5 business
    days: submit" and "takes about 48 hours; submitting" swap no word between "takes" and
    "submit" (with the values left out, "business" and "about" looked like two names in
    one frame, and a new certification time superseded nothing)."""
    return list(_framed(text))


@lru_cache(maxsize=4096)  # read once per text, whatever the pairs it is judged in
def _framed(text: str) -> tuple[str, ...]:
    values = value_words()
    return tuple(
        GAP
        if piece[0] == "`" or len(piece) == 1 or piece in values or any(map(str.isdigit, piece))
        else next(iter(tokenized(piece)), piece)
        for piece in PIECE.findall(normalised(text).lower())
    )
