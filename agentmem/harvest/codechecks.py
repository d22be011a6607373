"""A check in a program retro: the string a statement hands after a comparison
(`doAssert d <= MAX, "…"`, `assert x <= MAX` ⏎ `report "…"`, the first line of a block an
`if (…> MAX) {` opens) is what the check says when it fails, an alarm, not a finding;
unless it is worded as a rule (`never …`, `always …`), the lesson the check keeps.

Apart from what statements say (`agentmem.harvest.codevalues`) because a check is told
by the lines around it, not by its string. Every pattern is bounded.
"""

from __future__ import annotations

import re

from agentmem.harvest.codeparse import string_spans

# A comparison in code (strings taken out): `<=`, `>=`, `==`, `!=`, `/=`, `~=`, ` < `, ` > `.
COMPARES = re.compile(r"<=|>=|==|!=|/=|~=|\s[<>]\s")
EQUALS = re.compile(r"(?<![:<>!=/+*\-])=(?![=>])")
STATEMENT_ENDS = (";", "{", "}", ",", ":", "=", "(", "[")
BLOCK_OPENS = re.compile(r"\b(?:then|do|begin|else|is)\s*$", re.I)  # a block's lines go on
# A condition's keyword opening a block of a check.
CONDITION = re.compile(r"^\s*(?:\}\s*)?(?:if|elif|elsif|else\s+if|unless|when)\b", re.I)
# A message worded as a rule ("never release an untested lot", "always …", "do not …"):
# what the check enforces, told as a lesson would tell it, not the reading it failed on.
RULE = re.compile(r"^\W{0,3}(?:never|always|do not|don't|must not|must)\b", re.I)


def _unstrung(code: str) -> str:
    """A code line with its strings taken out."""
    for start, end, _ in reversed(string_spans(code)):
        code = f"{code[:start]} {code[end:]}"
    return code


def is_check(code: str, *, alone: bool = False) -> bool:
    """A statement that compares before the string it hands (`doAssert d <= MAX, "…"`,
    `if .x == null then error("…")`): its string is what the check says when it fails.
    `alone`: a line of a check whose message the next line gives, where a lone `=` compares
    too (`assert flushed = '1'`)."""
    spans = string_spans(code)  # up to the last string: `if ($lot['fe'] > MAX) { throw …("…")`
    if not spans and not alone:
        return False  # it hands no words
    head = _unstrung(code[: spans[-1][0]]) if spans and not alone else _unstrung(code)
    return COMPARES.search(head) is not None or (alone and EQUALS.search(head) is not None)


def worded_as_rule(code: str) -> bool:
    """A string the line hands is worded as a rule (`RULE`): the check's message is the
    lesson the check keeps, a finding as a printed one is (a Dart retro's `throw
    StateError('never run production rope after a long stop without the leader rope')`)."""
    return any(RULE.match(text) is not None for _, _, text in string_spans(code))


def is_guarded(before: str, line: str) -> bool:
    """The line is the first of a block a condition opens (`if ($pct > 0.30) {` ⏎ `throw
    new RuntimeException("…")`): what it hands is the check's message."""
    if not before.strip() or not (
        before.rstrip().endswith(("{", ":")) or BLOCK_OPENS.search(before)
    ):
        return False
    if CONDITION.search(before) is None or COMPARES.search(_unstrung(before)) is None:
        return False
    return len(line) - len(line.lstrip()) > len(before) - len(before.lstrip())


def goes_on(before: str, line: str) -> bool:
    """The line goes on the statement of the code line before: indented deeper, and that
    line neither ended its statement nor opened a block."""
    if not before.strip() or before.rstrip().endswith(STATEMENT_ENDS):
        return False
    if BLOCK_OPENS.search(before) is not None:
        return False
    return len(line) - len(line.lstrip()) > len(before) - len(before.lstrip())
