"""The net's inputs, derived from a game's spec: (piece type, ours or theirs, square) seen from
each side, plus pieces in hand for games with drops. No king buckets (generation 1, NNUE.md §2).

From perspective ``p`` a piece of colour ``c`` and type ``pt`` on dense square ``s`` (records.py
numbering) is feature

    (c != p) * per_colour + (pt - 1) * squares + orient[p, s]

and the k-th piece (k = 0, 1, ...) of type ``pt`` in colour ``c``'s hand is

    (c != p) * per_colour + pt_count * squares + hand_base[pt] + k

(a "thermometer": n pieces in hand light the first n slots of their type, so a capture or a drop
turns one feature on or off, like a board move). Side 1 sees the board turned round: ranks
flipped where the start position is its own mirror that way (xiangqi, janggi, chess), rotated by
180 degrees where it is not (shogi, whose rook and bishop trade files). Each perspective then
sees its own pieces start at the bottom, as side 0 does.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..spec import VariantSpec
from ..variants import get_variant

SCHEME = "A1"        # this layout's name in net files: a net of another layout is refused


@dataclass(frozen=True)
class FeatureScheme:
    variant: str
    files: int
    ranks: int
    piece_types: int
    hand_slots: tuple[int, ...]   # per piece type 1..piece_types: thermometer slots (0: none)
    rotate: bool                  # side 1's view: rotated (True) or ranks flipped
    max_active: int               # most features one perspective can have on

    @property
    def squares(self) -> int:
        return self.files * self.ranks

    @property
    def per_colour(self) -> int:
        return self.piece_types * self.squares + sum(self.hand_slots)

    @property
    def size(self) -> int:
        return 2 * self.per_colour

    @property
    def name(self) -> str:
        return f"{SCHEME}:{self.variant}:{self.size}"

    def orient(self) -> np.ndarray:
        """int32[2, squares]: dense square as perspective 0 and 1 see it."""
        out = np.zeros((2, self.squares), dtype=np.int32)
        for s in range(self.squares):
            rank, file = divmod(s, self.files)
            out[0, s] = s
            turned_file = self.files - 1 - file if self.rotate else file
            out[1, s] = (self.ranks - 1 - rank) * self.files + turned_file
        return out

    def hand_base(self) -> np.ndarray:
        """int32[piece_types + 1]: first hand slot of each type, within a colour's hand block."""
        base = np.zeros(self.piece_types + 1, dtype=np.int32)
        base[1:] = np.cumsum((0,) + self.hand_slots[:-1])
        return base

    def slots(self) -> np.ndarray:
        return np.array((0,) + self.hand_slots, dtype=np.int32)


@lru_cache(maxsize=None)
def scheme_for(variant: str | VariantSpec) -> FeatureScheme:
    spec = get_variant(variant) if isinstance(variant, str) else variant
    start = _start_pieces(spec)
    letters = [piece.letter for piece in spec.pieces]
    slots = [0] * len(spec.pieces)
    if spec.drops:
        for (_, pt) in start.values():
            piece = spec.pieces[pt - 1]
            if not piece.royal:
                base = letters.index(piece.demotes_to) + 1 if piece.demotes_to else pt
                slots[base - 1] += 1
    mirrored = {(spec.ranks - 1 - rank, file): (1 - side, pt)
                for (rank, file), (side, pt) in start.items()}
    return FeatureScheme(spec.name, spec.files, spec.ranks, len(spec.pieces), tuple(slots),
                         rotate=mirrored != start, max_active=len(start))


def _start_pieces(spec: VariantSpec) -> dict[tuple[int, int], tuple[int, int]]:
    """(rank, file) -> (side, piece type) of the start position."""
    from ..position import Position
    position = Position(spec)
    out = {}
    for rank in range(spec.ranks):
        for file in range(spec.files):
            pc = position.piece_at(file, rank)
            if pc:
                out[(rank, file)] = (0, pc) if pc > 0 else (1, -pc)
    return out


def scheme_arrays(scheme: FeatureScheme):
    """The tables engine/kernels/nnue_features.py takes: orient, hand_base, slots."""
    return scheme.orient(), scheme.hand_base(), scheme.slots()
