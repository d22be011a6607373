"""Where a lesson says a thing lives: a URL, an absolute path or a file path is a value of
its slot like a time or a count (`agentmem.retrieval.conflict.slot_values`).

"The nightly export writes to /srv/export/daily", then "since the disk swap the nightly
export writes to /data/export/daily", retires the old folder: a newer lesson that gives the
same thing another place and says it changed is a replacement, as one that gives it another
number is. Each is read as written, lower case, with the punctuation that
ends a sentence or closes a bracket left off.
"""

from __future__ import annotations

import re

PATH_KIND = "path"
# A URL of any scheme; an absolute path of two parts or more ("/srv/data/in", "~/x/y"); a
# relative path to a file ("conf/app.yaml"). A fraction ("4/5") or a unit ("m3/h") is none:
# an absolute path starts at a slash, a relative one ends in a file's extension.
PLACE = re.compile(
    r"(?<![\w/.:-])(?:[a-z][a-z0-9+.-]*://[^\s,;()<>`'\"]+"
    r"|~?/[\w.$-]*[a-z_$][\w.$-]*(?:/[\w.$<>{}-]+)+"
    r"|[\w.-]*[a-z_][\w.-]*(?:/[\w.-]+)+\.[a-z][a-z0-9]{0,4}\b)",
    re.IGNORECASE,
)
TRAILING = ".,;:)]}'\""


def places(text: str) -> list[str]:
    """The URLs and paths `text` writes, lower case, in the order written."""
    found = (m.group(0).rstrip(TRAILING).lower() for m in PLACE.finditer(text))
    return [p for p in dict.fromkeys(found) if p]
