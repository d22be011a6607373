"""Two texts that name their thing by qualifiers of one kind, none of them shared, are about
two things.

"The sandbox queue holds 50 jobs" and "the prod queue holds 200 jobs" are worded alike and
give other values, yet each is its own environment's fact: the later one is no new value of
the earlier. So with "APAC invoices close on the 3rd" against "EMEA invoices close on the
5th", "the Gold plan allows 9 seats" against "6 seats on the Silver plan", "the iOS build
signs with key K1" against "the Android build signs with key K2", and "Oslo deliveries
are loaded at 06:00" against "Bergen deliveries are loaded at 07:00" (each opens on its name
before the same word and a verb: `opens_apart`). A text that names the held qualifier
anywhere ("prod now holds 300 jobs, was 200"; "sandbox now matches prod") leaves it no
other thing; a text whose first sentence names no qualifier of that kind (a rule for every
environment, or another one named only in passing later) is left to the other rules. `agentmem.core.apart.set_apart` asks `qualified_apart`.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.values import value_words
from agentmem.core.words import function_words, tokenized

# The qualifiers of each kind, lower case. A word of a kind names the thing only where it
# stands alone ("nl-prod", "/dev/tty0", "non-premium" are other words).
KINDS: dict[str, frozenset[str]] = {
    "environment": frozenset(
        "production prod staging dev development qa uat sandbox preprod preproduction".split()  # noqa: SIM905
    ),
    "region": frozenset("eu us uk usa emea apac latam anz europe americas asia africa".split()),  # noqa: SIM905
    "platform": frozenset("ios android web mobile desktop windows linux macos mac".split()),  # noqa: SIM905
    "tier": frozenset(
        """free basic standard premium pro plus enterprise business starter gold silver
        bronze platinum economy comfort xl xxl lite""".split()  # noqa: SIM905
    ),
}
SAME = {"mac": "macos", "prod": "production", "dev": "development", "usa": "us"}
# Qualifiers that are everyday words too ("free of charge", "the web of calls", "a plus",
# "asked a dev"): a qualifier only where it names its thing, written as a name
# (a capital inside a sentence, or all capitals) or before a noun of its kind. Not
# "production": told of a thing's environment as often as anything ("production uses …"),
# even if a plant's or a field's output is production too.
PLAIN = frozenset(
    """dev development free basic standard premium pro plus business starter
    gold silver bronze platinum economy comfort lite web mobile desktop""".split()  # noqa: SIM905
)
MARKED_BY = frozenset(
    """tier tiers plan plans subscription subscriptions account accounts customer customers
    user users member members membership subscriber subscribers edition license class
    env environment environments cluster clusters server servers database databases db
    stack deployment deployments instance instances namespace app apps build builds
    client clients version site""".split()  # noqa: SIM905
)
# Regions in capitals only: "us" in lower case is a pronoun. Places and systems with a
# capital: "windows" in lower case are spans of time.
CAPITALS_ONLY = frozenset("eu us uk usa emea apac latam anz".split())  # noqa: SIM905
CAPITAL = frozenset("europe americas asia africa ios android windows linux macos mac".split())  # noqa: SIM905
WORD = re.compile(r"(?<![\w./=:@$-])([A-Za-z]+)(?![\w/=@$]|-\w|\.\w)")
# A word of a kind after one of these is where a thing goes or what it is compared with
# ("moved to staging", "promoted from QA", "cheaper than Premium", "now runs in prod": a
# new place of the held thing), not what it is of.
MOTION = re.compile(
    r"(?:\b(?:to|into|onto|from|than|via|through|towards|vs|versus)"
    r"|\bnow\s+(?:[a-z]+\s+){0,2}(?:in|on|at))\s+(?:the\s+)?$",
    re.IGNORECASE,
)
SENTENCE = re.compile(r"(?:^|[.!?:;]\s+|^\s*[-*]\s+|\n\s*)$")
# "and", "or", a comma or a slash joins qualifiers of one noun ("Gold and Silver plans").
JOINED = re.compile(r"\s*[,/&]\s*")
JOINING = frozenset(("and", "or"))
FIRST = re.compile(r"[.;!?](?:\s|$)|\n")  # where a text's first sentence (or line) ends
QUALIFIERS = frozenset(w for words in KINDS.values() for w in words)


def qualifiers(text: str, moved: bool = False) -> dict[str, frozenset[str]]:
    """The qualifiers a text names its thing by, by kind (see KINDS); with `moved`, those
    it names as where a thing goes or what it is compared with (MOTION) too."""
    return dict(_qualifiers(text, moved))


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _first(text: str) -> str:
    """The text's first sentence: what it is about."""
    return FIRST.split(text, maxsplit=1)[0]


@lru_cache(maxsize=4096)  # a draft meets many held texts per add: read once
def _qualifiers(text: str, moved: bool = False) -> tuple[tuple[str, frozenset[str]], ...]:
    found: dict[str, set[str]] = {}
    matches = list(WORD.finditer(text))
    for i, match in enumerate(matches):
        word = match[1].lower()
        if word not in QUALIFIERS:  # most words: no kind to look through
            continue
        kinds = [kind for kind, words in KINDS.items() if word in words]
        if not kinds:
            continue
        if not moved and MOTION.search(text[max(0, match.start() - 40) : match.start()]):
            continue
        if word in CAPITALS_ONLY and not match[1].isupper():
            continue
        if word in CAPITAL and match[1].islower():
            continue
        if word in PLAIN and not _named(text, match) and not _marked(text, matches, i):
            continue
        for kind in kinds:
            found.setdefault(kind, set()).add(SAME.get(word, word))
    return tuple((kind, frozenset(words)) for kind, words in sorted(found.items()))


def _named(text: str, match: re.Match[str]) -> bool:
    """Written as a name: all capitals, or a capital where no sentence starts."""
    word = match[1]
    if len(word) > 1 and word.isupper():
        return True
    titled = word[0].isupper() and word[1:].islower()  # not "PLUs", a plural of a code
    return titled and not SENTENCE.search(text[: match.start()])


def _marked(text: str, matches: list[re.Match[str]], i: int) -> bool:
    """Before a noun of a qualifier's kind, itself or through others joined to it ("the
    gold plan", "gold and silver plans")."""
    for j in range(i + 1, len(matches)):
        between = text[matches[j - 1].end() : matches[j].start()]
        word = matches[j][1].lower()
        adjacent = between.strip(" -") == ""
        if word in JOINING and between.strip(" ,") == "":
            continue
        if adjacent and word in MARKED_BY:
            return True
        if not (adjacent or JOINED.fullmatch(between)) or word not in QUALIFIERS:
            return False
    return False


def left_alone(draft: str, held: str) -> set[str]:
    """The kinds of qualifier both texts name in their first sentence, neither naming one of
    the other's anywhere, even as where a thing moved ("up from the APAC cap"): the draft
    tells of another environment (region, tier, platform) and leaves the held one's alone."""
    # the first sentences first, the draft's before the held text's: most texts name no
    # qualifier there, and then neither whole text need be read (issue 17)
    opening = {kind for kind, _ in _qualifiers(_first(draft))}
    if opening:
        opening &= {kind for kind, _ in _qualifiers(_first(held))}
    if not opening:
        return set()
    mine, theirs = dict(_qualifiers(draft, True)), dict(_qualifiers(held, True))
    return {kind for kind in opening if not mine[kind] & theirs[kind]}


# A text that opens on a name, a plain word and a verb ("Oslo deliveries leave ..."): the
# name says which one's. A verb, so that an instruction ("Set the pool to 4", "Pin pools
# to v2") does not read its own verb as a name.
OPENS = re.compile(r"^\W*(?P<name>[^\W\d_]{2,})\s+(?P<next>[a-z][a-z-]+'?s?)\s+(?P<verb>[a-z]+)\b")
VERB = re.compile(r"(?:is|are|was|were|has|have|had|can|must|will|should|may|need|get|[^s]s|ed)$")
# Words a text may open on that name no thing: a state, an aside, a cue.
NOT_NAMES = frozenset(
    """old new previous former earlier current existing last next all every each any some
    note update correction heads fyi reminder tip decision retro""".split()  # noqa: SIM905
)


def opens_apart(draft: str, held: str) -> bool:
    """Each opens on a name the other never writes, before the same word and a verb: "Oslo
    deliveries are loaded at 06:00" and "Bergen deliveries are loaded at 07:00" are two
    cities'."""
    a, b = _opens(draft), _opens(held)
    if not a or not b or a[0] == b[0] or a[1] != b[1]:
        return False
    own, other = set(tokenized(a[0])), set(tokenized(b[0]))
    return not own & set(tokenized(held)) and not other & set(tokenized(draft))


@lru_cache(maxsize=4096)
def _opens(text: str) -> tuple[str, frozenset[str]] | None:
    """The name a text opens on (see OPENS) and the search terms of the word after it."""
    match = OPENS.match(text)
    if not match or not VERB.search(match["verb"]):
        return None
    written = match["name"]
    if not written[0].isupper() or not (written[1:].islower() or written.isupper()):
        return None  # a name: "Oslo", "NYC"; not "macOS" (a platform, see KINDS)
    name, after = match["name"].lower(), frozenset(tokenized(match["next"]))
    if name in NOT_NAMES or name in function_words() or name in value_words():
        return None  # "Four paths have ...": a count, not a name
    if not tokenized(name) or not after:
        return None
    return name, after


def qualified_apart(draft: str, held: str) -> bool:
    """The draft names its thing by another qualifier of a kind the held text names its own
    by (`left_alone`), or opens on another name before the same word (`opens_apart`)."""
    return bool(left_alone(draft, held)) or opens_apart(draft, held)
