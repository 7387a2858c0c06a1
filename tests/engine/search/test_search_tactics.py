"""Material sense: take a free piece, do not leave a heavy piece en prise."""
import pytest

from engine.notation import move_text
from engine.position import Position
from engine.search import Limits

from search_helpers import run

FREE_PIECE = [
    ("xiangqi", "1nbakabnr/9/1c5c1/p1p1p1p1p/9/4r4/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "e3e4"),
    ("janggi", "1nba1abnr/4k4/1c5c1/p1p1p1p1p/9/4r4/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
     "e3e4"),
    ("shogi", "lnsgkgsnl/1r7/ppppppppp/9/9/2b6/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "7g7f"),
    ("chess", "rnb1kbnr/pppp1ppp/8/4p3/4q3/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 1", "c3e4"),
]


@pytest.mark.parametrize("variant,fen,expected", FREE_PIECE)
def test_takes_a_free_piece(variant, fen, expected):
    position = Position(variant, fen)
    best, _ = run(position, Limits(depth=4))
    if expected:
        assert move_text(position, best.move) == expected
    assert best.score_cp is not None and best.score_cp > 150


ATTACKED_HEAVY = [
    # white queen on e4 attacked by the d5 pawn
    ("chess", "rnbqkbnr/ppp1pppp/8/3p4/4Q3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 1", "Q"),
    # red chariot on e5 attacked by the black horse on d7 (a knight-shaped leap with a free leg)
    ("xiangqi", "r1bakabnr/3n5/1c5c1/p1p1p1p1p/4R4/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 w - - 0 1", "R"),
]


@pytest.mark.parametrize("variant,fen,letter", ATTACKED_HEAVY)
def test_does_not_leave_a_heavy_piece_en_prise(variant, fen, letter):
    position = Position(variant, fen)
    best, _ = run(position, Limits(depth=4))
    after = position.copy()
    after.push(best.move)
    heavy = position.spec.type_of(letter)
    for reply in after.legal_moves():
        to = (reply >> 8) & 0xFF
        assert after.board[to] != heavy, f"{move_text(position, best.move)} leaves it en prise"
    assert best.score_cp is not None and best.score_cp > -150
