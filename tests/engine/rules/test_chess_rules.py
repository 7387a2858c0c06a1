"""Chess game ends (engine/rules/chess.py) on named positions, each also asked of python-chess:
insufficient material, stalemate, the 75/50-move rules, five/threefold repetition (with the
FIDE en passant clause), claim options and the arbiter's judge()."""
import chess
import pytest

from engine.arbiter import judge
from engine.board import Board

START = chess.STARTING_FEN
SHUFFLE = ["g1f3", "g8f6", "f3g1", "f6g8"]


def oracle_termination(board: chess.Board, claim_draw: bool = False):
    outcome = board.outcome(claim_draw=claim_draw)
    return None if outcome is None else outcome.termination.name.lower()


def termination(board: Board, **options):
    outcome = board.outcome(**options)
    return None if outcome is None else outcome.termination


# ------------------------------------------------------------------------ insufficient material
@pytest.mark.parametrize("fen,insufficient", [
    ("8/8/8/8/8/8/8/K6k w - - 0 1", True),        # bare kings
    ("8/8/8/8/8/8/8/KN5k w - - 0 1", True),       # king and knight
    ("8/8/8/8/8/8/8/KB5k w - - 0 1", True),       # king and bishop
    ("8/8/8/8/8/8/8/KB3b1k w - - 0 1", True),     # bishops on the same colour
    ("8/8/8/8/8/8/8/KB1B3k w - - 0 1", True),     # two bishops, one colour
    ("8/8/8/8/8/8/8/KB4bk w - - 0 1", False),     # opposite bishops: a helpmate exists
    ("8/8/8/8/8/8/8/KN4nk w - - 0 1", False),     # knight against knight
    ("8/8/8/8/8/8/8/KNN4k w - - 0 1", False),     # two knights
    ("8/8/8/8/8/8/8/KN4qk w - - 0 1", False),     # the queen can mate
    ("8/8/8/8/8/8/8/KN4rk w - - 0 1", False),     # knight vs rook: selfmate by blocking
    ("8/8/8/8/8/8/8/KB4nk w - - 0 1", False),     # bishop vs knight
    ("8/8/8/8/8/8/8/KBB4k w - - 0 1", False),     # bishop pair
    ("8/8/8/8/8/8/P7/K6k w - - 0 1", False),      # a pawn
])
def test_insufficient_material(fen, insufficient):
    assert chess.Board(fen).is_insufficient_material() == insufficient
    assert (termination(Board("chess", fen)) == "insufficient_material") == insufficient


def test_stalemate_with_insufficient_material_reports_material_as_python_chess():
    fen = "7k/5K2/6B1/8/8/8/8/8 b - - 0 1"
    assert Board("chess", fen).legal_moves == []
    assert termination(Board("chess", fen)) == oracle_termination(chess.Board(fen)) \
        == "insufficient_material"


def test_stalemate_is_a_draw():
    fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
    outcome = Board("chess", fen).outcome()
    assert (outcome.result, outcome.termination) == ("1/2-1/2", "stalemate")


# ------------------------------------------------------------------------ move counters
def test_seventyfive_moves_is_automatic():
    fen = "4k3/8/8/8/8/8/8/R3K3 w - - 149 120"
    board, oracle = Board("chess", fen), chess.Board(fen)
    assert termination(board) is None
    board.push_str("a1a2")
    oracle.push_uci("a1a2")
    assert termination(board) == oracle_termination(oracle) == "seventyfive_moves"


def test_mate_on_the_150th_ply_stands():
    fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120"
    board, oracle = Board("chess", fen), chess.Board(fen)
    board.push_str("a1a8")
    oracle.push_uci("a1a8")
    outcome = board.outcome(claim_draw=True)
    assert outcome.termination == oracle_termination(oracle, True) == "checkmate"
    assert outcome.result == "1-0"


def test_fifty_moves_only_when_claimed():
    fen = "4k3/8/8/8/8/8/8/R3K3 w - - 100 80"
    board, oracle = Board("chess", fen), chess.Board(fen)
    assert termination(board) is None is oracle_termination(oracle)
    assert termination(board, claim_draw=True) == oracle_termination(oracle, True) == "fifty_moves"


def test_fifty_moves_claim_with_the_next_move():
    fen = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80"
    board, oracle = Board("chess", fen), chess.Board(fen)
    assert termination(board, claim_draw=True) == oracle_termination(oracle, True) == "fifty_moves"
    assert termination(board, claim_draw=True, claim_next_move=False) is None


def test_fifty_moves_claim_needs_a_non_zeroing_move():
    """Black's only moves capture, so none of them completes the fifty moves."""
    fen = "k7/1R6/3K4/8/8/8/8/8 b - - 99 80"
    board, oracle = Board("chess", fen), chess.Board(fen)
    assert board.legal_move_strs() == ["a8b7"]
    assert termination(board, claim_draw=True) is None is oracle_termination(oracle, True)


# ------------------------------------------------------------------------ repetition
def play_both(fen, moves, chess960=False):
    board, oracle = Board("chess", fen, chess960=chess960), chess.Board(fen, chess960=chess960)
    history = [(termination(board), termination(board, claim_draw=True),
                termination(board, claim_draw=True, claim_next_move=False),
                oracle_termination(oracle), oracle_termination(oracle, True))]
    for move in moves:
        board.push_str(move)
        oracle.push_uci(move)
        history.append((termination(board), termination(board, claim_draw=True),
                        termination(board, claim_draw=True, claim_next_move=False),
                        oracle_termination(oracle), oracle_termination(oracle, True)))
    return history


def test_threefold_claim_and_fivefold_from_the_start():
    history = play_both(START, SHUFFLE * 4)
    for ply, (auto, claim, on_board, oracle_auto, oracle_claim) in enumerate(history):
        assert auto == oracle_auto, ply
        assert claim == oracle_claim, ply
    # the start position stands for the third time after 8 plies; ply 7 can claim with f6g8
    assert [h[1] for h in history[:9]] == [None] * 7 + ["threefold_repetition"] * 2
    assert [h[2] for h in history[:9]] == [None] * 8 + ["threefold_repetition"]
    assert history[16][0] == "fivefold_repetition"
    assert history[15][0] is None


def test_illegal_en_passant_right_does_not_make_a_new_position():
    """After d7d5 the kernels keep d6 (a white pawn stands beside), but e5xd6 would expose the
    king on a5 to the queen: FIDE counts the position as the one without an en passant right."""
    fen = "8/3p4/8/K3P2q/8/8/8/7k b - - 0 1"
    moves = ["d7d5"] + ["a5a6", "h5h6", "a6a5", "h6h5"] * 2
    history = play_both(fen, moves)
    for ply, (auto, claim, on_board, oracle_auto, oracle_claim) in enumerate(history):
        assert (auto, claim) == (oracle_auto, oracle_claim), ply
    assert history[-1][2] == "threefold_repetition"


def test_legal_en_passant_right_makes_a_new_position():
    fen = "8/3p4/8/4P3/8/8/8/K6k b - - 0 1"
    moves = ["d7d5"] + ["a1a2", "h1h2", "a2a1", "h2h1"] * 2
    history = play_both(fen, moves)
    for ply, (auto, claim, on_board, oracle_auto, oracle_claim) in enumerate(history):
        assert (auto, claim) == (oracle_auto, oracle_claim), ply
    assert history[-1][2] is None          # only the second time without the right


def test_lost_castling_rights_make_a_new_position():
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    moves = ["a1b1", "a8b8", "b1a1", "b8a8"] * 2 + ["a1b1", "a8b8", "b1a1", "b8a8"]
    history = play_both(fen, moves)
    for ply, (auto, claim, on_board, oracle_auto, oracle_claim) in enumerate(history):
        assert (auto, claim) == (oracle_auto, oracle_claim), ply
    assert history[8][2] is None and history[12][2] == "threefold_repetition"


def test_chess960_repetition_with_castling():
    fen = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1"
    moves = ["e1g1", "e8g8"] + ["g1h1", "g8h8", "h1g1", "h8g8"] * 4
    history = play_both(fen, moves, chess960=True)
    for ply, (auto, claim, on_board, oracle_auto, oracle_claim) in enumerate(history):
        assert (auto, claim) == (oracle_auto, oracle_claim), ply
    assert history[10][2] == "threefold_repetition" and history[18][0] == "fivefold_repetition"


# ------------------------------------------------------------------------ the arbiter
def test_judge_reports_automatic_draws_by_default():
    assert judge("chess", None, SHUFFLE * 2).ongoing
    verdict = judge("chess", None, SHUFFLE * 4)
    assert (verdict.result, verdict.termination) == ("1/2-1/2", "fivefold_repetition")


def test_judge_with_claims_stops_at_the_claim():
    # python-chess semantics: after 7 plies black to move can claim with f6g8, which makes the start position stand a third time
    verdict = judge("chess", None, SHUFFLE * 2, claim_draw=True)
    assert verdict.termination == "threefold_repetition"
    assert judge("chess", None, (SHUFFLE * 2)[:6], claim_draw=True).ongoing
    # claims on the board only (tournament adjudication): the 8th ply must be played
    assert judge("chess", None, (SHUFFLE * 2)[:7], claim_draw=True,
                 claim_next_move=False).ongoing
    verdict = judge("chess", None, SHUFFLE * 2, claim_draw=True, claim_next_move=False)
    assert verdict.termination == "threefold_repetition"


def test_judge_stops_a_game_at_its_first_end():
    # fool's mate; moves after it are not judged
    verdict = judge("chess", None, ["f2f3", "e7e5", "g2g4", "d8h4"])
    assert (verdict.result, verdict.termination) == ("0-1", "checkmate")


def test_judge_chess960_castling():
    fen = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1"
    assert judge("chess", fen, ["f1g1", "f8g8"], chess960=True).ongoing
    board = Board("chess", fen, chess960=True)
    board.push_str("f1g1")
    oracle = chess.Board(fen, chess960=True)
    oracle.push_uci("f1g1")
    assert board.fen() == oracle.fen() == "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRRKN b kq - 1 1"
