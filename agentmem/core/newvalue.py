"""New values told in few shared words, and one frame told of two things.

- A new time for a job (`retimed`): "the invoice sync cron is now 03:15" after "the
  invoice sync runs nightly at 01:15 on the batch host and writes …".
- A role held by someone else (`reassigned`): "Raj Patel owns the billing export spec"
  after "billing export questions go to Alice Moore; she approves every change". Who
  holds a role (the people, teams and channels a statement names,
  `agentmem.core.statement.people`) is the role's value.
- A new place for a thing (`relocated`): "test fixtures now live in one SQLite file" after
  "test fixtures are generated from the CSV exports with fixgen".
- A new host for a thing named alike (`rehosted`): "ORDERS.IN lives on mq-b.corp.lan:1415
  since the cutover" after "ORDERS.IN is read from mq-a.corp.lan:1414".
- Another count of a thing counted in the same words (`recounted`): "a wave can take up
  to 220 order lines" after "pick waves are capped at 150 order lines".
- A named tool on another release (`bumped`): "Flight dynamics is on Geokit 12.2 now" after
  "Orbit fits run on Geokit 11.3; …", however few other words the two share.
- A route moved to a newer API version (`rerouted`): "all producers post to `POST
  /v2/journal-entries`" after "services post only through POST /v1/journals".
- Against all of them, and against any replacement: two statements that swap what they are about
  in one frame (`swapped`, `parallel`) speak of two things; a held text of several clauses
  whose clause stating the old value is about another named thing than the draft
  (`told_of_another`: the EU cutoff beside the US notes) gives no old value of it.

`agentmem.core.restate` asks it."""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.clauses import STOPS
from agentmem.core.frames import COPULA, GAP, framed, naming
from agentmem.core.holders import same_holder
from agentmem.core.names import ASIDE
from agentmem.core.rehosted import rehosted
from agentmem.core.retimed import SCHEDULE, retimed_within
from agentmem.core.statement import Terms, terms, unlabelled
from agentmem.core.textcache import textcached
from agentmem.stores.bm25 import tokenize


def retimed(draft: str, held: str, d: Terms, h: Terms) -> bool:
    """The draft says something changed and gives another time or weekday for the thing
    both open on: "the nightly sync cron is now 03:15" of "the nightly sync runs at 01:15
    on the batch host and writes …", however many other details each gives (too few words
    shared to be one subject by count). A bold label may open either ("**Schedule:** the
    nightly sync now …"). A size or a duration is no schedule: "the deploy now uploads
    12 GB" is not a new "the deploy keeps 3 GB of cache"."""
    if not d.change:
        return False
    if not _open_alike(draft, held, d, h):
        return retimed_within(draft, held)
    return any(
        kind in h.values and bool(v - h.values[kind]) and bool(h.values[kind] - v)
        for kind, v in d.values.items()
        if kind in SCHEDULE
    )


# An HTTP route with its API version: "POST /v2/journal-entries", "/v1/maps/{site}".
ROUTE = re.compile(
    r"(?:\b(?P<method>GET|POST|PUT|PATCH|DELETE)\s+)?(?<![\w/])/v(?P<version>\d+)"
    r"(?P<path>(?:/[\w{}<>:.-]+)+)"
)
PARAMETER = re.compile(r"^[{<:]|^\d+$")  # a path segment that stands for a value


def routes(text: str) -> set[tuple[str, int, frozenset[str]]]:
    """The versioned routes a text names: (method or "", version, what the route is of:
    the words of its last segment that is no parameter, as search terms)."""
    return set(_routes(text))


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _routes(text: str) -> frozenset[tuple[str, int, frozenset[str]]]:
    out = set()
    for match in ROUTE.finditer(text):
        literal = [p for p in match["path"].split("/") if p and not PARAMETER.search(p)]
        words = frozenset(tokenize(literal[-1])) if literal else frozenset()
        if words:
            out.add(((match["method"] or "").upper(), int(match["version"]), words))
    return frozenset(out)


def rerouted(draft: str, held: str) -> bool:
    """The draft names a route of a newer API version for what a route of the held text
    serves: the same method (when both say one) on the same resource ("POST /v2/journal-
    entries" after "POST /v1/journals"), however few other words the two share. Another
    resource under a newer version ("/v2/slots/reserve" against "/v1/devices") or
    another method on it (a GET that reads what a POST writes) is another route."""
    return any(
        dv > hv and bool(dr & hr) and (dm == hm or not dm or not hm)
        for dm, dv, dr in _routes(draft)
        for hm, hv, hr in _routes(held)
    )


# A release of a named thing: "Geokit 12.2", "API v40", "FSW 4.2" (not "Block 2": a
# bare count after a name is as often a part's number as a release)
RELEASE = re.compile(r"\b([A-Za-z][\w-]*[A-Za-z])\s+(v\d+(?:\.\d+)*|\d+\.\d+(?:\.\d+)*)(?![\w.])")


@textcached
def releases(text: str) -> dict[str, set[str]]:
    """The releases a text names, by the name they are of (a search term)."""
    out: dict[str, set[str]] = {}
    for name, release in RELEASE.findall(text):
        for term in tokenize(name)[-1:]:
            out.setdefault(term, set()).add(release.lower().lstrip("v"))
    return out


def bumped(draft: str, held: str, d: Terms, h: Terms) -> bool:
    """The draft says something changed and names another release of a thing the held
    text names a release of ("Geokit 12.2 now" after "Geokit 11.3"), both about that
    thing, not two things that each name it (their first names are not each other's, no
    phrase is swapped between what each is about: the staging cluster's release is not
    production's)."""
    if not d.change or (
        d.first and h.first and d.first not in h.tokens and h.first not in d.tokens
    ):
        return False
    in_d, in_h = _swaps(draft, held, d.people | h.people)
    if in_d & set(d.head) and in_h & set(h.head):
        return False  # what each is about is swapped
    now, before = releases(draft), releases(held)
    return any(
        bool(now[name] - before[name]) and not before[name] & now[name]
        for name in now.keys() & before.keys()
    )


# Where a thing is kept, or what it is made from: "… are compiled from the MIB tables",
# "… live in one file"; said as the new state with "now".
PLACE = r"(?:lives?|sits?|comes?|(?:is|are)\s+(?:kept|stored|held|read|built|compiled|generated|loaded))\s+(?:in|from)\b"
PLACED = re.compile(rf"\b{PLACE}", re.IGNORECASE)
PLACED_NOW = re.compile(rf"\bnow\s+{PLACE}", re.IGNORECASE)


def relocated(draft: str, held: str, d: Terms, h: Terms) -> bool:
    """Both open on the same two words, the held text says where that thing is kept or
    what it is made from, and the draft says where it is "now" ("Test fixtures now live in
    one SQLite file …" after "Test fixtures are generated from the CSV exports with
    fixgen …"), however few other words the two share."""
    return (
        PLACED_NOW.search(draft) is not None
        and PLACED.search(held) is not None
        and _open_alike(draft, held, d, h)
    )


MIN_SHARED = 3  # content terms a recount's two texts share besides the count


def told_anew(draft: str, held: str, d: Terms, h: Terms) -> bool:
    """A new value told in few shared words: another release of a named tool (`bumped`),
    another count of one thing (`recounted`), a new place for it (`relocated`), a new host
    for it (`rehosted`)."""
    recount = recounted(draft, held, d) and len(d.content & h.content) >= MIN_SHARED
    return (
        bumped(draft, held, d, h)
        or recount
        or relocated(draft, held, d, h)
        or rehosted(draft, held, d)
    )


def recounted(draft: str, held: str, d: Terms) -> bool:
    """The draft says something changed and gives another count of a thing the held text
    counts, with the same words after the number ("up to 220 order lines" after "capped at
    150 order lines"), none of its old count."""
    if not d.change:
        return False
    now, before = _counts(draft), _counts(held)
    return any(
        bool(now[thing] - before[thing]) and not now[thing] & before[thing]
        for thing in now.keys() & before.keys()
    )


COUNT = re.compile(r"(?<![\w.:/-])(\d[\d,]*)\s+([A-Za-z][\w-]*\s+[A-Za-z][\w-]*)")


@textcached
def _counts(text: str) -> dict[tuple[str, ...], set[str]]:
    """The counts a text gives by the two words after the number, as search terms ("150
    order lines": ("order", "line")); a phrase with a function word counts nothing."""
    out: dict[tuple[str, ...], set[str]] = {}
    for number, words in COUNT.findall(text):
        thing = tuple(t for w in words.split() if naming(w.lower()) for t in tokenize(w)[:1])
        if len(thing) == 2:
            out.setdefault(thing, set()).add(number.replace(",", ""))
    return out


def _open_alike(a: str, b: str, ta: Terms, tb: Terms) -> bool:
    """Both open on the same two words, with or without a bold label before them."""
    heads = [
        {t.head[:2] for t in (read, terms(unlabelled(text)))} for read, text in ((ta, a), (tb, b))
    ]
    return any(len(pair) == 2 for pair in heads[0] & heads[1])


def apart(a: Terms, b: Terms) -> bool:
    """Each text opens on a word the other does not hold: "PS5 save data …" against "Xbox
    save data …", after its labels too ("ADR-0007: Confidence floor for unreviewed
    clauses: A clause enters …" opens on a clause as well)."""
    if not a.head or not b.head:
        return False
    opens_a, opens_b = {a.head[0], *a.inner[:1]}, {b.head[0], *b.inner[:1]}
    return not opens_a & b.content and not opens_b & a.content


# "Also", "too", "as well" in a statement's first sentence: it adds a case to what is held.
ALSO = re.compile(r"\b(?:also|too|as well)\b", re.IGNORECASE)
SENTENCE = STOPS


def also_of_another(draft: str, d: Terms, h: Terms) -> bool:
    """The draft opens on another thing than the held text (`apart`) and says, in its
    first sentence, that this one does it too ("Northgate also sends Latin-1 …" against
    "Meridian sends HL7v2 in ISO-8859-1 …"): one more case beside the held one, not its
    new value, whatever change words follow."""
    return apart(d, h) and ALSO.search(SENTENCE.split(draft, maxsplit=1)[0]) is not None


# A state said to hold only until a change it names: "Uploads move to presigned URLs
# (RFC-019). Until then the 10 MB limit stays." A draft that still looks ahead tells no
# change done ("will", "once", "not yet", "planned").
UNTIL = re.compile(
    r"\b(?:until|till) (?:then|that (?:lands|ships|is done)|it (?:lands|ships))\b"
    r"|\b(?:in the meantime|for now)\b",
    re.IGNORECASE,
)
AHEAD = re.compile(r"\b(?:will|once|not yet|planned|plan to|until|till|proposed)\b", re.I)
TOLD = re.compile(r"(?<=[.;!?])\s+")  # between sentences
# the words that announce a change, not what it is of
COMING = frozenset(tokenize("move moves moving switch switches migrate migrates go goes"))
MIN_ANNOUNCED = 3


def fulfilled(draft: str, held: str, d: Terms) -> bool:
    """The held text tells a state that holds until a change it names in the sentence
    before ("Claim documents move to presigned uploads (RFC-019). Until then the 10 MB
    limit stays."), and the draft tells that change done: it holds every word of the
    announced change (its asides and its "move to" aside, at least `MIN_ANNOUNCED`) in a
    sentence that looks ahead to nothing itself. The state told "until then" is over."""
    until = UNTIL.search(held)
    if until is None:
        return False
    before = [s for s in SENTENCE.split(held[: until.start()]) if s.strip()]
    if not before:
        return False
    announced = terms(ASIDE.sub(" ", before[-1]))
    coming = announced.content - announced.names - COMING
    if len(coming) < MIN_ANNOUNCED or not coming <= d.content:
        return False
    # told in one sentence that looks ahead to nothing ("… goes away once the portal has
    # switched" in another sentence is a later step, not this change)
    return any(
        coming <= terms(told).content and not AHEAD.search(told) for told in TOLD.split(draft)
    )


def reassigned(draft: str, held: str, d: Terms, h: Terms) -> bool:
    """One role over one subject, now held by someone else: both give a role (owns, signs
    off, is who to ask), each names people or teams the other does not and none in common,
    and nothing else is swapped between them (`swapped`: the billing tables' approver is not
    the search index's)."""
    if not d.roles & h.roles or not d.people or not h.people or same_holder(d.people, h.people):
        return False
    return not swapped(draft, held, d.people | h.people)


def swapped(a: str, b: str, people: frozenset[str] = frozenset()) -> bool:
    """A phrase of one or two content words in each text, missing from the other, between
    the same two words ("to the billing tables need" against "to the search index need"):
    the two speak of two things. The words of `people` (who holds a role) swap freely."""
    return bool(_swaps(a, b, people)[0])


def parallel(a: str, b: str, people: frozenset[str] = frozenset()) -> bool:
    """One frame told of two things: a phrase of what each is about swapped (`swapped`, in
    the first words of each), and every other word of each text in the other, values aside ("nightly backups of the orders DB run at 01:00"
    against "nightly backups of the search index now run at 03:00"). However the second
    says "now", it gives the search index's time, not a new time for the orders DB."""
    in_a, in_b = _swaps(a, b, people)
    ta, tb = terms(a), terms(b)
    # What each is about is swapped, not what it says of it ("amounts in cents" against
    # "amounts now as decimals" is a new value of one thing).
    if not in_a & set(ta.head) or not in_b & set(tb.head):
        return False
    return ta.content - in_a <= tb.content and tb.content - in_b <= ta.content


def _swaps(a: str, b: str, people: frozenset[str]) -> tuple[set[str], set[str]]:
    """The words of each text in a phrase swapped for one of the other (see `swapped`)."""
    values = {t for p in people for t in tokenize(p)}

    def spans(text: str, other: frozenset[str]) -> dict[tuple[str, str], set[str]]:
        out: dict[tuple[str, str], set[str]] = {}
        for frame, phrase in _phrases(text):
            if other.isdisjoint(phrase) and values.isdisjoint(phrase):
                out.setdefault(frame, set()).update(phrase)
        return out

    on_a, on_b = spans(a, _frame_words(b)), spans(b, _frame_words(a))
    frames = on_a.keys() & on_b.keys()
    return {w for f in frames for w in on_a[f]}, {w for f in frames for w in on_b[f]}


@lru_cache(maxsize=4096)  # read once per text, whatever the pairs it is judged in
def _framed_words(text: str) -> tuple[str, ...]:
    """The text's frame (`framed`) without function words: "backups of the orders DB run"
    against "backups of the search index now run" swap "orders DB" for "search index"
    between "backup" and "run"."""
    return tuple(w for w in framed(text) if w == GAP or naming(w) or w in COPULA)


@lru_cache(maxsize=4096)
def _frame_words(text: str) -> frozenset[str]:
    return frozenset(_framed_words(text))


@lru_cache(maxsize=4096)
def _phrases(text: str) -> tuple[tuple[tuple[str, str], tuple[str, ...]], ...]:
    """Each phrase of one or two content words of the text, in order, with the two words
    around it (its frame), where the word before it is no gap and no copula: what
    `_swaps` may find swapped, once the other text's words are known."""
    words = _framed_words(text)
    out = []
    for n in (1, 2):
        for i in range(1, len(words) - n):
            phrase = words[i : i + n]
            if words[i - 1] == GAP or words[i - 1] in COPULA:
                continue
            if all(naming(w) for w in phrase):
                out.append(((words[i - 1], words[i + n]), phrase))
    return tuple(out)


CLAUSE = re.compile(r"(?<=[.;])\s+|\s+[—–]\s+")  # between a text's sentences and clauses


def told_of_another(d: Terms, h: Terms, held: str, kinds: set[str]) -> bool:
    """The held text tells of several things, clause by clause, and each of its clauses
    that states a value the draft gives anew (of `kinds`) opens on a name the draft never
    mentions, while the draft opens on one that clause never mentions: "Cutoffs: France
    and Spain: the monthly cutoff is the 24th; CA: see the CA02 notes" gives the European
    cutoff, not CA02's, whatever day the draft gives CA02."""
    old = {
        v
        for kind in kinds
        for v in h.values.get(kind, frozenset()) - d.values.get(kind, frozenset())
    }
    clauses = [terms(c) for c in CLAUSE.split(held) if c.strip()]
    if len(clauses) < 2 or not old or not d.first:
        return False
    holding = [t for t in clauses if any(old & values for values in t.values.values())]
    return bool(holding) and all(
        t.first and t.first not in d.tokens and d.first not in t.tokens for t in holding
    )


OPENING = re.compile(r"^\W*([A-Z][\w-]*)")  # the capitalised word a text opens on


def opens_on(text: str, t: Terms, other: Terms) -> set[str]:
    """The name a text opens on: its first name (`Terms.first`), or the capitalised word it
    opens on when the other text names that word ("Northwind CRM calls now …" of "Our Northwind CRM
    integration …": a sentence's first word is not read as a name on its own)."""
    opening = OPENING.match(text)
    word = tokenize(opening[1])[:1] if opening else []
    return {t.first} - {""} | {w for w in word if w in other.proper}
