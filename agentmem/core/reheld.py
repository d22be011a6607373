"""A duty's holder told anew in another frame, with no change word: "Paint robot
maintenance is with Rotec Industrial Services: raise faults as tickets …" after "Paint
robot faults go to ABB Robotics Service: call the ABB desk …", or "MEL extension
approvals come from Aisha Rahman" after "MEL deferral extensions need approval from
Piet de Vries".

A team that changes a vendor, a lab, a contractor or a person writes the lesson anew in
the new holder's words; the verb changes with it ("go to", "is with", "come from") and
nothing says it changed. The rules that read a slot need its words, and the rules that
read a new holder need a change cue (`agentmem.core.rehomed`, `agentmem.core.handover`).
Here each text is read for its holdings (`holdings`): a clause that ties a subject (the
thing handled: "paint robot faults", "solvent samples") to a named holder by a frame
(`FRAMES`: sent or handed to it, with it, from it, done by or through it), a holder named
first ("Rotec took over paint robot maintenance"), or a label whose whole value is a name
("Paint robot contractor: Rotec"); and where no frame is listed, from English's general
shapes: any deed tied to a named holder by a preposition (`DEED`: "swaps get booked with
Voltaro", the way read from the preposition), a copula whose whole value is a name
(`COPULA`: "The OCR engine is DocLens"), a question and its answer (`QUESTION`: "Who
approves refunds? The Finance Director"). A role word ("questions on", "contact") is no
part of the duty. The draft tells the held duty's holder anew when one holding of each
text

- is of one duty: the two share at least `SHARED` content terms, one of them at least of
  the subjects and the others of what the holders are ("samples go to Norchem's lab",
  "samples ship to Solvaris' lab"); and each subject's other terms are said somewhere in
  the other text, but for `UNSAID` term of one side only (the held "MEL deferral
  extensions" as the draft's "MEL extension"; "paint robot faults" and "paint robot
  maintenance" each said in the other text). A term of its own on both sides ("paint robot
  faults" and "paint robot spare parts") is another duty of the same thing;
- names no instance the other text never names: a name, a code or a number in either
  subject ("Line B", "Booth 4", "T2") that the other text does not say is another site,
  line or unit with a holder of its own;
- is told in frames that do not point opposite ways (sent to it, taken from it);
- names a new holder the held text never says, while the held holding's holder has a
  name the draft never says but as ended (`ENDED`: struck through, "(was SM7B)", "not
  Lifetouch"; the same holder restated, or both holders named, replace nothing); neither holding names several holders ("ABB and Dürr"), and neither is a
  cause, a condition, a negation or a holder beside another ("also", "backup", "only").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from agentmem.core.cues import NEGATION
from agentmem.core.textcache import textcached
from agentmem.core.words import tokenized

SHARED = 2  # content terms two holdings share, of their subjects or their holders' kinds
UNSAID = 1  # terms of either subject the other text never says, at most
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
OPPOSITE = frozenset({("to", "from"), ("from", "to")})
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
    back forward down out apply applies applied refer refers referred see thanks subject
    relevant specific unique limited restricted""".split()  # noqa: SIM905 (a word list)
)
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
LIST = re.compile(r"\s(?:and|or|&)\s|/", re.IGNORECASE)
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


@dataclass(frozen=True)
class Holding:
    """A subject tied to a named holder by a frame."""

    way: str  # "to", "from" or "by"
    subject: frozenset[str]  # its content terms, names of instances left out
    marks: frozenset[str]  # the names, codes and numbers that say which instance it is
    holder: frozenset[str]  # the terms of the holder's name
    kind: frozenset[str]  # the other terms of the holder's words: what it is ("lab")


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


def _holding(way: str, subject: str, holder: str) -> Holding | None:
    """A holding read from its subject's and its holder's words, or None when it names no
    holder, several, or is said of no duty."""
    subject = ASIDE.sub(" ", subject)
    if UNHELD.search(subject) or NEGATION.search(subject) or LIST.search(holder):
        return None
    words = WORD.findall(holder)
    if any(w.lower() in CALENDAR for w in words):
        return None
    held_by = frozenset(t for w in words if NAME.fullmatch(w) for t in tokenized(w))
    kind = frozenset(t for w in words if not NAME.fullmatch(w) for t in tokenized(w))
    marks = _marks(subject)
    terms = frozenset(tokenized(subject)) - FILLER - marks
    if not held_by or not terms:
        return None
    return Holding(way, terms, marks, held_by, kind - held_by)


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
    return span[:120]


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
        return _holding(way, before, holder) if holder is not None else None
    for deed in DEED.finditer(clause):
        if deed["deed"].lower() in NO_DEED:
            continue
        before = clause[: deed.start()].rsplit(":", 1)[-1]
        if not (PASSIVE.search(before) or deed["deed"].lower().endswith("ed")):
            before = f"{before} {deed['deed']}"  # "faults to …", "approvals from …"
        holder = _holder(clause[deed.end() :])
        way = WAYS.get(deed["prep"], "by")
        return _holding(way, before, holder) if holder is not None else None
    copula = COPULA.match(clause)
    return _holding("by", copula["subject"], copula["name"]) if copula else None


def reheld(draft: str, held: str) -> bool:
    """Whether the draft tells a duty the held text gives a named holder as held by
    another, in any frame (see the module docstring)."""
    old_all = holdings(held)
    if not old_all:
        return False
    new_all = holdings(draft)
    if not new_all:
        return False
    said, known, still = _terms(draft), _terms(held), _unended(draft)
    for new in new_all:
        if not new.holder - known:
            continue  # no holder the held text never names
        for old in old_all:
            if (new.way, old.way) in OPPOSITE or not old.holder - still:
                continue  # opposite ways, or the old holder still named
            if new.marks - known or old.marks - said:
                continue  # another site, line or unit
            if _one_duty(new, old, said, known):
                return True
    return False


@textcached
def _terms(text: str) -> frozenset[str]:
    """The text's terms, read once per text: a draft meets every held candidate of its add,
    a held lesson many drafts."""
    return frozenset(tokenized(text))


@textcached
def _unended(text: str) -> frozenset[str]:
    """The terms the text says other than as ended (`ENDED`: struck, "(was X)", "not X")."""
    return frozenset(tokenized(ENDED.sub(" ", text)))


def _one_duty(new: Holding, old: Holding, said: frozenset[str], known: frozenset[str]) -> bool:
    """Two holdings of one duty: SHARED terms in common, of the subjects or of what their
    holders are ("samples go to Norchem's lab", "samples ship to Solvaris' lab"), one of
    them of the subjects; and each subject's other terms said in the other text but for
    one term of one side (see the module docstring)."""
    common = new.subject & old.subject
    if not common or len(common) + len(new.kind & old.kind) < SHARED:
        return False
    ours, theirs = new.subject - known, old.subject - said
    return len(ours) + len(theirs) <= UNSAID
