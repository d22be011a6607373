"""What a change took away, in the words a run record quotes it.

A run record, or hook E's pattern that quotes one, tells what the run did in its own words.
Once memory knows that what it did was withdrawn or replaced, a record written before that
still says the old thing ("… a --loose-slots rerun went green …", "… retried after 45
seconds …"), and a worker must not take it for how things are. Only the exact thing
the change took away is looked for, never the topic: a record of the same work that names
none of it stays (its cause is still true).

- **Withdrawn** (a retraction, or a text saying the team no longer does something, that
  takes a lesson back): the names (a flag, a code span, an identifier) of the practice it
  withdraws that the lesson named too ("rerunning with --loose-slots is not a fix":
  `--loose-slots`), and the names it says were removed ("the NO-FASTBOOT define is removed
  from every config": `NO_FASTBOOT` as a lesson spells it).
- **Replaced** by a new value: the count the old lesson gave for the one count the new one
  gives otherwise ("retried after 45 seconds" replaced by "wait 90 seconds before
  a retry": `45 seconds`). When either states more than one other number, which one
  changed is not known, and nothing is taken.
- **Replaced** by another thing in the same place: a word the old lesson had where the new
  one has another, after the same two content words ("letters are rendered with inkpress"
  replaced by "letters are rendered by PageForge now": `inkpress`), the new one a name
  (capitalised: "letters are rendered by hand now" names no thing), neither text saying
  the other's word anywhere (`put_in_place`). A record names it as a plain word.
"""

from __future__ import annotations

import re

from agentmem.core.practice import no_longer, practices
from agentmem.core.removal import FLAG, mentions, removed
from agentmem.core.retiredvalues import counted
from agentmem.core.retract import retraction, squash
from agentmem.core.statement import CODE, IDENTIFIER, NUMBER
from agentmem.core.words import function_words
from agentmem.stores.bm25 import tokenize

PLAIN = re.compile(r"[A-Za-z][a-z]*")  # a word, not a name
SHORTEST = 3  # letters of a squashed name: shorter ones name nothing on their own
THING = 4  # letters of a word put in another's place: shorter ones are no name
SLOT = 2  # content words before a thing that make its place in a statement
PLAIN_WORD = "word:"  # a thing taken away that a record names as a plain word
# A name as a text writes one: capitals inside the word ("PageForge") or opening it after
# the sentence's first words (`_places` reads none at a sentence's start).
NAMED = re.compile(r"^[A-Z]|[a-z][A-Z]")
TOKEN = re.compile(r"[A-Za-z][\w./-]*[A-Za-z0-9]|[A-Za-z]")


def names(text: str) -> set[str]:
    """The names of a practice's settings a text writes, squashed (`squash`): flags, code
    spans, identifiers in capitals (a define, an environment variable). Not an identifier
    in lower case, which names a component more often than a setting: the practice of
    restarting `sync_worker` withdrawn, a record of `sync_worker` failing still tells of
    it."""
    found = [m.group(1) for m in CODE.finditer(text)]
    found += FLAG.findall(text) + [i for i in IDENTIFIER.findall(text) if i.isupper()]
    return {s for s in map(squash, found) if len(s) >= SHORTEST}


def quotes(record: str, name: str) -> bool:
    """Whether a record writes a squashed name as a name (`--loose-slots`,
    `+define+NO_FASTBOOT`; a plain word "full" is not the flag `--full`)."""
    return any(squash(w) == name and not PLAIN.fullmatch(w) for w in _words(record))


def _words(text: str) -> list[str]:
    return [w for chunk in re.findall(r"[\w+-]+", text) for w in chunk.split("+") if w]


def withdrawn_names(newer: str, lesson: str) -> set[str]:
    """The names a text that takes `lesson` back withdraws (see the module docstring)."""
    said = retraction(newer)
    told = practices(*said) if said is not None else no_longer(newer)
    gone = {squash(n) for n in removed(newer) if " " not in n} if said is not None else set()
    held = {squash(w) for w in _words(lesson)}
    return {n for n in {n for t in told for n in names(t)} | gone if n in held}


def swapped(old: str, new: str) -> set[str]:
    """The count `old` gives that `new` replaced (see the module docstring)."""
    had = {c for cs in counted(old).values() for c in cs if not mentions(new, c)}
    given = {m.group(1) for m in NUMBER.finditer(new)} - {m.group(1) for m in NUMBER.finditer(old)}
    return had if len(had) == 1 and len(given) == 1 else set()


def put_in_place(old: str, new: str) -> set[str]:
    """The things `old` names that `new` put a named thing in place of (see the module
    docstring), each as `PLAIN_WORD` and the word in lower case."""
    had, has = _places(old), _places(new)
    old_words, new_words = _words_of(old), _words_of(new)
    return {
        f"{PLAIN_WORD}{word.lower()}"
        for word, places in had.items()
        if word.lower() not in new_words
        and any(
            places & where
            for other, where in has.items()
            if other.lower() not in old_words and NAMED.search(other)
        )
    }


def _words_of(text: str) -> set[str]:
    return {t.lower() for t in TOKEN.findall(text)}


def _places(text: str) -> dict[str, set[tuple[str, ...]]]:
    """Each word of `text` as written (no function word, no number, `THING` letters or
    more) with the `SLOT` content words before it in its sentence: where it stands."""
    out: dict[str, set[tuple[str, ...]]] = {}
    for sentence in re.split(r"[.;:!?](?:\s|$)|[()]", text):
        before: list[str] = []
        for token in TOKEN.findall(sentence):
            low = token.lower()
            if not tokenize(low) or low in function_words():
                continue
            if len(before) >= SLOT and len(low) >= THING and not any(c.isdigit() for c in low):
                out.setdefault(token, set()).add(tuple(before[-SLOT:]))
            before.append(low)
    return out


def told_of(record: str, value: str) -> bool:
    """Whether a record quotes a value taken away: a squashed name, a thing replaced as
    the record writes it (a plain word), or a count as written (its unit in any form:
    "128-confirmation threshold"; "1.1 GB" is not "1 GB")."""
    if value.startswith(PLAIN_WORD):
        word = value.removeprefix(PLAIN_WORD)
        return word in {t.lower() for t in TOKEN.findall(record)}
    if " " not in value:
        return quotes(record, value)
    number, unit = value.split(" ", 1)
    said = re.finditer(rf"(?<![\w.,]){re.escape(number)}(?![\d.,]\d)[\s-]?([A-Za-z%]+)", record)
    return any(_unit(m.group(1)) == _unit(unit) for m in said)


def _unit(word: str) -> str:
    stems = tokenize(word)
    return stems[0] if stems else word.lower()
