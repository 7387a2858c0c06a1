"""Chess FEN: what is printed back (compared with python-chess's ``fen()``), the en passant
field, move counters, and the FENs that must be refused."""
import chess
import pytest

from engine.board import Board
from engine.fen import FenError


@pytest.mark.parametrize("fen", [
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 3",      # legal e.p. kept
    "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",      # black to move
    "8/8/8/8/8/8/8/K6k b - - 57 140",                                    # clocks kept
    "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
    "r3k3/8/8/8/8/8/8/4K2R b Kq - 3 20",
])
def test_round_trip(fen):
    board = Board("chess", fen)
    assert board.fen() == fen == chess.Board(fen).fen()
    assert Board("chess", board.fen()).position.hash == board.position.hash


@pytest.mark.parametrize("fen,printed", [
    # no white pawn could take on d6: python-chess prints '-' as well
    ("rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 2",
     "rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2"),
    # a white pawn stands beside, but taking would expose the king on the rank
    ("8/8/8/K2pP2q/8/8/8/7k w - d6 0 1", "8/8/8/K2pP2q/8/8/8/7k w - - 0 1"),
    # missing trailing fields
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", chess.STARTING_FEN),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"),
    # a right whose rook or king is not on its square is dropped, as python-chess does
    ("r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R4K1R w kq - 0 1"),
    ("r3k2r/8/8/8/8/8/8/1R2K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/1R2K2R w Kkq - 0 1"),
    # Shredder letters are read in standard chess too
    ("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
])
def test_normalised_like_python_chess(fen, printed):
    assert Board("chess", fen).fen() == printed == chess.Board(fen).fen()


def test_en_passant_square_without_a_pawn_to_take_is_dropped():
    """python-chess keeps d6 here (its e.p. generator does not look for the pawn on d5); the
    position cannot arise in a game, and we print and hash it without the right."""
    board = Board("chess", "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1")
    assert board.fen() == "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1"
    assert "e5d6" not in board.legal_move_strs()


def test_hidden_en_passant_right_does_not_change_the_hash():
    with_field = Board("chess", "8/8/8/K2pP2q/8/8/8/7k w - d6 0 1")
    without = Board("chess", "8/8/8/K2pP2q/8/8/8/7k w - - 0 1")
    usable = Board("chess", "rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 3")
    plain = Board("chess", "rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq - 0 3")
    assert usable.position.hash != plain.position.hash
    assert "d5c6" in usable.legal_move_strs() and "d5c6" not in plain.legal_move_strs()
    # the pinned case keeps the square in the kernels' hash; the rules take it out (see
    # test_chess_rules.py); the move list is what matters here
    assert sorted(with_field.legal_move_strs()) == sorted(without.legal_move_strs())


def test_fen_after_moves_matches_python_chess():
    moves = ["e2e4", "c7c5", "e4e5", "d7d5", "e5d6", "e7d6", "g1f3", "b8c6", "f1b5", "g8f6",
             "e1g1", "f8e7", "d2d4", "e8g8"]
    board, oracle = Board("chess"), chess.Board()
    for move in moves:
        board.push_str(move)
        oracle.push_uci(move)
        assert board.fen() == oracle.fen()


@pytest.mark.parametrize("fen", [
    "   ",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",                  # seven ranks
    "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",          # nine files
    "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",           # seven files
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",          # unknown letter
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",          # side
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",          # castling letter
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",         # e.p. off the board
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1",         # e.p. rank
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",         # e.p. rank for white
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq xx 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - a 1",          # halfmove clock
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1",         # fullmove number
    "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",            # no black king
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1",            # two white kings
    "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",                                    # pawn on the last rank
    "4k3/8/8/8/8/8/8/4K2p w - - 0 1",                                    # black pawn on rank 1
    "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",                                   # black king in check, white to move
])
def test_bad_fen_is_refused(fen):
    with pytest.raises(FenError):
        Board("chess", fen)


def test_fen_error_is_a_value_error():
    assert issubclass(FenError, ValueError)
