"""One noun, two modifiers: "the south dock" against "the north dock". Each text writes
the same noun right after a naming word the other text never writes, so the two speak
of two things of one kind (two docks, two gates, two regions), whatever value each
gives. `agentmem.core.restate.replaces` asks it before a draft that names the held value
as the one it replaced ("…, was 45") replaces a held text that opens on other words."""

from __future__ import annotations

import itertools

from agentmem.core.frames import GAP, framed, naming


def _modifiers(text: str) -> dict[str, set[str]]:
    """Each noun of the text (a search term) with the naming words right before it."""
    words = framed(text)
    out: dict[str, set[str]] = {}
    for before, word in itertools.pairwise(words):
        if before != GAP and word != GAP and naming(before) and naming(word):
            out.setdefault(word, set()).add(before)
    return out


def modified_apart(a: str, b: str) -> bool:
    """A noun both texts write, in each right after a naming word the other never writes:
    the one text's "south dock" is not the other's "north dock"."""
    in_a, in_b = _modifiers(a), _modifiers(b)
    words_a, words_b = set(framed(a)), set(framed(b))
    return any(in_a[noun] - words_b and in_b[noun] - words_a for noun in in_a.keys() & in_b.keys())
