"""A retro as the distiller's readers read it.

A retro kept as a script (a Windows batch file, a VBA module) is read line by line, its
comments and printed strings as findings and its settings as settings
(`agentmem.harvest.scriptretro`), and by no other reader. A retro kept as records (SQL that writes rows, items inside a JSON export, a file of
config nodes such as KDL) is first read one item a record (`agentmem.harvest.rowshapes`),
by readers that know their shape's comments. Any other retro has the comments of its
language or markup left out (`agentmem.harvest.comments`: what a file puts aside is no
current lesson). Then ten
shapes (and three fallbacks, below) are put in the plain form the readers know: a form's responses export as its answers under their questions
(`agentmem.harvest.formrows`); a meeting's transcript as one line a turn, as its speakers
meant it (`agentmem.harvest.transcript`); an annotated settings file as the changes, rules
and facts its comments tell (`agentmem.harvest.settingsfile`); a retro written as data
(YAML, JSON, TOML) as the sections it stands for (`agentmem.harvest.structured`); a
reply's quoted lines, the earlier mail, left out (`agentmem.harvest.mail`); a dictated
memo as it was meant, self-corrections and fillers gone (`agentmem.harvest.spokenmemo`);
an outline's child bullets read with their parent's subject (`agentmem.harvest.outline`);
a page kept as HTML as the markdown its tags stand for (`agentmem.harvest.htmlpage`), and
a document kept in AsciiDoc as the markdown its markup stands for (`agentmem.harvest.asciidoc`),
and a bullet pasted in a markup voice (subtitle cues, an HTML fragment, a CI step) as its
plain sentences (`agentmem.harvest.voices`).
Three fallbacks read shapes no reader was built for, by what any such text has rather than
by one app's marks: any XML document that is no HTML page, by its own structure
(`agentmem.harvest.xmldoc`); a chat channel's export of any app, as a meeting's turns
(`agentmem.harvest.chatlog`); text a PDF gave, by its pages (`agentmem.harvest.pages`).
Each leaves a text of any other shape as it is.
"""

from __future__ import annotations

from agentmem.harvest.asciidoc import as_markdown as asciidoc_markdown
from agentmem.harvest.chatlog import as_turns as chat_turns
from agentmem.harvest.comments import uncommented
from agentmem.harvest.formrows import as_sections as form_sections
from agentmem.harvest.htmlpage import as_markdown as page_markdown
from agentmem.harvest.mail import own_lines
from agentmem.harvest.outline import outlined
from agentmem.harvest.pages import as_markdown as pages_markdown
from agentmem.harvest.recfile import as_markdown as rec_markdown
from agentmem.harvest.rowshapes import as_markdown as rows_markdown
from agentmem.harvest.scriptretro import as_markdown as script_markdown
from agentmem.harvest.settingsfile import as_markdown as settings_markdown
from agentmem.harvest.spokenmemo import as_written
from agentmem.harvest.structured import as_markdown
from agentmem.harvest.transcript import as_turns
from agentmem.harvest.voices import plain_items
from agentmem.harvest.xmldoc import as_markdown as xml_markdown


def as_read(markdown: str, source: str) -> str:
    """The retro `markdown` (from `source`, a path or name) in the form the readers read."""
    # a recutils file: one lesson a record, its descriptors and continued lines no lessons
    records = rec_markdown(markdown)
    if records is not markdown:
        return records
    # a batch file or VBA module: line by line, its comments and printed strings findings
    script = script_markdown(markdown, source)
    if script is not markdown:
        return script
    # SQL rows, items inside a JSON export, config nodes: read as written (each reader
    # knows its comments); any other text without what its language or markup puts aside
    rows = rows_markdown(markdown, source)
    markdown = rows if rows is not markdown else uncommented(markdown, source)
    # items in markup, a page's tags, AsciiDoc's marks: as the markdown they stand for
    markdown = asciidoc_markdown(page_markdown(plain_items(xml_markdown(markdown))))
    markdown = as_turns(form_sections(markdown))  # a form's answers, a meeting's turns
    markdown = pages_markdown(chat_turns(markdown))  # a chat channel's export, PDF pages
    return outlined(as_written(own_lines(as_markdown(settings_markdown(markdown, source), source))))
