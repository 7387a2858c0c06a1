"""The search's accumulators (engine/kernels/nnue.py): kept move by move they equal a full
refresh along random games with every kind of move (captures, promotions, drops, passes,
castling, en passant), and the net's output from them is the reference net's score."""
import random

import numpy as np
import pytest

from engine.board import Board
from engine.evaluation import eval_table
from engine.kernels import layout as L
from engine.kernels import search_layout as S
from engine.kernels.evaluate import evaluate
from engine.kernels.nnue import (ACC_FREE, king_view, nnue_child, nnue_copy, nnue_output,
                                 nnue_refresh)
from engine.nnue.features import KINDS, scheme_for
from engine.nnue.network import FloatNet, pack_net
from engine.nnue.records import fill_record, playable_squares, record_dtype
from engine.variants import get_variant

GAMES = ("xiangqi", "janggi", "shogi", "chess")
# chess positions where castling, en passant and promotions are legal at once
CHESS_STARTS = ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "r3k2r/1P6/8/3pP3/8/8/6p1/R3K2R w KQkq d6 0 1")


def net_table(variant, l1=24, seed=3, kind="A1"):
    net = FloatNet.initial(scheme_for(variant, kind), l1, seed).quantised()
    return net, pack_net(eval_table(get_variant(variant)), net)


def pair(scratch, ply, l1):
    base = S.SC_ACC + ply * 2 * S.NN_MAX_L1
    return np.stack([scratch[base + k * S.NN_MAX_L1: base + k * S.NN_MAX_L1 + l1] for k in (0, 1)])


def walk(variant, fen, seed, plies):
    """Yield (board, move kinds seen) after each random legal move."""
    rng = random.Random(seed)
    board = Board(variant, fen)
    for _ in range(plies):
        legal = sorted(board.legal_moves)
        if not legal:
            return
        mv = rng.choice(legal)
        board.push(mv)
        yield board, mv


def kinds_of(position, mv):
    kinds = {name for flag, name in ((L.MF_DROP, "drop"), (L.MF_PASS, "pass"),
                                     (L.MF_CASTLE, "castle"), (L.MF_EP, "ep")) if mv & flag}
    if (mv >> L.M_PROMO_SHIFT) & L.M_PROMO_MASK:
        kinds.add("promotion")
    if not kinds & {"drop", "pass", "castle"} and \
            position.board[(mv >> L.M_TO_SHIFT) & L.M_FROM_MASK] != 0:
        kinds.add("capture")
    return kinds


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("variant", GAMES)
def test_incremental_accumulators_equal_a_refresh(variant, kind):
    """Along random games: every legal move of every position, made from a refreshed pair, and
    the game's own moves chained ply after ply (slots 2, 3, ...) without a refresh between;
    with king buckets (K1), king moves that change the mover's bucket or mirror included."""
    net, E = net_table(variant, kind=kind)
    kinds = set()
    scratch = np.zeros(S.SC_SIZE, dtype=np.int64)
    for start in (CHESS_STARTS if variant == "chess" else (None,)):
        for seed in range(3):
            rng = random.Random(seed)
            position = Board(variant, start).position
            T = position.cv.T
            nnue_refresh(T, E, position.board, position.st, scratch, 2)
            for ply in range(2, 2 + 100):
                legal = sorted(position.legal_moves())
                if not legal:
                    break
                nnue_refresh(T, E, position.board, position.st, scratch, 0)
                for mv in legal:
                    kinds |= kinds_of(position, mv)
                    mover = int(position.st[L.S_STM])
                    before = king_view(E, position.st, mover)
                    position.push(mv)
                    if king_view(E, position.st, mover) != before:
                        kinds.add("king view")
                    nnue_child(T, E, position.board, position.st, position.undo, scratch, 0)
                    nnue_refresh(T, E, position.board, position.st, scratch, ACC_FREE)
                    assert np.array_equal(pair(scratch, 1, net.l1),
                                          pair(scratch, ACC_FREE, net.l1)), position.fen()
                    position.pop()
                position.push(rng.choice(legal))
                nnue_child(T, E, position.board, position.st, position.undo, scratch, ply)
                nnue_refresh(T, E, position.board, position.st, scratch, ACC_FREE)
                assert np.array_equal(pair(scratch, ply + 1, net.l1),
                                      pair(scratch, ACC_FREE, net.l1)), position.fen()
    expected = {"xiangqi": {"capture"}, "janggi": {"capture", "pass"},
                "shogi": {"capture", "drop", "promotion"},
                "chess": {"capture", "castle", "ep", "promotion"}}[variant]
    if kind == "K1":
        expected = expected | {"king view"}
    assert expected <= kinds


def test_a_null_move_keeps_the_pair():
    net, E = net_table("xiangqi")
    position = Board("xiangqi").position
    scratch = np.zeros(S.SC_SIZE, dtype=np.int64)
    nnue_refresh(position.cv.T, E, position.board, position.st, scratch, 5)
    nnue_copy(E, scratch, 5)
    assert np.array_equal(pair(scratch, 6, net.l1), pair(scratch, 5, net.l1))


def kernel_scores_as_reference(variant, net, E, after_each=None):
    """Along a random game, the search kernel's score of every position (from a refresh, and
    through evaluate()) equals the reference net's; ``after_each(scratch)`` looks at the
    kernel's scratch after each position's score."""
    spec = get_variant(variant)
    scratch = np.zeros(S.SC_SIZE, dtype=np.int64)
    for board, _ in walk(variant, None, 11, 80):
        position = board.position
        record = np.zeros((), dtype=record_dtype(spec))
        fill_record(record, position, playable_squares(spec, position.geo))
        nnue_refresh(position.cv.T, E, position.board, position.st, scratch, ACC_FREE)
        expected = net.evaluate(record["squares"], record["hands"], int(record["stm"]))
        assert nnue_output(E, position.st, scratch, ACC_FREE) == expected
        if after_each is not None:
            after_each(scratch)
        scratch[S.SC_CACHE:S.SC_ACC] = 0
        assert evaluate(position.cv.T, E, position.board, position.st, scratch) in (
            expected, 0)                       # 0: no mating material left (xiangqi, chess)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("variant", GAMES)
def test_the_kernel_scores_as_the_reference_net(variant, kind):
    net, E = net_table(variant, l1=32, seed=8, kind=kind)
    kernel_scores_as_reference(variant, net, E)
