"""English function words beyond the search stopwords, which carry no subject, and text
written as code, which is a value (a command, a path), not a word of the subject."""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.stores.bm25 import tokenize

CODE = re.compile(r"`([^`\n]+)`")  # a command or a path as code: the value of "how to"

# English function words beyond the search stopwords: they carry no subject, so a restatement
# that adds "us" or "we" adds nothing.
FUNCTION_WORDS = frozenset(
    """i me my we us our ours you your he him his she her hers its them theirs what which who
    whom whose where when why how all any both each every few more most other some own same
    so than too very can could may might must shall should would do does did done doing
    have has had having been being am were just also only even still yet ever here
    about above after again against before below between during from off out over under
    up down once until while through per via one ones since now longer anymore instead
    formerly previously correction corrected erratum""".split()  # noqa: SIM905 (a word list)
)


@lru_cache(maxsize=1)
def function_words() -> frozenset[str]:
    return frozenset(t for word in FUNCTION_WORDS for t in (word, *tokenize(word)))
