"""Shogi impasse and entering-king declaration: points count only
when both kings have entered and neither side can mate the other (engine/rules/shogi.py defines
"can mate" as a mate in one for either side); a declaration is judged by one function,
engine.rules.shogi.declaration_verdict, in the arbiter and in the tournament runner alike."""
import os
import sys

from engine.arbiter import judge
from engine.board import Board
from engine.rules.shogi import declaration_verdict, either_side_can_mate
from protocol.runner import pool
from protocol.runner.config import EngineConfig, GameSpec, TimeControl
from protocol.runner.game import play_game

# The reproduction: both kings entered; sente (20 points) has G*1h mate, gote has 34
# points. The issue wrote the gote knight on 2i unpromoted, where it could never stand (its last
# rank): here it is promoted, which blocks 2i the same way and counts the same point.
MATE_IN_ONE = "9/4K4/9/9/9/9/7S1/9/7+nk b RBG8Prb3g3s3n4l10p 1"
# Both kings entered on open edges; sente holds one pawn, gote the rest: no mate in one for either.
LONE_KINGS = "4K4/9/9/9/9/9/9/9/4k4 b P2r2b4g4s4n4l17p 1"
# 10 tokins in the camp and 2R2B in hand: 30 points (CSA 27-point rule: win; 24-point rule: draw).
# The gote king stays outside its zone, so no impasse ends the game first.
DECLARES_30 = "+P+P+P+P1+P+P+P+P/7PP/4K4/9/4k4/9/9/9/9 b 2R2B 1"


def test_side_with_mate_in_one_is_not_scored_by_impasse():
    assert judge("shogi", MATE_IN_ONE, []).ongoing
    mated = judge("shogi", MATE_IN_ONE, ["G*1h"])
    assert (mated.result, mated.termination) == ("1-0", "checkmate")


def test_side_about_to_be_mated_does_not_win_on_points():
    """Gote to move, sente would mate with G*1h if it had the move: no count either."""
    gote_to_move = MATE_IN_ONE.replace(" b ", " w ")
    position = Board("shogi", gote_to_move).position
    assert either_side_can_mate(position)
    assert judge("shogi", gote_to_move, []).ongoing


def test_genuine_impasse_still_counts():
    position = Board("shogi", LONE_KINGS).position
    assert not either_side_can_mate(position)
    verdict = judge("shogi", LONE_KINGS, [])
    assert (verdict.result, verdict.termination) == ("0-1", "impasse")
    assert "sente 1" in verdict.reason and "gote 53" in verdict.reason


def test_declaration_24_to_30_points_draws_under_the_24_point_rule():
    position = Board("shogi", DECLARES_30).position
    assert declaration_verdict(position, "csa27").winner == 0
    assert declaration_verdict(position, "24").result == "1/2-1/2"


def _usi_declarer() -> str:
    """A USI engine that answers every 'go' with 'bestmove win'."""
    src = ("import sys\nfor l in sys.stdin:\n l=l.strip()\n"
           " if l=='usi': print('id name Declarer'); print('usiok', flush=True)\n"
           " elif l=='isready': print('readyok', flush=True)\n"
           " elif l=='quit': break\n"
           " elif l.startswith('go'): print('bestmove win', flush=True)\n")
    path = os.path.join(os.environ.get("TMPDIR", "/tmp"), "usi_declarer.py")
    with open(path, "w") as fh:
        fh.write(src)
    return f"{sys.executable} {path}"


def _declare_in_match(fen: str, rule: str):
    sente = EngineConfig("sente", _usi_declarer(), "usi")
    gote = EngineConfig("gote", _usi_declarer(), "usi")
    spec = GameSpec(0, 1, 0, "shogi", fen, (), sente, gote, TimeControl(depth=1, hang_timeout=20),
                    rule_options=(("declaration", rule),))
    try:
        return play_game(spec)
    finally:
        pool.close_all()


def test_runner_scores_declarations_as_the_rules_module_does():
    drawn = _declare_in_match(DECLARES_30, 24)   # `--rule declaration=24` gives the int 24
    assert drawn.result == "1/2-1/2" and "24-point rule: draw" in drawn.reason
    won = _declare_in_match(DECLARES_30, "csa27")
    assert won.result == "1-0" and "declaration" in won.reason
    short = "+P+P+P+P1+P+P+P+P/7PP/4K4/9/4k4/9/9/9/9 b RBG 1"   # 21 points: a loss under both
    lost = _declare_in_match(short, "24")
    assert lost.result == "0-1" and lost.termination == "rules infraction"
