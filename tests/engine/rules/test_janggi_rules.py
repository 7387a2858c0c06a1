"""Janggi rule tests, one group per rule of engine/rules/janggi.py (moves in 0-based canonical
notation: files a..i, ranks 0..9 from Cho's side; a pass is the own general's square twice)."""
import pytest

from engine.arbiter import judge, judge_position
from engine.board import Board
from engine.perft import perft
from engine.rules.janggi import capture_happened, plies_played, points


def moves_of(fen, square=None):
    moves = Board("janggi", fen).legal_move_strs()
    return {m for m in moves if square is None or m.startswith(square)}


def targets(fen, square):
    return {m[2:] for m in moves_of(fen, square) if m[2:] != square}


# ------------------------------------------------------------------------------------ movement
def test_general_and_guard_follow_palace_lines():
    # General on the centre e1: all eight points plus the pass.
    assert targets("9/4k4/9/9/9/9/4P4/9/4K4/9 w - - 0 1", "e1") == {
        "d0", "e0", "f0", "d1", "f1", "d2", "e2", "f2"}
    # Corner d0: the diagonal to e1, never out of the palace.
    assert targets("9/4k4/9/9/9/9/4P4/9/9/3K5 w - - 0 1", "d0") == {"d1", "e0", "e1"}
    # Edge midpoint d1: no diagonal line passes through it.
    assert targets("9/4k4/9/9/9/9/4P4/9/3K5/9 w - - 0 1", "d1") == {"d0", "d2", "e1"}
    # A guard moves exactly like the general.
    assert targets("9/4k4/9/9/9/9/4P4/9/9/3AK4 w - - 0 1", "d0") == {"d1", "e1"}
    assert targets("9/4k4/9/9/9/9/4P4/9/3A5/5K3 w - - 0 1", "d1") == {"d0", "d2", "e1"}


def test_chariot_uses_palace_diagonals_only_inside_a_palace():
    own = targets("9/4k4/9/9/9/9/4P4/9/9/3R1K3 w - - 0 1", "d0")
    assert {"e1", "f2"} <= own and "g3" not in own
    enemy = targets("9/5k3/3R5/9/9/9/4P4/9/9/4K4 w - - 0 1", "d7")
    assert {"e8", "f9"} <= enemy
    edge = targets("9/4k4/9/9/9/9/4P4/9/3R5/5K3 w - - 0 1", "d1")
    assert not {"e0", "e2"} & edge


def test_cannon_jumps_along_palace_diagonal():
    assert "f2" in targets("9/4k4/9/9/9/9/4P4/9/4A4/3C1K3 w - - 0 1", "d0")
    # Captures along the diagonal over the guard on e1.
    assert "f2" in targets("9/4k4/9/9/9/9/4P4/5n3/4A4/3C1K3 w - - 0 1", "d0")


def test_soldier_forward_and_sideways_and_diagonal_only_in_enemy_palace():
    assert targets("9/3k5/9/9/9/4P4/9/9/9/5K3 w - - 0 1", "e4") == {"d4", "e5", "f4"}
    # Enemy palace corner d7: forward diagonal to the centre e8.
    assert targets("5k3/9/3P5/9/9/9/9/9/9/4K4 w - - 0 1", "d7") == {"c7", "d8", "e7", "e8"}
    # Enemy palace centre e8: forward diagonals d9, f9, never backward ones.
    assert targets("9/4P4/5k3/9/9/9/9/9/9/3K5 w - - 0 1", "e8") == {"d8", "d9", "e9", "f8", "f9"}
    # Own palace: no diagonal (soldier on d1 would need e2).
    assert targets("4k4/9/9/9/9/9/9/9/3P5/5K3 w - - 0 1", "d1") == {"c1", "d2", "e1"}
    # Han soldiers go down: f2 in Cho's palace reaches e1 diagonally.
    assert targets("5k3/9/9/9/9/P8/9/5p3/9/3K5 b - - 0 1", "f2") == {"e1", "e2", "f1", "g2"}


def test_cannon_needs_exactly_one_non_cannon_screen_and_never_takes_a_cannon():
    # No screen: the cannon cannot move at all.
    assert targets("9/4k4/9/9/9/9/4P4/1C7/9/5K3 w - - 0 1", "b2") == set()
    # Over the horse on b3 only: b4..b9, never b3 itself or behind.
    assert targets("9/4k4/9/9/9/9/1N2P4/1C7/9/5K3 w - - 0 1", "b2") == {
        "b4", "b5", "b6", "b7", "b8", "b9"}
    # Past the screen it stops at the first piece and takes it (b3 horse screen, b5 soldier).
    assert targets("9/4k4/9/9/1p7/9/1N2P4/1C7/9/5K3 w - - 0 1", "b2") == {"b4", "b5"}
    # A cannon (own or enemy) is never a screen.
    assert targets("9/4k4/9/9/9/1c7/4P4/1C1C5/9/5K3 w - - 0 1", "b2") == set()
    # Over the horse the cannon stops before the enemy cannon and may not take it.
    assert targets("9/4k4/1c7/9/9/1N7/4P4/1C7/9/5K3 w - - 0 1", "b2") == {"b5", "b6"}
    # ... but it takes any other piece there.
    assert "b7" in targets("9/4k4/1r7/9/9/1N7/4P4/1C7/9/5K3 w - - 0 1", "b2")


def test_elephant_is_blocked_at_both_intermediate_points():
    free = "9/3k5/9/9/9/4B4/9/9/9/5K3 w - - 0 1"
    assert targets(free, "e4") == {"c7", "g7", "c1", "g1", "b6", "b2", "h6", "h2"}
    # Orthogonal first point e5 occupied: c7 and g7 lost.
    assert targets("9/3k5/9/9/4p4/4B4/9/9/9/5K3 w - - 0 1", "e4") == {
        "c1", "g1", "b6", "b2", "h6", "h2"}
    # Diagonal second point d6 occupied: only c7 lost.
    assert targets("9/3k5/9/3p5/9/4B4/9/9/9/5K3 w - - 0 1", "e4") == {
        "g7", "c1", "g1", "b6", "b2", "h6", "h2"}


def test_horse_leg():
    assert targets("9/3k5/9/9/4p4/4N4/9/9/9/5K3 w - - 0 1", "e4") == {
        "c3", "c5", "d2", "f2", "g3", "g5"}


# -------------------------------------------------------------------------------------- setups
def test_sixteen_named_setups_are_playable_and_recognised():
    from engine.janggi_setup import SETUPS, all_start_fens, setup_of
    fens = all_start_fens()
    assert len(set(fens.values())) == 16
    for (han, cho), fen in fens.items():
        board = Board("janggi", setup=f"han={han},cho={cho}")
        assert board.fen() == fen and setup_of(board.fen()) == (han, cho)
        assert len(board.legal_moves) == 32
    assert set(SETUPS) == {"ma-sang-sang-ma", "sang-ma-sang-ma", "ma-sang-ma-sang",
                           "sang-ma-ma-sang"}


def test_setup_names_read_from_each_players_own_left():
    from engine.janggi_setup import start_fen
    # Cho's left is file a: sang-ma-sang-ma puts the elephant on b, the horse on c.
    assert start_fen(cho="sang-ma-sang-ma").split()[0].endswith("/RBNA1ABNR")
    # Han's left is file i: the same name puts Han's elephant on h and horse on g.
    assert start_fen(han="sang-ma-sang-ma").startswith("rnba1anbr/")
    assert start_fen(han="ma-sang-ma-sang", cho="ma-sang-ma-sang") == (
        "rbna1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ANBR w - - 0 1")
    assert Board("janggi", setup=("ma-sang-sang-ma", "ma-sang-sang-ma")).fen() == \
        Board("janggi").fen()


def test_setup_errors_are_clear():
    with pytest.raises(ValueError, match="unknown janggi setup"):
        Board("janggi", setup="han=ma-ma-sang-sang")
    with pytest.raises(ValueError, match="janggi"):
        Board("xiangqi", setup="han=ma-sang-sang-ma")
    with pytest.raises(ValueError, match="either a FEN or a setup"):
        Board("janggi", "9/4k4/9/9/9/9/4P4/9/4K4/9 w - - 0 1", setup="cho=ma-sang-sang-ma")


def test_perft_cli_setup_option(capsys):
    from protocol.cli import main
    assert main(["perft", "--variant", "janggi", "--setup",
                 "han=ma-sang-sang-ma,cho=sang-ma-ma-sang", "2"]) == 0
    assert capsys.readouterr().out.rstrip().splitlines()[-1] == "Nodes searched: 1024"
    assert main(["perft", "--variant", "chess", "--setup", "han=ma-sang-sang-ma", "1"]) == 2
    assert "janggi" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------- pass
def test_pass_is_a_move_counted_by_perft():
    board = Board("janggi")
    assert "e1e1" in board.legal_move_strs() and perft(board.position, 1) == 32


def test_no_stalemate_a_blocked_side_not_in_check_passes():
    board = Board("janggi", "3k5/R8/9/9/9/9/9/9/9/4RK3 b - - 0 1")
    assert board.legal_move_strs() == ["d9d9"] and not board.is_check()
    assert judge_position(board.position).ongoing
    board.push_str("d9d9")
    assert judge_position(board.position).ongoing


def test_no_pass_in_check():
    assert "e1e1" not in moves_of("9/5k3/9/4r4/9/9/9/9/4K4/9 w - - 0 1")


def test_node_after_two_passes_has_no_children():
    board = Board("janggi")
    board.push_str("e1e1")
    board.push_str("e8e8")
    assert perft(board.position, 1) == 0 and perft(board.position, 3) == 0
    one_pass = Board("janggi")
    one_pass.push_str("e1e1")
    # Han's 32 replies; after Han's pass (the 32nd) Cho has nothing left to play.
    assert perft(one_pass.position, 1) == 32
    children = 0
    for mv in one_pass.legal_moves:
        one_pass.push(mv)
        children += perft(one_pass.position, 1)
        one_pass.pop()
    assert perft(one_pass.position, 2) == children
    one_pass.push_str("e8e8")
    assert perft(one_pass.position, 1) == 0


def test_divide_rows_add_up_to_perft_after_a_pass():
    from engine.perft import divide
    board = Board("janggi")
    board.push_str("e1e1")
    rows = dict(divide(board.position, 1))
    assert rows["e8e8"] == 1 and sum(rows.values()) == perft(board.position, 1) == 32
    assert sum(count for _, count in divide(board.position, 2)) == perft(board.position, 2)


def test_double_pass_ends_by_points_but_pass_move_pass_does_not():
    start = Board("janggi").fen()
    verdict = judge("janggi", start, ["e1e1", "e8e8"])
    assert (verdict.termination, verdict.winner, verdict.scores) == ("double_pass", 1, (72, 73.5))
    assert judge("janggi", start, ["e1e1", "a6a5", "e1e1"]).ongoing


# ------------------------------------------------------------------------------------- bikjang
FACING_SOON = "1n7/4k4/9/9/9/4P4/9/9/4K4/R8 w - - 0 1"   # Cho Pe4 is the last blocker


def test_bikjang_ignored_before_the_first_capture():
    start = Board("janggi").fen()
    assert judge("janggi", start, ["e3d3", "e6f6", "e1e1"]).ongoing
    assert judge("janggi", start, ["e3d3", "e6f6", "a3a4", "a6a5"]).ongoing


def test_bikjang_after_a_capture_in_the_game():
    # Full material at the start; the capture happens in the game (a4xa5), then bikjang.
    start = Board("janggi").fen()
    moves = ["a3a4", "a6a5", "a4a5", "e6f6", "e3d3"]
    board = Board("janggi")
    for text in moves:
        board.push_str(text)
    assert capture_happened(board.position)
    assert judge("janggi", start, moves).ongoing          # created, Han may still break it
    verdict = judge("janggi", start, moves + ["e8e8"])   # Han passes: not broken
    assert verdict.termination == "bikjang" and verdict.scores == (72, 71.5)
    assert verdict.winner == 0 and "bikjang" in verdict.reason


def test_bikjang_material_on_the_board_shows_a_capture():
    assert capture_happened(Board("janggi", FACING_SOON).position)
    assert not capture_happened(Board("janggi").position)


def test_bikjang_not_broken_by_a_pass_or_a_move_that_leaves_it():
    for reply in ("e8e8", "b9c7", "e8e9"):   # pass, horse move, general along the file
        verdict = judge("janggi", FACING_SOON, ["e4d4", reply])
        assert verdict.termination == "bikjang", reply
        assert verdict.scores == (15, 6.5) and verdict.winner == 0


def test_bikjang_broken_by_a_move():
    assert judge("janggi", FACING_SOON, ["e4d4", "e8d8"]).ongoing    # general steps aside
    # Interposing: Han's soldier d5 steps sideways onto the file.
    fen = "9/4k4/9/9/3p5/4P4/9/9/4K4/R8 w - - 0 1"
    assert judge("janggi", fen, ["e4d4", "d5e5", "a0a1"]).ongoing
    # A move elsewhere leaves it standing.
    assert judge("janggi", fen, ["e4d4", "d5c5"]).termination == "bikjang"


def test_facing_generals_in_a_fen_carry_no_bikjang_history():
    fen = "1n7/4k4/9/9/9/3P5/9/9/4K4/R8 b - - 0 1"
    assert judge("janggi", fen, ["e8e8"]).ongoing
    assert judge("janggi", fen, ["e8e8", "a0a1"]).ongoing


def test_checkmate_takes_priority_over_bikjang():
    # Cho's d3c3 opens the d-file (bikjang, capture shown by the material); Han's h5h0 leaves it
    # standing and mates: Ri0... rather Rh0 checks along rank 0, Ri1 covers rank 1.
    verdict = judge("janggi", "9/9/3k5/9/7r1/9/3P5/9/8r/3K5 w - - 0 1", ["d3c3", "h5h0"])
    assert verdict.termination == "checkmate" and verdict.winner == 1


# ---------------------------------------------------------------------------------- repetition
PERPETUAL = "3k5/6R2/9/9/9/9/9/9/9/5K3 w - - 0 1"
CHECKS = ["g8g9", "d9d8", "g9g8", "d8d9"] * 2


def test_perpetual_checker_loses_at_the_third_repetition():
    assert judge("janggi", PERPETUAL, CHECKS[:7]).ongoing
    verdict = judge("janggi", PERPETUAL, CHECKS)
    assert verdict.termination == "perpetual_check" and verdict.winner == 1
    assert verdict.scores == (13, 1.5)       # points alone would have given Cho the win


def test_repetition_without_perpetual_check_is_decided_by_points():
    verdict = judge("janggi", "3k4c/9/9/9/9/9/9/9/9/R4K3 w - - 0 1",
                    ["a0a1", "d9d8", "a1a0", "d8d9"] * 2)
    assert verdict.termination == "repetition" and verdict.winner == 0
    assert verdict.scores == (13, 8.5)


def test_repetition_with_quiet_moves_in_the_cycle_is_points():
    # Cho checks once per cycle, then plays two quiet chariot moves; Han passes once.
    cycle = ["g8g9", "d9d8", "g9g7", "d8d9", "g7g8", "d9d9"]
    assert judge("janggi", PERPETUAL, (cycle * 2)[:11]).ongoing
    verdict = judge("janggi", PERPETUAL, cycle * 2)
    assert verdict.termination == "repetition", verdict.reason
    assert verdict.winner == 0


# ----------------------------------------------------------------------------------- ply limit
def test_two_hundred_plies_end_by_points_counting_passes():
    fen = "3k4c/9/9/9/9/9/9/9/9/R4K3 w - - 199 100"
    assert judge("janggi", fen, ["a0a1"]).termination == "ply_limit"
    assert judge("janggi", fen, ["f0f0"]).termination == "ply_limit"
    assert judge("janggi", "3k4c/9/9/9/9/9/9/9/9/R4K3 w - - 198 100", ["a0a1"]).ongoing
    assert judge("janggi", "3k4c/9/9/9/9/9/9/9/9/R4K3 w - - 99 50", ["a0a1"]).ongoing


def test_ply_count_from_the_move_number_and_after_a_capture():
    # Move 100 with Han to move = 199 plies played; the clock restarted at a capture.
    fen = "3k4c/9/9/9/9/9/9/9/9/R4K3 b - - 0 100"
    assert plies_played(Board("janggi", fen).position) == 199
    verdict = judge("janggi", fen, ["d9d8"])
    assert verdict.termination == "ply_limit" and verdict.scores == (13, 8.5)
    # A capture restarts the halfmove clock, not the game's ply count (198 in the FEN's clock).
    board = Board("janggi", "3k4r/9/9/9/9/9/9/9/9/R4K3 w - - 198 1")
    for text in ("a0a1", "i9i1", "a1i1"):
        board.push_str(text)
    assert board.fen().endswith(" b - - 0 2")   # clock 0 after the capture, move 2
    assert plies_played(board.position) == 201


def test_checkmate_on_the_two_hundredth_ply_wins():
    fen = "3k5/9/9/9/9/4R4/9/9/5K3/R8 w - - 199 100"
    verdict = judge("janggi", fen, ["a0d0"])
    assert verdict.termination == "checkmate" and verdict.winner == 0


# -------------------------------------------------------------------------------------- scores
def test_points_are_spec_data():
    from engine.variants.janggi import JANGGI
    values = {p.letter: p.points for p in JANGGI.pieces}
    assert values == {"K": None, "A": 3, "B": 3, "N": 5, "R": 13, "C": 7, "P": 2}
    assert JANGGI.points_bonus == (0, 1.5)
    board = Board("janggi")
    assert (points(board.position, 0), points(board.position, 1)) == (72, 73.5)


def test_scores_never_draw_and_reason_in_words():
    verdict = judge("janggi", Board("janggi").fen(), ["e1e1", "e8e8"])
    assert verdict.result == "0-1" and "han wins" in verdict.reason
    assert "72" in verdict.reason and "73.5" in verdict.reason
