"""What reader52 took for findings or changes that were not (`agentmem.harvest.codelines`,
`agentmem.core.breach`, `agentmem.core.stillset`): the message a failed check prints is an
alarm, not a finding; a template jq fills says no value; a named table is a setting; a
change says the value it ended; a value past a held limit breaks it rather than replacing
it; a setting that still names a replaced thing goes with the replacement."""

from __future__ import annotations

from agentmem.core.breach import breaks
from agentmem.core.stillset import still_set
from agentmem.harvest.codelines import PLACEHOLDER, code_lines
from agentmem.harvest.scriptlines import Said, Setting
from agentmem.harvest.scriptretro import code_markdown

VHDL = """\
-- RETRO 2031-08-17  still pair 2
-- Finding: wash still 1 foamed over at 16,200 L charge. Owner: stillman lead.
library ieee;

architecture retro of still_pair_2 is
  -- constant STRIKE_TEMP_C : real := 64.0;   -- Glenmor, retired 2031-08-28
  constant STRIKE_TEMP_C : real := 63.0;      -- Northfield
begin
  process (clk) begin
    if rising_edge(clk) then
      assert charge_l <= WASH_CHARGE_MAX_L
        report "wash charge over 15000 L, foam-over into the lyne arm" severity error;
      report "Finding: solvent note, foreshots extended to 30 min" severity note;
    end if;
  end process;
end architecture retro;
"""

NIM = """\
# RETRO 2031-07-05  metrology
## Findings:
##   - New scanner sees down to 37 nm, edge exclusion 2 mm.

const EdgeExclMm = 2
let limits = {"300mm": 0.3, "200mm": 0.35}.toTable   # SFQR max um, prime

proc releaseFlatness(product: string, sfqrMax: float) =
  doAssert sfqrMax <= limits[product], "SFQR over prime limit, downgrade to test grade"

echo "Finding: particle baselines restart on SP5 at 37 nm / 2 mm EE"
"""


def _said(text: str) -> list[str]:
    return [item.text for item in code_lines(text) or [] if isinstance(item, Said) and item.text]


def test_a_failed_checks_message_is_no_finding() -> None:
    """The string an assert hands when its comparison fails, on its own line or the line
    after, is what the check says of a breach; the report no check guards is a finding."""
    said = _said(VHDL)
    assert not any("foam-over" in text for text in said)
    assert "Finding: solvent note, foreshots extended to 30 min" in said
    assert not any("prime limit" in text for text in _said(NIM))
    assert any("particle baselines" in text for text in _said(NIM))


def test_a_jq_template_says_no_value() -> None:
    """jq's `\\(.lot)` is a placeholder a loop fills, as `%s` and `${x}` are."""
    assert PLACEHOLDER.search(r"Finding: \(.lot) gel time \(.gel_time_s) s outside 70-95 s")


def test_a_named_table_is_a_setting() -> None:
    """`let limits = {"300mm": 0.3, …}.toTable` is a named value, told as written."""
    settings = [item for item in code_lines(NIM) or [] if isinstance(item, Setting)]
    assert any(s.key == "limits" and '"300mm": 0.3' in s.value for s in settings)


def test_a_change_says_the_value_it_ended() -> None:
    """A setting commented out above its live one: the change says the old value and its
    note, so the lesson that held the old value is seen as replaced."""
    markdown = code_markdown(VHDL)
    assert "Strike temp is now 63.0 °C" in markdown
    assert "was 64.0: Glenmor, retired 2031-08-28" in markdown


def test_a_value_past_a_held_limit_breaks_it() -> None:
    """A finding at 16,200 L of a lesson capping the charge at 15,000 L tells the cap
    broken; a draft that says a change, sets a limit, or stays inside it is read as before."""
    held = "Wash still charge must not exceed 15,000 L, or it foams over into the lyne arm."
    assert breaks("Finding: wash still 1 foamed over at 16,200 L charge.", held)
    assert not breaks("Wash still charge is now 16,200 L.", held)
    assert not breaks("Wash still charge at most 16,200 L.", held)
    assert not breaks("Wash charge of 14,000 L foamed over.", held)
    assert breaks("Dip came at 12 min.", "The settle time must not drop below 20 min.")
    assert not breaks("Dip came at 12 min.", "Dip 20 min after the run ends.")
    # a limit said as a setting may be told anew
    assert not breaks("Line 2 blower cap 14 kg/min.", "Blower line 2 is capped at 9 kg/min.")


def test_a_setting_that_names_a_replaced_thing_goes_with_it() -> None:
    """A held settings fact that sets a key to the code of a thing a replaced lesson named,
    which the draft does not name, goes with the replacement; one that sets another code
    stays."""
    gone = "Hydrotek HD-2 in the spirit safe reads 0.3 % high above 25 °C; correct with table T-7."
    draft = "The DX-5 density meter replaced the old spirit safe hydrometer."
    held = [
        ("a", "Settings: HEART_END_ABV = 65.0; SAFE_METER = HD-2 (correct with table T-7)."),
        ("b", "Settings: HEART_END_ABV = 65.0; SAFE_METER = DX-5."),
    ]
    assert still_set(draft, [gone], held) == ["a"]
    assert still_set("The HD-2 meter replaced the hydrometer.", [gone], held) == []


def test_the_judge_keeps_a_limit_a_finding_broke() -> None:
    """The writer's judge: a finding past a held cap replaces nothing; a new cap does."""
    from agentmem.core.held import judge
    from agentmem.core.heldmemory import Held

    held = [Held(id="cap", text="Wash still charge must not exceed 15,000 L.", type="semantic")]
    finding = "Finding: wash still 1 foamed over at 16,200 L charge."
    assert judge(finding, held, "semantic").replaces == []
    assert judge("Wash still charge is now 16,200 L.", held, "semantic").replaces == ["cap"]


def test_a_replacement_takes_the_setting_of_what_it_replaced() -> None:
    """`kin`: the settings fact naming the replaced meter goes with the replacement."""
    from agentmem.core.heldmemory import Held
    from agentmem.core.kin import kin

    held = [
        Held(id="old", text="Hydrotek HD-2 reads 0.3 % high above 25 °C.", type="procedural"),
        Held(id="set", text="Settings: SAFE_METER = HD-2 (safe meter).", type="semantic"),
    ]
    draft = "The DX-5 density meter replaced the old spirit safe hydrometer."
    assert "set" in kin(draft, held, ["old"])
