"""A held lesson's short closing sentence, read apart from the claim it closes.

A finding often ends on a few words that close it: "All 14 batches held the 26 °C smoke
setpoint within 1 degree. No CCP 3 breach.", "Line 2 runs the 4 mm die. Works well." Read
whole, the closing words are subject words the later text never says, and a new value of
the claim ("the chamber now smokes at a 22 °C setpoint") shared too few of them to be read
as its thing: the old setpoint stayed current beside the new one.

`without_coda` gives the claim without such a close: the held text's first sentence, when
it states a value (a number) and every sentence after it is short (`MOST_WORDS` words at
most) and says no content word of the draft, and the draft names no other numbered unit
than the claim ("line 4" of "line 3"); None otherwise. The judge then reads the draft
against the claim alone (`agentmem.core.toldanew.tells_anew`). A closing sentence of more
words, or one the draft speaks to, is a claim of its own: a partial replacement's
(`agentmem.core.partial`), or none.
"""

from __future__ import annotations

import re

from agentmem.core.statement import content_and_values, terms

# Between sentences: after a word of two characters or more, a unit or a closing bracket,
# before a capital or a digit ("… within 1 degree. No CCP 3 breach.").
SENTENCE_END = re.compile(r"(?<=[\w)%°]{2})[.!]\s+(?=[A-Z0-9])")
MOST_WORDS = 5
NUMBER = re.compile(r"\d")
LONGEST = 600  # a longer held text is no finding closed by a few words


def without_coda(held: str, draft: str) -> str | None:
    """The held text's claim without its closing sentences (module docstring), or None."""
    text = held.strip()
    if len(text) > LONGEST:
        return None
    head, *rest = SENTENCE_END.split(text)
    if not rest or not NUMBER.search(head):
        return None
    # another numbered unit ("line 4" of "line 3"): another thing, however alike the claim
    which = terms(draft).values.get("which", frozenset()), terms(head).values.get("which")
    if which[1] is not None and which[0] != which[1]:
        return None
    said = content_and_values(draft).content
    for coda in rest:
        if len(coda.split()) > MOST_WORDS or content_and_values(coda).content & said:
            return None
    return head.rstrip(".") + "."
