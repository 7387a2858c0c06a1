"""The search keeps material() (piece-square sums, phase, mating material) up to date with
material_delta after each move instead of recounting the board. Check the delta against a recount
for every legal move along seeded random games: captures, promotions, drops into and out of the
hand (shogi), castling and en passant (chess), passes (janggi)."""
import random

import pytest

from engine.board import Board
from engine.evaluation import eval_table
from engine.kernels.evaluate import material, material_delta
from engine.kernels.layout import MF_CASTLE, MF_DROP, MF_EP, MF_PASS, M_PROMO_SHIFT


@pytest.mark.parametrize("variant", ["xiangqi", "janggi", "shogi", "chess"])
def test_delta_matches_recount(variant):
    rng = random.Random(f"material-delta-{variant}")
    kinds = set()
    for _ in range(30):
        board = Board(variant)
        for _ in range(150):
            position = board.position
            T, E = position.cv.T, eval_table(position.spec)
            legal = position.legal_moves()
            if not legal:
                break
            before = material(T, E, position.board, position.st)
            for mv in legal:
                position.push(mv)
                delta = material_delta(T, E, position.board, position.st, position.undo)
                after = material(T, E, position.board, position.st)
                position.pop()
                assert tuple(b + d for b, d in zip(before, delta)) == after, (board.fen(), mv)
                for flag, name in ((MF_CASTLE, "castle"), (MF_DROP, "drop"), (MF_EP, "ep"),
                                   (MF_PASS, "pass")):
                    if mv & flag:
                        kinds.add(name)
                if (mv >> M_PROMO_SHIFT) & 31:
                    kinds.add("promotion")
            captures = [m for m in legal if position.board[(m >> 8) & 0xFF] not in (0,)
                        and not m & (MF_DROP | MF_PASS | MF_CASTLE)]
            board.push(rng.choice(captures if captures and rng.random() < 0.4 else legal))
    expected = {"xiangqi": set(), "janggi": {"pass"}, "shogi": {"drop", "promotion"},
                "chess": {"castle", "ep", "promotion"}}[variant]
    assert expected <= kinds
