"""Skipping late quiet moves (SearchProfile.skip_late_quiets): once one quiet move that cannot
check is pruned, drop_late_quiets takes every later such move out of the node at once. It must
take out exactly those (never a capture, a promotion or a move that may check), keep the order
of the moves still to search with their sort keys, and leave the moves already tried alone.
Checked along seeded random games in all four games, from random points of the move list."""
import random

import numpy as np
import pytest

from engine.board import Board
from engine.kernels import layout as L
from engine.kernels import search_layout as S
from engine.kernels.attacks import in_check, may_give_check
from engine.kernels.search import drop_late_quiets, is_quiet


@pytest.mark.parametrize("variant", ["xiangqi", "janggi", "shogi", "chess"])
def test_only_quiet_moves_that_cannot_check_are_dropped(variant):
    rng = random.Random(f"skip-late-quiets-{variant}")
    frames = np.zeros((S.MAXP + 2, S.F_SIZE), dtype=np.int64)
    dropped_total = kept_total = 0
    for _ in range(10):
        board = Board(variant)
        for _ in range(80):
            position = board.position
            T, b, st = position.cv.T, position.board, position.st
            legal = position.legal_moves()
            if not legal:
                break
            n = len(legal)
            moves = np.zeros(L.MOVE_BUF, dtype=np.int32)
            scores = np.zeros(L.MOVE_BUF, dtype=np.int32)
            moves[:n] = legal
            scores[:n] = rng.sample(range(-5000, 5000), n)
            start = rng.randrange(n)
            frames[0, S.F_IDX], frames[0, S.F_END] = start, n
            before_moves, before_scores = moves[:n].copy(), scores[:n].copy()
            drop_late_quiets(T, b, st, moves, scores, frames, 0)
            end = int(frames[0, S.F_END])
            stays = [k for k in range(start, n)
                     if not is_quiet(T, b, int(before_moves[k]))
                     or may_give_check(T, b, st, int(before_moves[k]))]
            assert int(frames[0, S.F_IDX]) == start
            assert list(moves[:start]) == list(before_moves[:start])
            assert list(moves[start:end]) == [before_moves[k] for k in stays]
            assert list(scores[start:end]) == [before_scores[k] for k in stays]
            for k in set(range(start, n)) - set(stays):
                mv = int(before_moves[k])
                position.push(mv)
                assert not in_check(T, position.board, position.st, position.turn), mv
                position.pop()
            dropped_total += n - start - len(stays)
            kept_total += len(stays)
            board.push(rng.choice(legal))
    assert dropped_total > kept_total   # most late moves are quiet moves that cannot check
