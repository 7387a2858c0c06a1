"""The records that cross the engine/protocol seam: search limits in, info lines and the best
move out. Kept free of numba so protocol code and its test doubles can use them without loading
the kernels (engine/search.py re-exports them)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Limits:
    depth: int | None = None
    nodes: int | None = None
    movetime_ms: float | None = None
    mate: int | None = None
    infinite: bool = False
    ponder: bool = False
    searchmoves: list[int] | None = None
    time_ms: tuple[float | None, float | None] = (None, None)
    inc_ms: tuple[float, float] = (0.0, 0.0)
    movestogo: int | None = None
    byoyomi_ms: tuple[float, float] = (0.0, 0.0)


@dataclass
class Info:
    depth: int
    seldepth: int
    multipv: int
    score_cp: int | None
    mate_plies: int | None
    bound: str
    nodes: int
    nps: int
    time_ms: int
    hashfull: int
    pv: list[int]
    wdl: tuple[int, int, int] | None
    string: str | None = None


@dataclass
class BestMove:
    move: int | None
    ponder: int | None
    score_cp: int | None
    mate_plies: int | None
