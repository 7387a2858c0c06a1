"""Singular extension with multi-cut (SearchProfile.singular_depth, singular_margin): a TT move
that every other move fails to match at half depth is searched a ply deeper; when even the
lowered bound holds beta, the node returns it. The stages' arithmetic is checked on frames
directly; with the switch on in every game, the search still never picks a rule-losing or
illegal move, finds the short mates and wins, and changes the tree (so the switch reaches the
kernel)."""
from __future__ import annotations

import numpy as np
import pytest

from engine.bench import POSITIONS, run as bench
from engine.kernels import search_layout as S
from engine.kernels.search import (GO_GENERATE, GO_RETURN, enter_singular, leave_singular,
                                   open_node, singular_candidate)
from engine.position import Position
from engine.search import Limits
from engine.search_tables import SearchProfile
from engine.variants import VARIANTS

from search_helpers import is_checkmate, replay, run, search_with
from test_search_mates import MATE_IN_2
from test_search_selective import AVOIDED, FOUND, assert_found, assert_never_chosen

SINGULAR = dict(singular_depth=6, singular_margin=2)


def search_singular(monkeypatch, variants, depth: int) -> None:
    """The games in ``variants`` search with singular extension from ``depth`` (0: off), their
    tables built anew."""
    search_with(monkeypatch, variants, **dict(SINGULAR, singular_depth=depth))


@pytest.fixture
def singular_everywhere(monkeypatch):
    """Every game searches with singular extension on."""
    search_singular(monkeypatch, VARIANTS, SINGULAR["singular_depth"])


def search_table(singular: int) -> np.ndarray:
    E = np.zeros(S.EV_HEADER + S.SP_SIZE, dtype=np.int32)
    E[S.EV_SEARCH] = S.EV_HEADER
    E[S.EV_HEADER:] = SearchProfile(singular_depth=singular).table()
    return E


def frames_at(ply: int, alpha: int, beta: int, depth: int, ttmv: int) -> np.ndarray:
    fr = np.zeros((S.MAXP + 2, S.F_SIZE), dtype=np.int64)
    open_node(fr, ply, ttmv, alpha, beta, 40)
    fr[ply, S.F_DEPTH] = depth
    fr[ply, S.F_BEST] = -S.INF
    return fr


def test_a_singular_search_runs_at_half_depth_below_the_lowered_tt_score():
    E = search_table(6)
    fr = frames_at(3, -50, 70, 8, ttmv=1234)
    enter_singular(E, fr, 3, 100, 8)
    sbeta = 100 - 2 * 8
    assert (fr[3, S.F_ALPHA], fr[3, S.F_BETA], fr[3, S.F_OALPHA]) == (sbeta - 1, sbeta, sbeta - 1)
    assert fr[3, S.F_DEPTH] == 3 and fr[3, S.F_EXCLUDED] == 1234 and fr[3, S.F_TTMV] == 0
    assert (fr[3, S.F_SE_ALPHA], fr[3, S.F_SE_BETA], fr[3, S.F_SE_DEPTH]) == (-50, 70, 8)


@pytest.mark.parametrize("best, beta, expected", [
    (-S.INF, 70, (GO_GENERATE, 1)),     # no other legal move: singular
    (83, 70, (GO_GENERATE, 1)),         # every other move below the bound 84: singular
    (84, 90, (GO_GENERATE, 0)),         # another move reaches it: no extension
    (84, 84, (GO_RETURN, 84)),          # ... and the bound holds beta: multi-cut
])
def test_the_singular_search_extends_or_cuts(best, beta, expected):
    E = search_table(6)
    fr = frames_at(3, -50, beta, 8, ttmv=1234)
    enter_singular(E, fr, 3, 100, 8)
    fr[3, S.F_BEST] = best
    fr[3, S.F_LEGAL] = 5
    go, value = leave_singular(fr, 3)
    if expected[0] == GO_RETURN:
        assert (go, value) == expected
        return
    assert go == GO_GENERATE and fr[3, S.F_SE_EXT] == expected[1]
    # the node searches again in its own window, at its own depth, TT move first
    assert (fr[3, S.F_ALPHA], fr[3, S.F_OALPHA], fr[3, S.F_BETA]) == (-50, -50, beta)
    assert fr[3, S.F_DEPTH] == 8 and fr[3, S.F_TTMV] == 1234 and fr[3, S.F_EXCLUDED] == 0
    assert fr[3, S.F_BEST] == -S.INF and fr[3, S.F_LEGAL] == 0 and fr[3, S.F_IDX] == 40


@pytest.mark.parametrize("args, expected", [
    ((3, 20, 8, 1234, 100, 5, S.B_LOWER), True),
    ((3, 20, 8, 1234, 100, 5, S.B_EXACT), True),
    ((3, 20, 8, 1234, 100, 5, S.B_UPPER), False),       # the TT move never held a bound
    ((3, 20, 8, 1234, 100, 4, S.B_LOWER), False),       # the entry is too shallow
    ((3, 20, 5, 1234, 100, 5, S.B_LOWER), False),       # the node is too shallow
    ((3, 20, 8, 0, 100, 5, S.B_LOWER), False),          # no TT move
    ((0, 20, 8, 1234, 100, 5, S.B_LOWER), False),       # the root
    ((40, 20, 8, 1234, 100, 5, S.B_LOWER), False),      # past twice the root's depth
    ((3, 20, 8, 1234, S.RULE_WIN - 9, 5, S.B_LOWER), False),   # a rule or mate score
])
def test_only_a_deep_tt_move_with_a_lower_bound_is_tested(args, expected):
    assert singular_candidate(search_table(6), *args) == expected
    assert not singular_candidate(search_table(0), *args)   # off


def test_profile_refuses_a_singular_depth_that_would_search_quiescence():
    with pytest.raises(ValueError):
        SearchProfile(singular_depth=3)
    with pytest.raises(ValueError):
        SearchProfile(singular_depth=6, singular_margin=-1)


@pytest.mark.parametrize("variant", sorted(POSITIONS))
def test_the_switch_changes_the_tree(variant, monkeypatch):
    search_singular(monkeypatch, [variant], 0)
    before = bench(variant, 8)[0]
    search_singular(monkeypatch, [variant], SINGULAR["singular_depth"])
    after = bench(variant, 8)[0]
    assert after != before
    assert bench(variant, 8)[0] == after   # and stays deterministic


@pytest.mark.parametrize("variant, fen, moves, losing", AVOIDED)
def test_the_rule_losing_move_is_never_chosen(variant, fen, moves, losing, singular_everywhere):
    assert_never_chosen(variant, fen, moves, losing)


@pytest.mark.parametrize("variant, fen, moves, winning", FOUND)
def test_the_immediate_win_is_found(variant, fen, moves, winning, singular_everywhere):
    assert_found(variant, fen, moves, winning)


@pytest.mark.parametrize("variant, fen", MATE_IN_2)
def test_mate_in_two_at_depth_ten(variant, fen, singular_everywhere):
    position = Position(variant, fen)
    best, _ = run(position, Limits(depth=10))
    assert best.mate_plies == 3
    reply_positions = replay(position, [best.move])
    for reply in reply_positions.legal_moves():
        after = replay(reply_positions, [reply])
        assert any(is_checkmate(replay(after, [m])) for m in after.legal_moves())
