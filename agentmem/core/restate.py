"""Restatement and replacement: a new lesson that says what memory already holds, or that
gives a new value for something it holds.

A lesson is read as a subject and its values (`agentmem.core.statement`). Values are what
can change while the subject stays: numbers with their unit, clock times, weekdays,
versions. The subject is the rest: its content terms (stemmed, stopwords out, the same
tokens search uses) and the names it mentions (identifiers such as `PaymentClient`,
`order_lines`, `values/staging.yaml`, and capitalised names such as `Acme Wholesale`).

- A draft **restates** a held memory when it adds nothing to it: its terms are covered by
  the held one's (all of them in a short text, all but one in eight in a longer one), every
  name it mentions is in the held text, and it states no value the held one does not. A
  different number, day or version is never a restatement, nor is another component. One
  fact told in other words is one too (`told_alike`): the same values and names, the same
  opening, half of either text's terms, no change said, no denial the other lacks.
- A draft **replaces** a held memory when both speak of the same subject (at least
  `MIN_SHARED` shared terms, and half of the shorter one's terms, a shared name, or a
  change word in the draft) and the draft gives another value of a kind both state
  (Monday → Thursday, 3 → 5 retries, v4 → v5), says in words that something changed
  ("now", "no longer", "moved", "retired", "instead") of more than a tool both name
  (`broad_change`), or says all the held one says and more (a fuller statement of the same lesson). Two more new values share few words:
  a job that says it now runs at another time, opening on the same words as the held one
  (`agentmem.core.newvalue.retimed`), and a role (owns, signs off, who to ask) held by other people
  (`agentmem.core.newvalue`). A job said to run or close at another clock time, on another
  cadence ("now on cron 0 */4 * * *" after "runs once a day at 02:00"), or a batch job's wait
  told anew, by a draft that opens on what the held text is about, is one too
  (`agentmem.core.cadence.rescheduled`; in one sentence of a longer draft, "moved to a
  10-minute cycle": `agentmem.core.cadence.recadenced`), and so is a thing named with its version in its
  name at a higher version ("policy payout-large-v4" after "-v3",
  `agentmem.core.versioned`). One sentence told of two things (a phrase swapped, the
  rest alike but the values: the orders DB's backups, the search index's) is never a
  replacement, whatever change word the draft uses.
- A draft that says outright it corrects or replaces something ("Correction to the … rule:",
  "this replaces …", "the old …", "… was removed", "since 2026-07-15 …") needs only
  `CUED_SHARED` shared terms, when the words its cue points at are the held text's subject
  (two of them, or one that names it). Counts written as words ("two approvals") are
  values like digits; a short name in capitals ("US", "EU") is a name even where the word
  is a stopword, so the US region's rule is not the EU region's.
- A draft that begins "Retracted:" replaces the held memory that states what it denies:
  the one that shares most with its first clause (the claim withdrawn) beyond what it
  shares with the rest (the reason, which a correct lesson may well share).

Nothing here reads or writes memory: the writer asks (`agentmem.core.verdict`), with the
held memories it found.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from agentmem.core.added import added_beside
from agentmem.core.cadence import recadenced, rescheduled
from agentmem.core.counted import revalued
from agentmem.core.countsof import counted_apart
from agentmem.core.cues import NEGATION, says_changed
from agentmem.core.ended import ends_other
from agentmem.core.frames import COPULA, GAP, framed, naming
from agentmem.core.labels import names_other_label
from agentmem.core.modified import modified_apart
from agentmem.core.newvalue import (
    also_of_another,
    fulfilled,
    opens_on,
    parallel,
    reassigned,
    rerouted,
    retimed,
    told_anew,
    told_of_another,
)
from agentmem.core.retiredvalues import retired_values as retired_values  # its old home
from agentmem.core.retoldstate import retells_state
from agentmem.core.retract import RETRACTED, withdrawn
from agentmem.core.retract import retracted as retracted  # its old home
from agentmem.core.retract import retraction as retraction  # its old home
from agentmem.core.statement import (
    HEAD,
    ROLE,
    Terms,
    terms,
)
from agentmem.core.stopped import stops_other
from agentmem.core.subjects import COVER_SLACK as COVER_SLACK  # its old home
from agentmem.core.subjects import CUED_SHARED as CUED_SHARED  # its old home
from agentmem.core.subjects import MIN_SHARED as MIN_SHARED  # its old home
from agentmem.core.subjects import NOT_MOVED as NOT_MOVED  # its old home
from agentmem.core.subjects import SAME_SUBJECT as SAME_SUBJECT  # its old home
from agentmem.core.subjects import WEAK_KINDS as WEAK_KINDS  # its old home
from agentmem.core.subjects import agrees as agrees  # its old home
from agentmem.core.subjects import agrees_by_name as agrees_by_name  # its old home
from agentmem.core.subjects import aimed_elsewhere as aimed_elsewhere  # its old home
from agentmem.core.subjects import broad_change, moved_away_from, subject_overlap
from agentmem.core.subjects import conflict as conflict  # its old home
from agentmem.core.subjects import conflicts as conflicts  # its old home
from agentmem.core.subjects import covered as covered  # its old home
from agentmem.core.subjects import named_apart as named_apart  # its old home
from agentmem.core.subjects import new_value as new_value  # its old home
from agentmem.core.subjects import other_component as other_component  # its old home
from agentmem.core.subjects import same_subject as same_subject  # its old home
from agentmem.core.textcache import PAIRS, textcached
from agentmem.core.together import read_together as read_together  # its old home
from agentmem.core.versioned import reversioned
from agentmem.stores.bm25 import tokenize

# A thing copied to a second place ("the ledger is mirrored to the vendor's bucket"): it
# stays where it was, so a change cue beside it tells no move of it.
COPIED = re.compile(
    r"\b(?:is|are|was|were|gets?|now)\s+(?:also\s+)?(?:mirrored|copied|replicated|duplicated|"
    r"cloned)\s+(?:to|into|on)\b",
    re.IGNORECASE,
)
CLOSE_SUBJECT = 0.75  # share at which a change word alone says the draft replaces the held
NEAR_SUBJECT = 0.6  # share of the shorter text's terms at which two lessons say one thing
OPENING = 2  # first content terms two tellings of one fact in other words open on


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def restates(draft: str, held: str) -> bool:
    """The draft adds nothing to the held text (see the module docstring)."""
    d, h = read_together(draft, held)
    if conflict(d, h) or names_other_label(draft, held):  # "freezer F4" after "F2"
        return False
    return covered(d, h)


@textcached(maxsize=PAIRS)
def substituted(a: str, b: str) -> bool:
    """One frame told of two things: a word of each text, missing from the other, between
    the same two words and before the same content word, the word it names ("canary the
    payments API at 5%" against "canary the search API at 10%": payments and search, each
    between "the" and "API"). The swapped words say which thing, so the two are about two
    things. A swapped verb ("the site is built with" against "the site runs on") or what
    a thing is ("the online store is Redis" against "is DynamoDB") names no other thing."""
    if len(terms(a).content & terms(b).content) < MIN_SHARED:
        return False
    sa, sb = framed(a), framed(b)
    only_a, only_b = set(sa) - set(sb), set(sb) - set(sa)
    frames = {(sa[i - 1], sa[i + 1]) for i in range(1, len(sa) - 1) if sa[i] in only_a}
    return any(
        (sb[i - 1], sb[i + 1]) in frames
        and sb[i - 1] not in COPULA
        and sb[i - 1] != GAP
        and naming(sb[i + 1])
        for i in range(1, len(sb) - 1)
        if sb[i] in only_b and naming(sb[i])
    )


def restated(a: str, b: str) -> bool:
    """Two lessons that say one thing, give or take a detail (a decision record and a run
    lesson quoting it): one restates the other, or both speak of one subject and share
    `NEAR_SUBJECT` of the shorter one's terms, with no value in conflict and no naming word
    swapped (`substituted`: two things told in one frame). A retraction never restates what it
    withdraws: it says the opposite."""
    read = _comparable(a, b)
    if read is None:
        return False
    ta, tb = read
    if covered(ta, tb) or covered(tb, ta):
        return True
    if same_subject(ta, tb) and subject_overlap(ta, tb) >= NEAR_SUBJECT:
        return True
    return one_fact(a, b, ta, tb)


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def told_alike(draft: str, held: str) -> bool:
    """The draft tells the held text's fact in other words (`one_fact`): a duplicate."""
    read = _comparable(draft, held)
    return read is not None and one_fact(draft, held, *read)


@textcached(maxsize=PAIRS)
def _comparable(a: str, b: str) -> tuple[Terms, Terms] | None:
    """The two texts read together, when either may tell what the other does: neither a
    retraction, no value in conflict, no naming word swapped (`substituted`); else None."""
    if RETRACTED.match(a) or RETRACTED.match(b):
        return None
    ta, tb = read_together(a, b)
    if conflict(ta, tb) or substituted(a, b):
        return None
    return ta, tb


def one_fact(a: str, b: str, ta: Terms, tb: Terms) -> bool:
    """Two texts of one subject that state the same values and name the same things in other
    words ("rejects calls without the X-Trace header (400)", "returns 400 unless every
    request carries the X-Trace header"): one fact, when both open on the same two content
    words and share `SAME_SUBJECT` of the longer one's terms, unless either says something
    changed, one says no where the other does not, or one withdraws the other."""
    stated = _stated(ta)
    if not stated or stated != _stated(tb) or ta.names != tb.names:
        return False
    if not any(len(name) > 2 for name in ta.names):  # a thing named, not only a unit ("MW")
        return False
    shared = len(ta.content & tb.content)  # of the longer text's terms too: neither says more
    if shared < MIN_SHARED or shared < SAME_SUBJECT * max(len(ta.content), len(tb.content)):
        return False
    if ta.head[:OPENING] != tb.head[:OPENING]:  # two rows of a table: "kidney | …", "heart | …"
        return False
    if says_changed(a) or says_changed(b) or bool(NEGATION.search(a)) != bool(NEGATION.search(b)):
        return False
    return same_subject(ta, tb) and not (withdrawn(a, [("", b)]) or withdrawn(b, [("", a)]))


def _stated(t: Terms) -> set[tuple[str, str]]:
    """The values a text states, but the commands and dates two tellings may well give apart."""
    return {
        (kind, v) for kind, found in t.values.items() if kind not in ("code", "date") for v in found
    }


def handed_over(draft: str, held: str, d: Terms, h: Terms) -> bool:
    """A role over one subject now held by others (`reassigned`), told in few shared words:
    the two share `MIN_SHARED` terms besides the role's own words ("prod applies on
    cdn-config need approval from @web/edge" after "prod applies on cdn-config … a netops
    reviewer has to approve"), fewer than one subject needs by count. Sharing only the
    role ("needs approval from") is two roles over two things."""
    if not reassigned(draft, held, d, h):
        return False
    role = {t for text in (draft, held) for m in ROLE.finditer(text) for t in tokenize(m[0])}
    return len((d.content & h.content) - role) >= MIN_SHARED


def replaces(draft: str, held: str) -> bool:
    """The draft is a newer statement of the held text's subject (see the module docstring)."""
    d, h = read_together(draft, held)
    if RETRACTED.match(draft) or restates(draft, held):
        return False  # a retraction replaces only what it withdraws (`retracted`)
    if added_beside(draft, held):
        return False  # one more beside the held thing ("as well as"): the held one stands
    if revalued(draft, held, d, h):
        return True  # another count of a unit both count, another value of one option
    moved = rerouted(draft, held)
    handed = handed_over(draft, held, d, h)
    done = fulfilled(draft, held, d)  # what the held text said it holds "until then" is over
    # a named tool on another release, another count of one thing, a new place for it
    anew = told_anew(draft, held, d, h)
    # a new time, cadence or release of what the held text is about, or one of the above
    timed = any(f(draft, held, d, h) for f in (retimed, rescheduled, recadenced, reversioned))
    own = timed or moved or handed or done or anew
    if not own and not same_subject(d, h):
        return False
    if other_component(d, h) and not (moved_away_from(d, h) and not modified_apart(draft, held)):
        # another service, table or team: a value of its own, not a new one; unless the
        # draft names the held value as the one it replaced ("…, was 45" of "a 45-minute
        # window"), whatever it opens on (a note's "Ops decision this week: …"), of the same
        # thing (not the south dock's window against the north dock's)
        return False
    if not d.change and substituted(draft, held):
        return False  # the search API's canary, not the payments API's: no cue, another thing
    if also_of_another(draft, d, h):
        return False  # "Northgate also sends Latin-1": one more sender, Meridian's stays
    if not d.cued and parallel(draft, held, d.people | h.people):
        return False  # the search index's backups, not the orders DB's: one frame, two things
    if conflict(d, h) and not d.change and named_apart(d, h):
        return False  # other numbers for another thing: the PC's pool, not the consoles'
    close = subject_overlap(d, h) >= CLOSE_SUBJECT
    # On one subject, a draft that says something changed ("now", "no longer", "instead",
    # "retired") tells the new state, whatever the new value is: another command, another
    # place for the secrets, the rule said the other way round.
    # A value changed "from X to Y" says a change of what states X ("cut retention from 7
    # days to 3 days" of "keeps 7 days of data"), not of all it shares words with.
    # A draft that tells the value it moved away from tells a change of what states it, not
    # of all it shares words with ("Lisbon's window is 45 minutes, not 30" is no change of
    # a held rule on depot handovers).
    # (of the same thing: "south dock …, was 45" names no old value of the north dock's)
    moved_from = moved_away_from(d, h) and not modified_apart(draft, held)
    # (not a change word of another side of a tool both name: `broad_change`)
    told = d.change and (moved_from or not d.moved) and (own or broad_change(d, h))
    told = told and not stops_other(draft, held)  # a stop of another practice of one thing
    told = told and not ends_other(draft, d, h)  # the end of a thing it never states
    told = told and not COPIED.search(draft)  # a copy kept elsewhere: the thing stays put
    # a new number of another setting ("now fires to cone 7" of "peaks at 900 C"), unless a
    # cue points at what it corrects ("Correction: the duplicates were never …")
    told = told and (bool(d.cued) or not counted_apart(draft, held, d, h))
    changed = (told or moved_from) and not agrees(d, h) and not aimed_elsewhere(draft, held, d, h)
    changed = changed and not agrees_by_name(draft, d, h)  # the held text's new state retold
    # a change whose new state the held text states plainly (`agentmem.core.retoldstate`)
    changed = changed and not retells_state(draft, d, h)
    # Same head, nearly the same words, each saying something the other does not: the
    # same thing told with other details (a keystore that moved to another vault). A
    # different head is another subject (the payments-api, not the orders-api).
    # Bare numbers each tied to another thing ("cone 6" against "900 C") are two settings of
    # that subject, not one told otherwise.
    restated_otherwise = (
        close
        and d.head == h.head
        and len(d.head) == HEAD
        and not agrees(d, h)
        and not counted_apart(draft, held, d, h)
    )
    # A new value of what the held text says of another thing, in a clause of its own, is none
    # nor is one that says which value it moved away from, of a held text that states none
    fresh = (
        new_value(d, h)
        and not told_of_another(d, h, held, conflicts(d, h))
        and (moved_from or not d.moved)
        and not counted_apart(draft, held, d, h)  # four jobs are no new value of a flag's 6
    )
    return (
        fresh
        or changed
        or covered(h, d)
        or restated_otherwise
        or reassigned(draft, held, d, h)
        or moved
        or done
    )


def replaces_elsewhere(draft: str, held: str) -> bool:
    """The draft replaces a lesson held for another app (`replaces`), and says so of the
    same thing: it says outright that something changed (a change word, not only "instead
    of", which tells an alternative), both open on the same name (`opens_on`: "the monorepo is on
    Bazel 7.2.1 now", learnt by the runner app, of the devctl app's "the monorepo pins
    Bazel 6.4.0"), and it tells a value the held one does not (the same figures told again
    are one fact, each app's own). Another app's lesson with no such word, or about
    another name, is that app's own (its cache, its timeout)."""
    if not says_changed(draft):
        return False
    d, h = read_together(draft, held)
    if not opens_on(draft, d, h) & opens_on(held, h, d):
        return False
    told = {k: v for k, v in d.values.items() if k not in ("date", "code")}
    if told and all(v <= h.values.get(k, frozenset()) for k, v in told.items()):
        return False
    return replaces(draft, held)


MOVED = frozenset(
    "Held Verdict judge compare inherited_tags Lexical JUDGED CANDIDATES RETRACTABLE".split()  # noqa: SIM905
)


def __getattr__(name: str) -> Any:
    """The writer's side of the judge moved to `agentmem.core.verdict` (which imports this
    module, so it is reached here only when asked for by its old name)."""
    if name in MOVED:
        from agentmem.core import verdict

        return getattr(verdict, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
