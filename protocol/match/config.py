"""Plain, picklable descriptions of a match: engines, time control, adjudication, schedule."""

from dataclasses import dataclass, field


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
