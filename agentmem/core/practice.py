"""A practice withdrawn in other words than the lesson that prescribed it.

A team withdraws what it used to do in its own words: "slowing the sync down does not fix
the 401s; we no longer add any delay between pages" withdraws "add a 2-second sleep between
pages"; "we no longer cut the contacts short" withdraws "trim 40 s around the peak".
`agentmem.core.retract` asks here for the practice a text withdraws and for the held
lessons that prescribe it.

- **The practice** is what a retraction's claim says did not help ("X does not fix Y",
  "X is not a fix for Y": X, the problem Y left out, since a correct lesson is about the
  same problem), and what a sentence says the team no longer does ("we no longer X", "we
  have stopped X", "stop X-ing", "we do not X any more"), or says otherwise at a clause's
  start: "don't X any more", "ignore the earlier advice to X", "no more X", "X is no longer
  needed", "X-ing was a mistake", "X-ing never fixed Y".
- **Verb families** read one practice told with other verbs: a few families of how teams
  say they change a running thing (make a limit larger or smaller, make it go slower,
  leave a part out, make it shorter, switch it off, start or send it again), two-word
  verbs among them ("turn up", "switch off", "leave out", "cut short"), their object
  often between the two parts ("switch the alarm off"). Inside a family the verbs are one
  term; nothing else is.
- A held lesson **prescribes** the practice when it shares the practice's verb (by family)
  and at least one more of its terms, names every name the practice names (the SVB-3
  dish's contacts are not the SVB-2 dish's), and does not itself take something away with
  a verb of another family ("remove the delay" is the new practice, not the old one). A
  practice told with a verb of no family ("we no longer auto-close suspected spam") is
  prescribed by a lesson that says every one of its terms, in any form ("… are
  auto-closed …"), at least `WHOLE` of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from agentmem.core.statement import terms
from agentmem.core.textcache import textcached

# One practice, other verbs (stems as `agentmem.stores.bm25.tokenize` gives them); the
# first of each family stands for all of it.
FAMILIES: tuple[tuple[str, ...], ...] = (
    ("rais", "widen", "increas", "extend", "lengthen", "bump", "loosen", "enlarg"),  # larger
    ("lower", "reduc", "decreas", "shrink", "narrow", "tighten"),  # smaller
    # go slower (not "back off", "wait" or "throttle": what a client or a server does by
    # itself, told of a correct lesson as often as of a workaround)
    ("slow", "sleep", "delay", "paus"),
    ("remov", "strip", "drop", "exclud", "omit", "skip", "filter"),  # leave a part out
    ("trim", "cut", "shorten", "clip", "truncat"),  # make it shorter
    ("disabl", "deactiv"),  # switch it off
    ("restart", "reboot", "bounc", "recycl"),  # start it again
    ("retri", "resend", "replay", "rerun", "resubmit"),  # send it again
)
# Two-word verbs, said as one of the families: "turn up" the darkness is to raise it. The
# object may stand between the verb and its particle, as people write it: "switch the spam
# filter off", "cut each call short" (up to four words, no punctuation between them, no
# preposition: "switch to the night tariff off-peak" switches nothing off).
BETWEEN = r"\w*\s+(?:(?!(?:to|on|in|into|onto|over|from|at|for|with|and|or)\b)[\w-]+\s+){0,4}?"
PHRASAL = re.compile(
    rf"\b(?:(?P<rais>turn|scal){BETWEEN}up|(?P<lower>turn|scal){BETWEEN}down"
    rf"|(?P<disabl>turn|switch){BETWEEN}off|(?P<remov>leav|left|tak|took){BETWEEN}out"
    rf"|(?P<trim>cut){BETWEEN}short)\b(?!-)",
    re.IGNORECASE,
)
FAMILY = {verb: family[0] for family in FAMILIES for verb in family}
VERBS = frozenset(FAMILY.values())
TAKE_AWAY = "remov"  # the family that says a thing is taken away

# What a clause says did not help: the practice, before the problem it names ("longer
# timeouts never fix it", "a restart is not a fix for …"). A retraction's claim says it of
# the practice withdrawn (`judged_practice`); a lesson, of one it warns off
# (`agentmem.core.nofix`).
NOT_A_FIX = re.compile(
    r"^(?P<practice>.+?)\s+(?:(?:does|do|did)(?:\s+not|n't)|don't|never)\s+"
    r"(?:fix|help|solve|cure|stop|prevent|clear)(?:es|s)?\b"
    r"|^(?P<judged>.+?)\s+(?:is|was|are|were)\s+(?:not\s+(?:a|the|any)|never\s+(?:a|the)|no)\s+"
    r"(?:fix|cure|solution|answer|remedy)\b",
    re.IGNORECASE,
)
# A sentence that says the team no longer does something: what follows is the practice.
NO_LONGER = re.compile(
    r"(?:^|(?<=[.;:!?])\s+|\b(?:we|the\s+team|they)\s+)"
    r"(?:(?:no\s+longer|(?:have\s+)?stopped|(?:will\s+)?never\s+again)\s+"
    r"|stop\s+(?=\w+(?:-\w+)*ing\b))"
    r"(?P<practice>[^.;!?]{3,160})"
    r"|\b(?:we|the\s+team|they)\s+(?:do\s+not|don't)\s+"
    r"(?P<later>[^.;!?]{3,160}?)\s+(?:any\s*more|again)\b",
    re.IGNORECASE,
)
# Other ways a text withdraws a practice, each at a clause's start: "Don't restart the workers
# by hand any more", "Ignore the earlier advice to X", "No more X", "X is no longer needed",
# "Restarting X was a mistake", "Restarting X never fixed Y" (a gerund: the practice).
START = r"(?:^|(?<=[.;:!?])\s+)"
TOLD_OTHERWISE = re.compile(
    rf"{START}(?:please\s+)?(?:do\s+not|don't|never)\s+(?P<again>[^.;:!?]{{3,160}}?)\s+"
    r"(?:any\s*more|again)\b"
    rf"|{START}(?:ignore|disregard|scratch|forget)\s+(?:the\s+|our\s+)?"
    r"(?:earlier\s+|old\s+|previous\s+|original\s+)?"
    r"(?:advice|tip|lesson|recommendation|suggestion|instruction)s?\s+to\s+"
    r"(?P<advice>[^.;!?]{3,160})"
    rf"|{START}no\s+more\s+(?!than\b)(?P<more>[^.;:!?]{{3,160}})"
    rf"|{START}(?P<needed>[^.;:!?]{{3,160}}?)\s+(?:is|are)\s+no\s+longer\s+"
    r"(?:needed|required|necessary|recommended|advised|done|used|allowed)\b"
    rf"|{START}(?P<mistake>\w+ing\s[^.;:!?]{{3,160}}?)\s+(?:was|were|is|are|turned\s+out\s+"
    r"to\s+be|proved(?:\s+to\s+be)?)\s+(?:a\s+mistake|wrong|a\s+bad\s+idea|not\s+(?:needed|"
    r"necessary|a\s+fix|the\s+fix))\b"
    rf"|{START}(?P<fix>\w+ing\s[^.;:!?]{{3,160}}?)\s+(?:(?:does|did)\s+not|doesn't|didn't|never)"
    r"\s+(?:fix|help|solve|cure)",
    re.IGNORECASE,
)
WHOLE = 3  # terms of a practice with no family verb that a lesson must all say (`said_whole`)
# A code that tells one item from its kin ("RX-7B", "QA2"), narrower than
# `agentmem.core.statement.CODED`: a claim naming "EU" or "dock-7" that its lesson does not
# still speaks of the lesson's practice (the wider reading cost a tuning scenario a need).
NAME = re.compile(r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+\b|\b[A-Z]{2,}[0-9]+\b")


# What is left of a prefix a hyphen kept apart ("the pre-shift check", "non-prod"): no term
# of its own, so a lesson that says "before the shift" still says every term of the practice.
PREFIXES = frozenset({"pre", "non", "re", "co", "semi", "multi", "anti"})


@textcached
def words(text: str) -> frozenset[str]:
    """A text's content terms, each verb of a family as its family."""
    phrasal = {m.lastgroup for m in PHRASAL.finditer(text) if m.lastgroup}
    said = (FAMILY.get(term, term) for term in terms(text).content if term not in PREFIXES)
    return frozenset(said) | phrasal


def no_longer(text: str) -> list[str]:
    """What a text says the team no longer does ("we no longer add any delay between page
    requests": "add any delay between page requests")."""
    said = [m["practice"] or m["later"] for m in NO_LONGER.finditer(text)]
    return said + [next(g for g in m.groups() if g) for m in TOLD_OTHERWISE.finditer(text)]


def withdraws_practice(text: str) -> bool:
    """Whether a text opens by saying the team no longer does something ("We no longer
    cut the contacts short …", "Stop restarting the workers by hand; …", "Don't trim the
    windows any more", "Restarting the workers never fixed the stall")."""
    text = text.strip()
    return NO_LONGER.match(text) is not None or TOLD_OTHERWISE.match(text) is not None


# "a bigger buffer never fixed it": a setting made larger or smaller, told as a noun with
# its comparative, judged no fix. The comparative says the practice's verb family.
COMPARATIVES = {
    **dict.fromkeys(("longer", "larger", "bigger", "higher", "wider", "more"), "rais"),
    **dict.fromkeys(("smaller", "lower", "narrower", "tighter", "fewer", "less"), "lower"),
}
REFUTED = re.compile(
    rf"{START}(?:(?:a|an|the)\s+)?(?P<practice>(?:{'|'.join(COMPARATIVES)})\s[^.;:!?]{{2,120}}?)"
    r"\s+(?:(?:(?:does|do|did)\s+not|doesn't|don't|didn't|never)\s+(?:fix|help|solve|cure)"
    r"(?:e?[sd])?\b"
    r"|(?:makes?|made)\s+no\s+difference\b|(?:does|do|did)\s+nothing\b)",
    re.IGNORECASE,
)


def refuted(text: str) -> list[str]:
    """The settings a text says making larger or smaller is no fix ("Bigger read buffers
    never fixed the stalls; …": "Bigger read buffers")."""
    return [m["practice"] for m in REFUTED.finditer(text)]


def prescribes_all(held: str, practice: str) -> bool:
    """Whether a held lesson prescribes a refuted practice (`refuted`) in full: its verb
    (the comparative's family) and every other term, so a larger backoff of another
    component's client ("raise the sync backoff") is not the one refuted."""
    first, _, rest = practice.partition(" ")
    verb = COMPARATIVES.get(first.lower())
    held_words = words(held)
    if verb is None or verb not in held_words or no_longer(held):
        return False
    said = words(rest)
    return (
        bool(said) and said <= held_words and set(NAME.findall(practice)) <= set(NAME.findall(held))
    )


def judged_practice(claim: str) -> str | None:
    """Of a claim "X does not fix Y" or "X is not a fix for Y", the X (the practice it
    judges); None for a claim said no such way."""
    judged = NOT_A_FIX.match(claim)
    return None if judged is None else judged["practice"] or judged["judged"]


# What a lesson says a practice does to a problem when it prescribes it as the cure.
CURES = re.compile(
    r"\b(?:fix(?:es|ed)?|cures?d?|clears?|cleared|solves?d?|resolves?d?|gets?\s+rid\s+of)\b",
    re.IGNORECASE,
)


def cured(held: str, claim: str) -> bool:
    """Whether a held lesson says the practice a claim judges ("X does not cure Y") cures
    that same problem, told in other words: it says the practice's verb (by family), a cure
    ("clears", "fixes"), every term of the problem and every name of the claim. The problem
    ties the two; the thing acted on is often named otherwise ("bouncing the print server
    on ps-east clears SpoolStuck" is withdrawn by "restarting the spooler does not cure
    SpoolStuck"). Raising a limit that clears it, or a restart that clears another error,
    is another lesson."""
    judged = NOT_A_FIX.match(claim)
    if judged is None or not judged["practice"] or not CURES.search(held):
        return False
    practice, problem = judged["practice"], claim[judged.end() :]
    held_words, held_names = words(held), set(NAME.findall(held))
    told, trouble = words(practice), terms(problem).content
    return (
        bool(told & held_words & VERBS)
        and bool(trouble)
        and trouble <= held_words
        and set(NAME.findall(claim)) <= held_names
        and not no_longer(held)
    )


def practices(claim: str, reason: str) -> list[str]:
    """The practices a retraction (its claim, its reason) or a plain text (the claim alone,
    no reason) withdraws: the claim's "X does not fix Y" X, or the whole claim when it
    says so no other way, and what either says the team no longer does."""
    said = no_longer(claim) + no_longer(reason)
    judged = judged_practice(claim)
    if judged is not None:
        said.insert(0, judged)
    elif reason or not said:
        said.insert(0, claim)
    return said


def prescribes(held: str, practice: Iterable[str]) -> bool:
    """Whether a held lesson prescribes one of the practices (see the module docstring)."""
    if no_longer(held):
        return False  # a lesson that itself stops something is no practice to withdraw
    held_words, held_names = words(held), set(NAME.findall(held))
    for told in practice:
        said = words(told)
        verbs = said & VERBS & held_words
        if not verbs or len(said & held_words) < 2:
            continue
        if not set(NAME.findall(told)) <= held_names:
            continue  # another component's practice
        if TAKE_AWAY in held_words - verbs:
            continue  # it takes the practice away: the new word, not the old one
        return True
    return any(said_whole(held_words, held_names, told) for told in practice)


def said_whole(held_words: frozenset[str], names: set[str], told: str) -> bool:
    """A practice told with a verb of no family ("we no longer auto-close suspected spam")
    is prescribed by a lesson that says every one of its terms, at least `WHOLE` of them
    ("tickets … scores above 0.9 are auto-closed …": one of those terms is its verb). A
    lesson that says part of it is about another thing ("page the on-call for payment
    errors" against "we no longer page the on-call for disk alerts")."""
    said = words(told)
    if said & VERBS or len(said) < WHOLE or not said <= held_words:
        return False
    return set(NAME.findall(told)) <= names and TAKE_AWAY not in held_words
