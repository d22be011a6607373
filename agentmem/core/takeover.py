"""A role taken over: "Ana Ruiz takes over the glaze recipe approvals next week" names the
role it hands on and what the role is over, and little else the held lesson says of it ("a
new glaze recipe is approved by Ben Okoro (studio lead) before its first firing"). The two share
the role's subject in a word or two, too few to be one subject by count
(`agentmem.core.restate.same_subject`), so the handover was never linked to the lesson
naming the holder before.

A draft takes over a held lesson's role when it says so ("take over", "took over", "handed
over to"), the words it hands on name a role the held lesson gives (sign-off, ownership,
who to ask, on call) and, besides the role's own words, only what the held lesson speaks
of ("the glaze recipe approvals" of a lesson on glaze recipes: yes; "the kiln rota
approvals": another thing's role), and it names a holder the held lesson does not (the held one's holder
taking over his own role is no change)."""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.holders import ROLE, people, same_holder
from agentmem.core.statement import terms
from agentmem.stores.bm25 import tokenize

TAKE_OVER = re.compile(
    r"\b(?:take|takes|taking|took|taken)\s+over\b|\bhand(?:s|ed|ing)?\s+over\s+to\b",
    re.IGNORECASE,
)
# What is handed on ends at the clause, or where the sentence goes on to say when, how or
# where ("… the glaze approvals from Monday", "… the kiln rota, as before").
END = re.compile(
    r"[.;,:!?()\n]|\s[-–—]\s|\b(?:from|starting|since|until|as of|on|at|in|while|when|"
    r"after|before|next|this|today|tomorrow|and|but|so|just)\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def handed_on(text: str) -> str:
    """The words naming what a "take over" hands on ("" when the text hands nothing on)."""
    match = TAKE_OVER.search(text)
    if match is None:
        return ""
    rest = text[match.end() :]
    end = END.search(rest)
    return rest[: end.start() if end else len(rest)].strip()


def took_over(draft: str, held: str) -> bool:
    """The draft hands on a role the held lesson gives to someone else (see the module
    docstring)."""
    part = handed_on(draft)
    roles = {k for m in ROLE.finditer(part) for k, v in m.groupdict().items() if v}
    if not roles:
        return False
    h = terms(held)
    if not roles & {k.replace("-", "_") for k in h.roles}:
        return False
    before, now = h.people, people(draft)
    if not before or not now or same_holder(before, now):
        return False
    role_words = {t for m in ROLE.finditer(part) for t in tokenize(m[0])}
    over = terms(part).content - role_words
    return bool(over) and over <= h.content
