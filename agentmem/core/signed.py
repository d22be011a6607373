"""Which minus signs belong to the number they open (`agentmem.core.values`).

A hyphen before a digit is as often a dash as a sign: a range ("10-12", "1st-15th"), a
code ("T-3", "AK-PC 782A"), a list's bullet, a clause's dash. Read as a sign wherever it
opens a number, it gave a mono show's "-19 LUFS" as a new value of a stereo show's
"-16 LUFS" and a calibration's "11 bias frames" as a new count of a detector's "-100 C"
(last round's b322201, not kept). So a minus is a sign only when nothing joins it to the
word or number before it (the text's start, a blank, an opening bracket or quote, or a
setting's "=" or ":") and the number it opens is whole (no range or code goes on after
it), and then only when the number is of a measure that can be below zero (a temperature,
a level in decibels or LUFS, a pressure, a voltage, a percentage) or is a setting's value
("I=-16", 'CH3_HIGH_TEMP_C: "-20"'). "trips at -18 °C" then states -18, as it says.

`signs` marks each such minus with `SIGN` (one character for one, so every position of
the text stays where it was); the reader of numbers reads a number right after `SIGN`
as negative.
"""

from __future__ import annotations

import re

SIGN = "\ue000"  # a private-use character: no word, no blank, no dash to any reader
# the sign of a setting's value whose key names a temperature ("CH3_HIGH_TEMP_C: -20")
SIGN_C = "\ue001"
SIGNS = frozenset((SIGN, SIGN_C))
MINUS = re.compile(r"[-\u2212](?=\d)")
# A whole number or decimal, and no more digits joined on: "-10-12" is a range, "-1,000"
# and "-18,5" are left unread, "-3a" is a code.
WHOLE = re.compile(r"\d+(?:\.\d+)?(?![.,-]?\d|[A-Za-z_])")
# A measure that can be below zero, right after the number (one blank at most): degrees,
# decibels of any reference, loudness units, a pressure, a voltage, a percentage.
BELOW_ZERO = re.compile(
    r"\s?(?:[°º]|deg(?:rees?|[CF])?\b|celsius\b|fahrenheit\b|[CFKV]\b|dB[A-Za-z]{0,4}\b|"
    r"LUFS\b|LKFS\b|LU\b|[kMh]?Pa[ag]?\b|mbar\b|psig?\b|[mµu]V\b|%)",
    re.IGNORECASE,
)
SCALES = frozenset("CFKV")  # one letter is a unit only in capitals: "-3 c" is no Celsius
OPENS = frozenset("([\"'")  # what may stand right before a sign
SETTING = frozenset("=:")  # a setting's value follows these


def signs(text: str) -> str:
    """The text with each minus that is its number's sign replaced by `SIGN`."""
    if "-" not in text and "\u2212" not in text:
        return text
    marks = [(m.start(), s) for m in MINUS.finditer(text) if (s := _sign(text, m.start()))]
    if not marks:
        return text
    chars = list(text)
    for at, sign in marks:
        chars[at] = sign
    return "".join(chars)


# A measure's unit as a kind of value, for the units that can be below zero: a level in dB
# is not a count, nor a temperature a loudness. Capitals matter for one letter only.
MEASURES = {
    **dict.fromkeys(("°", "º", "deg", "degree", "degrees"), "°"),
    **dict.fromkeys(("°c", "ºc", "degc", "celsius", "C"), "°c"),
    **dict.fromkeys(("°f", "ºf", "degf", "fahrenheit", "F"), "°f"),
    **{u: u for u in ("db", "dba", "dbm", "dbfs", "dbtp", "dbu", "dbv", "lu", "lufs")},
    "lkfs": "lufs",
    **{u: u for u in ("pa", "hpa", "kpa", "kpag", "kpaa", "mpa", "mbar", "bar", "psi", "psig")},
    **{u: u.lower() for u in ("mv", "µv", "uv", "V")},
}


def measure(unit: str) -> str | None:
    """The kind of value a unit read after a number gives, when it is one of MEASURES."""
    said = "".join(unit.split())
    return MEASURES.get(said if len(said) == 1 and said.isalpha() else said.lower())


def _sign(text: str, at: int) -> str:
    """The mark of the minus at `at`, or "" when it is no sign."""
    before = text[at - 1] if at else " "
    key = _setting_key(text, at)
    if not (before.isspace() or before in OPENS or (before in SETTING and key is not None)):
        return ""
    number = WHOLE.match(text, at + 1)
    if number is None:
        return ""
    if key is not None and TEMPERATURE_KEY.search(key):
        return SIGN_C
    unit = BELOW_ZERO.match(text, number.end())
    if unit is None:
        return ""
    said = unit.group(0).lstrip()
    return SIGN if len(said) != 1 or not said.isalpha() or said in SCALES else ""


# A key that names a temperature: "HIGH_TEMP_C", "freezer_temp", "setpoint_degC".
TEMPERATURE_KEY = re.compile(r"temp|_deg_?c$|_C$|celsius", re.IGNORECASE)
KEY = re.compile(r"[A-Za-z][\w.-]{0,63}$")


def _setting_key(text: str, at: int) -> str | None:
    """The key of the setting whose value the minus opens: it follows a key's "=" or ":"
    (a quote and one blank may stand between), and a ":" that follows a digit (a clock's
    "12:-") is no setting's. None when it follows none."""
    i = at - 1
    if i >= 0 and text[i] in "\"'":
        i -= 1
    if i >= 0 and text[i] == " ":
        i -= 1
    if i >= 0 and text[i] in "\"'":
        i -= 1
    if i < 0 or text[i] not in SETTING or (text[i] == ":" and i and text[i - 1].isdigit()):
        return None
    j = i - 1 if i and text[i - 1] in "\"'" else i
    key = KEY.search(text, max(0, j - 64), j)
    return key.group(0) if key else ("" if text[i] == "=" else None)
