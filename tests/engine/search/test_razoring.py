"""Razoring (SearchProfile.razor_margin, Stockfish 11's form): a non-PV node of depth 1 whose
static eval is at least the margin below alpha is searched as quiescence. The decision is
checked on a table of the test's own numbers; with a margin set the tree changes and stays
deterministic, and even a margin that razors nearly every such node still finds each game's
short mates at the depth the mate tests ask."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from engine.bench import run as bench
from engine.kernels import search_layout as S
from engine.kernels.search import razors
from engine.position import Position
from engine.search import Limits, evaluation_table
from engine.search_records import SearchConfig
from engine.search_tables import SearchProfile
from engine.variants import VARIANTS

from search_helpers import is_checkmate, replay, run, search_with
from test_search_mates import MATE_IN_1, MATE_IN_2


def table_with(margin: int) -> np.ndarray:
    E = evaluation_table(VARIANTS["chess"], SearchConfig(use_nnue=False)).copy()
    E[E[S.EV_SEARCH]:E[S.EV_SEARCH] + S.SP_SIZE] = replace(SearchProfile(),
                                                            razor_margin=margin).table()
    return E


def test_only_a_non_pv_depth_one_node_far_below_alpha_razors():
    E = table_with(300)

    def razor(*, ply=4, pvnode=0, incheck=0, d=1, ev=-300, alpha=0):
        return bool(razors(E, ply, pvnode, incheck, d, ev, alpha))

    assert razor()
    assert not razor(ev=-299)                       # not far enough below
    assert not razor(pvnode=1)
    assert not razor(incheck=1)
    assert not razor(d=2)
    assert not razor(ply=0)                         # never the root
    assert not razor(alpha=S.RULE_BOUND, ev=0)      # a mate or rule score's window
    assert not bool(razors(table_with(0), 4, 0, 0, 1, -10_000, 0))   # the game sets no margin


def test_the_default_profile_does_not_razor():
    assert SearchProfile().razor_margin == 0
    with pytest.raises(ValueError, match="not negative"):
        SearchProfile(razor_margin=-1)


@pytest.mark.parametrize("variant", ["chess", "xiangqi"])
def test_a_margin_changes_the_tree(variant, monkeypatch):
    def nodes(margin: int) -> int:
        search_with(monkeypatch, [variant], razor_margin=margin)
        return bench(variant, 8)[0]

    before, after = nodes(0), nodes(100)
    assert after != before
    assert nodes(100) == after   # and stays deterministic


@pytest.mark.parametrize("variant,fen", MATE_IN_1 + MATE_IN_2)
def test_short_mates_survive_razoring_everywhere(variant, fen, monkeypatch):
    search_with(monkeypatch, [variant], razor_margin=1)
    position = Position(variant, fen)
    best, infos = run(position, Limits(depth=5))
    assert best.mate_plies in (1, 3)
    assert is_checkmate(replay(position, infos[-1].pv))
