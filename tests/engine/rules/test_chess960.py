"""Chess960 against python-chess (``chess960=True``): start positions, castling edge cases,
X-FEN/Shredder-FEN castling fields and king-takes-rook UCI castling."""
import random

import chess
import pytest

from engine.board import Board
from engine.perft import perft


def oracle_perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += oracle_perft(board, depth - 1)
        board.pop()
    return total


def same_moves(fen: str) -> set[str]:
    ours = set(Board("chess", fen, chess960=True).legal_move_strs())
    assert ours == {m.uci() for m in chess.Board(fen, chess960=True).legal_moves}, fen
    return ours


def test_three_hundred_twenty_start_positions_perft_2():
    for number in range(0, 960, 3):
        oracle = chess.Board.from_chess960_pos(number)
        board = Board("chess", oracle.fen(), chess960=True)
        assert board.fen() == oracle.fen(), number
        assert board.fen(shredder=True) == oracle.shredder_fen(), number
        assert perft(board.position, 2) == oracle_perft(oracle, 2), number


def test_ninety_six_start_positions_perft_3():
    for number in range(0, 960, 10):
        oracle = chess.Board.from_chess960_pos(number)
        board = Board("chess", oracle.fen(), chess960=True)
        assert perft(board.position, 3) == oracle_perft(oracle, 3), number


def test_random_960_games_castle_like_python_chess():
    """Seeded playouts from 60 start positions, preferring castling whenever it is legal, with
    move sets, X-FEN, Shredder-FEN and the outcome (with claims) compared at every ply and
    perft(2) every 8 plies."""
    rng = random.Random(960)
    castles = 0
    for number in rng.sample(range(960), 60):
        oracle = chess.Board.from_chess960_pos(number)
        board = Board("chess", oracle.fen(), chess960=True)
        for ply in range(60):
            where = f"{number} ply {ply}: {oracle.fen()}"
            moves = list(oracle.legal_moves)
            assert sorted(board.legal_move_strs()) == sorted(m.uci() for m in moves), where
            assert board.fen() == oracle.fen(), where
            assert board.fen(shredder=True) == oracle.shredder_fen(), where
            assert Board("chess", oracle.shredder_fen(), chess960=True).fen() == oracle.fen()
            expected = oracle.outcome(claim_draw=True)
            verdict = board.outcome(claim_draw=True)
            assert ((None if verdict is None else verdict.termination)
                    == (None if expected is None else expected.termination.name.lower())), where
            if ply % 8 == 7:
                assert perft(board.position, 2) == oracle_perft(oracle, 2), where
            if not moves or oracle.outcome() is not None:
                break
            castling = [m for m in moves if oracle.is_castling(m)]
            move = rng.choice(castling) if castling and rng.random() < 0.8 else rng.choice(moves)
            castles += oracle.is_castling(move)
            board.push_str(move.uci())
            oracle.push(move)
    assert castles >= 40


@pytest.mark.parametrize("fen,castle,legal", [
    # the king already stands on its destination: only the rook moves (g1h1 -> Kg1 Rf1)
    ("4k3/8/8/8/8/8/8/6KR w H - 0 1", "g1h1", True),
    # the rook already stands on its destination: only the king moves (b1f1 -> Kg1 Rf1)
    ("4k3/8/8/8/8/8/8/1K3R2 w F - 0 1", "b1f1", True),
    # king and rook swap (f1g1 -> Kg1 Rf1)
    ("4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "f1g1", True),
    # queenside with the king on c1: the rook jumps over it to d1
    ("4k3/8/8/8/8/8/8/1RK5 w B - 0 1", "c1b1", True),
    # the king passes over its own castling rook (b1 -> g1 over c1)
    ("4k3/8/8/8/8/8/8/1KR5 w C - 0 1", "b1c1", True),
    # another piece on the way blocks castling
    ("4k3/8/8/8/8/8/8/1KRN4 w C - 0 1", "b1c1", False),
    # the rook's destination occupied by another piece
    ("4k3/8/8/8/8/8/8/RK3B2 w A - 0 1", "b1a1", True),
    ("4k3/8/8/8/8/8/8/RK1B4 w A - 0 1", "b1a1", False),
    # x-ray: the castling rook on b1 shields c1 from the queen on a1; after castling it would not
    ("4k3/8/8/8/8/8/8/qR1K4 w B - 0 1", "d1b1", False),
    # the same with the rook's departure opening a file onto the king's square
    ("1r2k3/8/8/8/8/8/8/1R1K4 w B - 0 1", "d1b1", True),
    ("2r1k3/8/8/8/8/8/8/1R1K4 w B - 0 1", "d1b1", False),
    # a square the king passes is attacked (e1 by the bishop on h4)
    ("4k3/8/8/8/7b/8/8/1K4R1 w G - 0 1", "b1g1", False),
    # the king in check cannot castle even without moving
    ("6r1/4k3/8/8/8/8/8/6KR w H - 0 1", "g1h1", False),
])
def test_castling_edge_cases(fen, castle, legal):
    assert (castle in same_moves(fen)) == legal


@pytest.mark.parametrize("fen,castle,after", [
    ("4k3/8/8/8/8/8/8/6KR w H - 0 1", "g1h1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"),
    ("4k3/8/8/8/8/8/8/1K3R2 w F - 0 1", "b1f1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"),
    ("4k3/8/8/8/8/8/8/1RK5 w B - 0 1", "c1b1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"),
    ("4k3/8/8/8/8/8/8/1KR5 w C - 0 1", "b1c1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"),
])
def test_castling_result_and_undo(fen, castle, after):
    board = Board("chess", fen, chess960=True)
    hash_before = board.position.hash
    board.push_str(castle)
    oracle = chess.Board(fen, chess960=True)
    oracle.push_uci(castle)
    assert board.fen() == oracle.fen() == after
    assert board.position.hash == board.position.compute_hash()
    board.pop()
    assert board.fen() == Board("chess", fen, chess960=True).fen()
    assert board.position.hash == hash_before


def test_uci_castling_notation_standard_and_960():
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    standard = Board("chess", fen)
    assert {"e1g1", "e1c1"} <= set(standard.legal_move_strs())
    assert not {"e1h1", "e1a1"} & set(standard.legal_move_strs())
    assert standard.move_str(standard.parse_str("e1h1")) == "e1g1"   # accepted on input
    fischer = Board("chess", fen, chess960=True)
    assert {"e1h1", "e1a1"} <= set(fischer.legal_move_strs())
    assert not {"e1g1", "e1c1"} & set(fischer.legal_move_strs())
    assert fischer.move_str(fischer.parse_str("e1g1")) == "e1h1"     # as python-chess accepts


@pytest.mark.parametrize("field,xfen,shredder", [
    ("KQkq", "KQkq", "GBgb"),
    ("HAha", "-", "-"),          # no rooks on a/h: the rights are dropped, as python-chess does
    ("BGbg", "KQkq", "GBgb"),
    ("Gg", "Kk", "Gg"),
])
def test_castling_field_forms(field, xfen, shredder):
    fen = f"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w {field} - 0 1"
    board, oracle = Board("chess", fen, chess960=True), chess.Board(fen, chess960=True)
    assert board.fen().split()[2] == oracle.fen().split()[2] == xfen
    assert board.fen(shredder=True).split()[2] == oracle.shredder_fen().split()[2] == shredder


def test_inner_rook_named_by_file_in_x_fen():
    """Two rooks on the h-side: the inner one's right is printed by its file (X-FEN)."""
    fen = "4k3/8/8/8/8/8/8/R3KR1R w FA - 0 1"
    board, oracle = Board("chess", fen, chess960=True), chess.Board(fen, chess960=True)
    assert board.fen() == oracle.fen() == "4k3/8/8/8/8/8/8/R3KR1R w FQ - 0 1"
    assert "e1f1" in same_moves(fen) and "e1h1" not in same_moves(fen)
