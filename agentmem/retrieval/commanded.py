"""How a replacement changed the way a job is run: the command lines two texts write, in
code spans or plainly, and the values their options are given.

A writer names a command in prose as often as in a code span ("re-queue it with bakectl
retry <batch>"), and a replacement seldom says what it retired: it gives the job another
subcommand of the same tool ("re-queue a failed batch with bakectl requeue <batch>
--fresh"), another tool, or the same command with another value of one option ("built with
kilnctl fire --profile slow" against "kilnctl fire --profile ramp"). Read from a replaced
lesson and its replacement (the writer linked the pair, so the two are on one subject),
each of those is what a run record written before the change quotes when it tells the old
way (`agentmem.retrieval.lingering.quotes_retired`).

Only commands in a clause that shares a content word with a clause of the replacement
holding a command count (or whose tool the replacement names): a lesson that also told how
to read the logs ("tail them with logctl tail <unit>") retires no log command when its
replacement speaks only of the build.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from agentmem.core.commands import lines
from agentmem.core.removal import mentions
from agentmem.core.statement import terms
from agentmem.retrieval.stated import CLAUSE

TOOL = "tool"  # a command's tool and its subcommand, as a record quotes it
GONE = "tool gone"  # the same, of a tool the replacement runs no command of
OPTION = "option"  # an option and the value a command was run with ("--profile slow")

# An option and its value, joined by a space or "=": "--profile slow", "--region=eu". A value
# is a word or a number, not another option, a placeholder or a path.
VALUED_OPTION = re.compile(r"(?<![\w-])(--[a-z][\w-]*)(?:=|\s+)([a-z0-9][\w.:-]*)(?![\w/<])", re.I)


@lru_cache(maxsize=4096)
def commands(text: str) -> Mapping[str, frozenset[str]]:
    """Each command `text` runs, by its tool and subcommand ("bakectl retry"; a lone tool
    when it has none), with the content words of the clauses that hold it."""
    out: dict[str, set[str]] = {}
    for clause in CLAUSE.split(text):
        for words in lines(clause):
            out.setdefault(" ".join(words[:2]), set()).update(_words(clause))
    return {k: frozenset(v) for k, v in out.items()}


@lru_cache(maxsize=4096)
def options(text: str) -> Mapping[tuple[str, str], frozenset[str]]:
    """The values each command's options are given, by (command, option): in a clause that
    runs one command, the options written after it."""
    out: dict[tuple[str, str], set[str]] = {}
    for clause in CLAUSE.split(text):
        run = {" ".join(w[:2]) for w in lines(clause)}
        if len(run) != 1:
            continue  # two commands in a clause: whose option is whose is a guess
        head = next(iter(run))
        start = clause.lower().find(head.split()[-1])
        for option, value in VALUED_OPTION.findall(clause[max(start, 0) :]):
            out.setdefault((head, option.lower()), set()).add(value.lower())
    return {k: frozenset(v) for k, v in out.items()}


def commands_retired(old: str, new: str) -> dict[tuple[str, str], frozenset[str]]:
    """What `new` (the replacement) retired of how `old` ran its jobs, by (kind, value)
    (see the module docstring): a subcommand of a tool it still runs (`TOOL`: "bakectl
    retry"), a tool it runs no more (`GONE`), an option's old value (`OPTION`: "--profile
    slow" of "kilnctl fire"). Each is the value a record quotes (`quotes`); the words are of
    the old command's clause."""
    had, has = commands(old), commands(new)
    if not had or not has:
        return {}
    theirs = frozenset().union(*has.values())
    runs = {head.split()[0] for head in has}
    lowered = new.lower()
    out: dict[tuple[str, str], frozenset[str]] = {}
    for head, words in had.items():
        tool, *sub = head.split()
        if not (words & theirs or mentions(lowered, tool)):
            continue  # another job of the old lesson: not its subject
        if head in has:
            for (command, option), values in options(old).items():
                now = options(new).get((command, option), frozenset())
                if command != head or not now:
                    continue
                for value in values - now:
                    out[OPTION, f"{head} {option} {value}"] = words
            continue
        if sub and mentions(lowered, sub[0]):
            continue  # the subcommand is still named: said another way, not retired
        if len(head.split()) < 2:
            continue  # a lone tool and its options: too little to quote
        out[TOOL if tool in runs else GONE, head] = words
    return out


def commands_given(old: str, new: str) -> set[tuple[str, str]]:
    """What `new` runs that `old` did not, by (kind, value) as `commands_retired` gives
    them: a command (`TOOL`), an option's value (`OPTION`). A record that quotes one of
    them tells of the change itself."""
    had = commands(old)
    out = {(TOOL, head) for head in commands(new) if head not in had and " " in head}
    before = options(old)
    for (head, option), values in options(new).items():
        out |= {
            (OPTION, f"{head} {option} {v}") for v in values - before.get((head, option), set())
        }
    return out


def quotes(text: str, kind: str, value: str) -> bool:
    """Whether `text` quotes a command (`TOOL`, `GONE`) or an option's value (`OPTION`:
    the command and "--option value", anywhere after it: "kilnctl fire --batch 3 --profile
    slow" quotes "kilnctl fire --profile slow")."""
    if kind != OPTION:
        return mentions(text, value)
    at = value.find(" --")
    head, option = value[:at], value[at + 1 :]
    lowered = text.lower()
    return mentions(lowered, head) and mentions(lowered, option)


def _words(text: str) -> set[str]:
    return {t for t in terms(text).content if len(t) >= 3 and not t.isdigit()}
