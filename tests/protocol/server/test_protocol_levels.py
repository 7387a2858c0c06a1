"""Skill Level, UCI_LimitStrength and UCI_Elo in every dialect: declared with their types and
ranges in each dialect's spelling, bad values refused with the dialect's error line, and the level
they make reaching the search configuration for the game being played (analysis at full
strength)."""
import pytest

from engine import levels
from protocol_harness import Talk

LOW, HIGH = levels.ELO_OPTION_RANGE
DEFAULT = levels.ELO_DEFAULT


@pytest.mark.parametrize("dialect, hello, declared", [
    ("uci", ["uci"], ["option name Skill Level type spin default 20 min 0 max 20",
                      "option name UCI_LimitStrength type check default false",
                      f"option name UCI_Elo type spin default {DEFAULT} min {LOW} max {HIGH}"]),
    ("ucicyclone", ["uci", "setoption name UCI_Cyclone value true"], None),
    ("ucci", ["ucci"], ["option skilllevel type spin default 20 min 0 max 20",
                        "option limitstrength type check default false",
                        f"option elo type spin default {DEFAULT} min {LOW} max {HIGH}"]),
    ("usi", ["usi"], ["option name Skill_Level type spin default 20 min 0 max 20",
                      "option name USI_LimitStrength type check default false",
                      f"option name USI_Elo type spin default {DEFAULT} min {LOW} max {HIGH}"]),
    ("xboard", ["xboard", "protover 2"], ['feature option="Skill Level -spin 20 0 20"',
                                          'feature option="UCI_LimitStrength -check 0"',
                                          f'feature option="UCI_Elo -spin {DEFAULT} {LOW} {HIGH}"']),
])
def test_the_level_options_are_declared_in_every_dialect(dialect, hello, declared):
    out = Talk().send(*hello)
    for line in declared or []:
        assert line in out


def _skill(talk) -> float:
    return talk.loop.dialect.session.search_config().skill


def test_uci_skill_level_and_elo_reach_the_search():
    talk = Talk()
    talk.send("uci", "setoption name UCI_Variant value xiangqi")
    assert _skill(talk) == 20.0
    assert talk.send("setoption name Skill Level value 5") == []
    assert _skill(talk) == 5.0
    low, high = levels.elo_range("xiangqi")
    talk.send("setoption name UCI_Elo value %d" % ((low + high) // 2))
    assert _skill(talk) == 5.0                      # UCI_Elo counts only with LimitStrength
    talk.send("setoption name UCI_LimitStrength value true")
    assert _skill(talk) == pytest.approx(levels.skill_for_elo("xiangqi", (low + high) // 2))
    talk.send("setoption name UCI_Elo value %d" % low)
    assert _skill(talk) == levels.CALIBRATION["xiangqi"][0][0]
    talk.send("setoption name UCI_Elo value %d" % HIGH)
    assert _skill(talk) == 20.0
    # the same Elo is another skill in another game: each game has its own calibration
    talk.send("setoption name UCI_Elo value 1500", "setoption name UCI_Variant value shogi")
    assert _skill(talk) == pytest.approx(levels.skill_for_elo("shogi", 1500))
    talk.send("setoption name UCI_AnalyseMode value true")
    assert _skill(talk) == 20.0


def test_bad_level_values_are_refused_in_the_dialects_own_form():
    talk = Talk()
    talk.send("uci")
    out = talk.send("setoption name Skill Level value strong")
    assert out == ["info string error: option Skill Level takes a number, not 'strong'"]
    assert talk.send("setoption name Skill Level value 99") == []
    assert _skill(talk) == 20.0                    # clamped into 0..20
    talk = Talk()
    talk.send("xboard", "protover 2")
    out = talk.send("option UCI_LimitStrength=maybe")
    assert out[0].startswith("Error (") and "true or false" in out[0]
    talk = Talk()
    talk.send("ucci")
    assert talk.send("setoption skilllevel 3") == []
    assert _skill(talk) == 3.0
    talk = Talk()
    talk.send("usi")
    assert talk.send("setoption name USI_LimitStrength value true",
                     "setoption name USI_Elo value 1200") == []
    assert _skill(talk) == pytest.approx(levels.skill_for_elo("shogi", 1200))


def test_a_low_level_answers_a_game_clock_and_a_ponderhit_from_its_small_budget():
    from engine import Engine
    talk = Talk(search_module=None)                 # the real search
    talk.send("uci", "setoption name UCI_Variant value chess", "setoption name Skill Level value 1",
              "isready")
    out = talk.send("position startpos moves e2e4", "go wtime 600000 btime 600000")
    best = [line for line in out if line.startswith("bestmove")]
    assert len(best) == 1 and best[0].split()[1] in Engine("chess", moves=["e2e4"]).legal_moves()
    nodes = [int(line.split(" nodes ")[1].split()[0]) for line in out if " nodes " in line]
    assert nodes and nodes[-1] < 5_000               # ten minutes on the clock, a level-1 budget
    # pondering: the search ends by its budget and holds its answer until ponderhit
    talk.send("position startpos moves e2e4 e7e5", "go ponder wtime 600000 btime 600000")
    assert talk.loop.dialect.session.slot.busy
    out = talk.send("ponderhit")
    assert [line for line in out if line.startswith("bestmove")]
    talk.close()
