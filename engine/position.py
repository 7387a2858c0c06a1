"""Position: the arrays the kernels work on, plus FEN/SFEN parsing and printing."""
from __future__ import annotations

import numpy as np

from .kernels import layout as L
from .kernels.attacks import in_check, royals_face
from .kernels.makemove import make_move, unmake_move
from .kernels.movegen import gen_legal
from .fen import FenError, format_fen, parse_fen
from .spec import VariantSpec
from .tables import CompiledVariant, compile_tables
from .variants import get_variant


class Position:
    """A mutable position of one variant; moves are int32 codes (see ``kernels/layout.py``)."""

    def __init__(self, variant: str | VariantSpec, fen: str | None = None, chess960: bool = False):
        spec = get_variant(variant) if isinstance(variant, str) else variant
        self.cv: CompiledVariant = compile_tables(spec)
        self.spec = spec
        self.geo = self.cv.geometry
        self.chess960 = chess960
        self.board = np.full(L.NSQ, L.OFF, dtype=np.int8)
        self.st = np.zeros(L.S_SIZE, dtype=np.int64)
        self.undo = np.zeros((L.MAX_PLY, L.U_SIZE), dtype=np.int64)
        self.moves = np.zeros(L.MOVE_BUF, dtype=np.int32)
        self.fullmove_start = 1
        self.set_fen(fen or spec.start_fen)

    # ------------------------------------------------------------------ kernels
    def legal_moves(self) -> list[int]:
        end = gen_legal(self.cv.T, self.board, self.st, self.moves, 0)
        return [int(m) for m in self.moves[:end]]

    def push(self, mv: int) -> None:
        self.reserve(1)
        make_move(self.cv.T, self.cv.Z, self.board, self.st, self.undo, mv)

    def reserve(self, plies: int) -> None:
        """Room on the undo stack for ``plies`` more moves: a game may be of any length, so
        the stack doubles when full (kernels index it by S_SP and never see its capacity)."""
        needed = int(self.st[L.S_SP]) + int(plies) + 1
        if needed > len(self.undo):
            grown = np.zeros((max(needed, 2 * len(self.undo)), L.U_SIZE), dtype=np.int64)
            grown[: len(self.undo)] = self.undo
            self.undo = grown

    def pop(self) -> int:
        if self.st[L.S_SP] == 0:
            raise IndexError("no move to take back")
        mv = int(self.undo[self.st[L.S_SP] - 1, L.U_MOVE])
        unmake_move(self.cv.T, self.cv.Z, self.board, self.st, self.undo)
        return mv

    def in_check(self, side: int | None = None) -> bool:
        return bool(in_check(self.cv.T, self.board, self.st, self.turn if side is None else side))

    # ------------------------------------------------------------------ state accessors
    @property
    def turn(self) -> int:
        return int(self.st[L.S_STM])

    @property
    def hash(self) -> int:
        return int(self.st[L.S_HASH])

    @property
    def ply(self) -> int:
        """Moves made on this object since the FEN was set."""
        return int(self.st[L.S_SP])

    def move_stack(self) -> list[int]:
        return [int(m) for m in self.undo[: self.ply, L.U_MOVE]]

    def hash_history(self) -> list[int]:
        """Hashes of every position since the FEN, the current one last."""
        return [int(h) for h in self.undo[: self.ply, L.U_HASH]] + [self.hash]

    def piece_at(self, file: int, rank: int) -> int:
        return int(self.board[self.geo.square(file, rank)])

    def hand(self, side: int) -> dict[int, int]:
        base = L.S_HAND + side * L.MAX_TYPES
        return {pt: int(self.st[base + pt]) for pt in range(1, len(self.spec.pieces) + 1)
                if self.st[base + pt] > 0}

    def copy(self) -> "Position":
        other = Position.__new__(Position)
        other.__dict__.update(self.__dict__)
        other.board = self.board.copy()
        other.st = self.st.copy()
        other.undo = self.undo.copy()
        other.moves = np.zeros(L.MOVE_BUF, dtype=np.int32)
        return other

    # ------------------------------------------------------------------ FEN
    def set_fen(self, fen: str) -> None:
        """Set up from FEN/SFEN; on any error the position keeps its previous state."""
        board, st, fullmove = parse_fen(self.spec, self.geo, fen, self.chess960)
        if in_check(self.cv.T, board, st, 1 - int(st[L.S_STM])):
            raise FenError("the side to move could capture the enemy king")
        # A FEN has no history: facing royals in it were not created by a move, and only the
        # material can tell whether a capture happened before it.
        st[L.S_FACING] = L.FACE_IDLE if royals_face(self.cv.T, board, st) else L.FACE_NONE
        st[L.S_PRIOR_CAPTURE] = int(_material_short_of_start(self.spec, board))
        self.board[:] = board
        self.st[:] = st
        self.st[L.S_HASH] = self.compute_hash()
        self.fullmove_start = fullmove

    def fen(self, shredder: bool = False) -> str:
        return format_fen(self, shredder)

    def compute_hash(self) -> int:
        Z = self.cv.Z
        h = 0
        for sq in self.geo.squares():
            pc = int(self.board[sq])
            if pc:
                side, pt = (0, pc) if pc > 0 else (1, -pc)
                h ^= int(Z[L.Z_PIECE + (side * L.MAX_TYPES + pt) * L.NSQ + sq])
        for side in (0, 1):
            for pt in range(1, L.MAX_TYPES):
                count = int(self.st[L.S_HAND + side * L.MAX_TYPES + pt])
                if count:
                    h ^= int(Z[L.Z_HAND + (side * L.MAX_TYPES + pt) * L.HAND_KEYS
                                + min(count, L.HAND_KEYS - 1)])
        h ^= int(Z[L.Z_CASTLE + int(self.st[L.S_CASTLE])])
        if self.st[L.S_EP]:
            h ^= int(Z[L.Z_EP + int(self.st[L.S_EP])])
        if self.st[L.S_STM]:
            h ^= int(Z[L.Z_SIDE])
        return h  # every key is a positive int64, so the XOR stays one


_START_COUNTS: dict[int, dict[int, int]] = {}


def _piece_counts(board) -> dict[int, int]:
    counts: dict[int, int] = {}
    for pc in board.tolist():
        if pc != 0 and pc != L.OFF:
            counts[pc] = counts.get(pc, 0) + 1
    return counts


def _material_short_of_start(spec: VariantSpec, board) -> bool:
    """Is some piece of either side missing compared with the spec's start position?"""
    if id(spec) not in _START_COUNTS:
        start_board, _, _ = parse_fen(spec, compile_tables(spec).geometry, spec.start_fen)
        _START_COUNTS[id(spec)] = _piece_counts(start_board)
    have = _piece_counts(board)
    return any(have.get(pc, 0) < count for pc, count in _START_COUNTS[id(spec)].items())
