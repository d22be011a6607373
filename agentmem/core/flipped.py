"""What a lesson says does not happen, is missing or is lost, said to hold after all: "the
plotter does print the margins" withdraws "… because the plotter skips the margins", "the
archive keeps pre-1990 records intact" withdraws "… because the archive truncates records
before 1990", "the foreign key exists" withdraws "… because the orders table has no foreign
key", "reminders reach the night staff fine" withdraws "… because the night staff don't
get reminders", "the large hall is bookable by any team" withdraws "teams can't book the
large hall …". The held lesson says no in one of three ways (`NEGATIVE`): a verb said with
no ("don't get", "can't book"), a thing it has none of ("has no X", "lacks X", "X is
missing") or a verb of loss ("skips", "drops", "truncates"); a clause of the text says, with
no negation and no condition, that it holds (`AFFIRM`: an emphatic "do", "in fact", "fine",
"intact", "exists", "keeps", "is in place", or the held verb as an "-able" word), of the
held clause's own things (two of its words at least), and names at most one thing of its
own (`OWN`), so "the staging plotter does print the margins" (another thing) and
"exports keep the header fine once the flag is set" (a condition: the rule restated) leave
the lesson. A lesson that itself says a thing was not it, or retracts, is not the one
withdrawn. `agentmem.core.retract.denies` asks it."""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.apart import set_apart
from agentmem.core.cues import NEGATION
from agentmem.core.statement import terms
from agentmem.core.withdrawal import DENIED, RETRACTED, retraction

_THING = r"(?P<{name}>(?:[^.;:!?,—–()]){{2,80}}?)"
_END = r"(?=\s*(?:[.;:!?,—–()]|\s-\s|\bbecause\b|\bsince\b|\bso\b|\bwhen\b|\band\b|\bbut\b|$))"
# The ways a held clause says no (one group each: `verb`, `lack`, `loss`).
NEGATIVE = re.compile(
    r"(?:\b(?:do|does|did|can|could|will|would)(?:\s+not|n't)|\bcannot|\bcan't|\bwon't|"
    r"\bnever|\b(?:is|are|was|were)(?:\s+not|n't|\s+never))\s+(?:be\s+|been\s+|get\s+)?"
    r"(?P<verb>[a-z][\w-]+)"
    r"|\b(?:has|have|had)\s+no\s+"
    + _THING.format(name="had")
    + _END
    + r"|\b(?:there\s+(?:is|are|was|were)\s+no|lacks?|lacked|lacking)\s+"
    + _THING.format(name="lack")
    + _END
    + r"|\b(?P<loss>skips?|skipped|drops?|dropped|truncates?|truncated|loses|lost|strips?|"
    r"stripped|ignores?|ignored|omits?|omitted|discards?|discarded|bypass(?:es)?|bypassed|"
    r"mangles?|mangled|cuts?\s+off)\b",
    re.IGNORECASE,
)
# A clause that says a thing holds, against each way of saying no.
EMPHASIS = (
    r"\b(?:do|does|did)\s+(?!(?:not|never|so|too|the|a|an|it|this|that|with|nothing|anything|"
    r"something)\b)[a-z]|\b(?:in\s+fact|actually|indeed|after\s+all|all\s+along)\b"
)
AFFIRM = {
    "verb": re.compile(rf"{EMPHASIS}|\b(?:fine|correctly|properly|as\s+expected)\b", re.I),
    "lack": re.compile(
        rf"{EMPHASIS}|\b(?:exists?|existed|present|in\s+place|there\s+all\s+along)\b"
        r"|\bthere\s+(?:is|are|was|were)\s+(?:a|an)\b",
        re.IGNORECASE,
    ),
    "loss": re.compile(
        rf"{EMPHASIS}|\b(?:fine|correctly|properly|intact|keeps|kept|preserves?|preserved|"
        r"retains?|retained)\b",
        re.IGNORECASE,
    ),
}
# The affirming words themselves: none is a thing of the text's own.
SAYING = terms(
    "do does did fact actually indeed after all along fine correctly properly expected "
    "exists existed present place there intact keeps kept preserves preserved retains retained"
).content
# A condition: "fine once the flag is set" tells the rule, not that the lesson was wrong.
ONCE = re.compile(
    r"\b(?:once|if|when|unless|until|provided|as\s+long\s+as|only|except|after(?!\s+all))\b", re.I
)
# A held clause said of a case ("… when they pay by card", "… unless signed"): a rule for
# that case, not a claim a text could find untrue.
CASE = re.compile(r"\b(?:unless|until|except|when|whenever|if)\b", re.IGNORECASE)
PIECE = re.compile(
    r"(?<=[.!?])\s+|[;:]\s+|\s+[—–-]+\s+|,\s+(?:but|and|so)\s+|\s+because\s+", re.IGNORECASE
)
SHARED = 2  # of the held clause's words (the verb aside) the affirming clause says
OWN = 1  # words of its own (not the held lesson's) the affirming clause may name


def flipped(text: str, held: str) -> bool:
    """Whether a clause of the text says that what the held lesson says does not happen,
    is missing or is lost holds after all (see the module docstring)."""
    if RETRACTED.match(held) or DENIED.search(held) or retraction(held) is not None:
        return False  # a retraction, or a lesson saying a thing was not it, agrees with it
    said = _negatives(held)
    if not said or set_apart(text, held):
        return False
    kept = terms(held).content
    for piece in PIECE.split(text):
        if not piece or NEGATION.search(piece) or ONCE.search(piece):
            continue
        told = terms(piece).content
        for kind, verb, clause in said:
            if not AFFIRM[kind].search(piece) and not _able(piece, verb):
                continue
            own = {w for w in told - kept - SAYING if not (verb and w.startswith(verb))}
            if _first(piece) in own:
                continue  # "card-paying members do get …": a subject of its own
            if len(own) <= OWN and len((told - {verb}) & (clause - {verb})) >= SHARED:
                return True
    return False


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _negatives(held: str) -> tuple[tuple[str, str, frozenset[str]], ...]:
    """Each clause of the held lesson that says no: (its way, its verb's stem when it says
    no with a verb, the clause's words). A clause under a condition ("… unless signed")
    is a rule, not a claim a text could find untrue."""
    out = []
    for piece in PIECE.split(held):
        if not piece or CASE.search(piece):
            continue
        for match in NEGATIVE.finditer(piece):
            kind = "verb" if match["verb"] else "loss" if match["loss"] else "lack"
            verb = min(terms(match["verb"] or match["loss"] or "").content, default="")
            if kind == "verb" and not verb:
                continue  # "are not the …": no verb said with no
            out.append((kind, verb, terms(piece).content))
    return tuple(out)


def _first(piece: str) -> str:
    """The clause's first content word, its subject's ("card" of "card-paying members")."""
    for word in re.findall(r"[\w]+", piece):
        if found := terms(word).content:
            return min(found)
    return ""


def _able(piece: str, verb: str) -> bool:
    """The clause says the held verb as what can be done ("bookable" of "can't book")."""
    return bool(verb) and any(
        w.startswith(verb) and w.endswith("abl") for w in terms(piece).content
    )
