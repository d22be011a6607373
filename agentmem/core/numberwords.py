"""Numbers said in words: the unit, teen and tens words, and what each is worth.

Read by `agentmem.harvest.spokenmemo` (a dictated "five two oh three", "point oh two") and
`agentmem.core.clockwords` (the hours of a clock, "half past two").
"""

from __future__ import annotations

import re

UNIT = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)"
TEEN = r"(?:ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)"
TEN = r"(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
VALUE = {w: max(i - 1, 0) for i, w in enumerate(re.findall(r"[a-z]+", UNIT + TEEN))}
TENS = {w: 20 + 10 * i for i, w in enumerate(re.findall(r"[a-z]+", TEN))}
