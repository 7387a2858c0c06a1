"""One analysed position or move, scored from the first player's view."""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.scripting import Score

MATE_VALUE = 100_000


@dataclass
class PositionEval:
    """The analysis of one position (or of one root move), scores from the first player's view."""

    value: int                    # centipawns; a mate in n is +-(MATE_VALUE - n)
    label: str                    # "+0.35", "#3", "#-2", or the result of a finished game
    depth: int | None = None
    best: list[str] = field(default_factory=list)     # canonical best line
    final: bool = False           # the game is over here (label is the result)

    @property
    def pawns(self) -> str | None:
        """The ``[%eval]`` value (pawns or ``#n``); None once the game is over."""
        return None if self.final else self.label.lstrip("+")


def first_player_eval(line) -> PositionEval:
    """An engine line (side to move's view) as a PositionEval (first player's view)."""
    score: Score = line.pov(0)
    if score.mate is not None:
        value = score.as_cp(MATE_VALUE)
        label = f"#{score.mate}"
    else:
        value = score.cp or 0
        label = f"{value / 100:+.2f}"
    return PositionEval(value, label, line.depth, list(line.pv_canonical))


def final_eval(verdict) -> PositionEval:
    if verdict.winner is None:
        return PositionEval(0, verdict.result, final=True)
    return PositionEval(MATE_VALUE if verdict.winner == 0 else -MATE_VALUE, verdict.result, final=True)
