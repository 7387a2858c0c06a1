"""Under XBoard the engine claims only what XBoard 4.9.1 accepts (issue 15, section 1).

XBoard rules a win claim its own board does not show as mate (or a stalemate that loses) a
"False win claim", a loss for the claimer; draw claims stand where its board flags a repetition
or the move count. protocol/server/dialects/xboard_claims.py has the backend.c details.
Transcripts with the fake searcher, plus the claim policy on real positions judged by the arbiter.
"""
from __future__ import annotations

import pytest

import protocol_fake_search as fake
from engine.arbiter import judge_position
from engine.board import Board
from engine.search_records import BestMove
from protocol.server.dialects.xboard_claims import claimable_draw, xboard_claim, xboard_draw
from protocol_harness import Talk

# Issue 15: our engine black (+7); red's rook follows black's cannon e4-b4 and back.
CHASE_FEN = "2eakae2/4h4/8h/1P4P1p/4R4/4cH3/2P5P/2r6/9/3AKAE2 b - - 0 33"
CHASE_CYCLE = ["e4b4", "e5b5", "b4e4", "b5e5"]
# Red's rook checks along ranks 9 and 8; black's general steps between e9 and e8.
CHECK_FEN = "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1"
CHECK_CYCLE = ["a8a9", "e9e8", "a9a8", "e8e9"]
# Janggi: Cho's soldier e4 is the last piece between the generals (tests/engine/rules/test_janggi_rules.py).
FACING_SOON = "1n7/4k4/9/9/9/4P4/9/9/4K4/R8 w - - 0 1"
XIANGQI_STALEMATE = "3k5/9/9/9/9/9/9/9/3r1r3/4K4 w - - 0 1"
# Janggi: Cho's soldier steps aside (bikjang), Han's chariots mate on ranks 1 and 2.
JANGGI_MATE_FEN = "rr7/4k4/9/9/9/4P4/9/9/4K4/9 w - - 0 1"
JANGGI_MATE = ["e4d4", "a9a1", "e1e2", "b9b2"]
RED, BLACK = 0, 1


@pytest.fixture(autouse=True)
def _reset_fake():
    fake.Searcher.started.clear()
    fake.Searcher.script = {}
    yield


def played(variant: str, fen: str, moves: list[str]):
    board = Board(variant, fen)
    for text in moves:
        board.push_str(text)
    return board.position


def relay(variant: str, fen: str, moves: list[str]) -> list[str]:
    """XBoard relays all but the last move in force mode, gives the engine the side that
    answers the last one (playother), then sends it: the engine's output after that move."""
    talk = Talk()
    talk.send("xboard", "protover 2", "new", f"variant {variant}", "force", f"setboard {fen}")
    talk.send(*(f"usermove {m}" for m in moves[:-1]))
    talk.send("playother")
    return talk.send(f"usermove {moves[-1]}")


# ------------------------------------------------------------------ the policy on real positions
def test_a_chase_win_is_not_claimed_but_the_chaser_claims_the_draw_xboard_sees():
    position = played("xiangqi", CHASE_FEN, CHASE_CYCLE * 3)
    verdict = judge_position(position)
    assert (verdict.winner, verdict.result) == (BLACK, "0-1") and "chase" in verdict.reason
    assert xboard_draw(position, CHASE_FEN) == "3-fold repetition"
    assert xboard_claim(position, verdict, BLACK, CHASE_FEN) is None
    claim = xboard_claim(position, verdict, RED, CHASE_FEN)
    assert (claim.result, claim.reason) == ("1/2-1/2", "3-fold repetition")


def test_a_start_set_up_from_a_xiangqi_fen_is_no_earlier_occurrence_for_xboard():
    # XBoard reads no e.p. field in xiangqi: the start's e.p. status stays unknown, which ends
    # its look-back (in the real game: "False draw claim" at the third occurrence counting it)
    position = played("xiangqi", CHASE_FEN, CHASE_CYCLE * 2)
    verdict = judge_position(position)
    assert not verdict.ongoing                      # the arbiter counts the start
    assert xboard_draw(position, CHASE_FEN) is None
    assert xboard_claim(position, verdict, RED, CHASE_FEN) is None
    assert xboard_draw(position, None) == "3-fold repetition"    # as from the standard start


def test_a_perpetual_check_win_is_not_claimed_but_the_checker_claims_the_draw():
    position = played("xiangqi", CHECK_FEN, CHECK_CYCLE * 3)
    verdict = judge_position(position)
    assert verdict.winner == BLACK and "check" in verdict.reason
    assert xboard_claim(position, verdict, BLACK, CHECK_FEN) is None
    assert xboard_claim(position, verdict, RED, CHECK_FEN).result == "1/2-1/2"


def test_two_occurrences_are_no_repetition_for_xboard():
    position = played("xiangqi", CHASE_FEN, CHASE_CYCLE)
    assert judge_position(position).ongoing
    assert xboard_draw(position, None) is None


def test_a_janggi_bikjang_points_win_is_not_claimed():
    position = played("janggi", FACING_SOON, ["e4d4", "b9c7"])
    verdict = judge_position(position)
    assert verdict.termination == "bikjang" and verdict.winner == RED
    assert xboard_claim(position, verdict, RED, FACING_SOON) is None
    assert xboard_claim(position, verdict, BLACK, FACING_SOON) is None   # nor conceded


def test_mate_and_stalemate_are_claimed_as_the_arbiter_judges_them():
    position = Board("xiangqi", XIANGQI_STALEMATE).position
    verdict = judge_position(position)
    assert xboard_claim(position, verdict, BLACK, XIANGQI_STALEMATE) == verdict
    assert verdict.result == "0-1"
    position = played("chess", "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
                      ["d8h4"])
    verdict = judge_position(position)
    assert xboard_claim(position, verdict, BLACK, None) == verdict


def test_chess_draws_are_claimed_where_xboard_flags_them():
    # the arbiter's automatic draws (fivefold, 75 moves): XBoard's board shows a draw by then
    start = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"       # e.p. field '-': the start counts
    position = played("chess", start, ["a1a2", "e8d8", "a2a1", "d8e8"] * 4)
    verdict = judge_position(position)
    assert verdict.termination == "fivefold_repetition"
    assert xboard_claim(position, verdict, RED, start).reason == "3-fold repetition"
    start = "4k3/8/8/8/8/8/8/R3K3 w - - 149 100"
    position = played("chess", start, ["a1a2"])
    verdict = judge_position(position)
    assert verdict.termination == "seventyfive_moves"
    assert xboard_claim(position, verdict, BLACK, start).reason == "50-move rule"


def test_a_capture_or_pawn_move_ends_xboards_look_back():
    # the same squares thrice, but a pawn moved in between: no repetition for XBoard
    position = played("chess", "4k3/7p/8/8/8/8/8/R3K3 w - - 0 1",
                      ["a1a2", "e8d8", "a2a1", "d8e8", "a1a2", "h7h6", "a2a1", "e8d8"])
    assert xboard_draw(position, None) is None


def test_xiangqi_move_count_skips_checks_and_evasions():
    # 99 quiet plies on the clock; a check and its evasion do not count in XBoard's xiangqi
    position = played("xiangqi", "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 99 80", ["a1a9", "e9e8"])
    assert xboard_draw(position, None) is None
    position = played("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", ["a1a8", "e8e7"])
    assert xboard_draw(position, None) == "50-move rule"


def test_a_sideways_soldier_move_does_not_end_xboards_look_back():
    cycle = ["e5d5", "e9e8", "d5e5", "e8e9"]
    start = "4k4/9/9/9/4P4/9/9/9/9/3K5 w - - 0 1"
    position = played("xiangqi", start, cycle * 3)
    assert xboard_draw(position, start) == "3-fold repetition"
    assert judge_position(position).result == "1/2-1/2"


def test_a_janggi_pass_ends_xboards_look_back_as_its_null_move_is_irreversible():
    start = "1n7/4k4/9/9/9/4P4/9/9/4K4/R8 w - - 0 1"
    shuffle = played("janggi", start, ["a0a1", "b9c7", "a1a0", "c7b9"] * 3)
    assert xboard_draw(shuffle, start) == "3-fold repetition"
    passing = played("janggi", start, ["a0a1", "e8e8", "a1a0", "e8e8"] * 3)   # Han passes
    assert passing.hash == shuffle.hash
    assert xboard_draw(passing, start) is None


def test_janggi_wins_are_never_claimed_as_xboard_sees_no_check_there():
    # Han mates (tests/protocol/server/test_xboard_claims_gui.py shows XBoard ruling this claim false)
    position = played("janggi", JANGGI_MATE_FEN, JANGGI_MATE)
    verdict = judge_position(position)
    assert verdict.termination == "checkmate" and verdict.winner == BLACK
    assert xboard_claim(position, verdict, BLACK, None) is None
    assert xboard_claim(position, verdict, RED, None) == verdict    # the loser concedes


# ------------------------------------------------------------------ transcripts
def test_xboard_plays_on_after_a_chase_it_would_not_award():
    # red's b5e5 repeats the start a third time: black, the engine, plays on
    out = relay("xiangqi", CHASE_FEN, CHASE_CYCLE * 2)
    assert len(out) == 1 and out[0].startswith("move "), out
    assert fake.Searcher.started                    # searched instead of claiming


def test_xboard_engine_that_chased_claims_the_repetition_draw():
    # black's e4b4 repeats red's position a third time: red, the engine, chased
    out = relay("xiangqi", CHASE_FEN, CHASE_CYCLE * 2 + CHASE_CYCLE[:1])
    assert out == ["1/2-1/2 {3-fold repetition}"]
    assert not fake.Searcher.started


def test_xboard_plays_on_after_perpetual_check_by_the_opponent():
    out = relay("xiangqi", CHECK_FEN, CHECK_CYCLE * 2 + CHECK_CYCLE[:1])
    assert len(out) == 1 and out[0].startswith("move "), out


def test_xboard_engine_that_checked_claims_the_repetition_draw():
    # set up by setboard: the start is no earlier occurrence for XBoard, so not at the 8th ply
    out = relay("xiangqi", CHECK_FEN, CHECK_CYCLE * 2)
    assert len(out) == 1 and out[0].startswith("move "), out
    out = relay("xiangqi", CHECK_FEN, CHECK_CYCLE * 3)
    assert out == ["1/2-1/2 {3-fold repetition}"]


def test_xboard_does_not_claim_a_janggi_bikjang():
    out = relay("janggi", FACING_SOON, ["e4d4", "b9c7"])   # Han leaves bikjang standing
    assert len(out) == 1 and out[0].startswith("move "), out


def test_xboard_still_claims_a_stalemate_that_loses():
    talk = Talk()
    talk.send("xboard", "protover 2", "new", "variant xiangqi", "force")
    out = talk.send(f"setboard {XIANGQI_STALEMATE}", "go")
    assert out[-1].startswith("0-1 {") and not any(l.startswith("move") for l in out)


# ------------------------------------------------------------------ draws a player may claim
def best(score_cp=None, mate_plies=None) -> BestMove:
    return BestMove(None, None, score_cp, mate_plies)


ROOK_SHUFFLE = ["a1a2", "e8d8", "a2a1", "d8e8"]
KNIGHT_SHUFFLE = ["g1f3", "g8f6", "f3g1", "f6g8"]
CHESS_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_a_chess_threefold_or_fifty_moves_is_claimed_unless_the_search_expects_a_win():
    start = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"       # e.p. field '-': the start counts
    position = played("chess", start, ROOK_SHUFFLE * 2)            # the start, a third time
    assert judge_position(position).ongoing                         # no automatic end yet
    for expected in (best(0), best(-250), best(mate_plies=-6)):
        assert claimable_draw(position, expected, start).reason == "3-fold repetition"
    for expected in (best(1), best(mate_plies=3), None):
        assert claimable_draw(position, expected, start) is None
    twice = played("chess", start, ROOK_SHUFFLE + ROOK_SHUFFLE[:3])
    assert claimable_draw(twice, best(0), start) is None
    start = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80"
    assert claimable_draw(played("chess", start, ["a1a2"]), best(0), start).reason == "50-move rule"
    assert claimable_draw(Board("chess", start).position, best(0), start) is None


def test_no_draw_is_claimed_where_the_rules_leave_none_to_claim():
    # red checks for ever: a loss for red by xiangqi's rules, which XBoard rules itself later
    position = played("xiangqi", CHECK_FEN, CHECK_CYCLE * 2 + CHECK_CYCLE[:1])
    assert judge_position(position).winner == BLACK
    assert claimable_draw(position, best(0), CHECK_FEN) is None


def test_xboard_engine_claims_the_threefold_its_move_makes_when_it_expects_no_win():
    fake.Searcher.script = {"score_cp": 0, "prefer": ["f6g8"]}
    moves = KNIGHT_SHUFFLE * 2
    out = relay("chess", CHESS_START, moves[:-1])
    assert out == ["move f6g8", "1/2-1/2 {3-fold repetition}"], out
    fake.Searcher.script = {"score_cp": 40, "prefer": ["f6g8"]}
    assert relay("chess", CHESS_START, moves[:-1]) == ["move f6g8"]


def test_xboard_engine_claims_the_threefold_the_opponents_move_made_instead_of_moving():
    fake.Searcher.script = {"score_cp": -30}
    assert relay("chess", CHESS_START, KNIGHT_SHUFFLE * 2) == ["1/2-1/2 {3-fold repetition}"]
    fake.Searcher.script = {"score_cp": 30}
    out = relay("chess", CHESS_START, KNIGHT_SHUFFLE * 2)
    assert len(out) == 1 and out[0].startswith("move "), out


# ------------------------------------------------------------------ the search's rule ends
def test_rule_ends_default_by_dialect_and_under_xboard_by_game():
    talk = Talk()
    out = talk.send("xboard", "protover 2")
    assert 'feature option="Rule Ends -combo arbiter /// mate-and-draws /// *xboard"' in out
    talk.send("new", "go")
    assert talk.loop.dialect.core.searcher.config.rule_ends == "mate-and-draws"     # chess
    talk.send("new", "variant xiangqi", "go")
    assert talk.loop.dialect.core.searcher.config.rule_ends == "mate-and-draws"
    talk.send("new", "variant shogi", "go")      # XBoard takes any win claimed in a drop game
    assert talk.loop.dialect.core.searcher.config.rule_ends == "arbiter"
    talk.send("new", "variant xiangqi", "option Rule Ends=arbiter", "go")
    assert talk.loop.dialect.core.searcher.config.rule_ends == "arbiter"
    for hello in ("uci", "ucci", "usi"):
        declared = [line for line in Talk().send(hello) if "Rule Ends" in line.replace("_", " ")]
        assert len(declared) == 1 and "default arbiter" in declared[0], declared
        assert "xboard" not in declared[0]
