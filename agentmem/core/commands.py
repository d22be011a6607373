"""The command lines a text writes: one reading for every rule that asks which tool a lesson
runs (a tool moved to another, a tool gone, a record quoting an old command).

A command line is written two ways:

- **in a code span**: its words up to the first flag, placeholder or assignment, after a
  shell prompt ("`$ glazectl mix --cone 6`": glazectl mix); a span of one word is a command
  only with a flag or placeholder after it ("`dipcheck --strict`"), else it is a name;
- **plainly**: a tool and up to two subcommands, lower case, then a flag, a placeholder
  or a setting given on the line ("dry the batch with glazectl dry --hours 3", "sieve run
  <lot>", "make kiln-load PROFILE=cone6"). The words leading into
  it are no part of it ("with", "then use"), and a run of words holding a function word
  before an option is prose, not a command ("fired with --slow", "loaded from <dir>").

`lines` gives both, in the order written; `tools` their first words. A caller that needs
less (code spans only, two words only) says why where it takes it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.words import CODE, function_words
from agentmem.stores.bm25 import tokenize

WORD = re.compile(r"[a-z][\w.-]*", re.IGNORECASE)
PROMPT = re.compile(r"^\s*[$>#]\s+")  # a shell prompt before the command: "$ glazectl mix"
# A tool, up to two subcommands, then an option, a placeholder or a setting in capitals
# (`make target VAR=value`); not a word of a path, an address or an identifier.
PLAIN = re.compile(
    r"(?<![\w/.@-])[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}(?=\s+(?:--?[a-z]|<\w|[A-Z][A-Z0-9_]*=\S))"
)
# Words that lead into a command written plainly ("firings start with kilnctl fire", "call
# sievectl grade <lot>"): verbs that say a command is run, and the words that join them.
LEADING = frozenset(
    "with via using use run runs running call calls invoke execute type enter then and or".split()  # noqa: SIM905
)
# Prepositions before an option: prose ("ran from <dir>", "sent over --vpn").
PROSE = frozenset(
    ["from", "via", "using", "over", "into", "onto", "through", "after", "before", "per"]
)


def command(code: str) -> tuple[str, ...]:
    """A code span's command words up to its first flag, placeholder or assignment, lower
    case, after a shell prompt: "`$ sievectl grade --mesh 40`" is (sievectl, grade)."""
    out: list[str] = []
    for word in PROMPT.sub("", code).split():
        if word.startswith(("-", "<", "{", "$")) or not WORD.fullmatch(word):
            break
        out.append(word.lower())
    return tuple(out)


def _prose(word: str) -> bool:
    return not tokenize(word) or word in function_words() or word in PROSE


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def spoken(span: str) -> tuple[str, ...]:
    """The command a code span runs (`command`), () when it is none: a single word with no
    option after it is a name ("`kilnctl`"), a path or a setting runs nothing."""
    words = command(span)
    rest = PROMPT.sub("", span)[len(" ".join(words)) :].strip()
    return words if len(words) >= 2 or (words and rest[:1] in ("-", "<")) else ()


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def coded(text: str) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """The commands `text` writes in code spans, each with where its span starts."""
    return tuple((m.start(), w) for m in CODE.finditer(text) if (w := spoken(m.group(1))))


@lru_cache(maxsize=4096)
def lines(text: str) -> tuple[tuple[str, ...], ...]:
    """The commands `text` writes, in code spans and plainly (see the module docstring),
    each as its words up to its first option: "`potctl throw --clay 2`, then trim with
    trimctl run <pot>" is (potctl, throw) and (trimctl, run)."""
    found = list(coded(text))
    plain = CODE.sub(lambda m: " " * len(m.group(0)), text)
    for m in PLAIN.finditer(plain):
        words = tuple(m.group(0).lower().split())
        while words and (words[0] in LEADING or words[0] in function_words()):
            words = words[1:]
        if words and not any(_prose(w) for w in words):
            found.append((m.start(), words))
    return tuple(w for _, w in sorted(found))


def tools(text: str) -> set[str]:
    """The tools whose commands `text` writes ("potctl" of "`potctl throw --clay 2`")."""
    return {c[0] for c in lines(text)}
