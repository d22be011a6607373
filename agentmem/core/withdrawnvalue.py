"""A value a text writes only to name the claim it withdraws: no value the text states.

A text that withdraws an earlier lesson often names it by its day or its figure ("Scrap the
brand rule from 6 Nov: … rank candidates by the closest unit price", "we withdrew the advice
to wash at 3 °Bé — wash brine is now held at 5 °Bé", "Retracted: the 12 May relay tip; …").
"6 Nov" there is when the withdrawn rule was written, not a date the text sets; "3 °Bé" is
the value it takes back. A read that weighs the text's values against a newer lesson's ("as
of 18 Nov, rule changes are signed off by …") must not take such a value for the text's own
and retire the whole text for it: the new rule told beside the withdrawal would go with it.

Where the text names what it withdraws: a withdrawal told as an act, up to its clause's end
(`agentmem.core.advicewithdrawn.withdrawal_spans`), and the claim a retraction judges
(`agentmem.core.withdrawal.retraction`: "the 8 Dec note" of "Correction to the 8 Dec note:
…"), where the text writes it as it stands, each part of it apart. A value written there and nowhere else in the
text is `named_withdrawn`; one the text writes again outside ("… from 6 Nov; from 6 Nov
the app ranks by price") is its own too.
"""

from __future__ import annotations

import re

from agentmem.core.advicewithdrawn import withdrawal_spans
from agentmem.core.textcache import textcached
from agentmem.core.withdrawal import retraction

__all__ = ["named_withdrawn", "withdrawn_spans"]


@textcached
def withdrawn_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Where `text` names what it withdraws, as (start, end) (module docstring); read once
    a text, as `named_withdrawn` asks it of each value the text writes."""
    spans = withdrawal_spans(text)
    said = retraction(text)
    low = text.lower()
    # a claim read from two places ("the 9 June note; the sensor") is found part by part
    for part in said[0].split(";") if said is not None else ():
        if (part := part.strip().lower()) and (at := low.find(part)) >= 0:
            spans.append((at, at + len(part)))
    return tuple(spans)


def named_withdrawn(text: str, value: str) -> bool:
    """Whether every place `text` writes `value` (as a whole figure or word, any case) lies
    where it names the claim it withdraws; False for a value it does not write as such."""
    places = [m.start() for m in _written(value).finditer(text)]
    if not places:
        return False
    spans = withdrawn_spans(text)
    return all(any(start <= at < end for start, end in spans) for at in places)


def _written(value: str) -> re.Pattern[str]:
    # "6" is not the 6 of "16" nor of "6.5": a figure whole, as the reader wrote it
    return re.compile(rf"(?<![\w.]){re.escape(value)}(?!\w|\.\d)", re.IGNORECASE)
