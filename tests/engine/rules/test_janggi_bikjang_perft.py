"""The kernel tracks bikjang so that perft, like the arbiter, gives an ended game no children."""
import random
from collections import Counter

from engine.arbiter import judge_position
from engine.board import Board
from engine.kernels import layout as L
from engine.kernels.attacks import royals_face
from engine.perft import divide, perft

# Cho: general e1, soldier e4 screening the file; Han: general e8 alone (material shows captures).
FEN = "9/4k4/9/9/9/4P4/9/9/4K4/9 w - - 0 30"


def test_facing_created_then_left_standing_ends_the_game():
    board = Board("janggi", FEN)
    assert board.position.st[L.S_FACING] == L.FACE_NONE
    board.push_str("e4d4")  # opens the file after captures happened: Han must break it
    assert board.position.st[L.S_FACING] == L.FACE_PENDING
    rows = dict(divide(board.position, 2))
    for reply in ("e8e9", "e8e7", "e8e8"):  # along the file, or a pass: still facing
        assert rows[reply] == 0, reply
    for reply in ("e8d8", "e8f8", "e8d9", "e8f9", "e8d7", "e8f7"):  # off the file: play goes on
        assert rows[reply] > 0, reply


def test_ended_node_agrees_with_the_arbiter():
    board = Board("janggi", FEN)
    board.push_str("e4d4")
    board.push_str("e8e8")  # a pass does not break bikjang
    assert board.position.st[L.S_FACING] == L.FACE_ENDED
    assert judge_position(board.position).termination == "bikjang"
    assert perft(board.position, 1) == 0


def test_facing_from_the_fen_or_before_any_capture_never_ends():
    full = Board("janggi")  # a full set: no capture has happened
    assert perft(full.position, 3) == 33316
    facing = Board("janggi", "9/4k4/9/9/9/9/9/9/4K4/9 w - - 0 30")
    assert facing.position.st[L.S_FACING] == L.FACE_IDLE
    facing.push_str("e1e1")
    assert facing.position.st[L.S_FACING] == L.FACE_IDLE
    assert perft(facing.position, 1) > 0


def _facing(position) -> bool:
    return bool(royals_face(position.cv.T, position.board, position.st))


def _bikjang_by_history(position) -> bool:
    """Bikjang judged from the move record alone, independently of the kernel's S_FACING: the
    generals face now and after the move before, that move created the facing, and a capture had
    happened by then (since the start position, so the material tells)."""
    if position.ply < 2 or not _facing(position):
        return False
    created = position.copy()
    created.pop()
    before = created.copy()
    before.pop()
    return _facing(created) and not _facing(before) and _material_short(created)


def _material_short(position) -> bool:
    full = Counter(int(p) for p in Board("janggi").position.board if p not in (0, L.OFF))
    have = Counter(int(p) for p in position.board if p not in (0, L.OFF))
    return any(have[pc] < count for pc, count in full.items())


def test_kernel_state_matches_the_move_record_along_random_games():
    rng = random.Random(2026)
    agreements = 0
    for _ in range(30):
        board = Board("janggi")
        for _ in range(160):
            ended_by_kernel = board.position.st[L.S_FACING] == L.FACE_ENDED
            assert ended_by_kernel == _bikjang_by_history(board.position), board.fen()
            verdict = judge_position(board.position)
            assert ended_by_kernel == (verdict.termination == "bikjang"), board.fen()
            agreements += 1
            if not verdict.ongoing:
                break
            board.push(rng.choice(board.legal_moves))
    assert agreements > 1000
