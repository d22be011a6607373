"""What a change told as an ending ends: "the heated bench is gone", "rehearsals no longer
need the hall key", "proofing is timed by the controller instead of the wall timer". Such
a change replaces a held lesson only when the held lesson states the thing that ended; a
lesson on the same subject that never mentions it tells a second fact of that subject,
which the ending leaves standing ("rehearsals run Thursdays in the choir room" is not
ended by "rehearsals no longer need the hall key"). `agentmem.core.restate.replaces` asks
it of a draft whose only grounds are a change word on shared words.

A change word that tells the new state ("now", "moved", "switched", "since …") lands on
the held lesson as before: this reads only the endings.
"""

from __future__ import annotations

import re

from agentmem.core.cues import CHANGE
from agentmem.core.statement import Terms, terms

# The ending cues, and on which side of the cue the ended thing stands.
ENDS_BEFORE = re.compile(r"^(?:is gone|are gone|went away)$", re.IGNORECASE)
ENDS_AFTER = re.compile(r"^(?:no longer|used to|formerly|previously)$", re.IGNORECASE)
INSTEAD_OF = re.compile(r"\s*of\b", re.IGNORECASE)  # "instead of X" (not ", instead")
CLAUSE_END = re.compile(r"[.;:,()!?]|\s[—–-]\s")
WINDOW = 6  # words of the clause beside the cue that name what ended
PREDICATE = 2  # content terms after "no longer" that name what ended (else read before it)


def _beside(text: str, start: int, end: int, *, after: bool) -> str:
    """Up to WINDOW words of the cue's clause after (or before) the cue."""
    if after:
        rest = CLAUSE_END.split(text[end:], maxsplit=1)[0]
        return " ".join(rest.split()[:WINDOW])
    rest = CLAUSE_END.split(text[:start])[-1]
    return " ".join(rest.split()[-WINDOW:])


def endings(text: str) -> list[frozenset[str]] | None:
    """The search tokens (values and commands included) of each thing the text's change
    words end, or None when one of its change words tells a new state (or an ending whose
    thing cannot be read): then the text's change is read as before, whatever it ends."""
    out: list[frozenset[str]] = []
    for match in CHANGE.finditer(text):
        cue = " ".join(match.group(0).split())
        if ENDS_BEFORE.match(cue):
            thing = _beside(text, match.start(), match.end(), after=False)
        elif ENDS_AFTER.match(cue):
            thing = _beside(text, match.start(), match.end(), after=True)
            if len(terms(thing).content) < PREDICATE:  # "X is no longer used": X ended
                thing = f"{_beside(text, match.start(), match.end(), after=False)} {thing}"
        elif cue.lower() == "instead" and INSTEAD_OF.match(text, match.end()):
            of = INSTEAD_OF.match(text, match.end())
            thing = _beside(text, match.start(), of.end() if of else match.end(), after=True)
        else:
            return None
        said = terms(thing).tokens  # a value ended ("no longer on Fridays") is the thing's too
        if not said:
            return None
        out.append(said)
    return out or None


def ends_other(draft: str, d: Terms, h: Terms) -> bool:
    """Every change the draft tells is an ending, and the held lesson states none of the
    ended things: the draft ends something else. The held lesson states an ended thing
    when it shares half its words, or one of those past the words the draft opens on (its
    subject, which a lesson on the same subject shares): "kiln loads no longer wait for the
    glaze check" ends "every kiln load waits until the glaze is checked"; "the spare kiln
    shelf is gone" does not end a lesson on kiln loads that never names the shelf."""
    ended = endings(draft)
    if ended is None:
        return False
    head = set(d.head)
    stated = h.tokens  # its words, and the words of its values and commands
    return all(
        not (thing - head) & stated and 2 * len(thing & stated) < len(thing) for thing in ended
    )
