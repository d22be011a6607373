"""Same subject, new value: the judge's last, general reading of a replacement.

The other replacement rules read the voices they were built from (a change word, a key set
anew, a host moved, an owner handed on). A writer who tells the new state in a voice none
of them knows still tells the same thing: "the tray dryer runs 40 minutes" held, then
"per CR-88 the tray dryer cycle is 55 minutes" or "tray dryer: 55 min from the spring
batch". `given_anew` reads such a draft by what it says, not how:

1. A value of one measure in each text (a length of time, a size, a share, a sum of money,
   a clock time, a weekday, a count of one named unit, a host, a bare number of the word
   it follows or of the value an arrow leads from), told apart by what it comes to ("90
   min" is "1.5 h"), where the draft's value is not the held one (`readings`).
2. The same slot: the words around the two values share a content term ("the tray dryer
   runs 40 minutes" and "the tray dryer cycle is 55 minutes": dryer), so the new value is
   of what the held one measured, not of another side of the subject (`_slot`).
3. The same subject: the two share `SHARED` content terms, and the draft names the thing
   the held lesson opens on (`_subject`): "rye loaves need 20 hours" is no new value of
   "sourdough loaves need 30 hours".
4. Nothing that puts the draft elsewhere (`_elsewhere`): a year each names and the other
   does not, a numbered, lettered or coded thing told by another number ("bay 4" against
   "bay 2", "RX-2" against "RX-1"), a name in the held text's place that the draft gives
   another ("the Lyon fair" against "the Porto fair"), a clause that says no of the held
   thing; nor in the slot (`_slot`): a held value the draft states again without saying
   it was the old one (a second measure beside the first, not a new one), a value it says
   it moved away from that is not the held one, a value said to stay.
5. Told as news (`_as_news`): a change word, a decision, when it took effect, the record
   or release that set it. A second rule on one subject reads like a new value of the
   first ("refunds over $500 need a manager" against "refunds over $200 get a fraud
   check"), and says no such thing.

`agentmem.core.held.judge` asks it last, after every other rule, of a lesson against a
lesson; the texts alone, nothing read from memory.
"""

from __future__ import annotations

import re

from agentmem.core.clauses import DASHED
from agentmem.core.commitscope import scoped_subject
from agentmem.core.cues import NEGATION, says_changed
from agentmem.core.keptslot import linked_by_kept
from agentmem.core.property import other_property
from agentmem.core.spoken import MONTH_NAMES
from agentmem.core.statement import terms
from agentmem.core.stays import STAYS as STAYS
from agentmem.core.subjects import named_apart
from agentmem.core.textcache import PAIRS, textcached
from agentmem.core.unqualified import unqualified
from agentmem.core.valuereadings import YEAR as YEAR
from agentmem.core.valuereadings import Value as Value
from agentmem.core.valuereadings import content_word
from agentmem.core.valuereadings import readings as readings
from agentmem.core.values import UNITS, value_words
from agentmem.core.withdrawal import retraction
from agentmem.core.words import function_words, tokenized

SHARED = 2  # content terms two texts on one subject share at least
HEAD_TOLD = 2  # the held text's opening terms a clause of the draft must name to deny it
# Words that only say a value is a bound or a setting, not what it is of.
BOUNDS = frozenset(
    tokenized("max maximum min minimum limit limits cap default current new standard usual")
)
AROUND = 8  # words each side of a value that tell what it measures
# A thing named by a word and a number or a single capital: "bay 2", "Stand 112", "tier 1".
NUMBERED = re.compile(
    r"\b([A-Za-z][a-z]{2,})\s+(\d{1,4}|[A-Z])\b(?![.,:]\d|\s?%)(?:\s?([A-Za-z]+))?"
)
# A value marked as the one left behind: "12 s -> 20 s", "from 7 to 5", "(was 30)".
LEFT_AFTER = re.compile(r"\s*(?:->|→|=>|to\b|was\b|were\b)", re.I)
LEFT_BEFORE = re.compile(
    r"\b(?:from|was|were|not|instead\s+of|previously|formerly)\s*[$€£]?\s*$", re.I
)


# The draft tells its value as news: a change verb or word, a decision, when it took
# effect, or the record or release that set it ("per CR-88", "under SOP-4 rev B", "from
# the spring term", "bumped", "12s -> 20s"). A fact with none of these beside a held one
# of another value is as often a second rule on one subject ("refunds over $500 need a
# manager" against "refunds over $200 get a fraud check") as a new value of the first.
NEWS = re.compile(
    r"\d\S*\s*(?:->|→|=>)\s*\S*\d|\b(?:new|now|since|as\s+of|starting|beginning|effective|"
    r"decided|agreed|approved|"
    r"(?:raise|lower|increase|decrease|reduce|bump|extend|shorten|tighten|relax|update|"
    r"repoint|change|move|switch|cut|set)(?:s|d|ed|ing)?\b(?:\s+\w+){0,4}?\s+to|"
    r"(?:raised|lowered|increased|decreased|reduced|bumped|extended|shortened|tightened|"
    r"relaxed|updated|repointed|changed|moved|switched)|"
    r"(?:per|under)\s+(?:the\s+)?(?-i:[A-Z])|"
    r"(?:from|after)\s+(?:this|next|(?:" + "|".join(MONTH_NAMES) + r"))\b)",
    re.IGNORECASE,
)
# A thing named by a code of letters and a number ("GR-1 lettuce", "line L2"), not a record
# a text opens on ("ADR-12: …").
CODED = re.compile(r"(?<![\w-])([A-Z]{1,5})-?(\d{1,4})\b(?!:)")
RECORD = re.compile(r"\b[A-Z]{2,}(?:-[A-Z]+)*-\d+\b|\bcommit\s+[0-9a-f]{6,}\b|^\w+\([\w-]+\):")


def _as_news(draft: str, held: str) -> bool:
    """The draft tells its value as news (NEWS, a record's id, a release the held text
    does not name)."""
    if _news_word(draft):
        return True
    told = terms(draft).values.get("version", frozenset())
    return bool(told - terms(held).values.get("version", frozenset()))


def _news_word(draft: str) -> bool:
    """A word of news or a record's id in the draft (`_as_news` without the release)."""
    return bool(NEWS.search(draft) or says_changed(draft) or RECORD.search(draft))


@textcached
def _around(text: str, value: Value) -> frozenset[str]:
    """The content terms of the words each side of a value: what it measures."""
    before = text[: value.start].split()[-AROUND:]
    after = text[value.end :].split()[:AROUND]
    words = {t for w in (*before, *after) for t in tokenized(w)}
    return frozenset(words - function_words() - value_words())


@textcached(maxsize=PAIRS)
def _slot(draft: str, held: str) -> bool:
    """Tests 1, 2 and the last of 4: a draft value of a measure the held text states,
    not among the held values of that measure, around words the held value's share; and
    every held value of that measure the draft states too it marks as the old one, and
    any value it says it moved away from is the held one."""
    told, had = readings(draft), readings(held)
    left = [v for v in told if _marked_old(draft, v)]
    for new in told:
        if new in left or STAYS.search(_window(draft, new, 3)):
            continue
        olds = [v for v in had if v.measure == new.measure]
        if not olds or new.amount in {v.amount for v in olds}:
            continue
        near = _around(draft, new)
        olds = [
            o
            for o in olds
            if (link := near & _around(held, o))
            and not _named_otherwise(draft, new, held, o)
            and not linked_by_kept(draft, new, held, o, link)
            and not other_property(draft, new, held, o)  # ply bond, not the held ECT
        ]
        if not olds:
            continue
        amounts = {o.amount for o in olds}
        if any(v.measure == new.measure and v.amount not in amounts for v in left):
            continue  # "now 45 s (was 90 s)" of a held 20 s: another thing's change
        # a held value told again, of this measure or as a bare number ("lagers stay at
        # 0.5 C" beside "ales alarm at 1.0 C")
        kept = [v for v in told if v.amount in {o.amount for o in olds}]
        if all(_marked_old(draft, v) for v in kept):
            return True
    return False


@textcached
def _window(text: str, value: Value, words: int = AROUND) -> str:
    before = text[: value.start].split()[-words:]
    return " ".join((*before, *text[value.end :].split()[:words]))


def _named_otherwise(draft: str, new: Value, held: str, old: Value) -> bool:
    """Each value stands by a name (a capital inside a sentence) the other's surroundings
    lack: "the Lyon fair's floor is €70 …" and "… Porto fair floor is €90", the rest alike."""
    mine = {m[0].lower() for m in INNER_NAME.finditer(_window(draft, new))}
    theirs = {m[0].lower() for m in INNER_NAME.finditer(_window(held, old))}
    mine, theirs = {n for n in mine if content_word(n)}, {n for n in theirs if content_word(n)}
    return bool(mine - theirs) and bool(theirs - mine)


@textcached
def _marked_old(text: str, value: Value) -> bool:
    """The value is told as the one left behind: "was 90 s", "from 7 to 5", "3.5 -> 4.2"."""
    before = text[max(0, value.start - 16) : value.start]
    after = text[value.end : value.end + 8]
    return bool(LEFT_AFTER.match(after)) or bool(LEFT_BEFORE.search(before))


def _subject(draft: str, held: str) -> bool:
    """Test 3: the two share `SHARED` content terms, and the draft names the thing the held
    text opens on: its first content term, a word that only says the value is a bound
    ("maximum", "default") passed over. "Sourdough loaves need 30 hours" and "rye loaves
    need 20 hours" share loaves and hours, yet the held text is about sourdough. Nor may each open
    on a name the other never mentions (`named_apart`: the "HX9" line's limit is not the
    "LP4" line's). A commit subject ("fix(sms): sender is …") leaves its subject to its
    scope: one more shared term stands for it."""
    d, h = terms(draft), terms(held)
    shared = d.content & h.content
    if len(shared) < SHARED:
        return False
    head = [t for t in h.head if t not in BOUNDS]
    # Two how-tos that open on one verb ("Set the kiln fan to …", "Set the dryer fan to …")
    # are about what each sets: the word after the verb both open on.
    opening = [tokenized(w) for w in (draft.split()[:1] + held.split()[:1])]
    if head and len(opening) == 2 and opening[0] == opening[1] == (head[0],):
        head = head[1:]
    if scoped_subject(draft, held, len(shared), SHARED) and not named_apart(d, h):
        return True  # a commit subject leaves what it is about to its scope: "fix(sms): …"
    named = bool(head) and (head[0] in d.tokens or unqualified(draft, held, d, h, head))
    return named and not named_apart(d, h)


def _elsewhere(draft: str, held: str) -> bool:
    """Test 4 but its last part: the draft is of another year, another numbered thing, or
    a thing the held text names otherwise."""
    years_d = {m[1] for m in YEAR.finditer(draft)}
    years_h = {m[1] for m in YEAR.finditer(held)}
    if years_d and years_h and not years_d & years_h:
        return True
    numbered_h = {
        (m[1].lower(), m[2].lower())
        for m in NUMBERED.finditer(held)
        if (m[3] or "").lower() not in UNITS
    }
    for m in NUMBERED.finditer(draft):
        label, ident = m[1].lower(), m[2].lower()
        if (m[3] or "").lower() in UNITS:
            continue  # "within 4 hours": a measure, not a numbered thing
        if (
            any(lab == label and i != ident for lab, i in numbered_h)
            and (label, ident) not in numbered_h
        ):
            return True
    coded_h = {(m[1], m[2]) for m in CODED.finditer(held)}
    for m in CODED.finditer(draft):
        if (m[1], m[2]) not in coded_h and any(p == m[1] for p, _ in coded_h):
            return True  # "GR-2 basil" against "GR-1 lettuce": another coded thing
    return _renamed(draft, held) or _denied_of(draft, held)


CLAUSE = DASHED
STILL_SO = re.compile(r"\bno\s+longer\b|\bnot\b[^.;]{0,40}\bany\s?more\b", re.I)


def _denied_of(draft: str, held: str) -> bool:
    """A clause of the draft names the thing the held text opens on and says no of it: "the
    poster jobs do not go through the print queue: …, with a 2 GB limit" tells of another
    route, its value another thing's. ("No longer" is a change, not a no.)"""
    head = [t for t in terms(held).head if t not in BOUNDS][:HEAD_TOLD]
    for clause in CLAUSE.split(draft):
        if not head or not set(head) <= terms(clause).tokens:
            continue
        if NEGATION.search(STILL_SO.sub(" ", clause)):
            return True
    return False


# A name written with a capital inside a sentence ("the Lyon fair").
INNER_NAME = re.compile(r"(?<=[a-z0-9,;:)] )[A-Z][a-z]{2,}\b")
# ... or one that opens a sentence right before a word of the held text ("Porto fair
# stands …" of a held "the Lyon fair's stands"): a name put before the held thing.
OPENING_NAME = re.compile(r"(?:^|[.;:!?]\s+)([A-Z][a-z]{2,})\s+([a-z][\w-]*)")


CAPS_NAME = re.compile(r"\b[A-Z]{2,5}\b")  # "the UK desk", "a LIMS export"


def _names(text: str, other: frozenset[str]) -> set[str]:
    """The names a text gives its thing, lower case: a capital inside a sentence, or one
    opening a sentence before a word of the other text (`other`: its tokens)."""
    found = {m[0] for m in INNER_NAME.finditer(text)}
    found |= {m[1] for m in OPENING_NAME.finditer(text) if set(tokenized(m[2])) & other}
    return {n.lower() for n in found if content_word(n.lower())}


def _renamed(draft: str, held: str) -> bool:
    """The held text names a thing (a capital, or a short name in capitals) that the draft
    never mentions, and the draft names one of its own the held text never mentions: "the
    Lyon fair's stand is 40 m2" against "Porto fair stands are 30 m2", another place's fact."""
    dl, hl = draft.lower(), held.lower()
    had = _names(held, terms(draft).tokens) | {m[0].lower() for m in CAPS_NAME.finditer(held)}
    if all(n in dl for n in had):
        return False
    return any(n not in hl for n in _names(draft, terms(held).tokens))


def given_anew(draft: str, held: str) -> bool:
    """The draft gives a new value of what the held lesson states, on the same subject
    and nowhere else, told as news (see the module docstring)."""
    # the draft's side first: with no word of news and no release, no held text is read
    return may_be_news(draft) and in_held_slot(draft, held) and _as_news(draft, held)


@textcached
def may_be_news(draft: str) -> bool:
    """The draft's own side of `_as_news`: a word of news, a record's id, or a release
    (which the held text may not name). Without one `_as_news` answers False whatever the
    held text says (issue 17)."""
    return _news_word(draft) or bool(terms(draft).values.get("version"))


@textcached
def gives_new_value(draft: str) -> bool:
    """The draft's own side of `_slot`: a value it gives that it does not mark as the old
    one nor say stays. Without one no value is put in a held slot, whatever the held text
    says, so the held text is not read (issue 17)."""
    return any(
        not _marked_old(draft, v) and not STAYS.search(_window(draft, v, 3))
        for v in readings(draft)
    )


@textcached(maxsize=PAIRS)
def in_held_slot(draft: str, held: str) -> bool:
    """Tests 1 to 4: a new value in the held lesson's slot, on its subject and nowhere
    else, told as news or not. A retraction is left to the withdrawal rules: what it says
    is wrong is no new value."""
    return (
        retraction(draft) is None
        and gives_new_value(draft)
        and _slot(draft, held)
        and _subject(draft, held)
        and not _elsewhere(draft, held)
    )
