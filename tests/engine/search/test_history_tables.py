"""The continuation history indexes a move by (piece type, playable-square index): every game's
pieces and board must fit the slots search_layout.py gives them."""
import pytest

from engine.kernels import layout as L
from engine.kernels import search_layout as S
from engine.position import Position
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
