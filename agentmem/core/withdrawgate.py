"""Whether a draft could withdraw anything: a test of the draft alone, asked once before
`agentmem.core.retract.withdrawn` reads every live lesson against it.

`withdrawn` withdraws nothing unless the draft is a retraction, corrects outdated notes,
says the team no longer does a thing, says a practice fixed nothing, passes a verdict on a
claim (`agentmem.core.namedverdict`), or holds the cue one of `denies`' rules (or
`answered`) looks for in the draft before it reads a held lesson:
a clause that says no, a thing found sound, a remedy undone, … Each cue here is the rule's
own test of the draft, asked with the rule module's own patterns (read from it when asked,
so a pattern changed there changes the gate too), weaker than or equal to what the rule
needs: a draft failing every one is withdrawn nothing by any rule, whatever the lessons.

A rule added to `denies` or to `withdrawn` without a cue here opens the gate (`GATED` is
False: every draft is read as before), so the gate can cost speed and never an answer;
`tests/test_speed37.py` fails until the new rule's cue is added. What the names cannot
tell is a rule that keeps its name and reads the draft another way (a new early answer,
a cue no longer needed): after such a change, `bench/judge_calls.py` recorded on the code
before and answered by the code after is the proof the gate still holds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from types import CodeType, ModuleType

from agentmem.core import (
    affirmed,
    answered,
    cleared,
    contradicted,
    deniedcause,
    flipped,
    gainsay,
    helpednot,
    nofix,
    recaused,
    retract,
    saidnot,
    setaside,
    topicwrong,
    unbound,
    undoneremedy,
    unfounded,
    wentback,
)
from agentmem.core.advicewithdrawn import withdraws
from agentmem.core.namedverdict import verdict_of
from agentmem.core.outdated import outdated
from agentmem.core.practice import no_longer, refuted
from agentmem.core.statement import content_and_values
from agentmem.core.textcache import textcached
from agentmem.core.withdrawal import retraction

__all__ = ["GATED", "may_withdraw"]


def _of(module: ModuleType, name: str) -> re.Pattern[str]:
    """A pattern as the rule's module binds it (some it imports from another module)."""
    pattern = vars(module)[name]
    assert isinstance(pattern, re.Pattern)
    return pattern


def _pieces(split: re.Pattern[str], text: str) -> list[str]:
    return [p for p in split.split(text) if p and p.strip()]


def _gainsaid(text: str) -> bool:
    return any(gainsay.NEGATED.search(p) for p in _pieces(gainsay.PIECE, text))


def _denied_cause(text: str) -> bool:
    return any(
        shape.search(s)
        for s in _of(deniedcause, "SENTENCE").split(text.strip())
        for shape in deniedcause.SHAPES
    )


def _contradicted(text: str) -> bool:
    return any(contradicted.SAYS_NO.search(c) for c in _pieces(contradicted.CLAUSES, text))


def _no_effect(text: str) -> bool:
    return any(
        nofix.NO_EFFECT.match(nofix.LEAD.sub("", p.strip())) for p in _pieces(nofix.PIECES, text)
    )


def _safe_after_all(text: str) -> bool:
    return not nofix.CAUTION.search(text) and nofix.SAFE.search(text) is not None


def _negated_claim(text: str) -> bool:
    return retraction(text) is not None


def _opposite_state(text: str) -> bool:
    return bool(nofix._stated(text))


def _affirmed(text: str) -> bool:
    return any(
        affirmed.EMPHATIC.match(p.strip()) and not _of(affirmed, "NEGATION").search(p)
        for p in affirmed.PIECE.split(text)
        if p
    )


def _named_wrong(text: str) -> bool:
    return bool(topicwrong.topics(text))


def _said_not(text: str) -> bool:
    no = saidnot.NO
    pieces = [p for p in saidnot.PIECE.split(text) if p]
    told = any(_of(saidnot, "GIVEN").search(p) for p in pieces if not no.search(p))
    if saidnot.VOICE.search(text) is None and not told:
        return False
    right = [p for p in pieces if not no.search(p) and not saidnot.ONCE.search(p)]
    # a clause saying no, or one saying the blamed thing right (`_right_after_all`)
    return any(no.search(p) for p in pieces) or any(saidnot.RIGHT.search(p) for p in right)


def _undone(text: str) -> bool:
    return bool(undoneremedy._acts(text))


def _flipped(text: str) -> bool:
    for piece in flipped.PIECE.split(text):
        if not piece or _of(flipped, "NEGATION").search(piece) or flipped.ONCE.search(piece):
            continue
        if any(a.search(piece) for a in flipped.AFFIRM.values()):
            return True
        # `flipped._able`: `content_and_values` reads `terms`' content, at half its cost
        if any(w.endswith("abl") for w in content_and_values(piece).content):
            return True
    return False


def _unbound(text: str) -> bool:
    return any(unbound.UNBOUND.search(s) for s in _of(unbound, "SENTENCE").split(text))


def _fine(text: str, pattern: re.Pattern[str]) -> bool:
    """A piece that `pattern` opens and that neither says no nor tells a past state."""
    return any(
        pattern.match(p) and not _of(cleared, "NEGATION").search(p) and not cleared.ONCE.search(p)
        for p in cleared.PIECE.split(text)
        if p
    )


def _cleared(text: str) -> bool:
    return not cleared.REMEDY.search(text) and _fine(text, cleared.SOUND)


def _mistaken(text: str) -> bool:
    return cleared.MISTOOK.search(text) is not None


def _genuine(text: str) -> bool:
    return _fine(text, cleared.REAL)


def _recaused(text: str) -> bool:
    opened = _of(recaused, "LABEL").match(text) or _of(recaused, "DROPPED").match(text)
    return opened is not None and _of(recaused, "GIVEN").search(text) is not None


def _unfounded(text: str) -> bool:
    return bool(unfounded.ALONG.search(text) or unfounded.NEVER_ASKED.search(text))


def _answered(text: str) -> bool:
    return any(
        not answered.NEGATED.search(p)
        and (answered.FINE.match(p) or answered.AFFIRMED.match(p)) is not None
        for p in _pieces(_of(answered, "PIECE"), text)
    )


# Each of `denies`' rules by name, with its test of the draft alone; the costliest last
# (their patterns try every opening of a sentence), so a draft with a cheap cue stops early.
DENIES: dict[str, Callable[[str], bool]] = {
    "undone": _undone,
    "set_aside": setaside.may_set_aside,
    "safe_after_all": _safe_after_all,
    "recaused": _recaused,
    "unbound": _unbound,
    "affirmed": _affirmed,
    "contradicted": _contradicted,
    "genuine": _genuine,
    "no_effect": _no_effect,
    "cleared": _cleared,
    "named_wrong": _named_wrong,
    "mistaken": _mistaken,
    "said_not": _said_not,
    "gainsaid": _gainsaid,
    "negated_claim": _negated_claim,
    "opposite_state": _opposite_state,
    "unfounded": _unfounded,
    "flipped": _flipped,
    "denied_cause": _denied_cause,
    "returned": lambda text: bool(wentback.went_back(text)),
    "helped_not": lambda text: bool(helpednot.not_fixed(text)),
}

# What `withdrawn` calls, as this gate was derived from it: another call there may
# withdraw on a cue the gate does not know.
WITHDRAWN_CALLS = frozenset(
    {
        "_named",
        "_outdated",
        "advice_withdrawn",
        "answered",
        "carried",
        "causes",
        "cured",
        "dated",
        "denies",
        "names_in",
        "no_longer",
        "of_another",
        "opposite_state",
        "outdated",
        "practices",
        "prescribes",
        "prescribes_all",
        "refuted",
        "relabelled",
        "retracted",
        "retraction",
        "revalued",
        "swapped",
        "taken_out",
    }
)


def _names(code: CodeType) -> set[str]:
    """The names a function's code reads, its comprehensions' included."""
    found = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, CodeType):
            found |= _names(const)
    return found


def _calls(function: Callable[..., object]) -> frozenset[str]:
    names = _names(function.__code__)
    return frozenset(n for n in names if callable(getattr(retract, n, None)))


GATED = _calls(retract.denies) == frozenset(DENIES) and _calls(retract.withdrawn) == WITHDRAWN_CALLS


@textcached
def _blames(held: str) -> bool:
    """`denied_cause` reads only a held lesson that gives a cause or when it fails."""
    cause = _of(deniedcause, "HELD_CAUSE").search(held) or deniedcause.FAILS_WHEN.search(held)
    return cause is not None


@textcached
def _says_no(held: str) -> bool:
    """`flipped` reads only a held lesson saying a thing does not happen (`_negatives`)."""
    return bool(flipped._negatives(held))


@textcached
def _gives(held: str) -> bool:
    """`unfounded` reads only a held lesson that gives a cause."""
    return _of(unfounded, "GIVEN").search(held) is not None


# The costliest cues, each asked only when some held lesson passes its rule's own first
# test of the lesson (the rule answers no for every other lesson, whatever the draft).
COSTLY: dict[str, Callable[[str], bool]] = {
    "unfounded": _gives,
    "flipped": _says_no,
    "denied_cause": _blames,
}


def may_withdraw(text: str, held: Sequence[str] | None = None) -> bool:
    """False only when no rule of `withdrawn` could withdraw one of the `held` lessons
    (any lesson, when None) for this draft: it is no retraction, corrects no outdated
    notes, takes back no practice, and holds no cue of `denies`' rules or of `answered`
    (the costliest asked only when a lesson could meet them). True whenever the gate is
    open (`GATED`)."""
    if not GATED or _cued(text):
        return True
    return any(
        DENIES[name](text)
        for name, reads in COSTLY.items()
        if held is None or any(reads(h) for h in held)
    )


@lru_cache(maxsize=4096)  # a draft weighed against several held sets is read once
def _cued(text: str) -> bool:
    """The draft-only cues, the costliest (`COSTLY`) aside."""
    if retraction(text) is not None or outdated(text) is not None:
        return True
    if no_longer(text) or refuted(text) or verdict_of(text):  # `_named` needs a verdict
        return True
    if withdraws(text):  # `advice_withdrawn` needs a withdrawal's act
        return True
    return _answered(text) or any(cue(text) for name, cue in DENIES.items() if name not in COSTLY)
