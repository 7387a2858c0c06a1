"""Game rules inside the search: repetition, perpetual check, janggi passes and point counts."""
from engine.board import Board
from engine.notation import parse_move
from engine.position import Position
from engine.search import Limits

from search_helpers import run


def _play(position, texts):
    for text in texts:
        position.push(parse_move(position, text))
    return position


def test_repetition_is_a_draw_in_chess():
    position = _play(Position("chess"), ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6"])
    back = parse_move(position, "f3g1")   # repeats the position after move 3
    best, _ = run(position, Limits(depth=3, searchmoves=[back]))
    assert best.move == back and best.score_cp == 0


PERPETUAL_CHECK = ("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1", ["a8a9", "e9e8", "a9a8", "e8e9"])


def _assert_perpetual_check_avoided(position):
    """Red has checked on every move of the cycle: repeating it again loses for red, and with
    a free choice red avoids it."""
    again = parse_move(position, "a8a9")
    best, _ = run(position, Limits(depth=2, searchmoves=[again]))
    assert best.mate_plies is not None and best.mate_plies < 0   # a rule loss reads as mated
    best, _ = run(position, Limits(depth=3))
    assert best.move != again


def test_perpetual_check_loses_in_xiangqi():
    fen, cycle = PERPETUAL_CHECK
    _assert_perpetual_check_avoided(_play(Position("xiangqi", fen), cycle))


def test_same_cycle_is_only_a_draw_in_chess():
    position = _play(Position("chess", "4k3/R7/8/8/8/8/8/3K4 w - - 0 1"),
                     ["a7a8", "e8e7", "a8a7", "e7e8"])
    again = parse_move(position, "a7a8")
    best, _ = run(position, Limits(depth=2, searchmoves=[again]))
    assert best.score_cp == 0


def test_janggi_pass_after_a_pass_wins_on_points():
    # Cho (first player) has an extra chariot; Han has just passed
    position = Position("janggi", "rnba1abn1/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 0 1")
    han_pass = next(m for m in position.legal_moves() if m & (1 << 24))
    position.push(han_pass)
    best, _ = run(position, Limits(depth=3))
    assert best.move & (1 << 24), "passing ends the game with Cho ahead on points"
    assert best.mate_plies == 1      # the rule win one ply away reads as mate in 1


def test_janggi_behind_on_points_does_not_pass_back():
    position = Position("janggi", "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABN1 b - - 0 1")
    han_pass = next(m for m in position.legal_moves() if m & (1 << 24))
    position.push(han_pass)
    best, _ = run(position, Limits(depth=3))
    assert not best.move & (1 << 24)


def test_janggi_bikjang_left_standing_is_scored_on_points():
    # a capture has happened; Cho is ahead on points (an extra chariot). Han's guard steps off
    # the file between the generals: bikjang. Cho leaves it standing (a pass) and wins on points.
    position = Position("janggi", "4k4/4a4/9/9/9/9/9/9/9/R3K4 b - - 0 1")
    position.st[10] = 1   # S_CAPTURES: the game has seen a capture
    guard_aside = parse_move(position, "e8d8")
    best, _ = run(position, Limits(depth=3, searchmoves=[guard_aside]))
    assert best.mate_plies is not None and best.mate_plies < 0   # a rule loss reads as mated
    best, _ = run(position, Limits(depth=3))
    assert best.move != guard_aside


# ---------------------------------------------------------------------- games of any length
SHUFFLES = {"xiangqi": ["b0c2", "b9c7", "c2b0", "c7b9"], "chess": ["g1f3", "g8f6", "f3g1", "f6g8"]}


def _shuffled(variant, fen=None, plies=2400, cycle=None):
    cycle = cycle or SHUFFLES[variant]
    return _play(Position(variant, fen), [cycle[i % len(cycle)] for i in range(plies)])


def test_a_game_longer_than_the_old_undo_stack_plays_and_unwinds():
    position = _shuffled("xiangqi", plies=3001)
    assert position.ply == 3001 and position.turn == 1
    assert len(position.hash_history()) == 3002
    while position.ply:
        position.pop()
    assert position.fen() == Position("xiangqi").fen()


def test_perpetual_check_is_still_judged_after_2000_plies():
    # the check cycle of test_perpetual_check_loses_in_xiangqi, 600 times over
    fen, cycle = PERPETUAL_CHECK
    _assert_perpetual_check_avoided(_shuffled("xiangqi", fen, plies=2400, cycle=cycle))


def test_repetition_is_still_a_draw_after_2000_plies_in_chess():
    position = _shuffled("chess", plies=2400)
    _play(position, ["e2e4", "e7e5", "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6"])
    back = parse_move(position, "f3g1")
    best, _ = run(position, Limits(depth=3, searchmoves=[back]))
    assert best.move == back and best.score_cp == 0


def test_a_shogi_cycle_through_captures_and_drops_is_a_repetition():
    # the pawns are exchanged and dropped back, the gold goes home, the kings walk (white's
    # in a triangle): the start position recurs twelve plies on, with a capture in between
    position = Position("shogi", "4k4/9/4g4/4p4/4P4/9/9/9/4K4 b - 1")
    board = Board("shogi", position.fen())
    for text in ["5e5d", "5c5d", "5i4i", "5d5c", "P*5e", "P*5d", "4i5i", "5a4a", "5i4i",
                 "4a4b", "4i5i"]:
        board.push_str(text)
    back = next(m for m in board.position.legal_moves() if board.move_str(m) == "4b5a")
    best, _ = run(board.position.copy(), Limits(depth=1, searchmoves=[back]))
    assert best.score_cp == 0          # a draw, though white is a gold up
    other = next(m for m in board.position.legal_moves() if board.move_str(m) == "4b3b")
    best, _ = run(board.position.copy(), Limits(depth=1, searchmoves=[other]))
    assert best.score_cp > 300
