"""Generic fallbacks for retro shapes no reader knows: any XML document, text a PDF gave
in pages, a chat channel's export of any app (`agentmem.harvest.xmldoc`, `pages`,
`chatlog`), each read by `agentmem.harvest.reshape.as_read` and strict about what it
touches."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from agentmem.harvest.chatlog import as_turns
from agentmem.harvest.distill import distill
from agentmem.harvest.pages import as_markdown as pages_markdown
from agentmem.harvest.reshape import as_read
from agentmem.harvest.xmldoc import as_markdown as xml_markdown
from agentmem.harvest.xmltree import parse

CHAT = """==============================================================
Guild: Kiln Works
Channel: Ops / #weekly-review
==============================================================

[06/03/2026 16:02] ana.r
Week 10 review, drop your notes here.

[06/03/2026 16:10] tom_ek
From Monday the glaze loads go on the middle shelf, the top shelf cracked two firings. (edited)
{Reactions}
👍 (4)

[06/03/2026 16:14] ana.r
(replying to tom_ek: From Monday the glaze loads...)
Agreed. Test tiles stay on the top shelf.
{Attachments}
https://cdn.example.com/attachments/1/2/kiln.png

[06/03/2026 17:05] tom_ek
Summary
• Kiln 2 now fires on Tuesdays and Fridays.
• Clay orders go through the new supplier portal from 1 April.

==============================================================
Exported 4 message(s)
==============================================================
"""


def test_chat_export_is_read_as_turns() -> None:
    """Each message is one turn opening on its time; reply markers, "(edited)", reactions,
    attachments and the export's banner and trailer are gone; a message's list items are
    sentences of its turn."""
    read = as_turns(CHAT)
    assert read.startswith("# Kiln Works\n")
    assert "[16:10] From Monday the glaze loads go on the middle shelf" in read
    assert "(edited)" not in read and "Reactions" not in read and "replying" not in read
    assert "https://" not in read and "Exported" not in read and "👍" not in read
    assert "[17:05] Summary. Kiln 2 now fires on Tuesdays and Fridays. Clay orders" in read


def test_chat_export_inline_messages_of_another_app() -> None:
    """A WhatsApp-style export ("date, time - Name: text") is read alike, the continuation
    line joined to its message."""
    text = (
        "12/03/2026, 09:15 - Ana Ruiz: From Monday the glaze loads go on the middle shelf.\n"
        "12/03/2026, 09:16 - Tom Ek: ok\n"
        "12/03/2026, 09:20 - Ana Ruiz: The kiln log moved to the shared drive\n"
        "and the paper book is retired.\n"
    )
    read = as_turns(text)
    assert "[09:15] From Monday the glaze loads go on the middle shelf." in read
    assert "[09:20] The kiln log moved to the shared drive and the paper book is retired." in read


def test_chat_export_lessons_reach_the_distiller() -> None:
    """Through the distiller, a message that tells a change is a lesson of its own (the
    export read as it came had yielded none of them)."""
    found = distill(CHAT, "retros/weekly-chat.txt", periodic=True).found
    texts = [lesson.text for lesson in found]
    assert any(t.startswith("From Monday the glaze loads go on the middle shelf") for t in texts)
    assert not any("{Reactions}" in t or "16:10]" in t for t in texts)


@pytest.mark.parametrize(
    "text",
    [
        "[00:00:04] Ana Ruiz: Okay, so the kiln.\n[00:00:12] Tom Ek: From Monday, yeah.\n"
        "[00:00:20] Ana Ruiz: Top shelf is for test tiles.\n",
        "# Weekly\n\n- 07:10 — Forklift 3 back.\n- 09:45 — Door 6 from today.\n",
        "07:10 — Forklift 3 back from service.\n09:45 — From today loads leave from door 6.\n"
        "13:20 — Pick lists print by aisle.\n",
        "ana.r: the last two firings cracked\ntom (lab): agreed\nana.r: and the tiles?\n",
    ],
)
def test_chat_reading_leaves_transcripts_journals_and_threads(text: str) -> None:
    """A meeting transcript, a journal, a markdown list and a one-line-a-message thread
    are other readers' shapes: left as they are."""
    assert as_turns(text) == text


PAGES = (
    "Plant Review — March 2026                                CONFIDENTIAL\n\n"
    "                  Nordvik Works — Monthly Plant Review\n\n"
    "1    Summary\n\n"
    "The reformer outlet limit is now 790 °C on the new catalyst; the old tempera-\n"
    "ture limit of 805 °C no longer applies. Rail wagons come from\n\n"
    "                                                          Page 1 of 3\n"
    "\f"
    "Plant Review — March 2026                                CONFIDENTIAL\n\n"
    "TransAlp from 23 March.\n\n"
    "2    Key figures\n\n"
    "       Item                     Mar 2026       Feb 2026\n"
    "       Ammonia, t/d                1,561          1,612\n"
    "       Urea, t/d                   2,390          2,480\n\n"
    "Loop pressure held at 188 bar            Converter bed 1 inlet at 380 °C\n"
    "through the month with no trips.         after the cold box defrost.\n"
    "The purge unit ran all month.            Purge rate is 2.0 %.\n\n"
    "                                                          Page 2 of 3\n"
    "\f"
    "Plant Review — March 2026                                CONFIDENTIAL\n\n"
    "3    Dispatch\n\n"
    "5.2 Rail          Wagons are ordered on the RailOrder portal by\n"
    "                  12:00 two working days before loading.\n\n"
    "                                                          Page 3 of 3\n"
)


def test_pages_are_read_as_the_document_they_lay_out() -> None:
    """Running header and footer gone, a hyphenated word joined, a paragraph cut by the page
    break joined, numbered headings, a table's rows, two columns each read down, a margin
    label heading its text, a ligature as its letters."""
    read = pages_markdown(PAGES)
    assert "CONFIDENTIAL" not in read and "Page 1 of 3" not in read
    assert "# Nordvik Works — Monthly Plant Review" in read
    assert "## Summary" in read and "## Key figures" in read
    assert "the old temperature limit of 805 °C" in read
    assert "Rail wagons come from TransAlp from 23 March." in read
    assert "| Ammonia, t/d | 1,561 | 1,612 |" in read
    assert "Loop pressure held at 188 bar through the month with no trips." in read
    assert "Converter bed 1 inlet at 380 °C after the cold box defrost. Purge rate" in read
    assert "#### Rail" in read or "### Rail" in read
    assert "Wagons are ordered on the RailOrder portal by 12:00 two working days" in read
    assert pages_markdown("ﬁrst.\f\ufb01nal\f") == "first.\n\nfinal\n"


@pytest.mark.parametrize(
    "text",
    [
        "# Retro\n\n- Page 1 of 2 of the manual moved.\n",
        "name,value\nPage 1 of 2,3\nPage 2 of 2,4\n",
        "<html><body><p>a</p><p>b</p><p>c</p></body></html>",
        "Plain note with one page.\n\nPage 1 of 1\n",
    ],
)
def test_pages_leave_other_shapes(text: str) -> None:
    """Markdown, CSV, HTML and a text of one page are no PDF pages."""
    assert pages_markdown(text) == text


WORD = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:body>
<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Dock review</w:t></w:r></w:p>
<w:p><w:r><w:t xml:space="preserve">The fork</w:t></w:r><w:r><w:t>lift charger is on bay 4.</w:t></w:r></w:p>
<w:p><w:r><w:t xml:space="preserve">Weld inspections run every </w:t></w:r><w:del w:id="1" w:author="A"><w:r><w:delText>6</w:delText></w:r></w:del><w:ins w:id="2" w:author="A"><w:r><w:t>4</w:t></w:r></w:ins><w:r><w:t xml:space="preserve"> weeks on the hull.</w:t></w:r></w:p>
<w:p><w:pPr><w:pStyle w:val="ListBullet"/></w:pPr><w:r><w:t>Crane C2 needs a banksman.</w:t></w:r></w:p>
<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Setting</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Value</w:t></w:r></w:p></w:tc></w:tr>
<w:tr><w:tc><w:p><w:r><w:t>Dock flood time</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>3 h</w:t></w:r></w:p></w:tc></w:tr></w:tbl>
</w:body></w:document>
"""


def test_word_xml_is_read_by_its_structure() -> None:
    """Runs joined with no space invented, a styled heading, a listed paragraph as a
    bullet, a table's rows, and a tracked change as the old words struck before the new."""
    read = xml_markdown(WORD)
    assert "# Dock review" in read
    assert "The forklift charger is on bay 4." in read
    assert "Weld inspections run every ~~6 weeks~~ 4 weeks on the hull." in read
    assert "- Crane C2 needs a banksman." in read
    assert "| Dock flood time | 3 h |" in read


def test_word_tracked_change_reaches_the_distiller_as_new_value_and_old() -> None:
    """Through the distiller, the changed sentence says the new value alone and its struck
    old words are kept aside as what it replaces (read as it came, the runs were one
    paragraph of tags holding both)."""
    text = WORD.replace("Dock review", "Lessons")
    result = distill(text, "retros/review.xml", periodic=True)
    assert not any("~~" in lesson.text or "6 weeks" in lesson.text for lesson in result.found)
    assert [(s.new, s.old) for s in result.struck] == [
        ("Weld inspections run every 4 weeks on the hull.", "6 weeks")
    ]


OPML = """<?xml version="1.0"?>
<opml version="2.0"><head><title>Week 41</title><ownerName>Ines</ownerName></head>
<body><outline text="Week 41 review">
  <outline text="Changed">
    <outline text="SBS dose 4 → 2 mg/L" _note="ORP up to 350 mV is fine."/>
    <outline text="~~Screens wash every 60 min~~ (obsolete)"/>
  </outline>
</outline></body></opml>
"""


def test_outline_xml_text_in_attributes() -> None:
    """An element whose text is in its attributes is a heading over the ones it holds, else
    a bullet with its note; the owner's name (a property) is left out."""
    read = xml_markdown(OPML)
    assert "# Week 41 review" in read and "## Changed" in read
    assert "- SBS dose 4 → 2 mg/L. ORP up to 350 mV is fine." in read
    assert "Ines" not in read


def test_spreadsheet_xml_rows_and_cell_index() -> None:
    """A spreadsheet's rows are a table's, a header row opening it; a cell that says its
    column keeps the columns aligned; a cell's comment is left out."""
    text = (
        '<?xml version="1.0"?><Workbook xmlns:ss="urn:x"><Worksheet><Table>'
        '<Row><Cell ss:StyleID="title"><Data>Week 11 retro</Data></Cell></Row>'
        '<Row ss:StyleID="hdr"><Cell><Data>Topic</Data></Cell><Cell><Data>Action</Data></Cell>'
        "<Cell><Data>Owner</Data></Cell></Row>"
        "<Row><Cell><Data>Haulage</Data><Comment><Data>aside</Data></Comment></Cell>"
        '<Cell ss:Index="3"><Data>Sian</Data></Cell></Row>'
        "</Table></Worksheet></Workbook>"
    )
    read = xml_markdown(text)
    assert "## Week 11 retro" in read
    assert "| Topic | Action | Owner |" in read
    assert "| Haulage |  | Sian |" in read
    assert "aside" not in read


@pytest.mark.parametrize(
    "text",
    [
        "# Retro\n\n- <b>bold</b> item </b>\n- another </i>\n- third </u>\n",
        "key: value\nlist:\n  - <a/>\n  - <b/>\n  - <c/>\n",
        "a,b,c\n<x/>,<y/>,<z/>\n",
        "<html><body><p>one</p><p>two</p><p>three</p></body></html>",
        "<p><del>old rule</del></p><p>new rule</p>",
        "<h1>Review</h1><p>text</p><ul><li>item</li></ul>",
    ],
)
def test_xml_reading_leaves_markdown_yaml_csv_and_html(text: str) -> None:
    """Markdown, YAML, CSV and HTML (pages and fragments: htmlpage's and voices') are left
    as they are."""
    assert xml_markdown(text) == text


def test_no_entity_is_expanded() -> None:
    """A DTD's entities are never expanded (billion laughs): the declaration is skipped and
    the reference stays as written; character references decode, a surrogate's to nothing."""
    lol = "".join(f'<!ENTITY lol{i} "{"&lol" + str(i - 1) + ";" * 1 * 10}">' for i in range(1, 10))
    text = f'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">{lol}]>'
    text += (
        "<doc><para>&lol9; &amp; &#65;&#xD800;&#1114112;</para><para>b</para><para>c</para></doc>"
    )
    read = xml_markdown(text)
    assert "&lol9; & A" in read
    assert len(read) < 200


def _quick(reader: object, text: str) -> None:
    started = time.process_time()
    assert callable(reader)
    assert reader(text) is not None
    assert time.process_time() - started < 10  # linear: well under a second when idle


@pytest.mark.parametrize(
    "text",
    [
        "<?xml version='1.0'?>" + "<sec>" * 20_000 + "x" + "</sec>" * 20_000,
        "<?xml version='1.0'?><doc>" + "<p>" * 30_000 + "unterminated <b attr='x",
        "<?xml version='1.0'?><doc>" + "<!--" * 25_000,
        "<?xml version='1.0'?><doc>" + "<p>\ud800 text</p>" * 8_000 + "</doc>",
        "<?xml version='1.0'?><doc>" + "<w:p><w:del><w:r><w:delText>a b</w:delText></w:r></w:del>"
        "<w:ins><w:r><w:t>c d</w:t></w:r></w:ins></w:p>" * 1_200 + "</doc>",
        "<?xml version='1.0'?><!DOCTYPE x [" + "<!ENTITY a 'b'>" * 7_000,
        "<?xml version='1.0'?><doc><a " + '"x" ' * 25_000 + ">hi</a></doc>",
    ],
)
def test_hostile_xml_is_read_in_bounded_time(text: str) -> None:
    """100 KB of deep nesting, unterminated tags and comments, surrogates, many tracked
    changes, a huge DTD: read (or left) quickly, never raising."""
    _quick(xml_markdown, text)
    _quick(parse, text)
    assert isinstance(as_read(text, "r.xml"), str)


@pytest.mark.parametrize(
    "text",
    [
        "[01/01/2026 10:00] a" + " " * 100_000 + "\n",
        ("[01/01/2026 10:00] ana\n" + "x" * 200 + " (edited)\n{Reactions}\n👍 (1)\n") * 400,
        "\f".join(["Header line\n" + "word- \n" * 2_000 + "Page 1 of 9"] * 6),
        "\f".join([("a   " * 2_000 + "\n") * 5] * 5),
        "\f\ud800\f" * 30_000,
        "1.1.1.1.1" + " " * 100_000 + "Page 1 of 2\nPage 2 of 2\n",
    ],
)
def test_hostile_chat_and_pages_read_in_bounded_time(text: str) -> None:
    """Huge lines, thousands of messages, long hyphen runs and gaps, surrogates: bounded."""
    _quick(as_turns, text)
    _quick(pages_markdown, text)


def test_only_retros_in_shapes_no_reader_knew_are_touched() -> None:
    """Over every retro of the repository's scenarios (markdown, YAML, CSV, TSV, HTML,
    AsciiDoc, transcripts, mail, Confluence storage, org, rst, RTF …), the three fallbacks
    change only those in the shapes no reader knew: a chat export, PDF pages, and XML of a
    word processor, a spreadsheet, an outliner, a translation tool and an event log."""
    root = Path(__file__).resolve().parents[1] / "bench" / "scenarios"
    touched: dict[str, set[str]] = {"chat": set(), "pages": set(), "xml": set()}
    readers = {"chat": as_turns, "pages": pages_markdown, "xml": xml_markdown}
    for path in sorted([*root.glob("*.json"), *root.glob("written-blind/*.json")]):
        for step in json.loads(path.read_text(encoding="utf-8"))["steps"]:
            text = step.get("file", {}).get("text") if step.get("fire") else None
            for kind, reader in readers.items():
                if isinstance(text, str) and reader(text) != text:
                    touched[kind].add(path.stem)
    assert touched == {
        "chat": {"electric-bus-depot"},
        "pages": {"fertilizer-plant"},
        "xml": {
            "aircraft-mro-hangar",  # XLIFF 2.0: a retro sent for translation
            "desalination-plant",
            "livestock-auction-market",
            "mayonnaise-plant",  # XSLT stylesheets: XML with a template's prose in it
            "ship-repair-drydock",
            "sugar-refinery",
            "wind-blade-factory",  # a Windows event log's XML export
        },
    }


def test_pages_table_whose_last_cell_wraps() -> None:
    """A table's cell that wraps onto lines of their own (under the column its header opens)
    is joined to its row, not read as a second column of prose."""
    block = (
        "       Issue    Date          Description\n"
        "       1        02.04.2026    First issue\n"
        "       2        07.04.2026    Table 3-1 corrected: outlet limit 790 °C,\n"
        "                              alarm 785 °C for the new charge.\n"
    )
    read = pages_markdown(f"Report\n\n{block}\fReport\n\nEnd.\n")
    assert "| 2 | 07.04.2026 | Table 3-1 corrected: outlet limit 790 °C, alarm 785 °C for" in read


def test_a_quoted_attribute_value_may_hold_the_marks_that_end_a_tag() -> None:
    """A ">" inside a quoted value does not end its tag, a quote of the other kind inside one
    is text; an unterminated value ends the reading."""
    root = parse('<a b="1>2" c=\'x"y\'>t<b/></a><c d="open>')
    (a,) = root.children
    assert not isinstance(a, str)
    assert a.attrs == {"b": "1>2", "c": 'x"y'}
    assert a.children[0] == "t"
