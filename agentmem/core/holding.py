"""What a text says holds a duty: its holdings, each a subject (the thing handled:
"paint robot faults", "solvent samples") tied to a named holder (`agentmem.core.reheld`
reads two texts' holdings for a holder told anew).

A clause ties them by a frame (`FRAMES`: sent or handed to it, with it, from it, done by
or through it), by a holder named first ("Rotec took over paint robot maintenance"), or by
a label whose whole value is a name ("Paint robot contractor: Rotec"); and where no frame
is listed, by English's general shapes: any deed tied to a named holder by a preposition
(`DEED`: "swaps get booked with Voltaro", the way read from the preposition; a particle is
the deed's own, "go out with", and a name before the preposition is no deed), a copula
whose whole value is a name (`COPULA`: "The OCR engine is DocLens"), a question and its
answer (`QUESTION`: "Who approves refunds? The Finance Director"). A role word ("questions
on", "contact") is no part of the duty. A holding keeps its subject's head (its last term),
its deed's term ("booked"), and the unit codes of its holder, a code set in brackets after
the holder's name included ("Brookfield DV2T (VS-01)"): the code's letters name its series.
A slash between codes is one unit's model ("708-DS/850-DS"), between names a list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from agentmem.core.cues import NEGATION
from agentmem.core.words import tokenized

# Frames that tie a subject before them to a holder named after them, by the way they
# point: to the holder, from it, or done by, with or through it (which points either way).
TO = (
    r"(?:go(?:es)?|went|sent|send|sends|ships?|shipped|routed|passed|escalated|forwarded|"
    r"reported|returned|handed(?:\s+over)?|delivered|submitted|outsourced)\s+to"
)
FROM = (
    r"(?:comes?|came|sourced|bought|ordered|supplied|obtained|provided|purchased|"
    r"approvals?|sign-?offs?|clearance)\s+from"
)
BY = (
    r"(?:is|are|stays?|sits?|rests?|lies|remains?)\s+with|"
    r"(?:ships?|travels?)\s+with|"
    r"(?:sent|handled|done|run|operated|maintained|serviced|provided|supplied|made|"
    r"performed|carried\s+out|covered|managed|owned|approved|signed\s+off|reviewed|"
    r"issued|hosted|collected|picked\s+up|repaired|calibrated|tested|analy[sz]ed|"
    r"processed|inspected|cleaned|hauled|transported|delivered|printed|checked)\s+by|"
    r"(?:leaves?|go(?:es)?|runs?|pass(?:es)?|travels?|flows?|sent|routed)\s+(?:through|via)|"
    r"(?:runs?|hosted|handled)\s+(?:on|in)"
)
FRAMES = re.compile(rf"\b(?:(?P<to>{TO})|(?P<from>{FROM})|(?P<by>{BY}))\b", re.IGNORECASE)
# Any deed tied to a named holder by a preposition, where no frame above reads it: "Paint
# robot faults get logged with Rotec", "Invoice scans pass into DocLens". The preposition
# tells the way; the holder must start with a capital; the word before it is the deed (a
# participle, or a word after a form of "be" or "get" is no part of the subject).
DEED = re.compile(
    r"\b(?P<deed>[A-Za-z][\w-]*)\s+(?P<prep>to|into|from|by|with|through|via)\s+"
    r"(?=(?:(?:the|our|their)\s+)?[A-Z])"
)
WAYS = {"to": "to", "into": "to", "from": "from"}  # by, with, through, via: "by"
# Words before a preposition that tie nothing to a doer: "close to", "compared with",
# "apart from", "due to", "along with", "applies to" (an instance), "refer to" (a text).
NO_DEED = frozenset(
    """according close next due compared similar addition apart away up prior along together
    different contrast relative opposed related equal identical aligned paired familiar
    back forward down apply applies applied refer refers referred see thanks subject
    relevant specific unique limited restricted""".split()  # noqa: SIM905 (a word list)
)
# A particle after a verb is the deed's own ("go out with", "handed over to", "signed off
# by"): the deed is the word before it.
PARTICLES = frozenset({"out", "off", "over"})
PREVIOUS = re.compile(r"([A-Za-z][\w-]*)\s+$")
PASSIVE = re.compile(r"(?:\b(?:is|are|was|were|be|been|being|get|gets|got|gotten)\s+)$", re.I)
# A name the holder, with a copula and nothing after: "The OCR engine is DocLens."
NAMED = r"[A-Z][\w'’&.-]*(?:\s+(?:[A-Z][\w'’&.-]*|&|of|de|van|von)){0,5}"
COPULA = re.compile(
    rf"^(?P<subject>[A-Za-z][^:]{{2,80}}?)\s+(?:is|are)\s+(?:now\s+)?(?:the\s+|our\s+)?"
    rf"(?P<name>{NAMED})\s*(?:[,;(]|\.(?:\s|$)|$)"
)
# A question and its answer: "Who approves refund waivers? The Finance Director." The
# question's deed, like a frame's verb, is no part of the subject.
QUESTION = re.compile(
    rf"\b(?:[Ww]ho|[Ww]here|[Ww]hich\s+\w+|[Ww]hat\s+\w+)\s+[\w-]+(?:\s+(?:off|up|over|out))?"
    rf"\s+(?P<subject>[^?\n]{{3,100}})\?"
    rf"\s*(?:[-:\u2014\u2013]\s*)?(?:[Tt]he\s+)?(?P<name>{NAMED})(?=\s*(?:[,;(.!]|$))",
    re.MULTILINE,
)
# A name said only as ended: struck through, "(was SM7B)", "not Lifetouch", "formerly
# Norchem", "instead of Piet": the old holder named so is not still named.
ENDED = re.compile(
    r"~~[^~\n]+~~|<(?:s|del|strike)>[^<]*</(?:s|del|strike)>|"
    r"(?:\(\s*(?i:was|were|ex-?|formerly|previously|not)|"
    r"\b(?i:not|formerly|previously|no\s+longer|instead\s+of|rather\s+than|replacing|"
    r"replaces|replaced|ex-))\s*:?\s+(?:(?i:the|our)\s+)?"
    rf"{NAMED}"
)
# Days and months are when, not who: "collections go to Friday".
CALENDAR = frozenset(
    """monday tuesday wednesday thursday friday saturday sunday january february march
    april may june july august september october november december""".split()  # noqa: SIM905
)
# A holder named first, then what it does: "Rotec Industrial Services took over paint robot
# maintenance", "Solvaris now handles the samples".
LEADING = re.compile(
    r"^(?!(?:Who|What|Which|Where|How)\b)(?P<name>(?:[A-Z][\w'’&.-]*|&)(?:\s+(?:[A-Z][\w'’&.-]*|&|of|de|van|von))*)\s+"
    r"(?:now\s+)?(?:took\s+over|takes\s+over|handles|does|runs|maintains|services|"
    r"supplies|collects|covers|owns|operates|hauls|analy[sz]es|tests|calibrates|"
    r"repairs|ships|delivers|approves|reviews|signs\s+off)\s+(?P<subject>[^.;:,()]+)"
)
# A label whose whole value is a name: "Contractor: Rotec Industrial Services".
LABEL = re.compile(
    r"^(?P<subject>[A-Za-z][\w -]{2,60}?):\s+(?P<name>[A-Z][\w'’&.-]*(?:\s+[A-Z][\w'’&.-]*){0,4})"
    r"\s*(?:[,;(]|\.(?:\s|$)|$)"
)
# Clauses: a sentence, a semicolon, a line, a dash set apart (a label's colon is read in
# its clause: `LABEL`, and the words before a frame after a colon).
CLAUSE = re.compile(r"(?<=[.;!?])\s+|\n+|\s[\u2014\u2013-]\s")
ASIDE = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
# Where a holder's name ends: a stop, or a word that starts what is said of it.
HOLDER_END = re.compile(
    r"[,;:.()\[\]!?]|\s(?:in|at|for|on|every|each|before|after|within|until|since|from|"
    r"with|under|per|by|when|if|who|which|that|and|or|to)\s",
    re.IGNORECASE,
)
# Several holders: "and", "or", "&", or a slash between names; a slash between codes is
# one unit's model ("708-DS/850-DS").
LIST = re.compile(r"\s(?:and|or|&)\s|\S*/\S*", re.IGNORECASE)
# A unit's code, letters then a number ("VS-01", "T2"): its letters name the series.
CODE = re.compile(r"\b(?P<series>[A-Za-z]{2,})[-_]?(?P<number>\d+)\b")
# A code set in brackets right after a holder's name: "Brookfield DV2T (VS-01)".
TAGGED = re.compile(r"\s*\(\s*([A-Za-z]{2,}[-_]?\d+)\s*\)")
# Names listed after a holder's: "…, Kuka and Fanuc", " or Kuka", " / Kuka".
LISTED = re.compile(
    r"(?:\s*,\s*[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*)*\s*,?\s*(?:and|or|&|/)\s*"
    r"(?:the\s+)?[A-Z]"
)
NAME = re.compile(r"[A-Z][\w'’.-]*|\w*\d\w*|\w+[A-Z]\w*")
# A subject told as a cause, a condition or beside another holder: no duty's holder.
UNHELD = re.compile(
    r"\b(?:because|due\s+to|caused|after|when|whenever|if|unless|since|also|too|as\s+well|"
    r"backup|fallback|alongside|besides|only|except|instead|until|no\s+longer|anymore)\b",
    re.IGNORECASE,
)
# Words of a subject that tell how it is held, not what it is ("samples must go to …").
FILLER = frozenset(
    tokenized(
        "need needs must should shall will can may always usually normally all every now "
        # a holder's role, not the duty: "Questions on redaction holds: Dale Price"
        "contact contacts owner owners lead questions queries query point person who"
    )
)
WORD = re.compile(r"[\w'’.-]+")
# A plain word: lower case but for its first letter, no digit ("Acid", "totes").
PLAIN = re.compile(r"(?<![\w'’.-])[A-Za-z]?[a-z]+(?:-[a-z]+)*(?![\w'’.-])")


def _several(holder: str) -> bool:
    """Whether the holder's words name several holders (`LIST`)."""
    return any(
        not all(any(c.isdigit() for c in part) for part in found.split("/"))
        for found in (m[0] for m in LIST.finditer(holder))
    )


@dataclass(frozen=True)
class Holding:
    """A subject tied to a named holder by a frame."""

    way: str  # "to", "from" or "by"
    subject: frozenset[str]  # its content terms, names of instances left out
    marks: frozenset[str]  # the names, codes and numbers that say which instance it is
    holder: frozenset[str]  # the terms of the holder's name
    kind: frozenset[str]  # the other terms of the holder's words: what it is ("lab")
    head: str = ""  # the subject's last term: what is handled ("totes" of "H2SO4 totes")
    deed: frozenset[str] = frozenset()  # the deed's term ("booked with"), none for a label
    codes: frozenset[str] = frozenset()  # the holder's unit codes ("vs01"), said whole
    plain: frozenset[str] = frozenset()  # the subject's terms of plain words, no names


def _marks(subject: str) -> frozenset[str]:
    """The names, codes and numbers a subject names its instance by ("Line B", "Booth 4",
    "T2"): a word with a digit, a word in capitals, a capitalised word after its first, or
    a single letter after a word."""
    out: set[str] = set()
    words = WORD.findall(subject)
    for at, word in enumerate(words):
        marked = any(c.isdigit() for c in word) or (len(word) > 1 and word.isupper())
        marked = marked or (at > 0 and word[:1].isupper())
        marked = marked or (at > 0 and len(word) == 1 and word.isalpha())
        if marked:
            out |= set(tokenized(word)) or {word.lower()}
    return frozenset(out)


def _holding(way: str, subject: str, holder: str, deed: str = "") -> Holding | None:
    """A holding read from its subject's, its holder's and its deed's words, or None when it
    names no holder, several, or is said of no duty. A unit's code in the holder ("Brookfield
    DV2T (VS-01)", "VS-02") says what kind of unit it is: its series."""
    subject = ASIDE.sub(" ", subject)
    if UNHELD.search(subject) or NEGATION.search(subject) or _several(holder):
        return None
    codes = list(CODE.finditer(holder))
    holder = ASIDE.sub(" ", holder)
    words = WORD.findall(holder)
    if any(w.lower() in CALENDAR for w in words):
        return None
    held_by = frozenset(t for w in words if NAME.fullmatch(w) for t in tokenized(w))
    kind = frozenset(t for w in words if not NAME.fullmatch(w) for t in tokenized(w))
    series = frozenset(c["series"].lower() for c in codes)
    # a subject's word that spells its holder's series names the kind of unit, no instance:
    # "the QC GC-MS is the Shimadzu (GCMS-02)"
    spelled = {t for w in WORD.findall(subject) if _letters(w) in series for t in tokenized(w)}
    marks = _marks(subject) - spelled
    ordered = [t for t in tokenized(subject) if t not in FILLER | marks | spelled]
    if not held_by or not (ordered or (series and marks)):
        return None
    return Holding(
        way,
        frozenset(ordered),
        marks,
        held_by,
        (kind - held_by) | series,
        ordered[-1] if ordered else "",
        frozenset(tokenized(deed)),
        frozenset(code_of(c[0]) for c in codes),
        frozenset(t for w in PLAIN.findall(subject) for t in tokenized(w)),
    )


def _letters(word: str) -> str:
    """A word's letters alone, lower case: "gcms" of "GC-MS"."""
    return re.sub(r"[^a-z]", "", word.lower())


def code_of(code: str) -> str:
    """A unit's code as one word: "VS-01" and "vs01" alike."""
    return re.sub(r"[^a-z0-9]", "", code.lower())


def _holder(after: str) -> str | None:
    """The holder's words after a frame: up to a stop or a word that says more of it, and a
    name set beside it by a comma ("the duty engineer, Piet de Vries"); None when another
    name is listed after it ("ABB, Kuka and Fanuc", "ABB or Kuka")."""
    after = re.sub(r"^\s*(?:the|a|an|our|their)\s+", "", after, flags=re.IGNORECASE)
    end = HOLDER_END.search(after)
    span = after[: end.start()] if end else after
    if end and LISTED.match(after[end.start() :]):
        return None
    if end and end.group(0) == ",":
        beside = re.match(r",\s*((?:[A-Z][\w'’.-]*\s*){1,4})", after[end.start() :])
        if beside:
            span = f"{span} {beside[1]}"
    tagged = TAGGED.match(after[end.start() :]) if end else None
    if tagged:
        span = f"{span[:120]} ({tagged[1]})"  # its unit's code, read for its series
    return span[:140]


@lru_cache(maxsize=4096)
def holdings(text: str) -> tuple[Holding, ...]:
    """Each holding the text tells: a question and its answer, then clause by clause (see
    the module docstring)."""
    text = text[:20_000]
    out = [_holding("by", q["subject"], q["name"]) for q in QUESTION.finditer(text)]
    for clause in CLAUSE.split(text):
        clause = clause.strip(" *#>-\t")
        if clause:
            out.append(_clause(clause))
    return tuple(found for found in out if found is not None)


def _clause(clause: str) -> Holding | None:
    """The holding one clause tells: a label, a holder named first, a frame, a deed and a
    preposition, or a copula with a name; None when it tells none."""
    label = LABEL.match(clause)
    if label:
        return _holding("by", label["subject"], label["name"])
    lead = LEADING.match(clause)
    if lead:
        return _holding("by", lead["subject"], lead["name"])
    frame = FRAMES.search(clause)
    if frame is not None:
        before = clause[: frame.start()].rsplit(":", 1)[-1]  # after a label
        way = next(k for k, v in frame.groupdict().items() if v)
        if way == "from" and not re.match(r"(?i)come|came", frame[0]):
            before = f"{before} {frame[0].split()[0]}"  # "need approval from": approval's
        holder = _holder(clause[frame.end() :])
        verb = frame[0].split()[0]  # "collected" of "collected by"
        return _holding(way, before, holder, verb) if holder is not None else None
    for deed in DEED.finditer(clause):
        word, start = deed["deed"], deed.start()
        if word.lower() in PARTICLES:
            particled = PREVIOUS.search(clause[:start])
            if particled is None:
                continue
            word, start = particled[1], particled.start(1)
        if word.lower() in NO_DEED or (start > 0 and NAME.fullmatch(word)):
            continue  # no deed, or a name: "… ViscoQC with LabX"
        before = clause[:start].rsplit(":", 1)[-1]
        if not (PASSIVE.search(before) or word.lower().endswith("ed")):
            before = f"{before} {word}"  # "faults to …", "approvals from …"
        holder = _holder(clause[deed.end() :])
        way = WAYS.get(deed["prep"], "by")
        return _holding(way, before, holder, word) if holder is not None else None
    copula = COPULA.match(clause)
    if copula is None:
        return None
    tagged = TAGGED.match(clause[copula.end("name") :])
    name = f"{copula['name']} ({tagged[1]})" if tagged else copula["name"]
    return _holding("by", copula["subject"], name)
