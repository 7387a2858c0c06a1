"""Late-move pruning (prunes_late_quiet): how many quiet moves a node searches before it prunes
the rest by move count, per depth, improving or not, from each game's search numbers; and the
moves and nodes it never prunes (checks, PV nodes, in check, before any score, at the root)."""
import numpy as np
import pytest

from engine.evaluation import eval_table
from engine.kernels import search_layout as S
from engine.kernels.search import prunes_late_quiet
from engine.variants import VARIANTS

HIGH_EVAL = 10_000   # far above alpha: futility never prunes, only the move count does


def frames(improving: int, best: int = 0, ev: int = HIGH_EVAL) -> np.ndarray:
    fr = np.zeros((S.MAXP + 2, S.F_SIZE), dtype=np.int64)
    fr[1, S.F_IMPROVING] = improving
    fr[1, S.F_BEST] = best
    fr[1, S.F_EVAL] = ev
    return fr


def moves_searched(variant: str, d: int, improving: int) -> int | None:
    """How many quiet moves a zero-window node at ply 1 searches before the move count prunes
    (None: it never prunes at this depth, up to 400 moves)."""
    E = eval_table(VARIANTS[variant])
    fr = frames(improving)
    for legal in range(1, 400):
        if prunes_late_quiet(E, fr, 1, d, legal, 1, 0, 0, 1, 0):
            return legal - 1
    return None


def test_shogi_prunes_by_move_count_at_every_depth_as_fairy_stockfish():
    for d in range(1, 12):
        assert moves_searched("shogi", d, 0) == (3 + d * d) // 2
        assert moves_searched("shogi", d, 1) == 3 + d * d


def test_janggi_keeps_the_default_counts_to_depth_3():
    assert [moves_searched("janggi", d, 0) for d in range(1, 5)] == [5, 11, 21, None]
    assert [moves_searched("janggi", d, 1) for d in range(1, 5)] == [5, 11, 21, None]


@pytest.mark.parametrize("variant", ["xiangqi", "chess"])
def test_selective_games_count_twice_the_square_when_improving_to_depth_6(variant):
    assert [moves_searched(variant, d, 0) for d in range(1, 8)] == [
        3 + d * d for d in range(1, 7)] + [None]
    assert [moves_searched(variant, d, 1) for d in range(1, 8)] == [
        3 + 2 * d * d for d in range(1, 7)] + [None]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_never_prunes_checks_pv_nodes_evasions_the_root_or_before_a_score(variant):
    E = eval_table(VARIANTS[variant])
    late = 300
    assert prunes_late_quiet(E, frames(0), 1, 1, late, 1, 0, 0, 1, 0)
    assert not prunes_late_quiet(E, frames(0), 1, 1, late, 0, 0, 0, 1, 0)   # not quiet
    assert not prunes_late_quiet(E, frames(0), 1, 1, late, 1, 1, 0, 1, 0)   # gives check
    assert not prunes_late_quiet(E, frames(0), 1, 1, late, 1, 0, 0, 5, 0)   # PV node
    assert not prunes_late_quiet(E, frames(0), 1, 1, late, 1, 0, 0, 1, 1)   # in check
    assert not prunes_late_quiet(E, frames(0), 1, 0, late, 1, 0, 0, 1, 0)   # quiescence
    mated = frames(0, best=-(S.MATE - 3))
    assert not prunes_late_quiet(E, mated, 1, 1, late, 1, 0, 0, 1, 0)
    root = frames(0)
    root[0] = root[1]
    assert not prunes_late_quiet(E, root, 0, 1, late, 1, 0, 0, 1, 0)
