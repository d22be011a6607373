"""A role, device or duty told anew with another holder, in a new sentence and with no
change word: the held lesson's successor.

A team that swaps a machine, a supplier or the person who signs writes the lesson again in
the new holder's words: "the press line's stacker is a Kessler KS-40 set to 12 sheets" is
followed by "the press line stacks with a Brandt ST9 set to 10 sheets", "cheques are
countersigned by Ruth Abara" by "Omar Qadir countersigns supplier cheques". Nothing says
it changed; the sentence is another, so the rules that read one sentence with a name
swapped (`agentmem.core.successor`) or a change word (`agentmem.core.rehomed`) do not see
it, and the holdings' frames (`agentmem.core.reheld`) do not read a holder named first with
an active verb, nor a copula with more after the name.

`retold_role`, asked by `agentmem.core.successor.succeeds` ahead of the judge's guards
(whose instance words would read "Dev" of "Dev Patel" as a dev environment), passes
`role_retold` through those guards with the holders' names set aside. `role_retold` reads
the first clause of each text, its asides in brackets left out, as
names (capitalised words; a code only beside such a word, "Brandt ST9"), marks (which one
of many: a unit noun with a number or code, "line 3", "Bay 4"; a lone code; a year, a
month, a day; a name before a unit noun or after "in", "at", "for", "to": "the York
depot", "trucks in Leeds") and content terms. A comma ends a name ("Ana Ruiz, maintenance
engineer": the title is no noun the name labels). The draft tells the held role anew when

- each clause names exactly one holder, and neither holder's words are in the other text;
  a name both texts write ("MEL", "CAMO" of "MEL extension approvals come from Aisha
  Rahman, CAMO duty engineer") is of the role, and the one name left is its holder when it
  is told after a word that leads to one ("from", "by", a comma);
- their marks are the same: another line, site, unit, product or period is a role of its
  own, and both stay true;
- they share at least `SHARED` content terms (one of a term's own stem: "stacks" of
  "stacker"), one of them of the held clause's subject (the words before its holder);
- the subjects are one: a subject term of its own on both sides ("export cheques",
  "payroll cheques") is two duties; one side's own term alone is a wider or narrower
  telling of one, and before a holder told after "from", "by" a term after the last one
  both say is a verb, not a kind ("come" of "approvals come from");
- a holder named first does the duty now (a verb in the present, "countersigns"), not a
  past deed ("Omar Qadir countersigned the cheques");
- and the draft adds no word of a second holder or a kept one (`BOTH`: "also", "as well",
  "backup", "deputy", "still" …), no negation, no condition the held text lacks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agentmem.core.apart import set_apart
from agentmem.core.ownkind import own_kinds
from agentmem.core.plainnews import OTHER_INSTANCE
from agentmem.core.separate import of_the_other
from agentmem.core.textcache import textcached
from agentmem.core.values import value_words
from agentmem.core.words import function_words, tokenized

__all__ = ["INSTANCES", "retold_role", "role_retold"]

# a noun that names one of many places or units: a name before it names which one
INSTANCES = frozenset(
    """site sites plant plants depot depots warehouse warehouses branch branches office
    offices store stores line lines hall halls room rooms floor building campus region
    regions zone zones hub hubs route routes lane lanes dock docks bay bays gate gates
    pen pens tank tanks unit units shift shifts desk desks team teams crew crews cell
    cells station stations terminal terminals platform server servers host hosts cluster
    clusters environment env product products model models range ranges press machine
    machines oven kiln kilns vault vaults well wells field fields farm farms shop shops
    market markets country countries city cities county counties state states customer
    customers client clients account accounts project projects style styles sku skus
    recipe recipes grade grades""".split()  # noqa: SIM905 (a word list)
)

LONGEST = 400  # characters of a lesson read: a longer text tells more than one role
NEAR = 2  # content terms next to a holder that tie it to its role, its deed or noun
SHARED = 2  # content terms the two clauses share, one of them of the held subject
STEM = 4  # letters a shorter term keeps to be read as another's stem ("stack", "stacker")

CLAUSE = re.compile(r";\s+|[.!?:]\s+|\n+|\s[-\u2013\u2014]\s")
ASIDE = re.compile(r"\s*\([^()]{0,200}\)")
TOKEN = re.compile(r"\w[\w'’/&+.-]*\w|\w")
COMMA = re.compile(r"\w[\w'’/&+.-]*\w|\w|,")  # a comma ends a name: "Aisha Rahman, CAMO …"
CODE = re.compile(r"(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[A-Za-z0-9][\w-]*")
NUMBER = re.compile(r"\d[\d.,]*")
POSSESSIVE = re.compile(r"['’]s$")
YEAR = re.compile(r"(?:19|20)\d\d")
# words of a second holder beside the held one, or of the held one kept
BOTH = frozenset(
    """also too both another additional alongside backup alternative alternate unchanged
    still either other others extra besides plus same deputy deputise deputises cover
    covers covering standby relief second secondary well joint jointly together
    shared remains remain stays stay continues keeps""".split()  # noqa: SIM905 (a word list)
)
# a negation, or a condition, in the draft and not in the held text: another claim
GUARDED = frozenset(
    """not no never none nor without isn't aren't doesn't don't won't if unless except
    only until""".split()  # noqa: SIM905 (a word list)
)
JOINS = frozenset({"of", "de", "van", "von", "&"})  # inside a name ("Marks & Co"); "and" lists
LEADS = frozenset({"by", "from", "with", "via", "is", "are", ","})  # then a holder's name
PLACE = frozenset({"in", "at", "for", "to"})  # a name after these: which one of many
# the first letters of a month's or a day's name
PERIODS = tuple(
    """jan feb mar apr may jun jul aug sep oct nov dec mon tue wed thu fri sat
    sun""".split()  # noqa: SIM905 (a word list)
)
PARTICIPLES = frozenset({"set", "kept", "run", "built", "made", "held", "fitted", "sent"})
PRESENT = frozenset({"is", "are", "now", "does", "do", "has", "have"})


@dataclass(frozen=True)
class Clause:
    """A clause read for a role: who holds it, which one it is, and its terms."""

    holders: tuple[frozenset[str], ...]  # each name's words, lower case
    names: tuple[frozenset[str], ...]  # each name's words as written
    led: bool  # the first name told after a word that leads to a holder ("by", "from", ",")
    marks: frozenset[str]  # which one of many: unit numbers, codes, places, periods
    subject: tuple[str, ...]  # content terms before the holder (or after it, named first)
    terms: frozenset[str]  # every content term but the names'
    named_first: bool
    deed: str  # the word after a holder named first
    after: str  # the content term right after the holder named later ("" if none)
    near: tuple[str, ...]  # the NEAR content terms that tie the holder: its deed or noun


def retold_role(draft: str, held: str, least: int = SHARED) -> bool:
    """`role_retold`, and neither text of another thing or kind by the judge's guards
    (`set_apart`, `own_kinds`, `of_the_other`), nor the draft of another instance by a
    word the held text lacks (`OTHER_INSTANCE`: "in staging", "on weekends"), words of
    the holders' names aside: "Dev Patel" names a person, not a dev environment. Asked
    ahead of the judge's guards, whose instance words would read such a name."""
    if not role_retold(draft, held, least):
        return False
    if set_apart(draft, held) or own_kinds(draft, held) or of_the_other(draft, held):
        return False
    new, old = _read(draft), _read(held)
    names = {w for c in (new, old) if c is not None for h in c.holders for w in h}
    return not (_instances(draft, names) - _instances(held, names))


def _instances(text: str, names: set[str]) -> set[str]:
    """The words of another instance the text says (`OTHER_INSTANCE`), not in `names`."""
    found = {m[0].lower() for m in OTHER_INSTANCE.finditer(text)}
    return {w for w in found if w not in names}


def role_retold(draft: str, held: str, least: int = SHARED) -> bool:
    """Whether the draft tells the held lesson's role, device or duty anew with another
    single holder, in any sentence, sharing `least` content terms (module docstring)."""
    if len(draft) > LONGEST or len(held) > LONGEST:
        return False
    d_starts = _starts(draft)
    h_starts = _starts(held) if d_starts else d_starts
    if not h_starts:
        return False
    d_words, h_words = _words(draft), _words(held)
    if d_starts <= h_words or h_starts <= d_words:
        return False  # no holder the other text does not write: read neither clause
    new, old = _read(draft), _read(held)
    if new is None or old is None:
        return False
    d_names, h_names = _cased(draft), _cased(held)
    if any(n <= h_names for n in new.names) or any(n <= d_names for n in old.names):
        # a name both texts write is of the role, not its holder ("MEL", "CAMO" of "MEL
        # extension approvals come from Aisha Rahman, CAMO duty engineer")
        new, old = _read_apart(draft, h_names), _read_apart(held, d_names)
        if new is None or old is None or not (new.led and old.led):
            return False  # the one name left must be told as a holder: "from", "by" it
    if len(new.holders) != 1 or len(old.holders) != 1:
        return False
    if (d_words - h_words) & (BOTH | GUARDED) or " as well" in draft.lower():
        return False
    if new.holders[0] & h_words or old.holders[0] & d_words or new.marks != old.marks:
        return False
    if (new.named_first and not _present(new.deed)) or (old.named_first and not _present(old.deed)):
        return False  # a deed done once, or a rule on a thing named first ("X must …")
    if not any(_said(t, old.terms) for t in new.near) or not any(
        _said(t, new.terms) for t in old.near
    ):
        return False  # the holders tied to other things: "cullet from X", "sorter is Y"
    if (new.after and not _said(new.after, old.terms)) or (
        old.after and not _said(old.after, new.terms)
    ):
        return False  # a name before a noun of its own: "the Fexo endpoint", not a holder
    shared = {t for t in old.terms if _said(t, new.terms)}
    if len(shared) < least or not any(t in shared for t in old.subject):
        return False
    if not any(_said(t, old.terms) for t in new.subject):
        return False
    return not (_own_kind(new, old.terms) and _own_kind(old, new.terms))


def _own_kind(clause: Clause, other: frozenset[str]) -> bool:
    """A term of the clause's subject the other clause does not say: which kind ("export"
    of "export cheques"). Before a holder told after "by", "from" …, only among the role's
    words (before the last term both say), not a verb after them ("come" of "MEL extension
    approvals come from Aisha Rahman")."""
    said = [_said(term, other) for term in clause.subject]
    if not clause.led:
        return not all(said)
    last = max((at for at, yes in enumerate(said) if yes), default=-1)
    return not all(said[:last])


def _said(term: str, terms: frozenset[str]) -> bool:
    """The term, or a word of its stem or one it stems, among `terms`."""
    return term in terms or any(
        (len(t) >= STEM and term.startswith(t)) or (len(term) >= STEM and t.startswith(term))
        for t in terms
    )


def _present(deed: str) -> bool:
    """A verb of a duty held now: "countersigns", "is", not "countersigned"."""
    return deed in PRESENT or (deed.endswith("s") and not deed.endswith("ss"))


@textcached
def _cased(text: str) -> frozenset[str]:
    """The text's words as written, a name's capitals kept."""
    return frozenset(POSSESSIVE.sub("", t) for t in TOKEN.findall(text))


@textcached
def _words(text: str) -> frozenset[str]:
    return frozenset(t.lower().strip("'’") for t in TOKEN.findall(text))


@textcached
def _read(text: str) -> Clause | None:
    """The text's first clause read for a role; None when it has none."""
    return _read_apart(text, frozenset())


def _read_apart(text: str, said: frozenset[str]) -> Clause | None:
    """`_read`, a name whose words are all in `said` (the other text's words) read as
    words of the clause, not as a holder."""
    tokens = list(_first(text))
    if len(tokens) < 3:
        return None
    holders: list[tuple[int, int]] = []
    marks: set[str] = set()
    at = 0
    while at < len(tokens):
        end = _name_end(tokens, at)
        if end == at and (run := _instance_name(tokens, at)):
            marks |= {t.lower() for t in tokens[at:run]}  # "Market Square": which one
            at = run
            continue
        if end == at:
            marks |= _mark(tokens, at)
            at += 1
            continue
        if _which_one(tokens, at, end):
            marks |= {t.lower() for t in tokens[at:end]}
        elif not set(tokens[at:end]) <= said:
            holders.append((at, end))
        at = end
    if not holders:
        return None
    named = {i for a, b in holders for i in range(a, b)}
    ordered = [_terms(t) for i, t in enumerate(tokens) if i not in named]
    start, end = holders[0]
    before = [t for i, tok in enumerate(tokens[:start]) if i not in named for t in _terms(tok)]
    after = [t for tok in tokens[end:] for t in _terms(tok)]
    return Clause(
        holders=tuple(frozenset(t.lower() for t in tokens[a:b]) for a, b in holders),
        names=tuple(frozenset(tokens[a:b]) for a, b in holders),
        led=start > 0 and tokens[start - 1].lower() in LEADS,
        marks=frozenset(marks),
        subject=tuple(t for t in (before if start > 0 else after) if t not in marks),
        terms=frozenset(t for found in ordered for t in found) - marks,
        named_first=start == 0,
        deed=tokens[end].lower() if start == 0 and end < len(tokens) else "",
        after=_after(tokens, end) if start > 0 else "",
        near=tuple(after[:NEAR] if start == 0 else before[-NEAR:]),
    )


@textcached
def _first(text: str) -> tuple[str, ...]:
    """The tokens of the text's first clause, its asides left out, "'s" dropped."""
    first = CLAUSE.split(ASIDE.sub("", text).strip(), maxsplit=1)[0]
    return tuple(POSSESSIVE.sub("", t) for t in COMMA.findall(first.rstrip(".")))


@textcached
def _starts(text: str) -> frozenset[str]:
    """Words (lower case) every holder `_read` finds holds one of: a capitalised word after
    the first, or the first when `_name_end` reads it alone (inner capitals or digits) or
    before a code ("KS-40"): read before the clauses, cheaply (issue 17)."""
    tokens = _first(text)
    if len(tokens) < 3:
        return frozenset()
    found = {t.lower() for t in tokens[1:] if _capital(t)}
    if _capital(tokens[0]) and (_marked(tokens[0]) or CODE.fullmatch(tokens[1])):
        found.add(tokens[0].lower())
    return frozenset(found)


def _after(tokens: list[str], end: int) -> str:
    """The content term right after a holder's name, when a noun of no participle: a
    name before a noun of its own names a kind of that noun ("the Fexo endpoint"), or
    the other text must say it ("a Brandt controller" of a held "controller")."""
    if end >= len(tokens):
        return ""
    word = tokens[end].lower()
    if word in PARTICIPLES or word.endswith("ed"):
        return ""
    found = _terms(word)
    return found[0] if found else ""


def _name_end(tokens: list[str], start: int) -> int:
    """The end of a name starting at `start` (`start` itself when none starts there): a
    run of capitalised words, codes beside them, "&", "of" between them. A word opening the
    clause is a name only beside another name word or written with inner capitals or digits
    ("Aircraft bookings" opens on a plain word; "Ruth Abara", "KS-40" do not)."""
    end = start
    while end < len(tokens) and (
        _capital(tokens[end])
        or (end > start and CODE.fullmatch(tokens[end]) is not None)
        or (
            end > start
            and tokens[end].lower() in JOINS
            and end + 1 < len(tokens)
            and _capital(tokens[end + 1])
        )
    ):
        end += 1
    while end > start and tokens[end - 1].lower() in JOINS:
        end -= 1
    words = [t for t in tokens[start:end] if t.replace("-", "").isalpha() and len(t) > 1]
    if not words or any(t.lower() in INSTANCES for t in tokens[start:end]):
        return start
    if start == 0 and end - start == 1 and not _marked(tokens[0]):
        return start  # a sentence's capital
    if start == 0 and len(words) == 1 and end - start == 2 and words[0] == tokens[0]:
        return start  # "Scale W3", "Kiln 4": a unit opening the clause, one of a series
    return end


def _instance_name(tokens: list[str], start: int) -> int:
    """The end of a run of capitalised words from `start` that holds a unit noun
    ("Market Square", "North Depot"), else 0: the name of which one of many, read whole,
    so its tail ("Square") is not read as a holder's name."""
    end = start
    while end < len(tokens) and _capital(tokens[end]):
        end += 1
    if end - start < 2 or not any(t.lower() in INSTANCES for t in tokens[start:end]):
        return 0
    return end


def _capital(token: str) -> bool:
    return token[0].isupper() and (len(token) > 1)


def _marked(token: str) -> bool:
    return any(c.isupper() or c.isdigit() for c in token[1:])


def _which_one(tokens: list[str], start: int, end: int) -> bool:
    """A name that tells which one of many: before a unit noun ("the York depot") or
    after "in", "at", "for", "to" ("the trucks in Leeds", "the report goes to Ann")."""
    after = tokens[end].lower() if end < len(tokens) else ""
    at = start - 1
    while at > 0 and tokens[at].lower() in ("the", "our", "a", "an"):
        at -= 1
    before = tokens[at].lower() if at >= 0 else ""
    if len(tokens[start:end]) == 1 and _period(tokens[start].lower()):
        return True  # "September", "Monday": a period
    return after.rstrip("s") in INSTANCES or after in INSTANCES or before in PLACE


def _mark(tokens: list[str], at: int) -> set[str]:
    """Which one of many a token tells: a unit noun's number or code ("line 3"), a lone
    code ("T2"), a year, a month or a day."""
    token = tokens[at].lower()
    if token in INSTANCES and at + 1 < len(tokens):
        after = tokens[at + 1]
        if NUMBER.fullmatch(after) or CODE.fullmatch(after) or len(after) == 1:
            return {token, after.lower()}
    if CODE.fullmatch(tokens[at]) and not NUMBER.fullmatch(tokens[at]):
        return {token}
    if YEAR.fullmatch(token) or (token in value_words() and token.isalpha() and len(token) > 3):
        return {token} if _period(token) else set()
    return set()


def _period(token: str) -> bool:
    """A year, a month's or a day's name: a period, not a unit."""
    return YEAR.fullmatch(token) is not None or token.startswith(PERIODS)


def _terms(token: str) -> list[str]:
    """A token's content terms: not a function word, a unit or a number."""
    return [
        t
        for t in tokenized(token)
        if t not in function_words() and t not in value_words() and not NUMBER.fullmatch(t)
    ]
