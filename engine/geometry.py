"""Padded-mailbox geometry: (file, rank) <-> square index for a board size."""
from __future__ import annotations

from dataclasses import dataclass

from .kernels.layout import NSQ, PAD


@dataclass(frozen=True)
class Geometry:
    files: int
    ranks: int

    @property
    def width(self) -> int:
        return self.files + 2 * PAD

    def square(self, file: int, rank: int) -> int:
        return (rank + PAD) * self.width + file + PAD

    def file_of(self, sq: int) -> int:
        return sq % self.width - PAD

    def rank_of(self, sq: int) -> int:
        return sq // self.width - PAD

    def delta(self, df: int, dr: int) -> int:
        return dr * self.width + df

    def on_board(self, file: int, rank: int) -> bool:
        return 0 <= file < self.files and 0 <= rank < self.ranks

    def squares(self) -> list[int]:
        """Playable squares, rank 0 first."""
        return [self.square(f, r) for r in range(self.ranks) for f in range(self.files)]

    def __post_init__(self) -> None:
        if (self.ranks + 2 * PAD) * self.width > NSQ:
            raise ValueError("board too large for a 256-square mailbox")
