"""Made-up lessons for the writer's benchmarks and the judge's sameness check: sentences of
invented words in the shapes a loop's lessons take (a value with its unit, a clock time,
a weekday, a version, a command or a path as code, an identifier, a capitalised name, a
team's handle, a change word), and pairs of them as the judge meets them (a draft and
the held lessons it is compared with: the same lesson reworded, a new value of it, the
same frame of another thing, a withdrawal, an unrelated lesson).

    from bench.lessons import Lessons
    lessons = Lessons(seed); lessons.text(); lessons.pair()
"""

from __future__ import annotations

import random

SYLLABLES = tuple(  # consonant-vowel pairs: made-up words that read as words
    c + v for c in "bdfgklmnprstvz" for v in "aeiou"
)
ENDS = ("n", "r", "l", "s", "x", "m", "k", "t", "")
UNITS = ("ms", "s", "minutes", "hours", "days", "MB", "GB", "%", "retries", "workers")
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
CHANGES = ("now", "no longer", "instead", "moved", "replaced", "retired", "switched")
VERBS = ("runs", "needs", "keeps", "uses", "waits", "caps", "holds", "sends", "reads", "builds")
OPENERS = ("", "", "", "**Note:** ", "Since 2026-03-14 ", "After the upgrade, ", "Lesson: ")


class Lessons:
    """A seeded source of made-up lesson texts and draft/held pairs."""

    def __init__(self, seed: int, vocabulary: int = 400) -> None:
        self.rng = random.Random(seed)
        self.words = sorted({self._word() for _ in range(vocabulary)})

    def _word(self) -> str:
        parts = self.rng.randint(2, 3)
        return "".join(self.rng.choice(SYLLABLES) for _ in range(parts)) + self.rng.choice(ENDS)

    def word(self) -> str:
        # a few words are everywhere, most are rare, as in real notes
        i = min(int(self.rng.paretovariate(0.8)) - 1, len(self.words) - 1)
        return self.words[i] if self.rng.random() < 0.3 else self.rng.choice(self.words)

    def value(self, kind: str | None = None) -> str:
        kind = kind or self.rng.choice(("unit", "time", "day", "version", "count", "code"))
        rng = self.rng
        if kind == "unit":
            return (
                f"{rng.choice((2, 3, 5, 8, 10, 15, 30, 45, 60, 90, 250, 1000))} {rng.choice(UNITS)}"
            )
        if kind == "time":
            return f"{rng.randint(0, 23):02d}:{rng.choice((0, 15, 30, 45)):02d} UTC"
        if kind == "day":
            return f"every {rng.choice(DAYS)}"
        if kind == "version":
            return f"v{rng.randint(1, 9)}.{rng.randint(0, 12)}"
        if kind == "count":
            return f"{rng.choice(('two', 'three', 'four', '2', '6', '12'))} {self.word()}s"
        return f"`{self.word()} --{self.word()} {self.word()}/{self.word()}.yaml`"

    def thing(self) -> str:
        """What a lesson is about: words, now and then an identifier or a name."""
        rng = self.rng
        words = [self.word() for _ in range(rng.randint(1, 3))]
        shape = rng.random()
        if shape < 0.15:
            words.append(
                f"{self.word()}_{self.word()}".upper()
                if rng.random() < 0.5
                else f"{self.word().capitalize()}{self.word().capitalize()}"
            )
        elif shape < 0.3:
            words.insert(0, self.word().capitalize())
        elif shape < 0.4:
            words.insert(0, self.word()[:3].upper())
        elif shape < 0.5:
            words.append(f"{self.word()}/{self.word()}.py")
        return " ".join(words)

    def text(self, thing: str | None = None, value: str | None = None) -> str:
        rng = self.rng
        thing = thing or self.thing()
        value = value or self.value()
        extra = " ".join(self.word() for _ in range(rng.randint(1, 6)))
        shapes = (
            f"The {thing} {rng.choice(VERBS)} {value} {extra}.",
            f"{rng.choice(OPENERS)}{thing.capitalize()} {rng.choice(VERBS)} {value}; {extra}.",
            f"Set {thing} to {value} before the {self.word()} {extra}.",
            f"@{self.word()}-team owns the {thing}: ask them before {extra}.",
            f"To {self.word()} the {thing}, run {self.value('code')} ({extra}).",
            f"{self.word().upper()[:3]}-{rng.randint(1, 99)}: the {thing} {rng.choice(VERBS)} {value}.",
            f"The {thing} is {self.word()}, not {self.word()}: {extra} {value}.",
        )
        return " ".join(rng.choice(shapes).split())

    def pair(self) -> tuple[str, str]:
        """A draft and a held text, in one of the relations the judge tells apart."""
        rng = self.rng
        thing, value = self.thing(), self.value()
        held = self.text(thing, value)
        how = rng.random()
        if how < 0.2:  # reworded: a word dropped or added, the rest kept
            words = held.split()
            if len(words) > 4 and rng.random() < 0.5:
                del words[rng.randrange(1, len(words) - 1)]
            else:
                words.insert(rng.randrange(1, len(words)), self.word())
            return " ".join(words), held
        if how < 0.45:  # a new value, told with a change word or not
            new = self.value(_kind(value))
            cue = rng.choice(("", "", *CHANGES))
            told = rng.choice(
                (
                    f"The {thing} {cue} {rng.choice(VERBS)} {new}.",
                    f"{thing.capitalize()} {cue} {rng.choice(VERBS)} {new}, not {value}.",
                    f"Changed the {thing} from {value} to {new}.",
                    f"The {thing} {rng.choice(VERBS)} {new} instead of {value}.",
                )
            )
            return " ".join(told.split()), held
        if how < 0.6:  # the same frame of another thing
            other = " ".join(self.word() if rng.random() < 0.4 else w for w in thing.split())
            return self.text(other, self.value(_kind(value))), held
        if how < 0.65:  # a withdrawal
            return (
                f"Retracted: the {thing} {rng.choice(VERBS)} {value}; it was {self.word()}.",
                held,
            )
        if how < 0.75:  # a tool, a flag, a role or a rule changed in words
            tool, flag, team = self.word(), self.word(), self.word()
            held = rng.choice(
                (
                    held,
                    f"To {self.word()} the {thing}, run `{tool} {flag} --{self.word()}`.",
                    f"@{team}-team handles the {thing}; page them for {self.word()} {self.word()}.",
                )
            )
            told = rng.choice(
                (
                    f"@{self.word()}-team takes over the {thing} from @{team}-team.",
                    f"The {tool} tool no longer has `{tool} {flag}`; only `{tool} {self.word()}` is left.",
                    f"No {tool} {flag} any more: use `{self.word()} {flag}` for the {thing} instead.",
                    f"The `--{flag}` flag was removed from {tool} in {self.value('version')}.",
                    f"The {thing} depends on the {self.word()}: {self.value()} for {self.word()}, "
                    f"{self.value()} for {self.word()}.",
                    f"The old {tool} job is retired; the {thing} {rng.choice(VERBS)} {self.value()}.",
                    f"The {thing} {rng.choice(VERBS)} {value} now, while the {self.word()} keeps "
                    f"{self.value()}.",
                )
            )
            return told, held
        if how < 0.85:  # a fuller statement
            return f"{held[:-1]} {rng.choice(('because', 'so', 'and'))} {self.text()}", held
        return self.text(), held  # unrelated, or sharing a word by chance


def _kind(value: str) -> str | None:
    if value.startswith("`"):
        return "code"
    if value.startswith("every "):
        return "day"
    if ":" in value:
        return "time"
    if value.startswith("v"):
        return "version"
    return "unit" if value.split()[-1] in UNITS else "count"
