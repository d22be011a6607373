"""Where a lesson says a thing lives: a URL, an absolute path or a file path is a value of
its slot like a time or a count (`agentmem.retrieval.conflict.slot_values`).

"The nightly export writes to /srv/export/daily", then "since the disk swap the nightly
export writes to /data/export/daily", retires the old folder: a newer lesson that gives the
same thing another place and says it changed is a replacement, as one that gives it another
number is. Each is read as written, lower case, with the punctuation that
ends a sentence or closes a bracket left off.
"""

from __future__ import annotations

from agentmem.core.places import PLACE as PLACE
from agentmem.core.places import TRAILING as TRAILING
from agentmem.core.places import places as places

PATH_KIND = "path"
