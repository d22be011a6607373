"""A way of working retired in other words: "we have no hand-run publish step any more",
"the old command-line tool was deleted; all imports go through `loadctl run`". A held how-to
that runs a command ("profiles go out with kilnctl profiles publish --site north") tells a
way that is gone, though the draft names the old way only by a word of its command
("publish") or not at all ("the old command-line tool"), and the two share few other words.

The draft says what is gone in one of two ways, and it is about what the held how-to is
about (both open on the same word, or they share `SAME_TASK` terms):

- "no <thing> any more": the held how-to's command holds a word of the thing ("hand-run
  publish step": `publish`);
- "the old <CLI, command, tool, script, entry point …> was deleted / is gone": the draft
  runs a command of another tool for the task, and never names the held command's tool
  (a module run by its interpreter, "python -m kilnlib.fire", is a command of that tool);
- "the <tool>file is gone / was removed" (a tool's own file: "the Kilnfile is gone"): the
  held how-to runs that tool.

A draft that adds a way without taking one away ("you can also …"), names the held
tool as the one that stays, or is about another task, retires nothing.

Once a draft replaces a how-to by running its task with another tool, the command it
left behind is gone from every lesson that still runs it (`unrun`): "glaze with `kilnctl
glaze --cone 6`" replaced by "glaze with `firectl glaze --cone 6`" takes "kilnctl glaze
is safe to rerun" with it, though that one shares too few words with the draft to be
judged on its own."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentmem.core.commands import lines
from agentmem.core.statement import terms
from agentmem.stores.bm25 import tokenize

KINDS = (
    r"cli|command|commands|tool|script|target|binary|client|uploader|path|entry point|entrypoint"
)
GONE = re.compile(
    r"\bno\s+(?P<thing>(?:[\w-]+\s+){0,2}?[\w-]+)\s+any\s*more\b"
    rf"|\bthe\s+old\s+(?:[\w-]+\s+){{0,2}}?(?:{KINDS})\b[^.;]{{0,40}}?"
    r"\b(?:removed|gone|retired|decommissioned|switched\s+off|turned\s+off|deleted)\b"
    # a tool's own file gone ("the Kilnfile is gone", "the Dockerfile was deleted"): the
    # tool named by it (kiln, docker) is no longer how the job runs
    r"|\bthe\s+(?P<tool>[a-z]{2,})file\s+(?:is|was|has\s+been)\s+"
    r"(?:removed|gone|retired|deleted)\b",
    re.IGNORECASE,
)
GENERIC = frozenset(t for k in KINDS.split("|") for t in tokenize(k)) | {"old", "way"}
SAME_TASK = 3  # content terms two texts share when they open on different words


def commands(text: str) -> list[tuple[str, ...]]:
    """The commands a text runs of a tool and a subcommand at least
    (`agentmem.core.commands.lines`): a tool's name alone says nothing of a way of working."""
    return [c for c in lines(text) if len(c) >= 2]


# A module run by its interpreter ("python -m kilnlib.fire --profile bisque"): the
# interpreter and the module are its command, which `lines` reads as prose.
MODULE_RUN = re.compile(r"(?<![\w/.-])(python3?|py)\s+-m\s+([a-z_][\w.]*[a-z0-9_])", re.IGNORECASE)


def module_runs(text: str) -> list[tuple[str, ...]]:
    """The modules a text runs by their interpreter, as (interpreter, module)."""
    return [(m[1].lower(), m[2].lower()) for m in MODULE_RUN.finditer(text)]


def _mentioned(text: str) -> set[str]:
    return set(re.findall(r"[\w-]+", text.lower()))


# A word right before an option is the tool run with it ("fired with kilnrun -p slow"),
# where `lines` reads prose (a function word before the option) and gives nothing.
BEFORE_OPTION = re.compile(r"(?<![\w/.@-])([a-z][\w.-]*)\s+--?[a-z]")


def run_tools(text: str) -> set[str]:
    """The tools a text runs: its command lines' first words, else each word right before
    an option that names no function."""
    told = {c[0] for c in lines(text)}
    if told:
        return told
    found = {m.group(1).lower() for m in BEFORE_OPTION.finditer(text)}
    return {w for w in found if tokenize(w) and w not in PROSE}


PROSE = frozenset(["with", "from", "via", "using", "and", "or", "then", "run", "use", "the"])


def swapped_out(draft: str, old: str) -> list[tuple[str, ...]]:
    """The commands (a tool and a subcommand at least) of `old`, a lesson the draft
    replaces, that the draft no longer runs: the draft runs other tools, never names this
    one, and `old` never names the draft's."""
    new = run_tools(draft)
    said, before = _mentioned(draft), _mentioned(old)
    if not new or new & before:
        return []
    return [c for c in commands(old) if c[0] not in new and c[0] not in said]


def _runs(text: str, command: tuple[str, ...]) -> bool:
    """The text writes the command's words in a row ("backfill with kilnctl glaze and …")."""
    words = r"\s+".join(re.escape(w) for w in command)
    return re.search(rf"(?<![\w-]){words}(?![\w-])", text.lower()) is not None


def unrun(draft: str, replaced: Sequence[str], others: Sequence[tuple[str, str]]) -> list[str]:
    """Of `others` (held lessons as id and text), those that still run a command the draft
    swapped out of a lesson it replaces (`swapped_out`), and never name the draft's tools."""
    gone = {c for old in replaced for c in swapped_out(draft, old)}
    if not gone:
        return []
    new = run_tools(draft)
    return [
        memory_id
        for memory_id, text in others
        if any(_runs(text, c) for c in gone) and not new & _mentioned(text)
    ]


def retired(draft: str, held: str) -> bool:
    """The draft says the way the held how-to runs is gone (see the module docstring)."""
    said = GONE.search(draft)
    if said is None:
        return False
    old = commands(held) or module_runs(held)
    if not old:
        return False
    d, h = terms(draft), terms(held)
    if not (d.head[:1] == h.head[:1] or len(d.content & h.content) >= SAME_TASK):
        return False
    if said["tool"] is not None:
        return any(c[0] == said["tool"].lower() for c in old)
    thing = set(tokenize(said["thing"] or "")) - GENERIC
    if said["thing"] is not None:
        return bool(thing) and any(thing & {t for w in c for t in tokenize(w)} for c in old)
    new = {c[0] for c in commands(draft)}
    mentioned = set(re.findall(r"[\w-]+", draft.lower()))
    return bool(new) and all(c[0] not in new and c[0] not in mentioned for c in old)
