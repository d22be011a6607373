"""Hook E's pattern in words of the present: it restates nothing a recorded change retired.

A harvest reads the failures of many days, and some of them ran the way a change recorded
since has retired: a print shop's plate check failed twice with "ink coverage 310% over
limit 280%", then a decision raised the limit to 300% (a lesson replaced by another); or
its runs burned plates with "`platectl burn --press 4`" until a runbook moved every job to
"`prepress-queue submit --press 4`". A pattern written after that change which quotes the
old limit or the old command tells the next worker how things were, and hook E's patterns
are read long after they are written (a newer pattern supersedes one only for the pack).

So the pattern keeps its cause (the verifier, the error phrase, the words that set the
failures apart) and leaves out what the change retired, as
`agentmem.retrieval.lingering.retired_by` reads a change from its pair (the replaced lesson,
its replacement): the error phrase is taken in the words of a failure that does not state
the retired value ("ink coverage 305% over limit 300%"), else the value is left out of it
("ink coverage 310% over limit …"); the example is a failure whose account does not state
it, else its account without it; a retired command's tool is no cause word. A text that
names the new value as well tells the change itself and is kept as it is.

A command need not be in a code span: a lesson that says "run platectl burn --press <n>"
and a replacement that says "send every job through prepress-queue submit --press <n>"
retired the first tool's command when the replacement runs no command of it, where their
clauses share a word (`commands_gone`). A replacement that runs no command at all retired
none (it may name the tool in passing: "the batch was re-checked in the editor's app").

The writer does not link every such pair: a decision record that moves the presses to the
queue is news of its own, and the lesson that ran `platectl burn` stays live beside it. A
later lesson of the same app that runs another tool on the same arguments ("`--press <n>`")
retired the old command all the same (`moved_on`).

A replacement may retire a practice told in plain words, no value or command in it: "hand
the plates to the night shift for a manual rebake" replaced by "`platectl rebake --auto`
reruns every failed plate". When the replacement runs a command of its own (a practice in
place of one; a replacement that only names a tool tells no new one), two words in a row of
the replaced lesson that it does not say, one of them not at all (`dropped`: "manual
rebake") in a clause that shares words with the replacement (the practice, not the symptom
the lesson opened with), are how things were. The example a pattern written since quotes
keeps its run, chosen for the most cause words, and leaves them out of its account: the
rest of it still tells the cause. Only the example: the error phrase is the check's own
words, and a check still says them. A failure after the change that says them, or a live
lesson written since, keeps them current.

A lesson memory took back (a retraction) retires its remedy the same way, and the run that
wrote it is quoted by no pattern (`agentmem.harvest.withdrawn`); a failure that followed the
remedy while it stood tells it in its own account ("slowed the ramp as the notes said"), so
the example is another failure, else that run's check (`agentmem.harvest.followed`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import replace
from itertools import pairwise

from agentmem.core.commands import lines
from agentmem.core.model import Kind, Memory, MemoryType
from agentmem.core.removal import mentions
from agentmem.harvest.followed import Practice, follows, taken_back, unfollowed
from agentmem.harvest.patterns import Pattern, pick_example
from agentmem.harvest.phrases import worded
from agentmem.retrieval.lingering import GONE, TOOL, Change, retired_by, said_of, valued
from agentmem.stores.bm25 import WORD, tokenize

ELIDED = "…"
PHRASE = "phrase dropped"  # two words of a replaced lesson its replacement no longer says
FOLLOWED = "lesson taken back"  # when it was written and its id; a run may have followed it
SHORT = 3  # letters of a word of a dropped phrase: shorter ones tell no practice
SAME_CLAUSE = 2  # words a replaced lesson's clause shares with its replacement: its practice
CLAUSE = re.compile(r"[.;:!?](?:\s|$)|,\s|\n|\s[-–—]\s")


def recorded(memories: Sequence[Memory]) -> list[Change]:
    """What each recorded change among `memories` retired: a lesson another supersedes
    (both observations: hook E's own updated pattern counts more runs, it changes nothing),
    with the plain-word practice a lesson replaced by one that runs a command dropped."""
    by_id = {m.id: m for m in memories}
    replaced = {i for m in memories for i in m.supersedes}
    live = [
        (m.created_at, valued(m.text).keys())
        for m in memories
        if m.id not in replaced and m.kind is Kind.OBSERVATION
    ]
    out = []
    for new in memories:
        if new.kind is not Kind.OBSERVATION:
            continue
        for old in (by_id.get(i) for i in new.supersedes):
            if old is None or old.kind is not Kind.OBSERVATION:
                continue
            if old.type in LESSONS and new.type in LESSONS and _commands(new.text):
                out += _phrases(old, new, memories)
            change = retired_by(old.text, new.text, new.created_at)
            retired = {**(change.retired if change else {})}
            if not _runs_command(new.text, change):
                retired = {k: v for k, v in retired.items() if k[0] not in (TOOL, GONE)}
            retired |= {(GONE, c): frozenset() for c in commands_gone(old.text, new.text)}
            if retired := _unsaid(retired, new.created_at, live):
                given = change.given if change else frozenset[tuple[str, str]]()
                out.append(Change(new.created_at, retired, given))
    back = [
        Change(p.taken, {(FOLLOWED, f"{p.written} {p.lesson}"): p.words}, frozenset())
        for p in taken_back(memories)
    ]
    return out + moved_on(memories) + back


LESSONS = (MemoryType.SEMANTIC, MemoryType.PROCEDURAL)


def dropped(old: str, new: str) -> list[str]:
    """Two words in a row of `old` (no stopword, no number, none short) that `new` does not
    say in a row, one of them not at all, in a clause of `old` that shares `SAME_CLAUSE`
    words with `new` (the practice it replaced, not the symptom the lesson opened with):
    the practice a replacement no longer tells ("manual rebake" against "`platectl rebake
    --auto`")."""
    said = set(tokenize(new))
    out: list[str] = []
    for clause in CLAUSE.split(old):
        if len(set(tokenize(clause)) & said) < SAME_CLAUSE:
            continue
        words = WORD.findall(clause)
        for a, b in pairwise(words):
            pair = f"{a} {b}".lower()
            stems = tokenize(pair)
            if (
                len(stems) == 2
                and a.isalpha()
                and b.isalpha()
                and min(len(a), len(b)) >= SHORT
                and not set(stems) <= said
                and not mentions(new, pair)
                and pair not in out
            ):
                out.append(pair)
    return out


def _phrases(old: Memory, new: Memory, memories: Sequence[Memory]) -> list[Change]:
    """The phrases `new` dropped of `old` (`dropped`) that no other live lesson written
    since says (a runbook that still tells the practice keeps it current)."""
    replaced = {i for m in memories for i in m.supersedes}
    since = [
        m.text
        for m in memories
        if m.id not in replaced
        and m.id != new.id
        and m.type in LESSONS
        and m.kind is Kind.OBSERVATION
        and m.created_at >= new.created_at
    ]
    gone = [p for p in dropped(old.text, new.text) if not any(mentions(t, p) for t in since)]
    if not gone:
        return []
    return [Change(new.created_at, {(PHRASE, p): frozenset[str]() for p in gone}, frozenset())]


def moved_on(memories: Sequence[Memory]) -> list[Change]:
    """The commands a later lesson of the same app retired that does not supersede the one
    that ran them (see the module docstring): it runs another tool's command on an argument
    the old one took ("platectl burn --press <n>", then "`prepress-queue submit --press
    3`"), and not the old command's second word as a tool of its own ("run inkcalc
    --strict" is inkcalc's, still run by "`proofctl check <job>` calls inkcalc --strict")."""
    lessons = sorted(
        (
            m
            for m in memories
            if m.kind is Kind.OBSERVATION and m.type in LESSONS and _commands(m.text)
        ),
        key=lambda m: m.created_at,
    )
    linked = {(old, m.id) for m in memories for old in m.supersedes}
    out = []
    for i, old in enumerate(lessons):
        for new in lessons[i + 1 :]:
            if new.app_id != old.app_id or (old.id, new.id) in linked:
                continue
            if new.created_at <= old.created_at:
                continue  # one moment: a pair of one document's sections, not a change
            gone = [
                c
                for c in commands_gone(old.text, new.text)
                if _arguments(old.text, [c]) & _arguments(new.text, _commands(new.text))
                and not _still_run(new.text, c.split()[1])
            ]
            if gone:
                retired = {(GONE, c): frozenset[str]() for c in gone}
                out.append(Change(new.created_at, retired, frozenset()))
    return out


ARGUMENT = re.compile(r"--?([a-z][\w-]*)|<([^<>\s]+)>", re.IGNORECASE)
REACH = 120  # characters after a command that may hold its arguments


def _commands(text: str) -> list[str]:
    """The commands `text` runs as a record quotes them, a tool and its first subcommand
    (`agentmem.core.commands.lines`: "gh pr" of "gh pr merge --squash")."""
    return [" ".join(c[:2]) for c in lines(text) if len(c) >= 2]


def _arguments(text: str, commands: Collection[str]) -> set[str]:
    """The words of the options and placeholders written after `commands` in their clause
    ("--press <n>": `press`, `n`)."""
    out: set[str] = set()
    for command in commands:
        for m in re.finditer(re.escape(command), text, re.IGNORECASE):
            tail = re.split(r"[;`\n]|\.\s", text[m.end() : m.end() + REACH])[0]
            for a in ARGUMENT.finditer(tail):
                out.update(tokenize(a.group(1) or a.group(2)))
    return out


def _still_run(text: str, word: str) -> bool:
    """`word` still heads a command line in `text`, an option right after it ("inkcalc
    --strict"). Not `agentmem.core.commands.lines`: a plain line of one word reads the word
    before it as the tool ("then inkcalc --strict"), where the question is only whether
    the old command's second word now runs on its own."""
    return re.search(rf"(?<![\w-]){re.escape(word)}\s+--?[a-z]", text, re.IGNORECASE) is not None


def _unsaid(
    retired: dict[tuple[str, str], frozenset[str]],
    when: str,
    live: Sequence[tuple[str, Collection[tuple[str, str]]]],
) -> dict[tuple[str, str], frozenset[str]]:
    """The retired values no live lesson written since the change states again: a runbook
    that lists both presses' limits after one press's own was replaced keeps the other's."""
    said = {key for written, values in live if written >= when for key in values}
    return {k: v for k, v in retired.items() if k[0] in (TOOL, GONE) or k not in said}


def _runs_command(text: str, change: Change | None) -> bool:
    """Whether a replacement runs a command itself: one that only names a tool in passing
    ("re-reviewed in the editor's web app") replaced no command of it."""
    return bool(_commands(text)) or any(
        k == "code" and " " in v for k, v in (change.given if change else ())
    )


def commands_gone(old: str, new: str) -> list[str]:
    """The commands ("tool sub") `old` runs of a tool `new` runs no command of, where `new`
    runs another tool's command in a clause that shares a word with the old command's."""
    runs, ran = _commands(new), dict.fromkeys(_commands(old))
    now, heads = said_of(new, *runs), {c.split()[0] for c in runs}
    return [c for c in ran if runs and c.split()[0] not in heads and said_of(old, c) & now]


def stated(text: str, changes: Sequence[Change]) -> list[str]:
    """The values and commands `text` states that a change retired, said of the same thing
    (a word of the text is in the clauses that held the old value or hold the new one), as
    the text writes them; none from a change whose new value the text names too."""
    mine = valued(text)
    frame = frozenset[str]().union(*mine.values())
    out = []
    for change in changes:
        if change.given & mine.keys():
            continue  # it tells the change itself
        for (kind, value), words in change.retired.items():
            if kind in (TOOL, GONE, PHRASE):
                if mentions(text, value):
                    out.append(value)
            elif (kind, value) in mine and frame & words:
                out.append(value)
    return out


def elide(text: str, values: Collection[str]) -> str:
    """The text with each of `values` (and the unit written onto it: "280%", "45min", or
    zero decimals: "16.0" of 16) left out, an ellipsis in its place."""
    for value in sorted(values, key=len, reverse=True):
        words = r"\s+".join(re.escape(p) for p in value.split())
        said = re.compile(rf"(?<![\w.-]){words}(?:\.0+)?[%\w]*", re.IGNORECASE)
        text = said.sub(ELIDED, text)
    return re.sub(rf"{ELIDED}(?:\W*{ELIDED})+", ELIDED, text)


def in_present(
    pattern: Pattern, changes: Sequence[Change], withdrawn: Collection[str] = ()
) -> Pattern:
    """The pattern as hook E writes it after `changes` (see the module docstring); runs in
    `withdrawn` are quoted by no pattern (`agentmem.harvest.withdrawn`)."""
    practices = _practices(changes)
    pattern = unfollowed(pattern, practices, withdrawn)
    changes = _in_force(pattern, changes)
    if not changes:
        return pattern
    said, valued_changes = pattern.phrase, [c for c in changes if not _plain(c)]
    if old := stated(said, valued_changes):
        told = [f.detail for f in pattern.failures if f.detail and not stated(f.detail, changes)]
        said = next((w for d in told if (w := worded(said, d))), "") or elide(said, old)
    example = pattern.example
    if example is not None and (old := stated(example.summary, valued_changes)):
        failures = [f for f in pattern.failures if f.memory.run_id not in withdrawn]
        clean = [
            f
            for f in failures
            if f.summary
            and f.memory.outcome is example.memory.outcome  # no partial run's workaround
            and not stated(f.summary, changes)
            and not follows(f, practices)
        ]
        example = pick_example(clean, pattern.causes) or replace(
            example, summary=elide(example.summary, old)
        )
    if example is not None and (old := stated(example.summary, changes)):
        # a dropped phrase: the run keeps its place, its account says the cause all the same
        example = replace(example, summary=elide(example.summary, old))
    tools = {
        t
        for change in changes
        for (kind, value) in change.retired
        if kind == GONE  # a tool still run is still a cause's name
        for t in tokenize(value.split()[0])
    }
    causes = [c for c in pattern.causes if not set(tokenize(c)) & tools]
    last = elide(pattern.last, old) if (old := stated(pattern.last, changes)) else pattern.last
    return replace(pattern, phrase=said, example=example, causes=causes, last=last)


def _said(phrase: str, texts: Sequence[str]) -> bool:
    return any(mentions(text, phrase) for text in texts)


def _practices(changes: Sequence[Change]) -> list[Practice]:
    """The lessons taken back among `changes` (`recorded`), as `agentmem.harvest.followed`
    reads them."""
    return [
        Practice(key.split()[0], change.when, words, key.split()[1])
        for change in changes
        for (kind, key), words in change.retired.items()
        if kind == FOLLOWED
    ]


def _plain(change: Change) -> bool:
    """A change told only by the phrases a replacement dropped (`dropped`)."""
    return all(kind == PHRASE for kind, _ in change.retired)


def _in_force(pattern: Pattern, changes: Sequence[Change]) -> list[Change]:
    """The changes with what they retired, but a value a failure of the pattern recorded
    after the change still states: its check still enforces it ("over limit 280%" a week
    after a lesson about another press was replaced by one giving 300%)."""
    out = []
    for change in changes:
        later = [
            f"{f.detail} {f.summary}" for f in pattern.failures if f.memory.created_at > change.when
        ]
        still = {key for text in later for key in valued(text)}
        still |= {k for k in change.retired if k[0] == PHRASE and _said(k[1], later)}
        retired = {k: v for k, v in change.retired.items() if k not in still}
        if retired:
            out.append(change._replace(retired=retired))
    return out
