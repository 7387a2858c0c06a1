"""Late captures that lose the exchange reduced as late quiet moves (SearchProfile
.reduce_bad_captures): exchange evaluation orders them after every quiet move with a key below
LOSING_CAPTURE_KEY, and reduction() then treats such a capture as a quiet move with no history.
The arithmetic is checked on a table of the test's own numbers; with the switch on, the tree
of each game that orders by exchange evaluation changes and stays deterministic."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from engine.bench import run as bench
from engine.board import Board
from engine.kernels import search_layout as S
from engine.kernels.search import LOSING_CAPTURE_KEY, order_moves, reduction
from engine.search import evaluation_table
from engine.search_records import SearchConfig
from engine.search_tables import SELECTIVE, SearchProfile
from engine.variants import VARIANTS

from search_helpers import search_with


def table_with(profile: SearchProfile) -> np.ndarray:
    """Chess's eval table (for its reduction table) searching with ``profile``'s numbers."""
    E = evaluation_table(VARIANTS["chess"], SearchConfig(use_nnue=False)).copy()
    E[E[S.EV_SEARCH]:E[S.EV_SEARCH] + S.SP_SIZE] = profile.table()
    return E


def reduce(E, *, quiet=0, losing=0, incheck=0, gives=0, pvnode=0, d=8, legal=12, ply=3):
    """The reduction of the 12th move at depth 8 (a history of 4000 adds nothing to it)."""
    return reduction(E, d, legal, d - 1, quiet, losing, incheck, gives, ply, pvnode, 4000)


ON = replace(SELECTIVE, reduce_bad_captures=True)


def test_a_losing_capture_is_reduced_as_a_quiet_move_where_the_game_says_so():
    E = table_with(ON)
    as_quiet = reduce(E, quiet=1)
    assert as_quiet > 0
    assert reduce(E, losing=1) == as_quiet
    assert reduce(E, losing=1, pvnode=1) == reduce(E, quiet=1, pvnode=1) == as_quiet - 1
    assert reduce(table_with(SELECTIVE), losing=1) == 0          # switch off
    assert reduce(E) == 0                                        # a capture that does not lose
    assert reduce(E, losing=1, gives=1) == 0                     # a checking capture
    assert reduce(E, losing=1, incheck=1) == 0                   # an evasion
    assert reduce(E, losing=1, legal=3) == 0                     # among the first three


def test_profile_refuses_the_switch_without_exchange_evaluation():
    with pytest.raises(ValueError, match="exchange_evaluation"):
        SearchProfile(reduce_bad_captures=True)


def test_only_captures_that_lose_the_exchange_sort_below_the_key():
    board = Board("chess", "4k3/8/3p4/4p3/8/8/7P/Q3K2N w - - 0 1")
    position = board.position
    legal = position.legal_moves()
    moves = np.zeros(256, dtype=np.int32)
    mscore = np.zeros(256, dtype=np.int32)
    moves[:len(legal)] = legal
    heur = np.zeros(S.HK_SIZE, dtype=np.int32)
    heur[S.HK_HISTORY:S.HK_CONT] = -(1 << 24)                    # the worst history there is
    end = order_moves(position.cv.T, table_with(ON), position.board, position.st, moves, mscore,
                      0, len(legal), 0, 2, heur, 0, 0)
    keys = {board.move_str(int(m)): int(k) for m, k in zip(moves[:end], mscore[:end])}
    assert len(keys) == len(legal)
    assert keys["a1e5"] < LOSING_CAPTURE_KEY                       # queen for a defended pawn
    assert all(k > LOSING_CAPTURE_KEY for move, k in keys.items() if move != "a1e5")


@pytest.mark.parametrize("variant", ["chess", "xiangqi"])
def test_the_switch_changes_the_tree(variant, monkeypatch):
    def nodes(switch: bool) -> int:
        search_with(monkeypatch, [variant], reduce_bad_captures=switch)
        return bench(variant, 8)[0]

    before, after = nodes(False), nodes(True)
    assert after != before
    assert nodes(True) == after   # and stays deterministic
