"""The continuation history indexes a move by (piece type, playable-square index): every game's
pieces and board must fit the slots search_layout.py gives them."""
import pytest

from engine.kernels import layout as L
from engine.kernels import search_layout as S
from engine.kernels.search import age_histories
from engine.position import Position
from engine.search import Limits, Searcher
from engine.variants import VARIANTS


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_game_fits_the_continuation_index(variant):
    T = Position(variant).cv.T
    assert T[L.H_NTYPES] < S.CONT_TYPES
    assert T[L.H_NPLAY] <= S.CONT_SQUARES


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_square_index_numbers_the_playable_squares(variant):
    T = Position(variant).cv.T
    play = [int(T[T[L.H_PLAY] + i]) for i in range(T[L.H_NPLAY])]
    assert [int(T[T[L.H_SQ_INDEX] + sq]) for sq in play] == list(range(len(play)))


def test_ageing_the_corner_a_game_reaches_halves_every_history():
    """After searches of chess and then xiangqi on one searcher, every continuation entry set
    lies in the corner the searcher ages, and ageing it gives the integers of halving the whole
    histories (// 2), corrections kept."""
    searcher = Searcher()
    for variant in ("chess", "xiangqi"):
        searcher.run(Position(variant), Limits(depth=6))
        worker = searcher._workers[0]
        heur, n = worker.heur, worker.cont_extent
        assert n == (Position(variant).cv.T[L.H_NTYPES] + 1) * S.CONT_SQUARES
        cont = heur[S.HK_CONT:S.HK_CORR].reshape(2, S.CONT_SIZE, S.CONT_SIZE)
        assert cont[:, :n, :n].any() and not cont[:, n:, :].any() and not cont[:, :, n:].any()
        expected = heur.copy()
        expected[S.HK_HISTORY:S.HK_CORR] //= 2
        assert expected[S.HK_HISTORY:S.HK_CORR].any()
        aged = heur.copy()
        age_histories(aged, n)
        assert (aged == expected).all()
