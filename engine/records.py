"""The records people script with, whichever engine answers: our search in-process
(engine/scripting.py), an external engine over UCI, UCCI, USI or XBoard (protocol/clients), the
tournament runner and the annotator all speak them. python-chess's chess/engine.py is the model:
``Limit`` in, ``PlayResult`` out, ``AnalysisLine`` (its InfoDict) per reported line, ``Score``.

Moves in them are text (canonical notation, engine/notation.py, unless a caller asked for a
dialect's spelling); times are seconds. The searcher's own wire records (move codes, plies,
milliseconds) are engine/search_records.py; ``Limit.search_limits`` is the one way across.
No numba here, so clients and their tests load none.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .search_records import Limits


@dataclass(frozen=True)
class Score:
    """A score from one side's view: centipawns, or mate in ``mate`` moves (+ = that side mates,
    -1 = it is mated by the next reply, 0 = it is mated now). ``bound`` is "lower" or "upper"
    when the engine reported only a bound."""

    cp: int | None = None
    mate: int | None = None
    bound: str | None = None

    @property
    def is_mate(self) -> bool:
        return self.mate is not None

    def flipped(self) -> "Score":
        """The same score from the other side's view."""
        if self.mate is not None:
            return Score(mate=-self.mate)
        return Score(cp=None if self.cp is None else -self.cp)

    def as_cp(self, mate_value: int = 100_000) -> int:
        """One number for adjudication and records: a mate in n becomes +-(mate_value - n)."""
        if self.mate is not None:
            sign = 1 if self.mate > 0 else -1
            return sign * (mate_value - abs(self.mate))
        return self.cp or 0

    def __str__(self) -> str:
        if self.mate is not None:
            return f"#{self.mate}"
        return f"{(self.cp or 0) / 100:+.2f}"


@dataclass(frozen=True)
class Limit:
    """What one search may use. Times are seconds; clocks are (first player, second player).

    ``time`` is the main time left on each clock, ``inc`` the Fischer increment, ``byoyomi``
    the per-move time once the main time is spent. Any mix of clock, ``movetime``, ``nodes``,
    ``depth`` and ``mate`` may be given; ``searchmoves`` are canonical root moves.
    """

    time: tuple[float, float] | None = None
    inc: tuple[float, float] = (0.0, 0.0)
    byoyomi: float = 0.0
    movestogo: int | None = None
    movetime: float | None = None
    nodes: int | None = None
    depth: int | None = None
    mate: int | None = None
    searchmoves: tuple[str, ...] = ()

    def in_byoyomi(self, side: int) -> bool:
        """True when ``side`` has no main time left and lives on byo-yomi only."""
        return self.time is not None and self.byoyomi > 0 and self.time[side] <= 0

    @staticmethod
    def for_analysis(limit: "Limit | Limits | None" = None, *, depth=None, nodes=None,
                     movetime=None, mate=None) -> "Limit":
        """The depth, nodes, movetime and mate of ``limit`` (a Limit, or the searcher's Limits
        in milliseconds), keywords winning: what an analysis runs to. ValueError when none is
        given, since an analysis must end by itself."""
        if isinstance(limit, Limits):
            seconds = None if limit.movetime_ms is None else limit.movetime_ms / 1000.0
            limit = Limit(depth=limit.depth, nodes=limit.nodes, mate=limit.mate, movetime=seconds)
        elif limit is None:
            limit = Limit()
        elif not isinstance(limit, Limit):
            raise TypeError(f"a limit is a Limit or engine.search.Limits, not "
                            f"{type(limit).__name__}")
        given = {"depth": depth, "nodes": nodes, "movetime": movetime, "mate": mate}
        fields = {key: given[key] if given[key] is not None else getattr(limit, key)
                  for key in given}
        if not any(fields.values()):
            raise ValueError("give a limit: depth, nodes, movetime (seconds) or mate")
        return Limit(**fields)

    def search_limits(self, searchmoves: list[int] | None = None) -> Limits:
        """The searcher's record of this analysis limit (``searchmoves`` as move codes)."""
        return Limits(depth=self.depth, nodes=self.nodes, mate=self.mate,
                      movetime_ms=None if self.movetime is None else self.movetime * 1000,
                      searchmoves=searchmoves)


@dataclass
class AnalysisLine:
    """One reported line of a search (python-chess's InfoDict). ``score`` and ``wdl`` are from
    the view of ``turn`` (the side to move at the searched position; 0 = first player: red,
    cho, sente, white), None when the reporter did not know it."""

    multipv: int = 1
    depth: int | None = None
    score: Score | None = None
    pv: list[str] = field(default_factory=list)   # in the notation asked for
    turn: int | None = None
    wdl: tuple[int, int, int] | None = None      # per mille win/draw/loss
    seldepth: int | None = None
    nodes: int | None = None
    time: float | None = None                    # seconds
    pv_canonical: list[str] = field(default_factory=list)
    nps: int | None = None
    string: str | None = None                    # the engine's free text ("info string")

    def pov(self, side: int) -> Score:
        """The score from ``side``'s view (0 = first player)."""
        return self.score if side == self.turn else self.score.flipped()


@dataclass
class PlayResult:
    """The answer to one search: the move chosen (None when there is none or the engine gave
    none), the lines behind it, and what an external engine said besides."""

    move: str | None
    ponder: str | None = None
    lines: list[AnalysisLine] = field(default_factory=list)   # the best lines, multipv order
    info: AnalysisLine | None = None     # the engine's last main line that carried a score
    infos: list[AnalysisLine] = field(default_factory=list)   # every line it reported
    resigned: bool = False
    draw_offered: bool = False
    declared_win: bool = False           # USI "bestmove win" (entering-king declaration)
    claim: str | None = None             # XBoard result claim such as "1-0 {White mates}"
    elapsed: float = 0.0                 # seconds from go to the answer, measured by the client

    @property
    def score(self) -> Score | None:
        return self.lines[0].score if self.lines else None
