"""A value a newer lesson judges wrong: the older lesson that prescribes it tells how
things were believed, not how they are.

A fix that turned out wrong is told after the fact in the words of the judgment, and
seldom as a replacement of the lesson that prescribed it: "raising the pool to 64
connections was the wrong fix: the leak was in the retry loop", "the 90-minute cool-down
turned out to be unnecessary", "\"Kilns need 12 kW.\" False: ...", "setting -Xss8m did not
help". The value judged is read as the readers read every value
(`agentmem.retrieval.conflict.slot_values`: a time, a size however written, a count of a
unit, a path), so "an 8 GB heap was a mistake" judges the older "run it with -Xmx8g".

A value told as the old side of a change ("moved the report from schema 3.1 to 4.0",
"replaced v2 with v3"), or named the old one ("the previous 4 s setting fails the check")
beside another of its kind, is gone the same way: the text that tells the change names the old
value only to say it changed, and stays.

A value is judged wrong (`disowned`) when it stands in a clause before a word of judgment
("was wrong", "was a mistake", "did not help", "made it worse", "a red herring", "not the
fix") with no other value of its kind between the two, or in a sentence the next one
opens by judging ("False.", "Wrong:", "Not true"), and the same text states it nowhere
else without such a word (then the value still holds for something). A lesson states a
judged value of the same subject (`states_disowned`) when the sentence holding it shares
`SUBJECT` words with the judging text, and the lesson does not judge it itself.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import lru_cache

from agentmem.core.statement import terms
from agentmem.retrieval.conflict import NO_SLOT, slot_values
from agentmem.retrieval.stated import CLAUSE, COMMON_KINDS

# A sentence ends at its stop, also when a closing quote or emphasis follows it.
SENTENCE = re.compile(r"(?<=[.!?])[\"\u201d\u2019'*_]*\s+|\n+")
SUBJECT = 2  # content words a lesson's clause with the value shares with the judging text

WRONG = re.compile(
    r"\b(?:was|were|is|are|has\s+been|have\s+been|proved|turned\s+out)\s+(?:to\s+be\s+)?"
    r"(?:just\s+|only\s+|also\s+|simply\s+|clearly\s+)?(?:(?:the|a|an)\s+)?"
    r"(?:wrong|incorrect|mistaken|(?:a\s+)?mistake|an?\s+error|false|bogus|a\s+myth|"
    r"red\s+herring|dead\s+end|no\s+help|unnecessary|not\s+needed|useless|"
    r"not\s+the\s+(?:cause|fix|problem|issue|answer|culprit))\b"
    r"|\b(?:did|does|do)(?:\s+not|n't)\s+(?:help|fix\s+it|fix\s+anything|work|matter)\b"
    r"|\bmade\s+(?:it|things|this|that|matters|the\s+\w+)\s+worse\b|\bred\s+herring\b",
    re.IGNORECASE,
)
# A change told with the old value and the new: "we moved the report from schema 3.1 to
# 4.0", "raised the cap from 40 to 64 rooms", "replaced v2 with v3", "v2 was replaced by
# v3". A verb of change must come first: "runs from 08:00 to 12:00" is a range.
_SPAN = r"(?:[^;:.!?]|\.(?=\S)){1,80}?"  # a stop inside a value ("2.5", "db.lan") is no end
CHANGED = re.compile(
    r"\b(?:moved|changed|switched|migrated|upgraded|downgraded|bumped|raised|lowered|cut|"
    r"reduced|increased|shortened|extended|lengthened|shifted|updated|renamed|repointed|"
    r"pointed|went|goes|go|has\s+gone|have\s+gone|dropped|lifted|tightened|relaxed)\b"
    rf"[^;:.!?]{{0,60}}?\bfrom\s+(?P<was>{_SPAN})\s+(?:to|into|onto)\s+(?P<now>[^;:!?]{{1,80}})"
    rf"|\breplac(?:e|ed|es|ing)\s+(?P<was2>{_SPAN})\s+(?:with|by)\s+(?P<now2>[^;:!?]{{1,80}})"
    rf"|(?:^|(?<=,\s))(?P<was3>{_SPAN})\s+(?:was|were|has\s+been|have\s+been|is|are)\s+(?:now\s+)?"
    r"(?:replaced|superseded)\s+by\s+(?P<now3>[^;:!?]{1,80})",
    re.IGNORECASE,
)
# A value named as the old one: "the previous 4 s setting fails", "our old 40-room cap".
OLD_SIDE = re.compile(
    r"\b(?:the|our|its|their|that)\s+(?:previous|old|former|earlier|legacy|original|outdated)"
    r"\s+(?P<was>(?:[^\s,;:!?]+\s+){0,3}?[^\s,;:!?]*\d[^\s,;:!?]*(?:\s+[^\s,;:!?]+)?)",
    re.IGNORECASE,
)
# A sentence that judges the one before it: "\"Kilns need 12 kW.\" False."
JUDGED_BEFORE = re.compile(
    r"^\W*(?:false|wrong|incorrect|untrue|not\s+true|myth|debunked)\b", re.IGNORECASE
)


def _kinds(text: str) -> set[tuple[str, str]]:
    return {k for k in slot_values(text) if k[0] not in NO_SLOT and k[0] not in COMMON_KINDS}


@lru_cache(maxsize=4096)
def disowned(text: str) -> frozenset[tuple[str, str]]:
    """The values (kind, value) `text` judges wrong, and states nowhere without a judgment
    (see the module docstring)."""
    judged: set[tuple[str, str]] = set()
    plain: set[tuple[str, str]] = set()
    sentences = [s for s in SENTENCE.split(text) if s.strip()]
    for at, sentence in enumerate(sentences):
        after = sentences[at + 1] if at + 1 < len(sentences) else ""
        if JUDGED_BEFORE.match(after):
            judged |= _kinds(sentence)
            continue
        for clause in CLAUSE.split(sentence):
            if olds := _old_side(clause, text):
                judged |= olds
                plain |= _kinds(OLD_SIDE.sub(" ", clause))
                continue
            if changes := _changed(clause):
                judged |= changes
                plain |= _kinds(CHANGED.sub(" ", clause))
                continue
            cues = list(WRONG.finditer(clause))
            if not cues:
                plain |= _kinds(clause)
                continue
            before = clause[: cues[0].start()]
            here = _kinds(before)
            judged |= {k for k in here if _last_of_kind(before, k)}
            plain |= _kinds(clause[cues[-1].end() :]) - here
    still = {value for _, value in plain}  # told plainly of anything, it may still hold
    return frozenset(k for k in judged if k[1] not in still)


def _old_side(clause: str, text: str) -> set[tuple[str, str]]:
    """The values `clause` names as the old ones (`OLD_SIDE`), each of a kind `text` gives
    another value of."""
    out: set[tuple[str, str]] = set()
    for m in OLD_SIDE.finditer(clause):
        olds = _kinds(m["was"])
        others = _kinds(text.replace(m.group(0), " "))
        out |= {k for k in olds if any(o[0] == k[0] and o[1] != k[1] for o in others)}
    return out


def _changed(clause: str) -> set[tuple[str, str]]:
    """The old values of the changes `clause` tells (`CHANGED`): each of a kind the new
    side gives another value of."""
    out = set()
    for m in CHANGED.finditer(clause):
        was = m["was"] or m["was2"] or m["was3"] or ""
        now = _kinds(m["now"] or m["now2"] or m["now3"] or "")
        out |= {k for k in _kinds(was) if k not in now and any(n[0] == k[0] for n in now)}
    return out


def _last_of_kind(before: str, key: tuple[str, str]) -> bool:
    """No other value of `key`'s kind stands between it and the judgment: "64 connections
    was wrong" judges 64, "from 64 connections to 16 was wrong" judges the change, not 64."""
    kind, _ = key
    words = before.split()
    for start in range(len(words) - 1, -1, -1):
        tail = " ".join(words[start:])
        found = {k for k in _kinds(tail) if k[0] == kind}
        if found:
            return found == {key}
    return False


def states_disowned(lesson: str, judging: str, values: Collection[tuple[str, str]]) -> bool:
    """`lesson` states one of `values` (judged wrong by `judging`) in a sentence sharing
    `SUBJECT` content words with `judging`, and does not judge it itself."""
    own = disowned(lesson)
    theirs = _words(judging)
    for sentence in SENTENCE.split(lesson):
        mine = slot_values(sentence)
        for key in values:
            if key in own or key not in mine:
                continue
            if len(_words(sentence) & theirs - set(key[0].split())) >= SUBJECT:
                return True
    return False


def _words(text: str) -> set[str]:
    return {t for t in terms(text).content if len(t) >= 3 and not t.isdigit()}
