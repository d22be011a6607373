"""Withdrawal by name: a draft that says a named thing is withdrawn, retired, replaced,
deleted, switched off or no longer used ("rule QX-12 is withdrawn", "the Borealis host is
no longer used", "we moved the archive from Borealis to Zephyr", "Python 3.8 is no longer
supported") retires every held lesson whose claim rests on that thing, however the lesson
words the rest: the name is the link, not the words around it.

What counts as a name is what a loop writes to single out one thing: a code or an
identifier (`QX-12`, `vault-old01`, `FooClient`, `max_batch`), a command in backticks, a
flag, a word of letters and digits, a capitalised word inside a sentence, a name with its
release ("Python 3.8": that release, not every lesson on Python). A plain capitalised word
that only opens the draft's sentence ("Stamping is no longer needed") names a thing only
where the held lesson writes it so inside a sentence too; a common word never does.

Against false merges: the name must stand in the withdrawn clause's subject (or object, for
an active verb), before any preposition ("parcels without labels are now rejected" withdraws
photos, not GPS), in a clause that is no condition ("if QX-12 is withdrawn …"); a held
lesson that itself tells of the withdrawal or of the thing that replaces it is a newer word
and stays; a held lesson that names the thing at another release ("Python 3.11") stays.
Nothing here reads memory: `agentmem.core.verdict` asks, with held lessons it found by the
draft's words and by each name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from agentmem.core.statement import STATE, function_words, terms

# "X is withdrawn", "X has been retired", "X is now gone", "X is no longer used": the thing
# precedes. Not "deprecated": a deprecated thing still works.
_GONE = (
    r"withdrawn|retired|removed|deleted|dropped|decommissioned|discontinued|replaced|"
    r"superseded|abandoned|obsolete|gone|dead|banned|revoked|"
    r"switched\s+off|turned\s+off|shut\s+down|sunset|rejected"
)
_NOT_ANY_MORE = (
    r"used|supported|valid|needed|required|in\s+use|in\s+service|available|accepted|"
    r"allowed|in\s+force|maintained|active"
)
BACKWARD = re.compile(
    rf"\b(?:(?:is|are|was|were|has\s+been|have\s+been|got)\s+(?:now\s+|also\s+)?(?:{_GONE})"
    rf"|(?:is|are|was|were)\s+no\s+longer\s+(?:{_NOT_ANY_MORE})"
    rf"|(?:is|are|was|were)\s+(?:not|n't)\s+(?:{_NOT_ANY_MORE})\s+any\s*more"
    r"|no\s+longer\s+(?:exists?|applies|apply|holds?)|(?:is|are)\s+no\s+more)\b",
    re.IGNORECASE,
)
# "we retired X", "Removed X", "Y replaces X", "moved the archive from X to Y": the thing
# follows. Not "use Y instead of X": it tells an alternative, often for one case, as often
# as a change.
FORWARD = re.compile(
    r"(?:(?:^|[.;:!?]\s+|\b(?:we|they|ops|i|you)\s+(?:have\s+|had\s+)?)"
    r"(?:withdrew|retired|removed|deleted|dropped|decommissioned|switched\s+off|"
    r"turned\s+off|shut\s+down|killed)"
    r"|\b(?:replaces|replaced|supersedes|superseded|replacing)"
    r"|\b(?:moved|migrated|switched|went|moving|migrating|switching)\s+"
    r"(?:[\w-]+\s+){0,3}?(?:away\s+)?from)\s+",
    re.IGNORECASE,
)
PASSIVE_BY = re.compile(r"by\b", re.IGNORECASE)
CLAUSE = re.compile(r"[;:!?()]|,\s+(?:and|but|so|which|while)\b|\.(?=\s|$)|\s[—–]\s")
# a clause that tells a condition or a plan tells no withdrawal
CONDITION = re.compile(
    r"\b(?:if|unless|whether|once|when|until|before|should|would|could|might|will|plan(?:s|ned)?\s+to)\b",
    re.IGNORECASE,
)
# Words after which the rest of a phrase tells where or of what, not which thing.
PREPOSITIONS = frozenset(
    [
        "in",
        "on",
        "at",
        "of",
        "for",
        "to",
        "into",
        "onto",
        "under",
        "inside",
        "within",
        "behind",
        "across",
        "with",
        "without",
        "except",
        "than",
        "over",
        "through",
        "via",
        "per",
        "between",
        "during",
        "after",
        "before",
        "since",
        "from",
        "about",
        "like",
        "among",
        "around",
        "near",
        "along",
        "against",
        "towards",
        "upon",
    ]
)
JOINS = re.compile(
    r"\b(?:that|which|who|because|since|so|now|when|once|while|after|but|though|although|"
    r"as|where|then)\s+(?=(?:the|a|an|our|their|its|this|that|these|those)\b|[A-Z`-]|\S*\d)",
    re.IGNORECASE,
)
GERUND = re.compile(r"[a-z-]{2,}ing")
ACTED_ON = frozenset("the a an our their its this that these those every each all".split())  # noqa: SIM905
WINDOW = 6  # words a cue points at
MIN_PREFIX = 5  # letters of a plain name that also name what it begins ("Borealis" in borealiscdn)

CODE = re.compile(r"`([^`\n]+)`")
FLAG = re.compile(r"(?<![\w-])--?[a-z][\w-]*", re.IGNORECASE)
# a name with its release: "Python 3.8", "Node 18", "ruleset v2"
RELEASED = re.compile(r"\b([A-Za-z][\w-]*[A-Za-z0-9])\s+v?(\d+(?:\.\d+)*)(?![\w.])")
CODED = re.compile(
    r"(?<![\w/.-])(?=[\w./-]*(?:[a-z][A-Z]|[A-Za-z]\d|\d[A-Za-z]|[\w]-[\w]|_|\w\.\w|\w/\w))"
    r"[A-Za-z0-9][\w./-]*[A-Za-z0-9]"
)
CAPITAL = re.compile(r"\b[A-Z][a-z]{2,}\b|\b[A-Z]{3,}\b")


@dataclass(frozen=True)
class Name:
    """A thing a text names: as written (lower case), with its release when it gives one,
    and whether only a capital at a sentence's start makes it a name."""

    word: str
    release: str = ""
    weak: bool = False


@lru_cache(maxsize=4096)
def withdrawn_names(text: str) -> frozenset[Name]:
    """The names `text` says are withdrawn, retired, replaced or no longer used."""
    out: set[Name] = set()
    for match in BACKWARD.finditer(text):
        before = CLAUSE.split(text[: match.start()])[-1]
        if CONDITION.search(before):
            continue
        # the subject starts after a clause's joining word: "use the gateway now that the
        # old relay is switched off" switches off the relay, not the gateway
        joined = re.split(JOINS, before)[-1]
        words = joined.split()[-WINDOW:]
        out |= _names(" ".join(_subject(words)), start=len(words) == len(before.split()))
    for match in FORWARD.finditer(text):
        if PASSIVE_BY.match(text[match.end() :]):
            continue  # "X was replaced by Y": Y is what stays
        clause_start = CLAUSE.split(text[: match.start()])[-1]
        if CONDITION.search(clause_start):
            continue
        after = CLAUSE.split(text[match.end() :])[0].split()[:WINDOW]
        out |= _names(" ".join(_object(after)), start=False)
    return frozenset(out)


def _subject(words: list[str]) -> list[str]:
    """The words before a backward cue that name the thing: from the last preposition on
    the phrase is where it was; before the first one, what it was ("the QX-12 rule in the
    engine was withdrawn" names QX-12, not the engine). A subject that is an action on a
    thing ("rebooting the QX rig between runs is no longer needed") withdraws the action,
    not the thing it acts on."""
    lowered = [w.lower().strip(",") for w in words]
    for i in range(len(words) - 1):
        if GERUND.fullmatch(lowered[i]) and lowered[i + 1] in ACTED_ON:
            return []
    for i, word in enumerate(words):
        if word.lower().strip(",") in PREPOSITIONS and i > 0:
            return words[:i]
    return words


def _object(words: list[str]) -> list[str]:
    """The words after a forward cue up to a preposition or a "to": "from Borealis to
    Zephyr" names Borealis."""
    for i, word in enumerate(words):
        if word.lower() in PREPOSITIONS or word.lower() in ("and", "or", "but", "by"):
            return words[:i]
    return words


def _names(chunk: str, *, start: bool) -> set[Name]:
    """The names in a phrase (see the module docstring). `start`: the phrase opens its
    sentence, so its first capital may be the sentence's, not a name's."""
    out: set[Name] = set()
    if re.match(r"\W*(?:a|an|any|some)\s", chunk, re.IGNORECASE):
        return out  # "instead of an API key": a kind of thing, not one named
    taken: list[tuple[int, int]] = []
    for m in RELEASED.finditer(chunk):
        if m.group(1).lower() in _common() or not _named(m.group(1)):
            continue
        out.add(Name(m.group(1).lower(), m.group(2)))
        taken.append(m.span())
    rest = "".join(
        " " * len(c) if any(a <= i < b for a, b in taken) else c for i, c in enumerate(chunk)
    )
    for m in CODE.finditer(rest):
        out.add(Name(m.group(1).lower().strip()))
    rest = CODE.sub(" ", rest)
    out |= {Name(f.lower()) for f in FLAG.findall(rest)}
    rest = FLAG.sub(" ", rest)
    for m in CODED.finditer(rest):
        word = m.group(0).strip("./-")
        if re.fullmatch(r"v?\d+(?:[.\d-]*\d)?", word, re.IGNORECASE) or word[:1].isdigit():
            continue  # a version, a number or a measure ("28-day") names nothing
        out.add(Name(word.lower()))
    rest = CODED.sub(" ", rest)
    # after an article the capital is the name's own ("The Borealis host …")
    opening = re.match(r"\W*", rest)
    first_at = opening.end() if (start and opening) else -1
    found = [
        Name(m.group(0).lower(), weak=m.start() <= first_at and not m.group(0).isupper())
        for m in CAPITAL.finditer(rest)
        if m.group(0).lower() not in _common() and m.group(0).lower() not in STATE
    ]
    out |= {n for n in found if not n.weak}
    # a capital that may be only the sentence's names a thing when it is all the subject
    # says ("Grindle was removed"), not a word before the name ("Rule QX-12 is …")
    if not out and len(chunk.split()) == 1:
        out |= {n for n in found if n.weak}
    return out


def _named(word: str) -> bool:
    """A word that can name a thing with a release after it: a capitalised word, a code."""
    return word[:1].isupper() or bool(CODED.fullmatch(word))


@lru_cache(maxsize=1)
def _common() -> frozenset[str]:
    return function_words() | frozenset(
        [
            "the",
            "a",
            "an",
            "our",
            "their",
            "this",
            "that",
            "these",
            "those",
            "its",
            "old",
            "new",
            "previous",
            "former",
            "earlier",
            "current",
            "we",
            "it",
            "they",
            "there",
            "all",
            "every",
            "each",
            "any",
        ]
    )


def rests_on(held: str, name: Name) -> bool:
    """Whether the held text names the thing (at the same release, when the name gives
    one; a plain name also at the start of a longer word, `borealiscdn` for Borealis)."""
    word = re.escape(name.word)
    if name.release:
        rel = re.escape(name.release)
        found = re.search(rf"(?<![\w-]){word}[\s_-]*v?{rel}(?![\w]|\.\d)", held, re.IGNORECASE)
        return found is not None
    if name.weak and not _inside_sentence(held, name.word):
        return False
    if name.word.isalpha() and len(name.word) >= MIN_PREFIX:
        # a plain name also begins what is named after it (`borealiscdn`, `borealis-arc02`)
        return re.search(rf"(?<![\w-]){word}(?:[a-z]{{2,}}|(?![a-z]))", held, re.I) is not None
    # a coded name as written: QX-12 is not QX-12-B
    return re.search(rf"(?<![\w-]){word}(?![\w]|-\w)", held, re.IGNORECASE) is not None


def _inside_sentence(text: str, word: str) -> bool:
    """The text writes `word` capitalised, not at the start of a sentence."""
    pattern = rf"(?<![.!?:;]\s)(?<!^)\b{re.escape(word.capitalize())}\b"
    return re.search(pattern, text) is not None


def withdrawn_by_name(draft: str, held: str) -> bool:
    """The draft says a thing the held lesson names is withdrawn (see the module docstring),
    and the held lesson does not itself tell of that withdrawal or name what the draft
    puts in its place."""
    gone = [n for n in withdrawn_names(draft) if rests_on(held, n)]
    if not gone:
        return False
    if {n.word for n in withdrawn_names(held)} & {n.word for n in gone}:
        return False  # it tells of the withdrawal itself
    # a held lesson that tells a change itself and names what the draft gives in place of
    # the withdrawn thing is a word on the new state, not the old one
    return not (terms(held).change and _successors(draft, gone) & _all_names(held))


def _successors(draft: str, gone: list[Name]) -> set[str]:
    """The names the draft gives besides those it withdraws: what takes their place."""
    out = _all_names(draft) - {n.word for n in gone}
    return {w for w in out if not any(w in n.word or n.word in w for n in gone)}


@lru_cache(maxsize=4096)
def _all_names(text: str) -> frozenset[str]:
    """Every strong name the text gives, lower case, as written."""
    return frozenset(n.word for n in _names(text, start=True) if not n.weak)
