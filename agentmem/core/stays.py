"""Words saying a thing stays as it was: "the night desk stays at 18:00", "the west dock
keeps Friday pickups", "the old gauge is still read", "the EU rate is unchanged".

One vocabulary, in named groups, and the word lists read from it (`any_word`):

- `STAYS`: the verbs that keep (`STAY`), "still", and the words of no change (`UNCHANGED`):
  a value said to stay (`agentmem.core.samething` and the rules that import it there).
- Narrower or wider lists, each a caller's on purpose, built from the same groups where the
  caller reads them (`agentmem.core.partial`, `agentmem.core.kept`,
  `agentmem.core.commitscope`, `agentmem.retrieval.kept`): each one says why it differs.

`agentmem.core.apart.KEPT` reads a different shape, the thing before the verb ("the night
shift keeps its own …"), so it writes its verbs in its own frame.
"""

from __future__ import annotations

import re

STAY = ("stays?", "remains?", "keeps?", "kept")  # a thing keeps what it had
STILL = ("still",)
UNCHANGED = ("unchanged", "untouched", "unaffected", r"as\s+before")  # no change to it


def any_word(*groups: tuple[str, ...]) -> re.Pattern[str]:
    """A whole word of the groups, in any case."""
    return re.compile(rf"\b(?:{'|'.join(w for g in groups for w in g)})\b", re.IGNORECASE)


# A value said to stay as it is: "the timeout stays 800 ms", "X untouched", "both stay".
STAYS = any_word(STAY, STILL, UNCHANGED)
