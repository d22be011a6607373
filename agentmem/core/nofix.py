"""A remedy found to have done nothing, and a warning found needless: two ways a later text
withdraws a held lesson without calling it wrong.

- **No effect.** "Correction: re-seating the fan cable changed nothing; the beeps went on"
  withdraws "re-seating the fan cable stops the beeps": a clause says an act did nothing,
  changed nothing, made no difference, had no effect, or was not what fixed the problem.
  The act is the clause's subject ("swapping it" borrows what the sentence before named);
  a held lesson is the one withdrawn when it tells that act as a remedy (a cure, a modal, an
  imperative or a fix reported done: `REMEDY`) and says the act's words, two of them when
  the act has two or more words of its own. "X did nothing for Y" is said of one problem:
  a lesson on another problem ("… did nothing for the fan noise" against a lesson on the
  beeps) is kept.
- **Safe after all.** "It is safe to defrost the freezer during opening hours" withdraws
  "never defrost the freezer during opening hours": the held lesson forbids what the text
  says is safe to do, in the same words (`SAME` of them, two at least). A lesson that only
  adds a caution ("also never defrost it on delivery days") says no such thing.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.practice import NOT_A_FIX, VERBS, words
from agentmem.core.statement import terms
from agentmem.core.withdrawal import FRAMING, NEGATION, retraction

# The clauses of a text: sentences, and what semicolons, colons and dashes set apart.
PIECES = re.compile(r"(?<=[.!?])\s+|[;:]\s+|\s+[—–]\s+|\s+-\s+|,\s+(?:and|but|so)\s+", re.I)
# Words that open a clause without being its subject: a label, a turn, a connective.
LEAD = re.compile(
    r"^\W*(?:(?:correction|update|also|actually|in\s+fact|but|and|so|sadly|unfortunately|"
    r"(?:it\s+)?turns?\s+out(?:\s+that)?|as\s+it\s+turns\s+out)\b[\s,:]*)+",
    re.IGNORECASE,
)
# A problem named after the act, up to a condition that narrows it ("… when it rains").
UNTIL = r"(?:(?!\b(?:when|if|unless|while|once|until)\b)[^.;:!?,])"
NO_EFFECT = re.compile(
    r"^(?P<act>[^,]{3,120}?)\s+(?:"
    r"(?:changed|did|fixed|solved|cured|achieved|improved)\s+(?:absolutely\s+)?nothing"
    r"|(?:made|makes)\s+no\s+(?:real\s+)?(?:difference|change)"
    r"|(?:had|has)\s+no\s+(?:visible\s+|real\s+)?(?:effect|impact)"
    r"|(?:did|does)(?:\s+not|n't)\s+(?:change|fix|improve)\s+(?:anything|a\s+thing)"
    r"|(?:(?:did|does)\s+not|didn't|doesn't|never)\s+(?:help|stop|fix|cure|solve|prevent|clear)"
    rf"(?:ed|s)?(?:\s+(?P<object>{UNTIL}{{2,100}}))?"
    r"|(?:is|are|was|were)(?:\s+not|n't)\s+(?:the|a|any)\s+(?:fix|cure|solution|remedy)"
    r"|(?:is|are|was|were)(?:\s+not|n't)\s+what\s+(?:fixed|solved|cured|cleared|stopped)"
    rf"(?:\s+(?P<fixed>{UNTIL}{{2,100}}))?"
    rf")\b(?:\s+(?:for|on|to|with|against)\s+(?P<problem>{UNTIL}{{2,100}}))?",
    re.IGNORECASE,
)
CONDITION = re.compile(
    r"^\W*(?:when|if|unless|while|once|until|on\s+(?:the\s+)?\w+\s+only)\b", re.I
)
PRONOUN = re.compile(r"\b(?:it|this|that|them|these|those)\W*$", re.IGNORECASE)
# Words that tell an act is done, none of what it is done to ("the delimiter change").
DOING = frozenset("chang fix tweak updat attempt move step idea".split())  # noqa: SIM905
# What a clause judges its subject by, none of the subject ("the relay was fine after all").
JUDGING = frozenset("fine ok okay wrong mistaken after all never healthi realli".split())  # noqa: SIM905
# A held lesson telling an act as a remedy: a cure, a modal, or a clause that opens with
# the act's verb (an imperative, or a fix reported done: "switched the parser to commas").
REMEDY = re.compile(
    r"\b(?:fix(?:es|ed)?|cures?d?|clears?|cleared|solves?d?|resolves?d?|stops?|stopped|"
    r"prevents?|keeps?|avoids?|helps?|compensat\w*|workaround|work\s+around|should|must|"
    r"needs?|has\s+to|have\s+to)\b"
    r"|(?:^|[.;:!?—–]\s*)(?:please\s+)?[a-z]+(?:ed)?\s+(?:the|a|an|it|its|them|to|back|off|on)\b",
    re.IGNORECASE,
)
# "it is safe to X", "X is safe": the text allows what a held lesson forbids.
SAFE = re.compile(
    r"\b(?:it\s+is|it's|it\s+was|is|are)\s+(?:perfectly\s+|completely\s+)?"
    r"(?:safe|fine|ok|okay|harmless)\s+to\s+(?P<act>[^.;:!?]{3,160})",
    re.IGNORECASE,
)
FORBID = re.compile(
    r"\b(?:never|(?:do\s+not|don't)|avoid|must\s+not|mustn't|should\s+not|shouldn't)\s+"
    r"(?P<act>[^.;:!?]{3,160})",
    re.IGNORECASE,
)
ABOUT = 2  # words of the held lesson's problem the rest of the text tells
SAME = 2 / 3  # of the allowed act's words, those the forbidden act says
CAUTION = re.compile(r"\b(?:never|don't|do\s+not|avoid|must\s+not)\b", re.IGNORECASE)


def no_effect(text: str, held: str) -> bool:
    """Whether a clause of the text says an act the held lesson tells as a remedy did
    nothing (see the module docstring)."""
    if not REMEDY.search(held):
        return False
    kept = terms(held).content
    pieces = [p for p in PIECES.split(text) if p and p.strip()]
    for at, piece in enumerate(pieces):
        clause = LEAD.sub("", piece.strip())
        match = NO_EFFECT.match(clause)
        if match is None:
            continue
        act = terms(match["act"]).content - FRAMING
        own = act - DOING
        borrowed = frozenset[str]()
        if (PRONOUN.search(match["act"]) or not own) and at > 0:
            borrowed = terms(pieces[at - 1]).content - FRAMING - JUDGING - DOING
        if not own and not borrowed:
            continue
        if borrowed:  # "swapping it": what it stands for names the lesson, not the verb
            if not borrowed & kept:
                continue
        elif len(own & kept) < min(2, len(own)) and not _about(text, piece, own, held):
            continue
        if _denied_by(held, act):
            continue  # "… longer timeouts do not fix it": the lesson says so itself
        problem = match["problem"] or match["fixed"] or match["object"] or ""
        if CONDITION.search(clause[match.end() :]):
            continue  # "… does not clear it when the probe is wet": a narrower case, kept
        if PRONOUN.fullmatch(problem.strip()) or not problem:
            return True
        said = terms(problem).content - FRAMING
        if not said or len(said & kept) * 2 >= len(said):
            return True
    return False


def _denied_by(held: str, act: frozenset[str]) -> bool:
    """The held lesson itself says the act does nothing ("wait for the ready event; longer
    timeouts do not fix it"): it agrees with the text, it does not tell the act as a remedy."""
    for piece in PIECES.split(held):
        match = NOT_A_FIX.match(LEAD.sub("", piece.strip())) if piece else None
        said = match["practice"] or match["judged"] if match is not None else ""
        if said and act & (terms(said).content - FRAMING - DOING):
            return True
    return False


# When a remedy is done, not what it is done to: "pause the sync before any migration".
OCCASION = re.compile(
    r"\b(?:before|after|during|while|whenever)\s+(?:any|a|an|the|each|every)?\s*\w+", re.I
)


def _about(text: str, piece: str, own: frozenset[str], held: str) -> bool:
    """One word of the act names the held lesson's thing, not its verb ("rolling back the
    driver" of "pin the nodes to driver 535"), and the rest of the text tells of the held
    lesson's problem in two words of it at least ("the exit 139 crashes are …"). A word of
    the remedy's occasion ("before any migration") is not its thing."""
    kept = terms(held).content
    occasion = frozenset[str]().union(*(terms(m[0]).content for m in OCCASION.finditer(held)))
    thing = (own & kept) - VERBS - occasion
    rest = terms(text.replace(piece, " ")).content - own
    return bool(thing) and len(rest & kept - VERBS) >= ABOUT


def negated_claim(text: str, held: str) -> bool:
    """A retraction that points at a lesson without naming it ("That earlier note was
    wrong: …") and goes on to say its claim is not so ("the scanner does not drop the
    colour profile"): the clause that says no tells the held lesson's claim, in its words
    (verbs by family: "strips" is "drops"), `SAME` of its own and two at least."""
    said = retraction(text)
    if said is None or terms(said[0]).content - FRAMING:
        return False  # a claim told in words of its own is named by them (`picked`)
    first = PIECES.split(said[1].strip(), maxsplit=1)[0]
    first = re.split(r"\s*[(,]", first, maxsplit=1)[0]
    if not NEGATION.search(first):
        return False
    told = words(first) - FRAMING - JUDGING
    shared = len(told & words(held))
    return shared >= 2 and shared >= SAME * len(told)


def safe_after_all(text: str, held: str) -> bool:
    """Whether the text says safe to do what the held lesson forbids, in the same words,
    and forbids nothing itself (see the module docstring)."""
    if CAUTION.search(text):
        return False
    forbidden = [terms(m["act"]).content for m in FORBID.finditer(held)]
    for allowed in SAFE.finditer(text):
        said = terms(allowed["act"]).content
        for act in forbidden:
            shared = len(said & act)
            if shared >= 2 and shared >= SAME * len(said):
                return True
    return False


# "X was not the cause of Y": the problem a denial is said of.
OF_PROBLEM = re.compile(
    r"(?:\b(?:not|never)|n't)\s+(?:the\s+)?(?:cause|culprit|reason|source)\s+(?:of|for|behind)\s+"
    r"(?P<problem>[^.;:!?,]{2,100})",
    re.IGNORECASE,
)


def of_another(text: str, held: str) -> bool:
    """The text denies a cause of a problem named in words of its own (two at least), none
    of them the held lesson's: "the proxy was not the cause of the failed uploads" leaves
    "the nightly sync times out because of the proxy", a lesson on another problem."""
    kept = terms(held).content
    told = [terms(m["problem"]).content - FRAMING for m in OF_PROBLEM.finditer(text)]
    told = [t for t in told if len(t) >= ABOUT]
    return bool(told) and not any(t & kept for t in told)


# States said of one thing, each pair the other's opposite: "the firmware is old" and "the
# firmware is current", "the gate rejects them" and "the gate accepts them".
OPPOSITES = (
    ("old", "current"),
    ("old", "latest"),
    ("outdated", "current"),
    ("expired", "valid"),
    ("rejects", "accepts"),
    ("blocks", "allows"),
    ("missing", "present"),
    ("disabled", "enabled"),
    ("wrong", "right"),
    ("wrong", "correct"),
)
OPPOSITE = frozenset((*OPPOSITES, *(b_a[::-1] for b_a in OPPOSITES)))
ACTS = ("rejects", "accepts", "blocks", "allows")  # said with no "is"
STATED = re.compile(
    r"(?P<subject>[^.;:!?,—–()]{2,80}?)\s+(?:(?:is|are|was|were)\s+(?:already\s+|still\s+|"
    r"actually\s+)?(?P<state>"
    + "|".join(sorted({w for p in OPPOSITES for w in p} - set(ACTS)))
    + r")|(?P<act>"
    + "|".join(ACTS)
    + r"))\b",
    re.IGNORECASE,
)
STATE_WORD = re.compile("|".join(sorted({w for p in OPPOSITES for w in p})), re.IGNORECASE)


def opposite_state(text: str, held: str) -> bool:
    """The text says of the thing a held lesson blames the opposite state ("the scanner
    firmware is current" of "… because the scanner firmware is old"): the same thing (its last word, and no word of its own the lesson
    lacks), the opposite word (`OPPOSITES`). "The north gate accepts them" leaves a lesson
    on the south gate, and a text that says the old state too is no denial of it."""
    kept = terms(held).content
    blamed = {(head, state) for _, head, state in _stated(held)}
    stated = _stated(text)
    told = {(head, state) for _, head, state in stated}
    if told & blamed:
        return False
    for subject, head, state in stated:
        said = terms(subject).content
        if not said or said - kept:
            continue
        if any((state, old) in OPPOSITE for found, old in blamed if found == head):
            return True
    return False


@lru_cache(maxsize=4096)  # a draft meets every held lesson of an add: each read once
def _stated(text: str) -> tuple[tuple[str, str, str], ...]:
    """Each thing the text gives a state of (STATED): its subject, head and state."""
    if STATE_WORD.search(text) is None:  # most texts: STATED tries each of their openings
        return ()
    return tuple((m["subject"], _head(m["subject"]), _state(m)) for m in STATED.finditer(text))


def _head(subject: str) -> str:
    """The last content word of a subject, its head ("the berth-size validator": validator)."""
    found = [w for w in re.findall(r"[\w-]+", subject.lower()) if terms(w).content]
    # its last term in order, not any of the set: "a cold-chain" is about the chain
    last = found[-1] if found else ""
    return max(terms(last).content, key=lambda t: (last.find(t), t)) if found else ""


def _state(match: re.Match[str]) -> str:
    return str(match["state"] or match["act"]).lower()
