"""A lesson that tells a change, handed to a worker as the rule that holds now.

A lesson written when something changed names what it replaced while it tells the new
state: "the batch cap is now 40, not 25", "retention 3 days (was 7)", "we moved the queue
from the old broker to the cluster", "the old export host is gone; use the bucket",
"our former guidance to double the pool turned out wrong: hold the pool at 16". The
stored memory keeps every word (hook A's synthesis tells the history); a pack entry is what a worker
acts on, and the retired value beside the new one is one more thing to misread. So the
pack renders such an entry without the part that only names what was retired
(`without_history`), read from the sentence's structure alone:

- inline: a parenthesis of history ("(was 7)", "(formerly X)", "(down from 20)"), an
  apposition after a clause that says the change ("now 40, not 25", ", instead of X"),
  the old side of a change "from A to B" after a verb of change;
- a whole clause (between ; : — or a sentence) that only says a thing ended: "X is gone",
  "the old Y no longer applies", "Z goes away next month", "the former guidance … was
  wrong", "we withdrew the advice to wash at 3 °Bé" (a withdrawal told as an act, naming
  the claim withdrawn: `agentmem.core.advicewithdrawn.withdrawal_spans`), when a kept
  clause of the entry says what holds now.

The rest must still stand alone: no kept clause that leans on the dropped one ("…; the
new team owns it": "it" was in the dropped clause; after a sentence that says an older
lesson was wrong, a pronoun of the next sentence's first clause, not one further in that
points at the subject it names itself), nothing under `MIN_WORDS` words, and
a clause is dropped only when what stays states something in place (`IN_PLACE`). When
unsure, the text stays whole. Run records are left as they are (what a run did is told
as it happened).

The entry does not say it was shortened: what went names only what was retired, never a
condition on what stays (a contrast that holds now, "not on Sundays", and a clause that
what stays leans on are kept), so nothing a worker acts on is missing; the entry's id
leads to the whole text (`agentmem get`), and hook A's synthesis tells the history. A
note in each such entry would cost the pack's budget and bring back the question of what
was left out.
"""

from __future__ import annotations

import re
from itertools import pairwise

from agentmem.core.advicewithdrawn import withdrawal_spans

MIN_WORDS = 4  # words a kept sentence holds: a statement, not a fragment

# -- inline: what only names the retired value, inside a clause ---------------------------

# A parenthesis that tells what was before: "(was 7)", "(it used to be 7)", "(formerly X)",
# "(down from 20)", "(previously: X)", "(no longer X)", "(instead of X)", "(old: X)".
HISTORY_ASIDE = re.compile(
    r"\s*\((?:(?:it|this|that|which)\s+)?(?:was|were|used\s+to\s+be|previously|formerly|"
    r"replacing|replaces|replaced|no\s+longer|instead\s+of|down\s+from|up\s+from|"
    r"(?:old|before|earlier|previous)\s*[:=])[^()]{1,60}\)",
    re.IGNORECASE,
)
# "(not 25)": a negation in parentheses tells an old value only beside a change
NOT_ASIDE = re.compile(r"\s*\(not\s+[^()]{1,40}\)", re.IGNORECASE)

# An apposition naming the old side: ", not 25", " — formerly X", ", down from 20",
# " instead of X" closing a clause. What follows "not" must name a thing, not restrict the
# clause ("not on weekends", "not just X", "not before 09:00" keep their meaning).
_RESTRICTING = (
    "just only merely simply yet always all every each any both quite necessarily before "
    "until after when if because in on at for to from with by during while even more less "
    "over under without as so too least enough the-same"
)
_NOT_RESTRICTING = "".join(rf"(?!{w.replace('-', ' ')}\b)" for w in _RESTRICTING.split())
_OLD = r"[^,;:()—–]{1,50}?"
_CLOSE = r"(?=\s*(?:[,;:)—–]|\.(?:\s|$)|$))"
APPOSITION = re.compile(
    rf"(?:,|\s[—–])\s+(?:(?P<not>not\s+{_NOT_RESTRICTING})|no\s+longer\s+|formerly\s+|"
    rf"previously\s+|down\s+from\s+|up\s+from\s+|replacing\s+|(?P<was>(?:was|were)\s+(?=\S*\d)))"
    rf"{_OLD}{_CLOSE}"
    rf"|(?P<instead>,?\s+(?:instead\s+of|rather\s+than)\s+){_OLD}{_CLOSE}",
    re.IGNORECASE,
)
# The clause says a change, so a "not" beside it names the old value ("now 40, not 25").
CHANGE_SAID = re.compile(
    r"\b(?:now|currently|these\s+days|from\s+now\s+on|going\s+forward|new|since|moved|"
    r"changed|switched|raised|lowered|increased|reduced|bumped|cut)\b",
    re.IGNORECASE,
)

# "moved the queue from the old broker to the cluster": the old side goes, "to …" stays.
# The verb says the change (not a range: "runs from 01:00 to 03:00"), a few plain words
# before "from" (not a relative clause whose own "from … to" is a range).
FROM_TO = re.compile(
    r"\b(?:moved|migrated|switched|changed|raised|lowered|increased|decreased|reduced|cut|"
    r"bumped|dropped|shortened|extended|went|upped|ported|swapped|tightened|relaxed)"
    r"(?P<between>(?:\s+(?!(?:that|which|who|when|where|is|are|runs?|from)\b)[\w`'./-]+){0,6}?)"
    r"(?P<old>\s+(?:over\s+)?from\s+(?:(?!\bto\b)[^,;:()—–.]|\.(?=\S)){1,60}?)(?=\s+to\s)",
    re.IGNORECASE,
)

# -- whole clauses that only say a thing ended -----------------------------------------------

_OLDER = r"\b(?:old|older|previous|former|legacy|original|earlier|prior)\b"
ENDED = re.compile(
    # a state: "X is gone", "the flags are deprecated"
    r"\b(?:is|are)\s+(?:now\s+)?(?:gone|retired|decommissioned|deprecated|obsolete|withdrawn|"
    r"discontinued|history|switched\s+off|turned\s+off|shut\s+down)\b"
    r"|\bwill\s+be\s+(?:retired|decommissioned|removed|switched\s+off|turned\s+off|shut\s+down)\b"
    # an end that is itself a retirement: "X was decommissioned", "has been shut down"
    r"|\b(?:was|were|has\s+been|have\s+been)\s+(?:now\s+)?(?:retired|decommissioned|"
    r"withdrawn|discontinued|deprecated|shut\s+down|switched\s+off|turned\s+off)\b"
    r"|\b(?:has|have)\s+been\s+(?:removed|deleted|dropped)\b|\b(?:has|have)\s+gone\b"
    # a thing that holds no more: "no longer applies", "isn't used any more"
    r"|\bno\s+longer\s+(?:exists?|applies|apply|holds?|works?|runs?|owns?|supports?|accepts?|"
    r"used|needed|required|valid|available|supported|maintained|in\s+use|there|"
    r"(?:is|are)\s+(?:used|needed|required|valid|available|supported|maintained|in\s+use|"
    r"there|the\s+case))\b"
    r"|\b(?:not|n't)\s+(?:\w+\s+){0,3}?(?:used|use|exists?|apply|applies|needed|need|"
    r"supported|available|valid|there)\s+any\s?more\b"
    r"|\b(?:goes|go|going)\s+away\b"
    r"|(?<!\bis\s)(?<!\bare\s)(?<!\bwas\s)(?<!\bwere\s)(?<!\bbe\s)(?<!\bbeen\s)(?<!\bget\s)"
    r"\bused\s+to\b"
    r"|^\W*no\s+more\b",
    re.IGNORECASE,
)
# Ends only a thing called old: "the old gateway was removed" (a run's "the socket was
# dropped" is no retirement).
ENDED_OLD = re.compile(
    r"\b(?:was|were)\s+(?:removed|deleted|dropped|replaced)\b(?!\s+(?:by|with)\b)"
    r"|\bwent\s+away\b",
    re.IGNORECASE,
)
OLDER = re.compile(_OLDER, re.IGNORECASE)
# An older way judged wrong: "our former guidance to double the pool turned out wrong"
WRONG = re.compile(
    r"\b(?:was|were|is|are|turned\s+out|proved)\s+(?:to\s+be\s+)?(?:\w+\s+)?(?:wrong|"
    r"incorrect|mistaken|a\s+mistake|misleading|bad\s+advice)\b"
    # past: "the flush step was never the fix" ("X is not the fix" tells what holds now)
    r"|\b(?:was|were)\s+(?:never|not)\s+the\s+(?:fix|cause|answer|problem)\b",
    re.IGNORECASE,
)
ADVICE = re.compile(
    _OLDER + r"|\b(?:advice|rule|lesson|note|guidance|recommendation|suggestion|fix|"
    r"workaround|theory|claim|diagnosis|assumption)\b",
    re.IGNORECASE,
)
# A clause that ends a thing but names what replaces it tells the new state itself.
NAMES_NEW = re.compile(
    r"\b(?:now|instead|in\s+favou?r\s+of|(?:replaced|superseded)\s+(?:by|with)|"
    r"(?:moved|switched|migrated|changed|went|goes|go)\s+(?:over\s+)?to|use|uses|using|keep)\b",
    re.IGNORECASE,
)
# What says a thing is in place: the kept text must hold one for a clause to go.
IN_PLACE = re.compile(
    r"\b(?:now|currently|these\s+days|from\s+now\s+on|going\s+forward|instead|new|newer|"
    r"replacement|use|uses|using|keep|moved|switched|migrated|must|should|always|"
    r"take[sn]?\s+over|took\s+over|owns?|handles?|points?\s+(?:to|at)|"
    r"(?:go|goes|lives?|sits?|runs?|moves?|arrives?|ships?|lands?)\s+(?:\w+\s+){0,3}?"
    r"(?:to|through|via|in|on|at|under|into|by)|"
    r"(?:is|are)\s+(?:\w+ly\s+)?(?:on|at|in|under|behind|via|\w+ed)|set)\b",
    re.IGNORECASE,
)

# -- what leans on a clause before it ------------------------------------------------------
LEANS_AT_START = re.compile(
    r"^\W*(?:it|its|they|them|their|he|she|his|her|this|that|these|those|such|so|but|and|"
    r"or|also|then|instead|however|otherwise|still|yet|likewise|either|which|who|the\s+same)\b",
    re.IGNORECASE,
)
LEANS_ANYWHERE = re.compile(r"\b(?:it|its|they|them|their|he|she|him|her)\b", re.IGNORECASE)
THERE = re.compile(r"\bthere\b(?!\s+(?:is|are|was|were|'s|will|has|have)\b)", re.IGNORECASE)
PLACE_BEFORE = re.compile(r"\b(?:on|in|at|to|into|under|onto)\s+\S", re.IGNORECASE)

# Between sentences, whatever the next one opens on ("… on the host. bovictl is …"), but
# not after an abbreviation ("e.g. the …").
SENTENCE = re.compile(
    r"(?<![Ee]\.g\.)(?<![Ii]\.e\.)(?<!\betc\.)(?<!\bvs\.)(?<!\bapprox\.)(?<!\b[Nn]o\.)"
    r"(?<=[.!?])\s+"
)
CLAUSE = re.compile(r";\s+|:\s+|\s+[—–]\s+")
END_MARK = re.compile(r"[.!?]+$")


def without_history(text: str) -> str:
    """`text` without what only names what a change retired (see the module docstring);
    `text` itself when nothing such is in it, or when what would stay is not a whole
    statement of what holds now."""
    sentences = [_inline(s) for s in SENTENCE.split(text.strip())]
    kept = _drop_clauses(sentences)
    out = " ".join(s for s in kept if s)
    return out if out and len(out.split()) >= MIN_WORDS else text


def _inline(sentence: str) -> str:
    """A sentence without its asides and appositions of history and the old side of a
    change "from A to B"."""
    out = HISTORY_ASIDE.sub("", sentence)
    if CHANGE_SAID.search(out):
        out = NOT_ASIDE.sub("", out)
    out = APPOSITION.sub(lambda m: _apposition(m, out), out)
    return FROM_TO.sub(lambda m: m.group(0)[: m.start("old") - m.start()], out)


def _apposition(match: re.Match[str], sentence: str) -> str:
    """A "not X" or "instead of X" goes only when its clause says a change (else it is a
    contrast that holds now: "not on Sundays", "instead of failing the batch"); the others
    always."""
    if match.group("not") or match.group("instead"):
        clause = CLAUSE.split(sentence[: match.start()])[-1]
        if not CHANGE_SAID.search(clause):
            return match.group(0)
    return ""


# Where a sentence's first clause ends: a comma, a stop within it, or a joining word
FIRST_CLAUSE = re.compile(
    r",\s+|;\s+|:\s+|\s+[—–]\s+|\s+(?:and|but|so|while|whereas|yet|because|when)\s+",
    re.IGNORECASE,
)
# Where a clause joins two statements: "the poller was removed and cells close sooner"
JOINED = re.compile(r",?\s+(?:and|but|while|whereas|so|yet)\s+", re.IGNORECASE)


def _ended(clause: str) -> bool:
    """The clause only says a thing ended: each statement it joins does (a statement of
    what holds now beside it keeps the clause), and it names no replacement of its own."""
    return all(_ends(piece) for piece in JOINED.split(clause))


def _ends(clause: str) -> bool:
    if _withdrawn(clause):
        return True
    found = ENDED.search(clause)
    if found is None and OLDER.search(clause):
        found = ENDED_OLD.search(clause)
    if found is None and ADVICE.search(clause):
        found = WRONG.search(clause)
    if found is None:
        return False
    rest = clause[: found.start()] + " " + clause[found.end() :]
    return NAMES_NEW.search(rest) is None


# What may open a clause before the act it tells: "the team" of "the team withdrew …"
LEAD = re.compile(r"\W*(?:\w+\W+){0,2}")


def _withdrawn(clause: str) -> bool:
    """The clause is a withdrawal told as an act and nothing else: "we withdrew the advice
    to wash at 3 °Bé", "scrap the film rule from 5 Oct" (`withdrawal_spans`). What it names
    is the claim withdrawn; beside a clause telling what holds now it only says an end."""
    body = clause.rstrip(" .!?")
    return any(
        LEAD.fullmatch(body[:start]) is not None and end >= len(body)
        for start, end in withdrawal_spans(body)
    )


def _judged_wrong(clause: str) -> bool:
    return bool(ADVICE.search(clause) and WRONG.search(clause))


def _leans(clause: str, *, opens: bool) -> bool:
    """The clause refers to something it does not name (a pronoun, "there" with no place
    before it, a word that continues what came before)."""
    if opens and LEANS_AT_START.search(clause):
        return True
    if LEANS_ANYWHERE.search(clause):
        return True
    there = THERE.search(clause)
    return there is not None and not PLACE_BEFORE.search(clause[: there.start()])


def _leans_back(clause: str, correction: bool) -> bool:
    """The clause after a dropped one leans on it; the correction after an older way judged
    wrong only by its opening word (its own pronoun further in points inside it)."""
    return bool(LEANS_AT_START.search(clause)) if correction else _leans(clause, opens=True)


def _drop_clauses(sentences: list[str]) -> list[str]:
    """Each sentence with its clauses that only say a thing ended left out, when what
    stays of the sentence (or of the entry, for a whole sentence) still stands."""
    out: list[str] = []
    dropped_whole: list[int] = []
    for index, sentence in enumerate(sentences):
        trimmed = _trim_sentence(sentence)
        if trimmed == "":
            dropped_whole.append(index)
        out.append(trimmed)
    for index in dropped_whole:
        following = next((s for s in out[index + 1 :] if s), "")
        rest = " ".join(s for s in out if s)
        # after an older way judged wrong, what follows is the correction, whatever its words;
        # it leans on the wrong one by a pronoun of its first clause, not one further in
        # that points at the subject it names itself ("The radar … read low, so cars left
        # faster than it thought")
        corrected = _judged_wrong(CLAUSE.split(sentences[index])[0])
        stands = IN_PLACE.search(rest) or corrected
        leaning = following and _leans(
            FIRST_CLAUSE.split(following)[0] if corrected else following, opens=True
        )
        if not rest or not stands or leaning:
            out[index] = sentences[index]
    return out


def _trim_sentence(sentence: str) -> str:
    """The sentence without its ended clauses; "" when every clause only says a thing
    ended (or an older way was wrong, with what it did after a colon); the sentence whole
    when what would stay leans on what went or states nothing in place."""
    mark = END_MARK.search(sentence)
    end = mark.group(0) if mark else ""
    body = sentence[: len(sentence) - len(end)]
    parts = CLAUSE.split(body)
    seps = CLAUSE.findall(body)
    ended = [_ended(p) for p in parts]
    if not any(ended):
        return sentence
    # After an older way judged wrong comes what it did ("it starved the pool": the whole
    # sentence is history) or the correction ("keep 16": the rule that holds now). Only
    # its opening word says which: a pronoun further in points inside the correction ("the
    # real cause is the valve, stuck when someone leaves it open").
    corrected = ended[0] and _judged_wrong(parts[0])
    if all(ended) or (corrected and _leans_back(parts[1], True)):
        return ""
    kept: list[int] = []
    for i, part in enumerate(parts):
        if ended[i]:
            continue
        if i > 0 and ended[i - 1] and _leans_back(part, corrected and i == 1):
            return sentence
        kept.append(i)
    words = sum(len(parts[i].split()) for i in kept)
    if words < MIN_WORDS or not (corrected or any(IN_PLACE.search(parts[i]) for i in kept)):
        return sentence
    # a kept clause joins the one before it by the separator that followed that one
    text = parts[kept[0]] + "".join(seps[j] + parts[i] for j, i in pairwise(kept))
    return (_capitalised(text) if ended[0] else text) + end


def _capitalised(text: str) -> str:
    """A sentence that now opens on a plain lowercase word opens on a capital (a command
    or a name written in lowercase is left as written)."""
    match = re.match(r"([a-z]+)(?=\s)", text)
    if match is None:
        return text
    return text[0].upper() + text[1:]
