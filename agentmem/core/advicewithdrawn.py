"""A held lesson withdrawn by what it advised, named in other words than its own: "we withdrew
the advice to descale the basket weekly", "please drop the note that the basket needs a rinse",
"forget the advice about rinsing baskets.", "the basket-rinse tip has been scrapped", told
anywhere in the text (a retro item that tells something else first). `agentmem.core.retraction`
reads the withdrawals that open a text or name the claim in the lesson's words; this one reads
the object of a withdrawal told as an act ("we withdrew X", "scrap X", "X was struck") whose
head is a claim's noun (`NOUNS`: the advice, the note, the rule, the tip …), however far into
the text it sits. `agentmem.core.retract.withdrawn` asks it.

The object names its lesson by paraphrase: another verb, a shorter noun phrase, the lesson's
imperative turned into "the advice to X" or "the X rule". So a lesson is named when it says
most of the object's content words (framing and the claim's noun aside), a word matching one
of the lesson's when both stems open with the same `KIN` letters ("descal"/"descale",
"press"/"pressing"), at least `SHARED` of them; an object of a single word names the one
lesson saying it, no more.

Against a false withdrawal: what is withdrawn must be a claim ("we withdrew the Arabica blend",
"withdrew cash for the float" withdraw no lesson); a clause that says no to the act ("we never
withdrew the rule …") or puts it off ("we may drop the note") withdraws nothing; a name or a
figure the object gives (a site, a unit, a product, a year) must be the lesson's own, so "the
advice to rinse at the Harbour Road shop" leaves the Elm Street shop's lesson; and a held lesson
that itself withdraws or stops something is no advice to withdraw."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentmem.core.practice import no_longer, words
from agentmem.core.statement import terms
from agentmem.core.withdrawal import FRAMING, RETRACTED

__all__ = [
    "NOUNS",
    "WITHDRAWS",
    "advice_withdrawn",
    "withdrawal_spans",
    "withdrawn_objects",
    "withdraws",
]

# A character of a phrase up to its clause's end (a decimal point, "0.5 %", is no end).
PHRASE = r"(?:[^.;:!?—–()\n]|(?<=\d)\.(?=\d))"
KIN = 5  # letters two stems of one word share ("descal", "descale")
SHARED = 2  # object words a lesson must say, beyond one-word objects
NOUNS = (
    r"advice|note|tip|rule|guidance|guideline|lesson|recommendation|instruction|suggestion|"
    r"takeaway"
)  # not "claim" nor "memo": "we withdrew the claim for the flood damage" is an insurer's act
# The object: a determiner, then the claim's noun with the words naming it before it ("the
# 6-inch ice rule") or after it ("the advice to X", "the note on X", "the rule that X").
OBJECT = (  # a template: `{name}` names its group
    r"(?P<{name}>(?:the|that|this|these|those|our|my|your|their|its|any)\s"
    + PHRASE
    + r"{{0,80}}?\b(?:"
    + NOUNS
    + r")s?\b"
    r"(?:\s+(?:to|on|about|that|for|of|regarding|saying|which\s+said|telling)\s+"
    + PHRASE
    + r"{{2,160}})?)"
)
# An act of withdrawing, done ("we withdrew", "QA has retracted") or asked for at a clause's
# start ("please disregard", "scrap"), or the object said to be withdrawn ("… was struck").
DONE = (
    r"withdrew|withdrawn|retracted|rescinded|revoked|scrapped|dropped|struck|pulled|"
    r"ditched|binned|deleted|discarded|abandoned"
)
ASKED = (
    r"withdraw|retract|rescind|revoke|scrap|drop|strike|pull|ditch|bin|delete|discard|"
    r"disregard|ignore|forget|abandon"
)
# What a label that says a thing is withdrawn may name: a claim, or a rule's own noun ("Withdrawn
# by QA: the 0.5 % threshold was never agreed", "RETRACTED 2024-08-02: the 'X' page was wrong").
# A product or a person behind such a label is no rule: "Withdrawn: the Arabica blend".
RULED = (
    NOUNS + r"|figure|line|page|cap|limit|hold|threshold|requirement|restriction|ban|entry|"
    r"statement|answer|policy|procedure|practice|workaround|correction"
)
LABELLED = (
    r"(?:^|(?<=[\s#;/*>_(\[-]))(?:withdrawn|retracted|rescinded|revoked)\b"
    r"(?:\s+by\s+[^:.;\n]{1,40}?|\s+[\d-]{6,10})?\W{0,3}[:—–]\s*\W{0,3}"
    r"(?P<label>(?:the|that|this|our|my)\s" + PHRASE + r"{0,100}?\b(?:" + RULED + r")s?\b)"
    r"(?=\s*(?:$|[.;:!?,)\n—–]|(?:is|are|was|were|has|have|had|never|did|does)\b))"
)  # the noun ends its phrase: "the relas caps four keguss" and "the press holds 4 t" tell a
#    claim by a verb ("caps", "holds"), not a rule's noun
RULE_NOUN = re.compile(rf"\b(?:{RULED})s?$", re.IGNORECASE)
START = r"(?:^|(?<=[.;:!?—–\n])|(?<=,\s)|(?<=\bso\s)|(?<=\band\s))"
WITHDRAWS = re.compile(
    rf"\b\w+\s+(?:(?:have|has|had)\s+)?(?:now\s+|since\s+|just\s+)?"
    rf"(?:{DONE})\s+{OBJECT.format(name='done')}"
    rf"|{START}\W*(?:(?:please|kindly|just|so)\s+)?(?:{ASKED})\s+{OBJECT.format(name='asked')}"
    rf"|(?P<passive>(?:the|that|this|our|my|their|any)\s{PHRASE}{{0,80}}?\b(?:{NOUNS})s?\b"
    rf"(?:\s+(?:to|on|about|that|for|of|regarding)\s+{PHRASE}{{2,120}}?)?)"
    rf"\s+(?:is|are|was|were|has\s+been|have\s+been)\s+(?:now\s+)?(?:{DONE})\b"
    rf"|{LABELLED}",
    re.IGNORECASE,
)
# A word of the act, looked for before the whole pattern, which tries every "the" of a text.
CUE = re.compile(rf"\b(?:{DONE}|{ASKED})\b", re.IGNORECASE)
# What says no to the act or puts it off, just before it in its clause.
UNDONE = re.compile(
    r"(?:\bnot|\bnever|n't|\bno\s+one|\bnobody|\bmay|\bmight|\bwould|\bcould|\bshould|\bwill|"
    r"\bif|\bwhether|\bwant\s+to|\bplan\s+to|\bproposed?\s+to)\W+(?:\w+\W+){0,3}$",
    re.IGNORECASE,
)
# A claim's noun with what it is about after it: one word there is no claim named ("we dropped
# the tips of the asparagus into the stock"), where one before it is ("the citric rule").
AFTER = re.compile(rf"\b(?:{NOUNS})s?\s+\w", re.IGNORECASE)
CLAUSE_START = re.compile(r"[.;:!?—–\n]")
# A clause's end after a withdrawal: a decimal point ("3.5 °Bé") ends none.
CLAUSE_END = re.compile(r"[;:!?—–\n]|\.(?!\d)")
# Where an object's words end and the reason begins: "…, it damaged the mesh".
REASON = re.compile(
    r",\s+(?:it|this|that|which|because|as|since|but|so|and\s+it|they|we)\b.*$", re.IGNORECASE
)
# The claim's noun and the words that frame it, as stems (`terms`), no word of the lesson.
FRAME = FRAMING | frozenset(
    "advic note tip rule guidanc guidelin lesson recommend instruct suggest takeaway "  # noqa: SIM905
    "old earlier previou former origin prior abov same".split()
)


def withdrawn_objects(text: str) -> list[str]:
    """What the text withdraws, each as the words naming the claim (see the module
    docstring), in the order told."""
    return [what for what, _ in _withdrawals(text)]


def withdrawal_spans(text: str) -> list[tuple[int, int]]:
    """Where the text tells each withdrawal (`withdrawn_objects`), as (start, end): from the
    act to its clause's end ("Scrap the brand rule from 6 Nov", up to the colon), so what it
    says after that clause ("— wash brine is now held at 5 °Bé") is outside it."""
    spans = []
    for _, match in _withdrawals(text):
        end = CLAUSE_END.search(text, match.end())
        spans.append((match.start(), end.start() if end else len(text)))
    return spans


def _withdrawals(text: str) -> list[tuple[str, re.Match[str]]]:
    """Each withdrawal told: the words naming its claim, and the match telling it."""
    out: list[tuple[str, re.Match[str]]] = []
    if CUE.search(text) is None:  # `withdraws`: the cue before the pattern, found below
        return out
    for match in WITHDRAWS.finditer(text):
        before = text[: match.start()]
        clause = before[_clause_start(before) :]
        if UNDONE.search(clause + " "):
            continue  # "we never withdrew the rule …", "we may drop the note …"
        group = next(g for g in ("done", "asked", "passive", "label") if match[g])
        what = match[group]
        if group in ("done", "asked") and UNDONE.search(text[match.start() : match.start(group)]):
            continue  # "we have not dropped the note", "QA will scrap the rule"
        what = REASON.sub("", what).strip()
        if group == "label":  # the rule's own noun ("the 0.5 % threshold") names no lesson
            what = RULE_NOUN.sub("", what).strip()
        said = len(_words(what)) + sum(len(v) for v in terms(what).values.values())
        if said > 1 or (said and not AFTER.search(what)):
            out.append((what, match))
    return out


def withdraws(text: str) -> bool:
    """Whether the text tells a withdrawal's act at all (a cue asked before every lesson is read)."""
    return CUE.search(text) is not None and WITHDRAWS.search(text) is not None


def advice_withdrawn(text: str, held: Sequence[tuple[str, str]]) -> list[str]:
    """The ids, among (id, text) pairs, of the lessons a text withdraws by naming what they
    advise (see the module docstring): for each object, the lessons saying the largest share
    of its words."""
    found: list[str] = []
    objects = withdrawn_objects(text)
    if not objects:  # most texts the judge asks: no held lesson need be read
        return found
    lessons = [(i, t) for i, t in held if _advice(t)]
    for what in objects:
        said = _words(what)
        scored = [(_share(said, what, t), i) for i, t in lessons]
        scored = [(s, i) for s, i in scored if s > 0]
        if len(said) + sum(map(len, terms(what).values.values())) == 1 and len(scored) > 1:
            continue  # one word, said by more than one lesson: none is named
        best = max((s for s, _ in scored), default=0.0)
        found += [i for s, i in scored if s == best and i not in found]
    return found


def _clause_start(before: str) -> int:
    ends = list(CLAUSE_START.finditer(before))
    return ends[-1].end() if ends else 0


def _words(what: str) -> frozenset[str]:
    return frozenset(w for w in words(what) if w not in FRAME)


def _advice(held: str) -> bool:
    """A lesson that withdraws or stops something is no advice to withdraw."""
    return RETRACTED.match(held) is None and not no_longer(held) and not withdrawn_objects(held)


def _share(said: frozenset[str], what: str, held: str) -> float:
    """The share of the object's words the held lesson says, 0 when it names it not: too
    few words shared, or a name or a figure of the object's that the lesson lacks."""
    told, kept = terms(what), terms(held)
    if not told.proper - FRAME <= kept.tokens:
        return 0.0  # another site, unit, product or person than the lesson's
    figures = {v for values in kept.values.values() for v in values}
    if any(not values <= figures for values in told.values.values()):
        return 0.0  # another figure, period or size than the lesson's
    held_words = words(held) | kept.tokens
    # a figure the object gives is the lesson's (above): one more word of it said
    given = sum(len(values) for values in told.values.values())
    shared = len({w for w in said if any(_kin(w, h) for h in held_words)}) + given
    if shared < min(SHARED, len(said) + given) or 2 * shared < len(said) + given:
        return 0.0
    return shared / (len(said) + given)


def _kin(one: str, other: str) -> bool:
    if one == other:
        return True
    return len(one) >= KIN and len(other) >= KIN and one[:KIN] == other[:KIN]
