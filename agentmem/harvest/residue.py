"""Markup left in a lesson's words that is never content, taken out.

A retro kept in LaTeX, HTML (or escaped HTML) or RTF is read as text, and its lessons
carried the markup ("\\section{Changes} \\begin{enumerate} \\item \\textbf{Main
warehouse.} …", "&lt;p&gt;", "\\par \\b0"): words no worker searches for, which crowd a
lesson's terms. `plain` takes out only what marks structure or emphasis: a LaTeX
environment's begin and end, an item mark, a sectioning command (its title kept, as a
label), an emphasis command (its words kept), a footnote's braces (its words kept, in
parentheses), an escaped character ("\\_", "\\%"), a tie ("4~hours"); an HTML tag, escaped
or not (an entity becomes its character: "&lt; 250 mV" says "< 250 mV"); an RTF control word
of formatting. Every number, code and name stays. A struck span ("~~X~~") is a retraction's
mark and stays.

Every pattern is bounded (no unbounded repeat beside another): linear time on any text.
"""

from __future__ import annotations

import html
import re

BOUND = 20_000  # a lesson is short; a longer text is left as it is
ENVIRONMENT = re.compile(
    r"\\(?:begin|end)\{[A-Za-z*]{1,30}\}(?:\[[^\]\n]{0,40}\]|\{[^{}\n]{0,40}\}){0,2}"
)
HEADING = re.compile(
    r"\\(?:part|chapter|(?:sub){0,2}section|(?:sub)?paragraph)\*?\{(?P<words>[^{}\n]{0,200})\}"
    r"[ \t]{0,3}"
)
# Commands of layout alone, their options and arguments with them ("\usepackage[normalem]{ulem}").
LAYOUT = re.compile(
    r"\\(?:documentclass|usepackage|maketitle|tableofcontents|toprule|midrule|bottomrule|"
    r"hline|cline|centering|noindent|newpage|clearpage|small|large|Large|normalsize|footnotesize)"
    r"(?![A-Za-z])(?:\[[^\]\n]{0,60}\]|\{[^{}\n]{0,60}\}){0,3}"
)
ITEM = re.compile(r"\\item(?:\[(?P<label>[^\]\n]{0,60})\])?(?![A-Za-z])[ \t]{0,3}")
WRAPPED = re.compile(
    r"\\(?:textbf|textit|textsl|emph|texttt|underline|textsc|textrm|textsf|mbox|url|"
    r"uline|textnormal)\{(?P<words>[^{}\n]{0,300})\}"
)
FOOTNOTE = re.compile(r"\\footnote\{(?P<words>[^{}]{0,600})\}")
ESCAPED = re.compile(r"\\(?P<char>[_%&#$])")
THIN = re.compile(r"\\,")  # "85\\,\\%": a thin space inside a quantity
# Spacing and a line break ("\\\\", "\\\\[2pt]"), not a network path's "\\\\fs01\\share"
SPACING = re.compile(r"\\[;:! ]|\\\\(?:\[[^\]\n]{0,10}\]|(?=\s|$))")
TIE = re.compile(r"(?<=\w)~(?=\w)")
# An HTML tag of structure or emphasis, escaped or not.
TAG = re.compile(
    r"(?:<|&lt;)/?(?:p|li|ul|ol|td|tr|th|thead|tbody|table|div|span|strong|em|b|i|u|br|hr|"
    r"code|pre|blockquote|h[1-6]|dl|dt|dd|small|mark|sup|sub|html|body|head|section|article|"
    r"header|footer|main|nav|center|font|caption|col|colgroup|tfoot|hr)"
    r"(?:\s[^<>&\n]{0,200})?/?(?:>|&gt;)",
    re.IGNORECASE,
)
ENTITY = re.compile(r"&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z]{2,10});")
# RTF's control words of formatting, where a control word can stand (after a space, a
# brace, another control word or the text's start): "C:\par\x" is a path.
RTF = re.compile(
    r"(?:^|(?<=[\s{}]))\\(?:pard?|plain|b0?|i0?|ul(?:none)?|ulnone|tab|line|q[lrcj]|"
    r"(?:fs|f|cf|li|ri|fi|sa|sb|sl)-?\d{1,6})(?![A-Za-z])[ ]?"
    # right after a word, one that ends before a space or a brace ("Kiln B\\b0 peaks",
    # "1220 C.\\par}"); a path's part goes on to its next ("D:\\b0\\logs")
    r"|(?<=[A-Za-z0-9.,;)])\\(?:pard?|plain|b0|i0|ulnone|(?:fs|cf)\d{1,6})(?=[ }{]|$)"
)
WIKI_EMPHASIS = re.compile(r"'{2,5}(?P<words>[^\s'][^'\n]{0,200}?(?<=[^\s']))'{2,5}")
SPACES = re.compile(r"[ \t]{2,}")
# A space a tag left before a stop ("the hall </b>."), not one of the words (".ims", ":6432").
LOOSE = re.compile(r"(?<![ \t])[ \t]{1,20}([.,;:)])(?=\s|$)")


def plain(text: str) -> str:
    """The lesson `text` without the markup that is never content (module docstring)."""
    if len(text) > BOUND:
        return text
    if "''" in text:  # MediaWiki bold and italic quotes around words (not an empty '')
        text = WIKI_EMPHASIS.sub(r"\g<words>", text)
    if not any(c in text for c in "\\<&~"):
        return text
    before = text
    text = ENVIRONMENT.sub(" ", text)
    text = LAYOUT.sub(" ", text)
    text = HEADING.sub(lambda m: f"{m['words'].strip().rstrip(':.')}: ", text)
    text = ITEM.sub(lambda m: f"{m['label']} " if m["label"] else " ", text)
    for _ in range(3):  # emphasis inside emphasis, a command inside a footnote
        text = WRAPPED.sub(r"\g<words>", text)
    text = FOOTNOTE.sub(r" (\g<words>)", text)
    text = ESCAPED.sub(r"\g<char>", text)
    text = SPACING.sub(" ", THIN.sub("", text))
    text = TIE.sub(" ", text)
    text = TAG.sub(" ", text)
    text = RTF.sub(" ", text)
    text = ENTITY.sub(lambda m: html.unescape(m.group(0)), text).replace("\xa0", " ")
    text = SPACES.sub(" ", text).strip()
    text = LOOSE.sub(r"\1", text)
    return text if text else before
