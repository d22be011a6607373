"""Two readings of lessons compared (`agentmem.core.statement.Terms`): whether they speak
of one subject (shared terms, a shared name, the same head, a cue pointed at the other),
whether one covers all the other says, and where their values stand (a value in conflict,
a new value, one moved away from, the same new state told twice). The rules that judge a
draft against a held lesson (`agentmem.core.restate`) are built from these.
"""

from __future__ import annotations

import re

from agentmem.core.newvalue import apart
from agentmem.core.opening import opens_alike
from agentmem.core.statement import (
    CAPITALISED,
    CAPS,
    HEAD,
    IDENTIFIER,
    Terms,
)
from agentmem.stores.bm25 import tokenize

MIN_SHARED = 3  # content terms two texts must share before either can restate or replace
COVER_SLACK = 8  # a text of n terms is covered by another missing at most n // 8 of them
SAME_SUBJECT = 0.5  # share of the shorter text's terms that makes one subject on its own
CUED_SHARED = 2  # ... when the draft says outright that it corrects or replaces something
# Bare counts: what they count is said by the words around them, so a text's several
# counts are no values of one slot.
# "which": a number naming one (`core.addressed`); "range": a decimal range's bound, whose
# unit its other bound carries (`core.values`)
WEAK_KINDS = frozenset(("number", "which", "range"))
NOT_MOVED = frozenset(("version", "date", "code"))  # kinds no "from X to Y" moves away from
# a person mentioned by name in a note ("@Dana Reyes checked it"), not a handle ("@web/edge")
MENTION = re.compile(r"(?<![\w@])@([A-Z][a-z]+(?:[ \t]+[A-Z][a-z]+)+)")


def covered(part: Terms, whole: Terms) -> bool:
    """`whole` says everything `part` says: its terms, its names and its values."""
    shared = part.content & whole.content
    missing = len(part.content) - len(shared)
    if len(shared) < MIN_SHARED or missing > len(part.content) // COVER_SLACK:
        return False
    if not part.names <= whole.tokens:
        return False
    return all(v <= whole.values.get(kind, frozenset()) for kind, v in part.values.items())


def conflict(a: Terms, b: Terms) -> bool:
    """Each states a value of one kind that the other does not (4 GiB against 1 GiB; not
    "Xcode 15.3" against "15.2 lacks the SDK, select 15.3", which agree on 15.3)."""
    return bool(conflicts(a, b))


def conflicts(a: Terms, b: Terms) -> set[str]:
    """The kinds of value on which `conflict` finds the two texts differ."""
    return {
        kind
        for kind, v in a.values.items()
        # two commands can both hold (run the linter, run the link check); a date says when
        if kind not in ("code", "date")
        and kind in b.values
        and bool(v - b.values[kind])
        and bool(b.values[kind] - v)
    }


def new_value(d: Terms, h: Terms) -> bool:
    """The draft gives another value than the held text (`conflict`), of a measure, a
    time or a version, or of a bare count when the two share most of their words: a bare
    number counts what its own text is about ("three backfills used 640 credits" gives no
    new "2-day lookback" of a table both name)."""
    kinds = conflicts(d, h)
    if bool(kinds - WEAK_KINDS) or (bool(kinds) and subject_overlap(d, h) >= SAME_SUBJECT):
        return True
    return _coded_value(d, h)  # another sum of money of the thing one code names


def subject_overlap(a: Terms, b: Terms) -> float:
    """Shared content terms over the shorter text's."""
    shorter = min(len(a.content), len(b.content))
    return len(a.content & b.content) / shorter if shorter else 0.0


def same_subject(draft: Terms, held: Terms) -> bool:
    shared = draft.content & held.content
    # A value both state (the same weekday, the same path) is shared ground too: a short
    # rule said the other way round shares few words ("deploys only on Tuesdays" →
    # "deploys are no longer limited to Tuesdays").
    both = sum(len(v & held.values.get(kind, frozenset())) for kind, v in draft.values.items())
    if len(shared - draft.cue) + both >= CUED_SHARED and _pointed(draft, held):
        return True  # a correction or a replacement told as one, of what the held text says
    # The draft names the held text's value as the one it moved away from ("locks Wednesday
    # 12:00, instead of Thursday evening" of "freezes every Thursday at 18:00"): two shared
    # words are enough.
    if len(shared) >= CUED_SHARED and moved_away_from(draft, held):
        return True
    if _coded_value(draft, held):
        return True
    if len(shared) + both < MIN_SHARED or not shared:
        return False
    shorter = min(len(draft.content), len(held.content))
    # Two how-tos that open alike and each give a command are about the same task, however
    # much the commands and their explanations differ.
    # Two statements that open on the same three content words are about one thing ("the
    # release branch is cut on Tuesdays …" against "Release branches are cut every other
    # Wednesday …"), however much else each says of it; two how-tos that open alike and
    # each give a command are about the same task.
    same_head = draft.head == held.head and len(draft.head) == HEAD
    # A file both name is where each is set, not what each is about (two keys of one file);
    # two files of one name (`plans/checkout.py`, `plans/checkout.js`) are one thing's.
    where = {t for path in draft.files & held.files for t in tokenize(path)}
    named = (draft.names & held.names) - (where & draft.in_files & held.in_files)
    named -= signed(draft, held)
    return len(shared) >= SAME_SUBJECT * shorter or bool(named) or same_head


def signed(draft: Terms, held: Terms) -> set[str]:
    """The words of a person both texts mention by "@" and a capitalised name ("@Dana
    Reyes"): who wrote, checked or was told, not what either is about. Two notes one
    engineer signed are two notes; a person who holds a role is read by the role rules
    (`agentmem.core.newvalue.reassigned`)."""
    both = _mentioned(draft.text) & _mentioned(held.text)
    return {t for person in both for t in tokenize(person)}


def _mentioned(text: str) -> set[str]:
    return {m.lower() for m in MENTION.findall(text)}


def _coded_value(draft: Terms, held: Terms) -> bool:
    """Both name one thing by a code spelled alike (a bucket "bf-x-prod", a rule "QX-12")
    and give it another value of one measure (days, a sum of money; not a bare count): a value in
    the same slot of the same thing, however few other words they share. A code alone is
    no subject: two lessons on one bucket may tell two sides of it. A draft that names
    another thing besides ("kept 90 days, longer than QX-12 … as USGS asks") tells that
    thing's value, with the code for a comparison."""
    amounts = draft.amounts - held.amounts and held.amounts - draft.amounts
    if not draft.codes & held.codes or not (conflicts(draft, held) - WEAK_KINDS or amounts):
        return False
    return not {t for t in draft.proper - held.tokens if not t[:1].isdigit()}


def broad_change(draft: Terms, held: Terms) -> bool:
    """The two share more than a tool's name: half the shorter one's terms, the word they
    open on, the words the draft's cue points at, or a value of a kind both state. "Grafana
    alert rules now live in a repo" tells nothing new of when the payments dashboards'
    Grafana alert rules fire."""
    return (
        subject_overlap(draft, held) >= SAME_SUBJECT
        or opens_alike(draft, held)  # the same word, a change verb before the draft's aside
        or _pointed(draft, held)
        or bool(conflicts(draft, held))  # another value of a kind both state: v4 → v5
    )


def moved_away_from(draft: Terms, held: Terms) -> bool:
    """The held text states a value the draft says it moved away from: a measure, a count,
    a time or a day (not a version, a date or a command that writes the same digits: "5°"
    is not the "5.0" of a "5.0 deg/s" limit)."""
    stated = {v for kind, vs in held.values.items() if kind not in NOT_MOVED for v in vs}
    return bool(draft.moved & stated)


def _pointed(draft: Terms, held: Terms) -> bool:
    """The draft's change cue points at what the held text is about: at two of its words,
    or at one that names it (a name in the held text, a word of its command, the name it
    opens on: "the old DASH step" of "DASH packaging runs …"; a word only the draft
    capitalises names its own thing), and at no name the held text lacks ("Correction to
    the PS5 rule" is not the Xbox's)."""
    hit = draft.cued & (held.content | held.parts)  # "the old JSON reader" of "OvenJSON"
    if (draft.cued & draft.proper) - held.tokens - held.parts:
        return False
    commands = {t for code in held.values.get("code", ()) for t in tokenize(code)}
    opens_on = held.proper & set(held.head[:1])  # a name it opens on ("DASH packaging …")
    # What a "no longer" says is no longer so is the held text's subject only where the held
    # text opens on it: "loaner kits are no longer lent overnight" is not of "Loaner repairs
    # are billed weekly; overnight kits stay on site", which uses the two words of two things.
    pair = hit - (draft.behind - {*held.head, *held.inner})
    if not (len(pair) >= 2 or hit & {*held.names, *commands, *opens_on}):
        return False
    return not slot_elsewhere(draft, held, hit, {*held.head, *held.inner, *commands, *opens_on})


def slot_elsewhere(draft: Terms, held: Terms, hit: frozenset[str], about: set[str]) -> bool:
    """The cue points at another slot than the held text's: the words it points at that the
    held text lacks are as many as those it has (a name the held text gives counts twice,
    as in `_pointed`), and none it has is what the held text is about (`about`: the words it
    opens on, a word of its command). "Since 3 June the Paris membership fee is …" points
    at a fee; a held note on the ticket scanner that mentions its Paris region shares the
    place, not the slot. "The old Graylog box is off" points at the named thing itself."""
    if hit & about:
        return False
    missing = draft.cued - draft.cue - held.tokens - held.parts
    return len(missing) >= len(hit) + len(hit & held.names)


def aimed_elsewhere(draft: str, held: str, d: Terms, h: Terms) -> bool:
    """The draft's cue names what it replaces, none of it is in the held text, and the two
    name nothing in common as a whole (an identifier, a capitalised name): "Trusted
    publishing replaces the PyPI token login" says nothing of a signing decision that
    shares "release workflow" with it."""
    return bool(d.cued) and not d.cued & h.tokens and not _whole_names(draft) & _whole_names(held)


def _whole_names(text: str) -> set[str]:
    return {m.lower() for p in (IDENTIFIER, CAPITALISED, CAPS) for m in p.findall(text)}


def named_apart(a: Terms, b: Terms) -> bool:
    """Each opens on a name the other never mentions: the PC's streaming pool is not the
    consoles' ("the PC pool is 4 GB" against "3 GB on PS5, 1 GB on Switch"), the PS5's
    build is not the Xbox's."""
    return bool(a.first and b.first) and a.first not in b.tokens and b.first not in a.tokens


def agrees(draft: Terms, held: Terms) -> bool:
    """The held text also says something changed and already states every value and name
    the draft states: it tells of the same new state (two reports of one change), not of
    the state before it."""
    if not held.change or (not draft.values and not draft.names):
        return False
    return draft.names <= held.tokens and all(
        v <= held.values.get(kind, frozenset()) for kind, v in draft.values.items()
    )


# letters and digits in one lower-case word: "mq7", "node7b" (not "v2", a release: two letters
# at least before the digit)
SHORT_CODE = re.compile(r"(?<![\w./-])[a-z]{2,}\d+[a-z]?(?![\w./-])")


def agrees_by_name(draft: str, d: Terms, h: Terms) -> bool:
    """`agrees`, for a draft that states no value and no plain name: the held text says
    something changed, and every name the draft writes whole, one of them an identifier with
    a digit or an underscore (the new state's name: "now on QM_B02"), is among its tokens.
    "Cutover done; inbound now on QM_B02" retells "Since the cutover the inbound queue lives
    on QM_B02 …"; it is no newer state of it."""
    if not h.change or d.values or d.names:
        return False
    # a short code in lower case is a name written whole too ("now on the mq7 host")
    written = {n.strip("./-") for n in _whole_names(draft)} | set(SHORT_CODE.findall(draft))
    coded = {n for n in written if "_" in n or any(c.isdigit() for c in n)}
    return bool(coded) and written <= h.tokens


def other_component(a: Terms, b: Terms) -> bool:
    """Two parallel statements about different things: the first term of each one's head
    is missing from the other while the rest is mostly shared ("the payments-api runs …"
    against "the orders-api runs …"). When little else is shared, a different first word
    is only another way to say it ("alerts route to …" against "on-call is paged via …")."""
    return subject_overlap(a, b) >= SAME_SUBJECT and apart(a, b)
