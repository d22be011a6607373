"""Change cues: the English words by which a statement says it replaces an earlier one
("now", "no longer", "moved", "instead"), and those that say so outright and point at
what they replace ("Correction to the hotfix rule:", "the old pod-hour model", "the
--full flag was removed"). `agentmem.core.statement` reads them into a text's `Terms`."""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.announced import with_announced
from agentmem.core.clauses import SENTENCES
from agentmem.core.spoken import MONTHS, WEEKDAY_NAME

# A clause that says no: a rule it tells is the negated one (`core.joined`, `retrieval.flipped`).
NEGATION = re.compile(r"\b(?:not|no|never|none|nor|cannot)\b|n't\b", re.IGNORECASE)

# Words that say a statement replaces an earlier one. English, not any domain's words.
# A value changed by a verb, from the old value to the new: "cut retention from 7 days to 3
# days", "raised the threshold from 20 to 60 minutes". The old value is no longer stated
# (`agentmem.core.statement` leaves it out of the text's values), and the text says a
# change of what states that old value, with an article before either or not ("went from a
# 30-day to a 7-day window"). Not a range ("down from 01:00 to 03:00"): the verb says the
# change.
FROM_TO = re.compile(
    r"\b(?:cut|raised|lowered|increased|decreased|reduced|moved|changed|bumped|dropped|"
    r"extended|shortened|grew|shrank|went|tightened|relaxed|upped)\b(?:[^.;:]|[.:](?=\w)){0,60}?\bfrom\s+"
    r"(?:(?:a|an|the)\s+)?(?P<old>\S*\d[^\s,;]*(?:\s+[A-Za-z%]+)?)\s+to\s+(?:(?:a|an|the)\s+)?(?=\S*\d)",
    re.IGNORECASE,
)
# A value told beside the one it replaces: "10°, not 5°", "45 minutes, not 30", "$210
# a seat, not the old $180", "locks Wednesday 12:00, instead of Thursday evening".
# The old value, as FROM_TO's.
NOT_THAT = re.compile(
    r"(?<=\d)(?:\s?[%°]|\s[A-Za-z][A-Za-z-]*)?,\s+not\s+(?:the\s+(?:[A-Za-z0-9-]+\s+)?)?[$€£]?"
    r"(?P<old>\d+(?:[.:,]\d+)*(?:\s?[%°])?)(?!\w|[.:,]\d)"
    rf"|\binstead of\s+(?:the\s+)?(?P<was>{WEEKDAY_NAME}s?"
    r"|\d[\d.:]*(?:\s?[%°])?)(?![\w.])",
    re.IGNORECASE,
)
# A value told, then the one it replaced in a closing aside: "the window is 20 minutes either
# side of the slot, was 30", "retention 3 days (was 7)", "p95 is 80 ms, down from 120". The
# aside ends its clause ("…, was 2 minutes late" tells something else of the same run).
WAS_THAT = re.compile(
    r"(?<=\d)[^.;:()\d]{0,60}?(?:,\s+|\s*\(\s*)(?:it\s+)?"
    r"(?:was|were|previously|formerly|(?:down|up)\s+from)\s+[$€£]?"
    r"(?P<old>\d+(?:[.:,]\d+)*(?:\s?[%°]|\s[A-Za-z]+)?)(?=\s*(?:[).,;]|$))",
    re.IGNORECASE,
)
OLD_VALUES = (FROM_TO, NOT_THAT, WAS_THAT)


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def old_values(text: str) -> tuple[tuple[int, int], ...]:
    """Where the text tells the values a change moved away from (FROM_TO, NOT_THAT,
    WAS_THAT)."""
    return tuple(
        m.span(group)
        for pattern in OLD_VALUES
        for m in pattern.finditer(text)
        for group in ("old", "was")
        if group in pattern.groupindex and m[group]
    )


# a day: "Oct 5", "5 October", "the 14th", "today". An ISO date is left to "since": a
# decision record's "From 2026-07-28 …" opens its dated rollout, and read as a change it
# replaced lessons that shared no more than a path placeholder with it.
_DAY = (
    rf"(?:(?:{MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?"
    rf"(?:{MONTHS})|the\s+\d{{1,2}}(?:st|nd|rd|th)|today)"
)
# a change named as one, which a statement may date itself by: "the spring pricing update"
CHANGE_NOUN = (
    r"(?:update|upgrade|release|revision|version|patch|migration|move|switch(?:over)?|"
    r"cut-?over|roll-?out|re-?write|launch)"
)
# After "cut-over", a word that keeps it the change itself: a preposition, a verb of how it
# went ("done", "started"); another word is the noun it names ("cut-over tests": the tests).
_NOT_AFTER = (
    r"(?!(?:to|on|at|in|of|for|from|with|by|is|was|are|were|will|has|had|and|or|but|then|"
    r"done|complete|went|goes|happens?|ran|runs?)\b)"
)
# a season of a year, its quarter or half, or a month: "Spring 2031", "Q3 2030", "H2 2029"
_SEASON = rf"spring|summer|fall|autumn|winter|q[1-4]|h[12]|{MONTHS}"
CHANGE = re.compile(
    r"\b(now|no longer|(?:no|not|never)\b[^.;]{0,60}?\bany ?more|anymore|moved|replaced|retired|"
    r"deprecated|switched|"
    r"is gone|are gone|went away|used to|formerly|previously|instead"
    # since a day, or an event on a day: "since 09-28", "since the capacity warning of 10-14"
    r"|since\s+(?:the\s+)?(?:[a-z-]+\s+){0,4}?(?:of\s+|on\s+)?(?:\d{4}-)?\d{2}-\d{2}"
    # since a release of a named tool, opening a sentence: "Since price-engine 3.0 a
    # repricing is …" (not "… need 64 GB since the engine 5.4 upgrade", which tells why)
    r"|(?:^|(?<=[.;:]\s))since\s+[A-Za-z][\w-]*\s+(?:v?\d+\.\d+(?:\.\d+)*|v\d+)(?![\w.])"
    # since a decision or change record, opening a sentence: "Since ADR-014 the member
    # discount stacks …", "Since RFC 12 …" (capitals and a number: a record's id)
    r"|(?:^|(?<=[.;:]\s))since\s+(?-i:[A-Z]{2,})[- ]?\d+(?![\w.])"
    # since a change named as one, opening a sentence: "Since the conveyor upgrade a wave
    # takes …", "Since the move to Postgres, …"
    r"|(?:^|(?<=[.;:]\s))since\s+(?:the|our|this|that|last\s+week's)\s+(?:[\w.-]+\s+){0,3}?"
    r"(?:upgrade|migration|move|switch(?:over)?|cut-?over|roll-?out|re-?write|re-?org|launch)\b"
    # a cut-over, and a clause that tells to move to something: a decision's new state
    # ("Move the suite to Gazebo Harmonic … Cut-over on Monday"), not a step inside one;
    # nor a cut-over naming the work around it ("cut-over rehearsal", "the cutover checklist")
    rf"|cut-?over(?!\s+{_NOT_AFTER}[a-z]+(?<!ed)\b)"
    r"|(?:^|(?<=[.;:]\s))(?:move|migrate|switch)\b[^.;]{0,60}?\bto"
    # from a time on: "From sprint 12 on, …", "from then on", "From the May run onwards"
    # (a sentence's opening clause)
    r"|(?:^|(?<=[.;:]\s))from\s+(?:[\w.-]+\s+){0,3}?on(?:wards?)?"
    # from a day on, opening a sentence or closing a clause: "From the 14th, exports go to
    # …", "… moves to the new team from Oct 5." (not a range, "from 01:00 to 03:00", nor
    # a value's origin inside a clause, "(value from 2026-08-10: …)")
    rf"|(?:(?:^|(?<=[.;:]\s))from\s+{_DAY}(?!\s*(?:to|until|till|through|and)\b|\s*[–-]\s*\d)"
    rf"|from\s+{_DAY}(?=\s*(?:[.;,]|$)))"
    # from a point on, told anywhere in a clause: "…, from batch 4 onward the labels carry
    # …" ("onward" says it holds from then on, where a bare "on" may be a place)
    r"|from\s+(?:[\w.-]+\s+){1,3}?onwards?"
    # as of a change named as one: "As of the spring pricing update a seat costs …"
    rf"|as of\s+(?:the|this|our|that)\s+(?:[\w.-]+\s+){{0,3}}?{CHANGE_NOUN}"
    # taking effect at a season, a quarter or a month of a year: "effective Spring 2031",
    # "starting Q2 2030", "as of March 2029"
    rf"|(?:effective|as of|starting(?:\s+(?:in|from|with))?|beginning(?:\s+(?:in|with))?)\s+"
    rf"(?:the\s+)?(?:{_SEASON})\s+(?:of\s+)?(?:'\d{{2}}|\d{{4}})"
    # "Going forward …", "As of v2 …", "effective immediately"
    r"|going forward|as of (?:today|now|v?\d[\w.]*)|effective (?:now|today|immediately))\b",
    re.IGNORECASE,
)
# Words that say so outright, and where they point: the text announces a correction or a
# replacement of what follows ("Correction to the hotfix rule:", "this replaces the manual
# runbook", "the old pod-hour model", "since 2026-07-15 Pinecone bills …") or of what
# precedes ("the --full flag was removed", "refunds no longer go to …"). With one of
# these, two shared words are enough when what the cue points at is the held text's subject.
# Not "the earlier": it tells of an event before another ("the earlier cut gets the
# submission in", "reversal lines for the earlier import"), not of a thing since replaced.
# "the old X" after a preposition tells where something happened ("came back from the old
# template", "still on the old revision"), not that the statement replaces X.
_AFTER_NO_PREPOSITION = "".join(
    rf"(?<!\b{p} )"
    for p in "from on in at to for against with into onto by of over under through".split()  # noqa: SIM905
)
CUE_FORWARD = re.compile(
    r"^\W*(?:\d{4}-\d{2}-\d{2}\W*)?(?:correction|corrected|erratum|errata|amendment|update)\b(?=[^:.;]{0,60}(?::|\s[-–—]\s))"
    r"|\b(?:replaces|supersedes|in place of|instead of|"
    + _AFTER_NO_PREPOSITION
    + r"the (?:old|previous|former)"
    r"|changed (?:from|to)|renamed|corrects?)\b"
    # a month written short too ("since 22 Sep", "as of Sept 3"): `spoken.MONTHS`
    rf"|\b(?:since|as of|effective|starting)\s+(?:\d{{4}}-\d{{2}}(?:-\d{{2}})?|\d{{1,2}}\s+(?:{MONTHS})|(?:{MONTHS}))\b\.?",
    re.IGNORECASE,
)
CHANGE, CUE_FORWARD = with_announced(CHANGE), with_announced(CUE_FORWARD, soon_only=True)
CUE_BACKWARD = re.compile(
    r"\b(?:(?:was|were|is|are|has been|have been) (?:removed|dropped|retired|deprecated|replaced)"
    r"|no longer|used to|(?:has|have|was|were) changed|changed(?=\s*:)|formerly|previously)\b",
    re.IGNORECASE,
)
CUE_WINDOW = 4  # words a cue points at, after it or before it


# A clause told of any one of a kind, in which one of the kind replaces an earlier one of
# the same ("A CHG message replaces the earlier message for the same key", "each new token
# supersedes the previous token"), tells how that kind of thing behaves every time: a rule
# of the domain, not a statement replacing an earlier lesson ("A new exporter replaces the
# old cron job" names two things, and is one; "the old …" always tells a thing gone).
KIND_OF = re.compile(r"^\W*(?:a|an|each|every|any)\s", re.IGNORECASE)
BY_KIND = re.compile(r"\b(?:replaces|supersedes)\b", re.IGNORECASE)
WORD = re.compile(r"[a-z][a-z0-9-]{2,}")
ONE_TIME = re.compile(r"\b(?:old|former)\b", re.IGNORECASE)
ARTICLES = frozenset(("the", "and", "for", "new", "any", "each", "every", "one"))


def of_a_kind(text: str, match: re.Match[str]) -> bool:
    """The cue tells how any one of a kind replaces an earlier one of the same kind (see
    KIND_OF): its clause opens on "a", "an", "each", "every" or "any", "replaces" or
    "supersedes" follows, and what the cue points at shares a word with what comes before
    that verb."""
    pointed = " ".join(text[match.end() :].split()[:CUE_WINDOW]).lower()
    if ONE_TIME.search(match.group(0)) or ONE_TIME.search(pointed):
        return False  # "the old …", "the former …": a thing gone, not an earlier one of a kind
    start = SENTENCES.split(text[: match.start()])[-1]
    clause = text[match.start() - len(start) : match.end()]
    verb = BY_KIND.search(clause)
    if verb is None or KIND_OF.match(clause) is None:
        return False
    subject = set(WORD.findall(clause[: verb.start()].lower())) - ARTICLES
    return bool(subject & set(WORD.findall(pointed)))


def pointed_at(text: str, back: bool = True) -> list[str]:
    """The words each change cue of the text points at (see CUE_FORWARD), but for a
    replacement told of any one of a kind (`of_a_kind`); those of backward cues too
    (`pointed_back`) unless `back` is false."""
    out = []
    for match in CUE_FORWARD.finditer(text):
        if of_a_kind(text, match):
            continue
        out += text[match.end() :].split(None, CUE_WINDOW)[:CUE_WINDOW]  # not every word
    return out + pointed_back(text) if back else out


def pointed_back(text: str) -> list[str]:
    """The words before each backward cue ("… no longer", "… was removed"): the thing it
    says is no longer so."""
    return [w for window in windows_back(text) for w in window]


def windows_back(text: str) -> list[list[str]]:
    """`pointed_back`, the words before each backward cue apart."""
    return [
        text[: m.start()].rsplit(None, CUE_WINDOW)[-CUE_WINDOW:]
        for m in CUE_BACKWARD.finditer(text)
    ]


@lru_cache(maxsize=4096)  # a read asks it of each candidate once per pair it weighs
def says_changed(text: str) -> bool:
    """The text says outright that something changed: a change word other than "instead"
    (which tells an alternative as often as a change)."""
    return any(m.group(0).lower() != "instead" for m in CHANGE.finditer(text))
