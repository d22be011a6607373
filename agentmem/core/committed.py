"""A removal told as a commit subject: "refactor(glaze): drop the Kilnwatch poller and
--legacy flag", "chore: remove cone_table_v1". A commit's subject is written in the
imperative, and that mood tells what the commit did, where anywhere else it tells what to
do ("remove the lid before firing" is a step, not a withdrawal): so only a text opening
on a commit's type ("feat:", "fix(scope):", "chore!:") is read so.

Its subject also writes names as it likes ("drop kilnwatch poller"): a word of what is
removed names a thing when the held lesson writes it as a name (capitalised inside a
sentence, or in code). Each such thing is then told as withdrawn ("Kilnwatch was
removed.") and judged by `agentmem.core.withdrawnname.withdrawn_by_name`, with all its guards
(a held lesson that tells of the withdrawal itself, or names what takes its place, stays).
"""

from __future__ import annotations

import re

from agentmem.core.removal import FLAG
from agentmem.core.withdrawnname import object_words, withdrawn_by_name
from agentmem.core.words import CODE

# A commit's type and scope, opening the text: "feat: ", "fix(kiln-api): ", "chore!: "
COMMIT = re.compile(r"^\s*[a-z]+(?:\([\w ./-]+\))?!?:\s+")
# An imperative of removal opening a clause of the subject, and what it removes
REMOVE = re.compile(
    r"(?:^|[;,]\s*|\band\s+)(?:remove|delete|drop|retire|decommission|kill|rip\s+out)\s+"
    r"(?P<what>[^;,.()]+)",
    re.IGNORECASE,
)
ITEM = re.compile(r"\s+(?:and|&)\s+")
WORD = re.compile(r"--?[\w-]+|[A-Za-z][\w-]*")


def _held_names(held: str) -> dict[str, str]:
    """The held text's names, lower case, as it writes them: a capitalised word inside a
    sentence, a word inside code."""
    out = {
        m.group(0).lower(): m.group(0)
        for m in re.finditer(r"(?<![.!?:;]\s)(?<!^)\b[A-Z][A-Za-z0-9]{2,}\b", held)
    }
    for code in CODE.finditer(held):
        for w in WORD.findall(code.group(1)):
            if len(w) > 2:
                out.setdefault(w.lower(), w)
    return out


def removed_by_commit(draft: str, held: str) -> bool:
    """The draft is a commit subject whose imperative removes a thing the held lesson names
    (see the module docstring), and that withdrawal withdraws the held lesson."""
    opening = COMMIT.match(draft)
    if opening is None:
        return False
    names = _held_names(held)
    told = []
    for match in REMOVE.finditer(draft[opening.end() :]):
        for item in ITEM.split(match["what"]):
            words = object_words(item.split())
            flags = FLAG.findall(" ".join(words))
            found = flags or [names[w.lower()] for w in words if w.lower() in names]
            told += [f"{name} was removed." for name in found if name.lower() in names]
    return bool(told) and withdrawn_by_name(" ".join(told), held)
