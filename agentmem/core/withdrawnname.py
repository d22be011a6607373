"""What a draft says is withdrawn, at write time: "rule QX-12 is withdrawn", "we moved the
archive from Borealis to Zephyr", "X is no longer used", "Y replaces X". A draft that says
a named thing is withdrawn, replaced, switched off or no longer used retires every held
lesson resting on it, however worded (`withdrawn_names`, `rests_on`, `withdrawn_by_name`).

More cues count here than at read time (`agentmem.core.removal`, whose `pointed_at` finds
what each cue points at), and a name is also a capitalised word inside a sentence, or one
with its release ("Python 3.8": not every lesson on Python); a capital that only opens the
draft's sentence names a thing only where the held lesson writes it inside one. Against
false merges: the name stands in the cue's own clause, in its subject (or object) before
any preposition, in no condition ("if QX-12 is withdrawn …"); a held lesson that tells of
the withdrawal itself, names what replaced the thing, or another release, stays.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from agentmem.core.removal import FLAG, PREPOSITIONS, common_words, pointed_at
from agentmem.core.shortform import ignored, ignored_of, named_short
from agentmem.core.statement import CODE, STATE, terms

# Write time: more ways to say it ("X is withdrawn", "X is no longer used", "Y replaces X",
# "moved the archive from X to Y"). Not "use Y instead of X": it tells an alternative, often
# for one case, as often as a change.
_GONE = (
    r"withdrawn|retired|removed|deleted|dropped|decommissioned|discontinued|replaced|"
    r"superseded|abandoned|obsolete|gone|dead|banned|revoked|"
    r"switched\s+off|turned\s+off|shut\s+down|sunset|rejected|unplugged"
)
# An account or a contract ended ("the X account was closed", "X contract not renewed"): a
# place or a session said closed is shut for a while, not gone.
_ENDED = r"(?:account|contract|subscription|licen[cs]e)s?\s+(?:(?:is|are|was|were|has|have)\s+)?"
_ENDED += r"(?:now\s+|been\s+)?(?:closed|ended|terminated|cancell?ed|not\s+renewed)"
_NOT_ANY_MORE = (
    r"used|supported|valid|needed|required|in\s+use|in\s+service|available|accepted|"
    r"allowed|in\s+force|maintained|active"
)
# a thing of one to three words that ends its clause (a name, "the Stripe account")
_QUALIFIER = r"(?!(?:for|in|on|at|to|from|with|of|when|during|except|but)\b)"
_BARE_OBJECT = rf"(?:{_QUALIFIER}[\w./`'-]+\s+){{0,2}}{_QUALIFIER}[\w./`'-]+?\s*(?:[.;:,!?)]|$)"
GONE_BACKWARD = re.compile(
    rf"\b(?:(?:is|are|was|were|has\s+been|have\s+been|got)\s+(?:now\s+|also\s+)?(?:{_GONE})"
    rf"|(?:is|are|was|were)\s+no\s+longer\s+(?:{_NOT_ANY_MORE})"
    # a removal set in motion: "X is scheduled for removal", "X is being decommissioned"
    r"|(?:is|are)\s+(?:now\s+)?(?:scheduled|slated|marked|queued)\s+for\s+"
    r"(?:removal|deletion|decommissioning|retirement|shutdown)"
    r"|(?:is|are)\s+being\s+(?:removed|retired|decommissioned|shut\s+down|phased\s+out)"
    rf"|(?:is|are|was|were)\s+(?:not|n't)\s+(?:{_NOT_ANY_MORE})\s+any\s*more"
    r"|no\s+longer\s+(?:exists?|applies|apply|holds?)|(?:is|are)\s+no\s+more"
    rf"|{_ENDED})\b",
    re.IGNORECASE,
)
GONE_FORWARD = re.compile(
    r"(?:(?:^|[.;:!?]\s+|\b(?:we|they|ops|i|you)\s+(?:have\s+|had\s+)?)"
    r"(?:withdrew|retired|removed|deleted|dropped|decommissioned|switched\s+off|"
    r"turned\s+off|shut\s+down|killed)"
    r"|\b(?:replaces|replaced|supersedes|superseded|replacing)"
    r"|\b(?:moved|migrated|switched|went|moving|migrating|switching)\s+"
    r"(?:[\w-]+\s+){0,3}?(?:away\s+)?from"
    # "no longer on X.", "we're no longer using X": the thing itself is left, when nothing
    # after it narrows what it was left for ("no longer using X for sessions" keeps X)
    rf"|\bno\s+longer\s+(?:on|using|via|through)(?=\s+{_BARE_OBJECT})"
    # "the engine no longer pulls rules from X.": X is no longer where it comes from
    rf"|\bno\s+longer\s+[a-z]+\s+(?:[\w-]+\s+){{0,2}}?(?:from|via|through)(?=\s+{_BARE_OBJECT}))\s+",
    re.IGNORECASE,
)
CLAUSE = re.compile(r"[;:!?()]|,\s+(?:and|but|so|which|while)\b|\.(?=\s|$)|\s[—–]\s")
# Words after which the rest of a phrase tells where or of what, not which thing.
AFTER_THING = PREPOSITIONS | frozenset(
    "onto with without except than over through via per between during after before since "  # noqa: SIM905
    "about like among around near along against towards upon".split()
)
# a subject starts after a joining word: "use X now that the old relay is off" offs the relay
JOINS = re.compile(
    r"\b(?:that|which|who|because|since|so|now|when|once|while|after|but|though|although|"
    r"as|where|then)\s+(?=(?:the|a|an|our|their|its|this|that|these|those)\b|[A-Z`-]|\S*\d)",
    re.IGNORECASE,
)
GERUND = re.compile(r"[a-z-]{2,}ing")
ACTED_ON = frozenset("the a an our their its this that these those every each all".split())  # noqa: SIM905
GONE_WINDOW = 6
MIN_PREFIX = 5  # letters of a plain name that also name what it begins ("Borealis" in borealiscdn)
# a name with its release: "Python 3.8", "Node 18", "ruleset v2"
RELEASED = re.compile(r"\b([A-Za-z][\w-]*[A-Za-z0-9])\s+v?(\d+(?:\.\d+)*)(?![\w.])")
CODED = re.compile(
    r"(?<![\w/.-])(?=[\w./-]*(?:[a-z][A-Z]|[A-Za-z]\d|\d[A-Za-z]|[\w]-[\w]|_|\w\.\w|\w/\w))"
    r"[A-Za-z0-9][\w./-]*[A-Za-z0-9]"
)
CAPITAL = re.compile(r"\b[A-Z][a-z]{2,}\b|\b[A-Z]{3,}\b")


@lru_cache(maxsize=1)
def _common_names() -> frozenset[str]:
    """`common_words`, and words that tell which of a thing's states, not which thing."""
    return common_words() | {"old", "new", "earlier", "current"}


@dataclass(frozen=True)
class Name:
    """A thing a text names: as written (lower case), with its release when it gives one,
    and whether only a capital at a sentence's start makes it a name."""

    word: str
    release: str = ""
    weak: bool = False


@lru_cache(maxsize=4096)
def withdrawn_names(text: str) -> frozenset[Name]:
    """The names `text` says are withdrawn, retired, replaced or no longer used (write time)."""
    out: set[Name] = set()
    for part, backward in pointed_at(text, GONE_BACKWARD, GONE_FORWARD, CLAUSE, wary=True):
        if backward:
            words = re.split(JOINS, part)[-1].split()[-GONE_WINDOW:]
            out |= _names(" ".join(_subject(words)), start=len(words) == len(part.split()))
        else:
            out |= _names(" ".join(object_words(part.split()[:GONE_WINDOW])), start=False)
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
        if word.lower().strip(",") in AFTER_THING and i > 0:
            return words[:i]
    return words


def object_words(words: list[str]) -> list[str]:
    """The words after a forward cue up to a preposition, a "to" ("from Borealis to Zephyr"
    names Borealis) or a comma no "and"/"or" follows (a clause of its own begins there)."""
    for i, word in enumerate(w.lower() for w in words):
        if word in AFTER_THING or word in ("and", "or", "but", "by"):
            return words[:i]
        if word.endswith(",") and not {"and", "or"} & {w.lower() for w in words[i + 1 :]}:
            return words[: i + 1]
    return words


def _names(chunk: str, *, start: bool) -> set[Name]:
    """The names in a phrase (write time, see the module docstring). `start`: the phrase
    opens its sentence, so its first capital may be the sentence's, not a name's."""
    out: set[Name] = set()
    if re.match(r"\W*(?:a|an|any|some)\s", chunk, re.IGNORECASE):
        return out  # "instead of an API key": a kind of thing, not one named
    taken: list[tuple[int, int]] = []
    for m in RELEASED.finditer(chunk):
        # a capitalised word or a code can name a thing with a release after it
        can_name = m.group(1)[:1].isupper() or bool(CODED.fullmatch(m.group(1)))
        if m.group(1).lower() in _common_names() or not can_name:
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
        # two names told as one ("the Jenkins/Nexus pair is gone"): each is gone, not a path
        parts = word.split("/")
        if len(parts) > 1 and all(part.isalpha() for part in parts):
            out |= {Name(part.lower()) for part in parts}
    rest = CODED.sub(" ", rest)
    # after an article the capital is the name's own ("The Borealis host …")
    opening = re.match(r"\W*", rest)
    first_at = opening.end() if (start and opening) else -1
    found = [
        Name(m.group(0).lower(), weak=m.start() <= first_at and not m.group(0).isupper())
        for m in CAPITAL.finditer(rest)
        if m.group(0).lower() not in _common_names() and m.group(0).lower() not in STATE
    ]
    out |= {n for n in found if not n.weak}
    # a capital that may be only the sentence's names a thing when it is all the subject
    # says ("Grindle was removed"), not a word before the name ("Rule QX-12 is …")
    if not out and len(chunk.split()) == 1:
        out |= {n for n in found if n.weak}
    return out


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
    gone = [
        n
        for n in withdrawn_names(draft)
        if rests_on(held, n) or named_short(n.word, draft, held)  # "CHAP" of "chapter-based"
    ]
    gone += [Name(w) for w in ignored(draft) if ignored_of(draft, held)]  # "ignores X entirely"
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
