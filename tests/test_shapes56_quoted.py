"""A program retro whose comments open in a quote that nothing closes (Vim script's
`" …`), read by its lines (`agentmem.harvest.codeparse`, `codelines`, `codevalues`): its
comments are findings, a name's one-letter scope is part of no type, and a table of keys
and numbers is data, not a sentence."""

from __future__ import annotations

from agentmem.harvest.codeparse import read_lines
from agentmem.harvest.codevalues import named_value
from agentmem.harvest.scriptretro import code_markdown

QUOTED = """\
" RETRO 2031-02-10  bakery line 2, weeks 1-2
" Owner: Marta (line lead). Typed up by Jon - source from ~/.bakery/retro.vim

let g:oven_temp_c = 215        " rye loaves, deck oven
let g:proof_min = 45
let s:limits = {'crust_min': 3.0, 'crumb_max': 98, 'loaf_g': 750}

" Finding: rye loaves collapsed on batch R-0211. Cause: proofed 70 min while the oven was down.
" Owner: Jon (ovens). Rule from now: proof rye at most 50 min, bake within
" 10 min of proofing, a fresh starter every 40 kg of flour.
let g:proof_max_min = 50
echom "Finding: rye collapsed on R-0211 - proofed too long"

function! s:Check(batch) abort
  if a:batch.proof_min > 50
    echoerr "a batch over 50 min proof is not baked"
  endif
endfunction
"""


def _lessons(text: str) -> list[str]:
    return [line[2:] for line in code_markdown(text).splitlines() if line.startswith("- ")]


def test_a_quote_opened_comment_is_read() -> None:
    """Comment lines that open in a quote no other quote closes are the retro's comments:
    the finding they hold, run on over three lines, is one lesson with its rule."""
    lessons = _lessons(QUOTED)
    rule = next(lesson for lesson in lessons if "Rule from now" in lesson)
    assert "proof rye at most 50 min" in rule
    assert "every 40 kg of flour" in rule


def test_a_quote_that_closes_is_a_string() -> None:
    """A line opening in a quote closed on it (a string's last line, a JSON key) is no
    comment in that mark."""
    parsed = read_lines('x = ("first part "\n" and the rest");\ny = 1;\nz = 2;\n')
    assert parsed is not None
    assert parsed[1] != '"'


def test_a_names_one_letter_scope_is_no_type() -> None:
    """`g:oven_temp_c = 215` names oven_temp_c, as `int x = 215` names x."""
    setting = named_value("let g:oven_temp_c = 215", "", aside=False)
    assert setting is not None
    assert (setting.key, setting.value) == ("oven_temp_c", "215")


def test_a_table_of_keys_and_numbers_is_no_sentence() -> None:
    """`{'crust_min': 3.0, …}` holds no sentence to write as a lesson: it is data."""
    assert not any(lesson.startswith("{") for lesson in _lessons(QUOTED))


SWITCHED = """\
" RETRO 2031-03-01  flour supplier change (Millbrook -> Stonegate)
" Millbrook T65 is gone from our wholesaler; Stonegate T65 from lot SG-0301 on.
" Owner: Marta (mixing), Jon (flour lot tests)

" let g:water_pct = 68     " Millbrook T65 - old
let g:water_pct = 64       " Stonegate T65, dough sticky at 68
let g:mix_min = 9

" Flour lot acceptance (new): falling number at least 250 s per lot.
let s:flour_lot = {'falling_min_s': 250, 'moisture_max_pct': 14}

" Finding: first Stonegate lot SG-0298 failed: falling number 210 s, loaves flat.
echom "Finding: SG-0298 rejected (falling number) - owner Jon"
" Finding: mixed Stonegate at the old water for 2 days -> sticky dough, 12 % scrap.
echom "Finding: too much water on the new flour, cut to 64"
"""


def test_a_retro_mostly_of_quoted_comments_is_read() -> None:
    """A retro whose lines are mostly comments in the quote mark is a program once they
    are left out: its findings are written and the value it replaced is told as a change."""
    lessons = _lessons(SWITCHED)
    assert any(lesson.startswith("Finding: first Stonegate lot SG-0298") for lesson in lessons)
    assert any("64" in lesson and "was 68" in lesson for lesson in lessons)
