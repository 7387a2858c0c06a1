"""Analyse every position of a game and judge each move by how much it drops the score.

Each position is searched to the same limit. A move's *loss* is the mover's score before it (the
best line) minus the mover's score after it (the reply position's best line, turned around),
both clamped to +-``clamp`` so that moves in an already decided game do not count; mates count
as the clamp. The engine's own first choice never loses anything.

Thresholds scale with the variant's pawn value (the ``is_pawn`` piece of engine/variants: 100 in
chess, xiangqi and shogi, 200 in janggi, whose values are points x 100):

    mark  name          loss at least      chess/xiangqi/shogi   janggi
    ?!    inaccuracy    0.5 pawn           50                    100
    ?     mistake       1 pawn             100                   200
    ??    blunder       3 pawns            300                   600
          (clamp)       10 pawns           1000                  2000
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.analysis import Score
from engine.variants import get_variant

from .gamefile import GameRecord

MARKS = (("??", "blunder"), ("?", "mistake"), ("?!", "inaccuracy"))
MATE_VALUE = 100_000


@dataclass(frozen=True)
class Thresholds:
    inaccuracy: int
    mistake: int
    blunder: int
    clamp: int

    @classmethod
    def for_variant(cls, variant: str) -> "Thresholds":
        pawn = next(p.value for p in get_variant(variant).pieces if p.is_pawn)
        return cls(pawn // 2, pawn, 3 * pawn, 10 * pawn)

    def mark(self, loss: int) -> str:
        for (mark, _), limit in zip(MARKS, (self.blunder, self.mistake, self.inaccuracy)):
            if loss >= limit:
                return mark
        return ""


@dataclass
class PositionEval:
    """The analysis of one position, scores from the first player's view."""

    value: int                    # centipawns; a mate in n is +-(MATE_VALUE - n)
    label: str                    # "+0.35", "#3", "#-2", or the result of a finished game
    depth: int | None = None
    best: list[str] = field(default_factory=list)     # canonical best line
    final: bool = False           # the game is over here (label is the result)

    @property
    def pawns(self) -> str | None:
        """The ``[%eval]`` value (pawns or ``#n``); None once the game is over."""
        return None if self.final else self.label.lstrip("+")


@dataclass
class MoveNote:
    ply: int                      # index in the game's move list
    move: str                     # canonical
    mover: int                    # 0 first player
    loss: int                     # centipawns, clamped scores
    mark: str                     # "", "?!", "?", "??"
    before: PositionEval
    after: PositionEval

    @property
    def name(self) -> str:
        return dict(MARKS).get(self.mark, "")


@dataclass
class GameAnalysis:
    game: GameRecord
    evals: list[PositionEval]
    notes: list[MoveNote]
    thresholds: Thresholds
    analyst: str
    limit_text: str
    verdict_reason: str | None = None

    def side_summary(self, side: int) -> dict:
        own = [n for n in self.notes if n.mover == side]
        return {"moves": len(own),
                "average_loss": (sum(n.loss for n in own) / len(own)) if own else 0.0,
                "inaccuracies": sum(n.mark == "?!" for n in own),
                "mistakes": sum(n.mark == "?" for n in own),
                "blunders": sum(n.mark == "??" for n in own)}


def _first_player_eval(line, turn: int) -> PositionEval:
    score: Score = line.pov(0)
    if score.mate is not None:
        value = score.as_cp(MATE_VALUE)
        label = f"#{score.mate}"
    else:
        value = score.cp or 0
        label = f"{value / 100:+.2f}"
    return PositionEval(value, label, line.depth, list(line.pv_canonical))


def _final_eval(verdict) -> PositionEval:
    if verdict.winner is None:
        return PositionEval(0, verdict.result, final=True)
    return PositionEval(MATE_VALUE if verdict.winner == 0 else -MATE_VALUE, verdict.result, final=True)


def analyse_game(game: GameRecord, analyst, limit: dict, thresholds: Thresholds | None = None,
                 on_position=None, analyst_name: str = "jiangjun") -> GameAnalysis:
    """``analyst``: engine.Engine or protocol.api.ExternalEngine (anything with set_position,
    push, analyse and verdict). ``limit``: keywords for analyse (depth/nodes/movetime).
    ``on_position(done, total, eval)`` is called after each position."""
    thresholds = thresholds or Thresholds.for_variant(game.variant)
    analyst.set_position(game.start_fen, [])
    if hasattr(analyst, "new_game"):
        analyst.new_game()
    total = len(game.moves) + 1
    evals: list[PositionEval] = []
    turns: list[int] = []
    verdict_reason = None
    for index in range(total):
        turns.append(analyst.turn)
        verdict = analyst.verdict()
        lines = analyst.analyse(**limit) if verdict.ongoing or index < total - 1 else []
        if lines:
            evals.append(_first_player_eval(lines[0], analyst.turn))
        else:
            evals.append(_final_eval(verdict))
            verdict_reason = verdict.reason
        if on_position is not None:
            on_position(index + 1, total, evals[-1])
        if index < len(game.moves):
            analyst.push(game.moves[index], "canonical")
    notes = [_note(i, move, turns[i], evals[i], evals[i + 1], thresholds)
             for i, move in enumerate(game.moves)]
    return GameAnalysis(game, evals, notes, thresholds, analyst_name, _limit_text(limit),
                        verdict_reason)


def _note(ply: int, move: str, mover: int, before: PositionEval, after: PositionEval,
          thresholds: Thresholds) -> MoveNote:
    sign = 1 if mover == 0 else -1

    def clamp(value: int) -> int:
        return max(-thresholds.clamp, min(thresholds.clamp, sign * value))

    loss = max(0, clamp(before.value) - clamp(after.value))
    if before.best[:1] == [move]:
        loss = 0
    return MoveNote(ply, move, mover, loss, thresholds.mark(loss), before, after)


def _limit_text(limit: dict) -> str:
    parts = [f"{key} {limit[key]:g}" for key in ("depth", "nodes", "movetime")
             if limit.get(key) is not None]
    return ", ".join(parts)
