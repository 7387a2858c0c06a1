"""The search finds short mates in every game and reports them as mate scores."""
import pytest

from engine.notation import parse_move
from engine.position import Position
from engine.search import Limits

from search_helpers import is_checkmate, replay, run

JANGGI_M1 = "5k3/R8/9/9/9/9/9/9/9/4K3R w - - 2 2"   # after a0a8 e9f9 from the mate-in-2 below

MATE_IN_1 = [
    ("chess", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"),
    ("xiangqi", "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1"),
    ("shogi", "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"),
    ("janggi", JANGGI_M1),
]

MATE_IN_2 = [
    ("chess", "k7/8/2K5/8/8/8/8/7R w - - 0 1"),
    ("xiangqi", "3k5/9/9/9/9/9/2p6/9/9/R3K3R w - - 0 1"),
    ("shogi", "4k4/9/9/9/9/9/9/9/4K4 b 2G2P 1"),
    ("janggi", "4k4/9/9/9/9/9/9/9/9/R3K3R w - - 0 1"),
]


@pytest.mark.parametrize("variant,fen", MATE_IN_1)
def test_mate_in_one(variant, fen):
    position = Position(variant, fen)
    best, infos = run(position, Limits(depth=3))
    assert best.mate_plies == 1 and best.score_cp is None
    assert is_checkmate(replay(position, [best.move]))
    assert infos[-1].mate_plies == 1 and infos[-1].wdl == (1000, 0, 0)


@pytest.mark.parametrize("variant,fen", MATE_IN_2)
def test_mate_in_two(variant, fen):
    position = Position(variant, fen)
    best, infos = run(position, Limits(depth=5))
    assert best.mate_plies == 3
    pv = infos[-1].pv
    assert len(pv) == 3 and pv[0] == best.move
    assert is_checkmate(replay(position, pv))


@pytest.mark.parametrize("variant,fen", MATE_IN_2)
def test_mate_limit_stops_at_the_mate(variant, fen):
    best, infos = run(Position(variant, fen), Limits(mate=2))
    assert best.mate_plies == 3
    assert infos[-1].depth <= 5


def test_mated_side_sees_its_loss():
    position = Position("janggi", JANGGI_M1)
    position.push(parse_move(position, "i0i9"))
    assert is_checkmate(position)
    best, _ = run(position, Limits(depth=2))
    assert best.move is None
