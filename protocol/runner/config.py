"""Plain, picklable descriptions of a match: engines, time control, adjudication, schedule."""

import math
from dataclasses import dataclass, field

# Longer than any game; beyond it a clock is a typo, and engines get millisecond counts
# that overflow their fixed-width integers.
MAX_SECONDS = 1e6


def seconds_problem(value) -> str:
    """Why ``value`` is not a number of seconds the runner plays with, or '' if it is."""
    if isinstance(value, (int, float)) and math.isfinite(value) and 0 <= value <= MAX_SECONDS:
        return ""
    return f"must be a number of seconds from 0 to {MAX_SECONDS:g}, not {value!r}"


@dataclass(frozen=True)
class EngineConfig:
    """One participant: a command line speaking ``protocol`` with ``options``."""

    name: str
    command: str
    protocol: str
    options: tuple[tuple[str, str], ...] = ()
    cwd: str | None = None

    def client_kwargs(self) -> dict:
        return {"options": dict(self.options), "name": self.name, "cwd": self.cwd}


@dataclass(frozen=True)
class TimeControl:
    """Seconds throughout. Any of: a clock (base + inc, optional byo-yomi periods),
    a fixed ``movetime``, ``nodes`` or ``depth``.

    ``margin`` is the grace before a time forfeit is declared (pipes, OS, Python start-up);
    ``hang_timeout`` bounds a move with no clock (nodes/depth) before it counts as a hang.
    """

    base: float | None = None
    inc: float = 0.0
    byoyomi: float = 0.0
    periods: int = 1
    movestogo: int | None = None
    movetime: float | None = None
    nodes: int | None = None
    depth: int | None = None
    margin: float = 0.5
    hang_timeout: float = 60.0

    def __post_init__(self):
        """Refuse a control no game can be played under (ValueError saying why), so that
        neither the CLI nor a program building specs can start a match lost at move 1."""
        problem = self.problem()
        if problem:
            raise ValueError(problem)

    def problem(self) -> str:
        seconds = {"base": self.base, "increment": self.inc, "byo-yomi": self.byoyomi,
                   "movetime": self.movetime, "margin": self.margin,
                   "hang timeout": self.hang_timeout}
        for name, value in seconds.items():
            if value is not None and seconds_problem(value):
                return f"{name} {seconds_problem(value)}"
        counts = {"periods": self.periods, "movestogo": self.movestogo, "nodes": self.nodes,
                  "depth": self.depth}
        for name, value in counts.items():
            if value is not None and not (isinstance(value, int) and value >= 1):
                return f"{name} must be a whole number of at least 1, not {value!r}"
        if self.movetime == 0:
            return "a movetime of 0 s leaves no time to move"
        if self.hang_timeout == 0:
            return "a hang timeout of 0 s leaves no time to move"
        if self.clocked and self.base == 0 and self.inc == 0 and self.byoyomi == 0:
            return "a clock of 0 s with no increment and no byo-yomi leaves no time to move"
        if not (self.clocked or self.movetime or self.nodes or self.depth):
            return "no clock, movetime, nodes or depth: a search would never end"
        return ""

    @property
    def clocked(self) -> bool:
        return self.base is not None

    def describe(self) -> str:
        """PGN-ish TimeControl text."""
        parts = []
        if self.base is not None:
            text = f"{self.base:g}"
            if self.inc:
                text += f"+{self.inc:g}"
            if self.byoyomi:
                text += f"+{self.periods}x{self.byoyomi:g}"
            parts.append(text)
        if self.movetime is not None:
            parts.append(f"{self.movetime:g}/move")
        if self.nodes is not None:
            parts.append(f"nodes={self.nodes}")
        if self.depth is not None:
            parts.append(f"depth={self.depth}")
        return " ".join(parts) or "-"


@dataclass(frozen=True)
class Adjudication:
    """Optional adjudication by the engines' reported scores (centipawns, own view).

    Resign: a side both engines agree is losing by >= ``resign_score`` for
    ``resign_moves`` consecutive moves each loses. Draw: from move ``draw_after`` on,
    both engines report |score| <= ``draw_score`` for ``draw_moves`` consecutive moves each.
    ``max_plies`` is a safety net for rule sets with no ply limit of their own.
    """

    resign_score: int | None = None
    resign_moves: int = 3
    draw_score: int | None = None
    draw_moves: int = 8
    draw_after: int = 40
    max_plies: int = 600


@dataclass(frozen=True)
class GameSpec:
    """Everything a worker needs to play one game."""

    index: int
    round: int
    pair: int  # games 2k and 2k+1 of an encounter share an opening, colours swapped
    variant: str
    start_fen: str | None
    opening: tuple[str, ...]  # canonical moves played before the engines take over
    first: EngineConfig  # plays the first player (red, cho, sente, white)
    second: EngineConfig
    tc: TimeControl
    adjudication: Adjudication = field(default_factory=Adjudication)
    rule_options: tuple[tuple[str, object], ...] = ()
