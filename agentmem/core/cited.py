"""A rule stated with the code of the text it comes from, told again under a newer code:
"Each crate holds at most 40 kg (safety circular SC-3)" held, then "Each crate holds at
most 35 kg (safety circular SC-8)". The code in brackets cites where the rule comes from,
not which thing it is of; a new citation beside a new value is the rule replaced, though
no word says so. `agentmem.core.lookalike.another_instance` reads a code changed between
two texts as another thing of that name ("kit KX-3 ships in 4 days" against "kit KX-5
ships in 9 days"); `recited` says when the code changed is a citation instead.

It holds only when both texts cite their rule in brackets by a code led by a word that
names a rule's source (guidance, policy, circular …), the held code is nowhere in the
draft, and the texts with their citations taken out are no other instance of each other
("(policy P-4)" beside "hall C" against "(policy P-9)" beside "hall D" stays two halls).
"""

from __future__ import annotations

import re

from agentmem.core.lookalike import another_instance

# A bracket citing a rule's source by its code: "(guidance EC-9)", "(per policy P-12)",
# "(State Transport Board circular TB-4)", "(see regulation R 17)".
CITATION = re.compile(
    r"\((?:[^()\n]{0,60}?\s)?(?:guidance|guidelines?|polic(?:y|ies)|rules?|regulations?|"
    r"directives?|circulars?|standards?|bulletins?|notices?|advisor(?:y|ies)|rulings?|"
    r"decrees?|ordinances?|bylaws?|letters?|memos?|sections?|clauses?|articles?)\s+"
    r"(?P<code>[A-Z]{1,5}[- ]?\d{1,4}[a-z]?)\)",
    re.IGNORECASE,
)


def _codes(text: str) -> set[str]:
    return {m["code"].upper().replace(" ", "-") for m in CITATION.finditer(text)}


def _spelled(code: str) -> re.Pattern[str]:
    letters = re.match(r"[A-Z]+", code)
    lead = letters[0] if letters else code
    return re.compile(
        rf"\b{re.escape(lead)}[- ]?{re.escape(code[len(lead) :].lstrip('-'))}\b", re.I
    )


def recited(draft: str, held: str) -> bool:
    """The draft cites another code of a rule's source than the held text, and is no other
    instance of it once the citations are taken out (see the module docstring)."""
    mine, theirs = _codes(draft), _codes(held)
    if not mine or not theirs or mine & theirs:
        return False
    if any(_spelled(code).search(draft) for code in theirs):
        return False  # the held code told beside the new one: two rules, or history
    return not another_instance(CITATION.sub(" ", draft), CITATION.sub(" ", held))
