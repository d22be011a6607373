"""Later texts that replace a lesson in words no worded rule has seen, read by structure.

A later text often tells a lesson's new state among other news (a notice, a memo, a
handbook revision, a runbook section): it shares few words with the lesson as a whole,
so `restate.replaces` does not link the two. Two shapes do:

- **A new value told with a change word, in the held lesson's slot** (`recued`): a sentence
  says something changed ("now", "no longer", "moved") and puts another value of the
  same unit where the lesson had one, after two of the same words. What follows the value
  (who does it now, which days) may differ, so a value read by its whole frame
  (`agentmem.core.slots.renewed`) misses it. "The returns chute is emptied at 19:45 and
  sorted by the evening desk" is replaced by a notice's "The returns chute is now emptied
  at 21:15 each weekday"; "every glaze load is cooled for 6 hours overnight" by a memo's
  "a glaze load is cooled for 4 hours minimum now".
- **The held how-to's task run with another tool** (`reequipped`): both run a command in
  code marks, for one task (`TASK` shared terms, and a word leading into each command in
  common: "order flour ... with `millctl order`", "place the order with `grainhub cart
  submit`"), the tools differ, and neither text names the other's tool. A team that moves
  a task to a new tool rarely says so in the how-to's words.

Both are guarded as `renewed` is: a text that states both values or still names the held
tool (two that hold), another thing set apart (`agentmem.core.apart`), another component
or branch opening a parallel sentence, clauses that each name what the other never
mentions, and another kind of value (a clock time is no count) replace nothing.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.apart import set_apart
from agentmem.core.commands import coded
from agentmem.core.cues import says_changed
from agentmem.core.retract import RETRACTED
from agentmem.core.slots import BREAK, SENTENCE, Slot, named_terms, one_thing, slots
from agentmem.core.statement import terms
from agentmem.core.words import CODE

BEFORE_SHARED = 2  # frame words before the value that the two slots share


def _clock(value: str) -> bool:
    return ":" in value


def _same_slot(new: Slot, old: Slot) -> bool:
    return (
        new.value != old.value
        and new.unit == old.unit
        and new.unit != "`"
        and _clock(new.value) == _clock(old.value)
        and len(set(new.before) & set(old.before)) >= BEFORE_SHARED
    )


def recued(draft: str, held: str) -> bool:
    """A sentence of the draft that says something changed puts another value in a slot
    of the held text (see the module docstring)."""
    if RETRACTED.match(draft):
        return False
    # the draft's sentences that say a change and give a value, read before the held text:
    # without one nothing is recued, and a held text read cold is read for nothing
    cued = [s for s in SENTENCE.split(draft) if says_changed(s) and slots(s)]
    return bool(cued) and not set_apart(draft, held) and recued_in(cued, draft, held)


def recued_in(sentences: list[str], draft: str, held: str) -> bool:
    """One of `sentences` (of the draft) puts another value in a slot of the held text, of
    one thing with it (`recued`'s reading, past its first tests)."""
    held_slots = slots(held)
    in_held = {(s.value, s.unit) for s in held_slots}
    in_draft = {(s.value, s.unit) for s in slots(draft)}
    h_names, h_tokens = named_terms(held), terms(held).tokens
    for sentence in sentences:
        d_names, d_tokens = named_terms(sentence), terms(sentence).tokens
        for new in slots(sentence):
            for old in held_slots:
                if not _same_slot(new, old):
                    continue
                if (old.value, old.unit) in in_draft or (new.value, new.unit) in in_held:
                    continue
                if (new.clause & d_names) - h_tokens and (old.clause & h_names) - d_tokens:
                    continue
                if one_thing(sentence, held):
                    return True
    return False


TASK = 3  # content terms a draft shares with the held how-to: one task
WORD = re.compile(r"[\w-]+")


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _tools(text: str) -> frozenset[str]:
    """The tools whose commands a text runs, in code marks (`mixctl run --batch 4`: mixctl)."""
    return frozenset(c[0] for _, c in coded(text) if len(c) >= 2)


def _lead_ins(text: str) -> list[frozenset[str]]:
    """The content words that lead into each command of the text, in its clause ("mix the
    batch with `mixctl run`": mix, batch), or in the clause before, for a command that
    stands alone after a colon ("3. Weigh each batch: `scalectl tare`"). Words after a
    command tell what it does, not the task it is run for."""
    out = []
    parts = [p or "" for p in BREAK.split(text)]
    for i, part in enumerate(parts):
        start = next((at for at, c in coded(part) if len(c) >= 2), None)
        if start is None:
            continue
        words = terms(part[:start]).content
        if not words and i:
            words = terms(CODE.sub(" ", parts[i - 1])).content
        out.append(words)
    return out


def _mentioned(text: str) -> set[str]:
    return set(WORD.findall(text.lower()))


def reequipped(draft: str, held: str) -> bool:
    """The draft runs the held how-to's task with a command of another tool and never names
    the held one's tool (see the module docstring)."""
    if RETRACTED.match(draft):
        return False
    old, new = _tools(held), _tools(draft)
    if not old or not new or old & _mentioned(draft) or new & _mentioned(held):
        return False
    if len(terms(draft).content & terms(held).content) < TASK:
        return False
    if not any(a & b for a in _lead_ins(draft) for b in _lead_ins(held)):
        return False
    return not set_apart(draft, held) and one_thing(draft, held)
