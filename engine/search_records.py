"""The records that cross the engine/protocol seam: the search configuration and limits in, info
lines and the best move out, in the searcher's own terms (move codes, plies, milliseconds). Kept
free of numba so protocol code and its test doubles can use them without loading the kernels
(engine/search.py re-exports them). What scripts, engine clients, the runner and the annotator
speak is engine/records.py (text moves, seconds); ``Limit.search_limits`` turns one into Limits."""
from __future__ import annotations

import math
from dataclasses import dataclass

from .rule_ends import ARBITER
from .search_tables import parse_search_numbers

# Bounds every Limits field is clamped into, whoever builds it (protocol, API, tools): a GUI's
# `go movetime 1e18` or `wtime 1e308` must not overflow the search's int64 deadline or node
# counter. MAX_MS (about three years) is "no limit" in practice and keeps ms -> ns well in range.
MAX_MS = 1e11
MAX_NODES = 10 ** 15
MAX_DEPTH = 1000          # plies; the search caps this again at its own stack depth
MAX_MOVES = 10_000        # mate distance and moves to go


def _number(value) -> float:
    """float(value), with integers too big for a float read as +/- infinity."""
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def _count(value, top: int) -> int | None:
    """A positive whole count in [1, top]; None stays None (no limit). 0 and negatives become 1,
    the smallest search, so a limit that was given always ends the search."""
    if value is None:
        return None
    value = _number(value)
    if math.isnan(value):
        return 1
    return int(max(1.0, min(float(top), value)))


def _positive_count(value, top: int) -> int | None:
    """Like _count, but a value below 1 (or NaN) means the limit was not given."""
    if value is None or not _number(value) >= 1:
        return None
    return _count(value, top)


def _ms(value, none_ok: bool = True):
    """Milliseconds in [0, MAX_MS]; NaN reads as 0 (answer at once rather than never)."""
    if value is None:
        return None if none_ok else 0.0
    value = _number(value)
    return 0.0 if math.isnan(value) else max(0.0, min(MAX_MS, value))


@dataclass(frozen=True)
class SearchConfig:
    """How the searcher searches, whatever the position: set through Searcher.configure when a
    protocol option or a scripting keyword changes (Hash and Threads are allocated then), not
    before every search. A search keeps the configuration it started with."""
    hash_mb: int = 16
    threads: int = 1
    multipv: int = 1
    move_overhead_ms: int = 30
    rule_ends: str = ARBITER          # or only the ends a GUI awards (engine/rule_ends.py)
    use_nnue: bool = True             # play with the game's net where there is one
    eval_file: str = ""               # the net file; "" = the one shipped for the game
    skill: float = 20.0               # the playing level (engine/levels.py); 20 = full strength
    level_seed: int | None = None     # seeds a level's move choice (None: a fresh seed)
    search_numbers: str = ""          # "name=value ..." in place of the game's search numbers
                                      # (engine/search_tables.py; for tuning), "" = its own

    def __post_init__(self) -> None:
        parse_search_numbers(self.search_numbers)   # ValueError: the text says no numbers
        for name, least in (("hash_mb", 1), ("threads", 1), ("multipv", 1), ("move_overhead_ms", 0)):
            object.__setattr__(self, name, max(least, int(getattr(self, name))))
        object.__setattr__(self, "skill", max(0.0, min(20.0, float(self.skill))))


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

    def __post_init__(self) -> None:
        self.depth = _count(self.depth, MAX_DEPTH)
        self.nodes = _count(self.nodes, MAX_NODES)
        # mate and movestogo below 1 mean "not given" (no mate goal; sudden death), as the
        # search and the time manager always read them
        self.mate = _positive_count(self.mate, MAX_MOVES)
        self.movestogo = _positive_count(self.movestogo, MAX_MOVES)
        self.movetime_ms = _ms(self.movetime_ms)
        self.time_ms = tuple(_ms(t) for t in (self.time_ms or (None, None)))
        self.inc_ms = tuple(_ms(t, none_ok=False) for t in (self.inc_ms or (0.0, 0.0)))
        self.byoyomi_ms = tuple(_ms(t, none_ok=False) for t in (self.byoyomi_ms or (0.0, 0.0)))


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
