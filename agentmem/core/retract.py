"""Retractions: a lesson that begins "Retracted:", or that opens by judging an earlier
claim wrong ("The longer goal timeout was a red herring: …"), withdraws a held one, the one that shares
most with its first clause (the claim withdrawn) beyond what it shares with the rest (the
reason, which a correct lesson may well share). The claim's framing ("the 03-14 run
lesson that blamed …") is none of its words, but the day it names is when the lesson was
written: a lesson of that day is the one withdrawn. A lesson that itself says the thing
was not it agrees with the retraction and stays. `agentmem.core.verdict` asks it.

Told in other words than the lesson (`agentmem.core.practice`): every held lesson that
prescribes the practice withdrawn goes too (the run's lesson and the review line that
repeated it; "widening the window is not a fix; …" withdraws "raise the limit to 90
minutes"); when neither finds one, those that set a setting the retraction names with
another value ("… LIMIT_X stays at 45" withdraws "raise LIMIT_X to 90", said with the
practice's verb). A retraction that says a name was removed ("… was wrong. The NO-FASTBOOT
define is removed from every config") also withdraws the lessons that keep that name, however
they spell it (`+define+NO_FASTBOOT`), and one that says a practice does not cure a problem
withdraws the lessons saying it clears that problem, however they name what was acted on
("restarting the spooler does not cure SpoolStuck" of "bouncing the print server clears
SpoolStuck": `agentmem.core.practice.cured`). A withdrawal told as an act anywhere in the
text ("we withdrew the advice to X", "please drop the note that X") withdraws the lessons
advising X in other words (`agentmem.core.advicewithdrawn`). A text that is no retraction withdraws the lessons
prescribing what it says the team no longer does ("We no longer cut the contacts short …"),
and those whose cause it says does not happen, beside a cause of its own ("the latches never
lose power at 22:00; the jams came from …": `agentmem.core.gainsay.gainsaid`).

Other shapes ("That was wrong about X: …", a theory judged wrong later in the text, a
correction's label, "X had nothing to do with Y") are read by `agentmem.core.disowned`; in
every shape the causes the text denies are the claim, never the reason, and a lesson is
withdrawn for a denied cause only when it names the cause's head. A claim judged in other
words than "wrong" ("not true that …", "that theory didn't hold up") is read by
`agentmem.core.verdicts`; a cause answered by a fact ("the indexer does keep umlauts; the
misses came from …") withdraws the lesson that gave it (`agentmem.core.answered`); a
remedy found to have done nothing, a warning found needless ("it is safe to …") and a
pointed-at claim said not to be so withdraw theirs too (`agentmem.core.nofix`); a change
said not to have fixed a problem withdraws the finding that it cut the problem's figure
(`agentmem.core.helpednot`). When no
rule withdraws anything, a text carrying a verdict on a claim ("was a myth", "never a
rule", "a misread memo") withdraws the one lesson it names by that lesson's own
distinctive words and figures (`agentmem.core.namedverdict`)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence

from agentmem.core.advicewithdrawn import advice_withdrawn
from agentmem.core.affirmed import affirmed
from agentmem.core.answered import answered
from agentmem.core.cleared import cleared, genuine, mistaken
from agentmem.core.contradicted import contradicted
from agentmem.core.deniedcause import denied_cause
from agentmem.core.disowned import SENTENCE
from agentmem.core.flipped import flipped
from agentmem.core.gainsay import causes, gainsaid, swapped
from agentmem.core.helpednot import helped_not
from agentmem.core.labelled import relabelled
from agentmem.core.namedverdict import claim_names, named_by_verdict
from agentmem.core.nofix import (
    negated_claim,
    no_effect,
    of_another,
    opposite_state,
    safe_after_all,
)
from agentmem.core.outdated import outdated
from agentmem.core.picked import carried, dated, names_cause, retracted
from agentmem.core.practice import (
    TAKE_AWAY,
    VERBS,
    cured,
    no_longer,
    practices,
    prescribes,
    prescribes_all,
    refuted,
    words,
)
from agentmem.core.recaused import recaused
from agentmem.core.removal import removed
from agentmem.core.saidnot import said_not
from agentmem.core.setaside import set_aside
from agentmem.core.statement import terms
from agentmem.core.topicwrong import named_wrong
from agentmem.core.unbound import unbound
from agentmem.core.undoneremedy import undone
from agentmem.core.unfounded import unfounded
from agentmem.core.wentback import returned
from agentmem.core.withdrawal import CLAUSE, DAY, DENIED, FRAMING, RETRACTED, retraction

__all__ = [
    "CLAUSE",
    "DAY",
    "DENIED",
    "FRAMING",
    "RETRACTED",
    "names_cause",
    "outdated",
    "retracted",
    "retraction",
    "squash",
    "withdrawn",
]

# a hyphen that breaks a word at a line's end, between two lower-case letters
JOINED = re.compile(r"(?<=[a-z])-\r?\n(?=[a-z])")
MOST = 3  # lessons one retraction withdraws at most
ABOUT = 2  # other sentences naming a thing that make it what the text is about


def withdrawn(
    text: str,
    held: Sequence[tuple[str, str]],
    written: Mapping[str, str] | None = None,
    restated: Mapping[str, Sequence[str]] | None = None,
    earlier: Sequence[tuple[str, str]] = (),
) -> list[str]:
    """The ids, among (id, text) pairs, of the lessons a text withdraws. A retraction
    withdraws the one `retracted` finds by its claim's words and every one that prescribes
    the practice it withdraws (a thread quoting the advice, the run lesson that followed
    it in other verbs) or keeps a name it says was removed; when none is found, those that
    set a setting it names with another value. A text that is no retraction withdraws what prescribes the practice it
    says the team no longer follows. `written` tells, by id, when and in which run a held
    lesson was written (`retracted`: a claim naming its day). `earlier` are lessons a held
    one replaced since, as (id, text), and `restated` names, by id, the held lessons that
    replaced each (`carried`)."""
    text = JOINED.sub("", text)  # a word broken over a line end ("fr-\nom") is one word
    held = [(i, t) for i, t in held if not of_another(text, t)]  # another problem's cause
    said = retraction(text)
    if said is None and (outdated_claim := outdated(text)) is not None:
        return _outdated(outdated_claim, held)
    told = practices(*said) if said is not None else no_longer(text)
    lessons = [(i, t) for i, t in held if not RETRACTED.match(t)]
    found = [i for i, t in lessons if told and prescribes(t, told)]
    # what a withdrawal anywhere in the text names by what the lesson advised
    found += [i for i in advice_withdrawn(text, lessons) if i not in found]
    if said is None:
        no_fix = refuted(text)
        found += [
            i for i, t in lessons if i not in found and any(prescribes_all(t, p) for p in no_fix)
        ]
        # the cause a lesson gave said not to happen, beside another cause (`gainsaid`)
        found += [i for i, t in lessons if i not in found and denies(text, t)]
        # the cause a lesson gave answered by a fact, beside another cause (`answered`)
        found += [i for i, t in lessons if i not in found and answered(text, t)]
        return found[:MOST] or _named(text, lessons, None)
    gone = taken_out(text)
    found += [i for i, t in lessons if i not in found and gone & set(names_in(t))]
    found += [i for i, t in lessons if i not in found and cured(t, said[0])]
    found += [i for i, t in lessons if i not in found and denies(text, t)]
    found += [i for i, t in lessons if i not in found and answered(text, t)]
    if swapped(text):  # "X come from B, not from A" withdraws only a lesson telling a cause,
        # or one whose thing it says is in the opposite state ("the gate accepts them")
        found = [i for i in found if causes(t := dict(lessons)[i]) or opposite_state(text, t)]
    best = retracted(text, lessons, written)
    if best is None and restated:
        found += [i for i in carried(text, lessons, written, restated, earlier) if i not in found]
    if best is not None and (best in found or not found or dated(text, best, written)):
        return [best, *(i for i in found if i != best)][:MOST]
    if found:  # what prescribes the practice outweighs a lesson sharing the claim's words
        return found[:MOST]
    found = found or [i for i, t in lessons if revalued(text, t, told)]
    # a labelled claim whose reason tells the thing's value now (`agentmem.core.labelled`)
    found = found or [i for i, t in lessons if relabelled(text, said, t)]
    return found[:MOST] or _named(text, lessons, said)


def _named(
    text: str, lessons: Sequence[tuple[str, str]], said: tuple[str, str] | None
) -> list[str]:
    """Last, the one lesson a text judging a claim names by its own distinctive words and
    figures (`agentmem.core.namedverdict.named_by_verdict`), where a worded shape read no
    claim of its own words, or a record's, a struck line's or a quoted one that the lesson
    shares a word of (`claim_names`)."""
    named = named_by_verdict(text, lessons, judged=said is not None)
    if named is None:
        return []
    if said is not None and not claim_names(text, said, dict(lessons)[named]):
        return []
    return [named]


def denies(text: str, held: str) -> bool:
    """The text says no to the cause the held lesson gives (`gainsaid`, `denied_cause`,
    `agentmem.core.contradicted`)."""
    return (
        gainsaid(text, held)
        or denied_cause(text, held)
        or contradicted(text, held)
        or no_effect(text, held)
        or safe_after_all(text, held)
        or negated_claim(text, held)
        or opposite_state(text, held)
        or affirmed(text, held)
        or named_wrong(text, held)  # a claim named by its topic alone
        or said_not(text, held)  # its claim said not to be so, in its words
        or undone(text, held)  # the remedy it prescribes undone, in its words
        or flipped(text, held)  # what it says does not happen said to hold, in its words
        or unbound(text, held)  # what it says binds (a law, a requirement) said not to
        or cleared(text, held)  # the faulty thing it blames found sound
        or mistaken(text, held)  # one thing it names owned up to as taken for another
        or genuine(text, held)  # what it calls noise said to be real
        or recaused(text, held)  # another cause of its failure, told as a correction
        or unfounded(text, held)  # its cause there all along, its rule never asking it
        or set_aside(text, held)  # its trouble cured another way, its remedy's knob undone
        or returned(text, held)  # the value its change moved away from told "again"
        or helped_not(text, held)  # the fall it tells with a change said to be no fix
    )


def _outdated(said: tuple[str, str], held: Sequence[tuple[str, str]]) -> list[str]:
    """The lessons a correction of outdated notes withdraws: those that say every word of
    its claim (two at least), more of it than of the new way told after it. A lesson on
    another site or part ("the south kiln …" against a claim on the kiln) lacks a word of
    the claim and stays; one that tells a change itself ("… since 3 May …") is a newer
    word than the notes corrected, and stays too."""
    claim = terms(said[0]).content - FRAMING
    if len(claim) < 2:
        return []
    reason = terms(said[1]).content
    found = []
    for memory_id, held_text in held:
        told = terms(held_text)
        if RETRACTED.match(held_text) or outdated(held_text) is not None or told.change:
            continue
        content = told.content
        share = len(reason & content) / max(len(reason), 1)
        if claim <= content and share < 1:
            found.append((share, memory_id))
    return [i for _, i in sorted(found)][:MOST]


def taken_out(text: str) -> frozenset[str]:
    """The names (a define, a flag, a file: no phrase) a retraction says are removed ("…
    was wrong. The NO-FASTBOOT define is removed from every config"), squashed (`names_in`).
    A name the text keeps telling of in its other sentences ("the K-7 gauges were accurate …
    the K-7 valve sticks … the K-7 rows were removed") is the place it is about, not one
    that was removed."""
    said = [names_in(s) for s in SENTENCE.split(text.strip()) if not removed(s)]
    told = Counter(n for names in said for n in names)
    return frozenset(
        squash(n)
        for n in removed(text)
        if " " not in n and len(squash(n)) > 2 and told[squash(n)] < ABOUT
    )


def names_in(text: str) -> list[str]:
    """The text's words, squashed: `+define+NO_FASTBOOT` says `nofastboot`, as `NO-FASTBOOT` does. A
    lesson that takes the name away itself ("NO_FASTBOOT was removed") names none."""
    if TAKE_AWAY in words(re.sub(r"\S*[\w-][_+]\S*", " ", text)):  # not a name's own word
        return []
    return [squash(w) for w in re.findall(r"[\w-]+", text)]


def squash(name: str) -> str:
    return re.sub(r"[\W_]+", "", name.lower())


def revalued(text: str, held: str, told: Sequence[str]) -> bool:
    """The held lesson sets a setting the retraction names (an identifier such as
    `LIMIT_X`) to a value the retraction does not give, where the retraction gives another,
    and says it with a verb of the practice's family ("raise LIMIT_X to 90" against
    "widening the window is not a fix …; LIMIT_X stays at 45")."""
    said, kept = terms(text), terms(held)
    if not said.names & kept.names:
        return False
    verbs = {w for part in told for w in words(part)} & VERBS
    if not verbs & words(held):
        return False
    given = {v for found in said.values.values() for v in found}
    stated = {v for found in kept.values.values() for v in found}
    return bool(given - stated) and bool(stated - given)
