"""What a search is allowed to use, and what it reports back."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Limit:
    """Search limits for one move. Times are seconds; clocks are (first, second) player.

    ``time`` is the main time left on each clock, ``inc`` the Fischer increment,
    ``byoyomi`` the per-move time once the main time is spent. Any mix of clock,
    ``movetime``, ``nodes`` and ``depth`` may be given.
    """

    time: tuple[float, float] | None = None
    inc: tuple[float, float] = (0.0, 0.0)
    byoyomi: float = 0.0
    movestogo: int | None = None
    movetime: float | None = None
    nodes: int | None = None
    depth: int | None = None
    searchmoves: tuple[str, ...] = ()  # canonical root moves to search (UCI and USI only)

    def in_byoyomi(self, side: int) -> bool:
        """True when ``side`` has no main time left and lives on byo-yomi only."""
        return self.time is not None and self.byoyomi > 0 and self.time[side] <= 0


@dataclass(frozen=True)
class Score:
    """From the engine's point of view. ``mate`` is in moves (positive: the engine mates)."""

    cp: int | None = None
    mate: int | None = None
    bound: str | None = None  # "lower", "upper" or None

    def as_cp(self, mate_value: int = 100_000) -> int:
        """One number for adjudication and records: mates become +-(mate_value - moves)."""
        if self.mate is not None:
            sign = 1 if self.mate > 0 else -1
            return sign * (mate_value - abs(self.mate))
        return self.cp or 0


@dataclass
class Info:
    depth: int | None = None
    seldepth: int | None = None
    score: Score | None = None
    nodes: int | None = None
    nps: int | None = None
    time: float | None = None  # seconds, as the engine reports it
    multipv: int = 1
    pv: list[str] = field(default_factory=list)  # canonical moves
    string: str | None = None


@dataclass
class PlayResult:
    """The answer to one ``go``. ``move`` is canonical, or None if the engine gave no move."""

    move: str | None
    ponder: str | None = None
    resigned: bool = False
    draw_offered: bool = False
    declared_win: bool = False  # USI "bestmove win" (entering-king declaration)
    claim: str | None = None  # XBoard result claim such as "1-0 {White mates}"
    elapsed: float = 0.0  # seconds from go to the answer, measured by the client
    info: Info | None = None  # last main-line info that carried a score
    infos: list[Info] = field(default_factory=list)
