"""gen_legal skips the make-and-test for moves that cannot expose the royal piece. Check that the
shortcut never changes the legal move set, against testing every pseudo-legal move, along seeded
random games in all four games."""
import random

import pytest

from engine.board import Board
from engine.kernels.attacks import in_check
from engine.kernels.movegen import gen_moves, is_pawn_drop_mate, leaves_royal_safe, scan_royal
from engine.kernels.layout import F_UCHIFUZUME, H_FLAGS, H_PAWN, M_FROM_MASK, MF_DROP


def reference_legal(position):
    T, board, st, moves = position.cv.T, position.board, position.st, position.moves
    end = gen_moves(T, board, st, moves, 0, True, -1, False)    # pseudo-legal, check unknown
    pseudo = [int(m) for m in moves[:end]]
    legal = set()
    for mv in pseudo:
        if not leaves_royal_safe(T, board, st, mv):
            continue
        if (T[H_FLAGS] & F_UCHIFUZUME and mv & MF_DROP and (mv & M_FROM_MASK) == T[H_PAWN]
                and is_pawn_drop_mate(T, board, st, moves, end, mv)):
            continue
        legal.add(mv)
    return legal


@pytest.mark.parametrize("variant", ["xiangqi", "janggi", "shogi", "chess"])
def test_shortcut_matches_full_test(variant):
    rng = random.Random(f"shortcut-{variant}")
    checked = 0
    for _ in range(60):
        board = Board(variant)
        for _ in range(150):
            position = board.position
            legal = position.legal_moves()
            assert set(legal) == reference_legal(position), board.fen()
            side = position.turn
            scanned_check = scan_royal(position.cv.T, position.board, int(position.st[1 + side]),
                                       side, position.moves) == 0
            assert scanned_check == in_check(position.cv.T, position.board, position.st, side), \
                board.fen()
            checked += 1
            if not legal:
                break
            # prefer captures and checks now and then to reach sharp positions
            board.push(rng.choice(legal))
    assert checked > 2000
