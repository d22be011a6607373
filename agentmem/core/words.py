"""English function words beyond the search stopwords, which carry no subject, and text
written as code, which is a value (a command, a path), not a word of the subject; and a
text's words read once per text (`tokens`, `letters`): the writer's judge meets each
text in many rules and many pairs per add."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from agentmem.stores.bm25 import _stem, _stemmer, _stopwords, tokenize
from agentmem.stores.folding import fold

CODE = re.compile(r"`([^`\n]+)`")  # a command or a path as code: the value of "how to"
# A text in the first person ("I moved it", "my shift"): who speaks is said elsewhere.
FIRST_PERSON = re.compile(r"\b(?:I|I'm|I'll|I've|I'd|[Mm]e|[Mm]y|[Mm]ine)\b")

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


@lru_cache(maxsize=65536)
def tokenized(text: str) -> tuple[str, ...]:
    """`tokenize(text)`, computed once per text."""
    return tuple(tokenize(text))


ONE_WORD = re.compile(r"[a-z0-9_]{2,}")  # a word `tokenize` keeps whole, its case already low


def word_tokens(word: str) -> tuple[str, ...]:
    """`tokenized(word)` of a word in lower case, worked out without a text's regular
    expression and cache when `tokenize` would keep it whole (ONE_WORD): `terms` asks it
    of each two adjacent words of a new text written as one ("roll" and "back" as
    "rollback"), a word seen once, and the cache would only be filled with them."""
    if ONE_WORD.fullmatch(word) is None:
        return tokenized(word)
    return () if word in _stopwords() else (_stem(word),)


def words_tokens(words: Sequence[str]) -> list[tuple[str, ...]]:
    """`word_tokens` of each word, those it stems stemmed in one call of the stemmer: a new
    text's adjacent words written as one (`statement._joins`) are dozens of words seen once,
    and stemming each through `_stem` cost the first reading of a text a tenth of the
    judge's time (issue 17)."""
    stop = _stopwords()
    whole = [w for w in words if ONE_WORD.fullmatch(w) is not None and w not in stop]
    stems = dict(zip(whole, (fold(str(s)) for s in _stemmer().stemWords(whole)), strict=True))
    return [
        (stems[w],) if w in stems else () if ONE_WORD.fullmatch(w) is not None else tokenized(w)
        for w in words
    ]


LETTERS = re.compile(r"[a-z]+")


@lru_cache(maxsize=4096)
def letters(text: str) -> tuple[tuple[str, ...], frozenset[str], str]:
    """The text's runs of letters in lower case, in order and as a set, and their initials
    in order (one letter per word, so a name's place in the initials is its first word's)."""
    words = tuple(LETTERS.findall(text.lower()))
    return words, frozenset(words), "".join(w[0] for w in words)
