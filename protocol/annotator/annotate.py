"""Analyse every position of a game and judge each move by how much it drops the score.

Each position is searched to the same limit; that curve is the game's eval graph. A move the
engine would not have played is then scored together with the engine's choice by one search
(compare.py). Its *loss* is the mover's score of the engine's choice minus that of the move
played, both clamped to +-``clamp`` so that moves in an already decided game do not count; mates
count as the clamp. The engine's own first choice, or a move its search scores no lower, loses
nothing and gets no suggestion.

Thresholds scale with the variant's pawn value (the ``is_pawn`` piece of engine/variants: 100 in
chess, xiangqi and shogi, 200 in janggi, whose values are points x 100):

    mark  name          loss at least      chess/xiangqi/shogi   janggi
    ?!    inaccuracy    0.5 pawn           50                    100
    ?     mistake       1 pawn             100                   200
    ??    blunder       3 pawns            300                   600
          (clamp)       10 pawns           1000                  2000
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.variants import get_variant

from .compare import MoveChoice, compare_moves
from .evals import MATE_VALUE, PositionEval, final_eval, first_player_eval  # noqa: F401
from protocol.records.reader import GameRecord

MARKS = (("??", "blunder"), ("?", "mistake"), ("?!", "inaccuracy"))


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
class MoveNote:
    ply: int                      # index in the game's move list
    move: str                     # canonical
    mover: int                    # 0 first player
    loss: int                     # centipawns, clamped scores
    mark: str                     # "", "?!", "?", "??"
    before: PositionEval          # the position before the move
    after: PositionEval           # the position after it
    better: PositionEval | None = None    # the engine's choice when it scores higher, same search
    played: PositionEval | None = None    # the move played, scored by that same search

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


def analyse_game(game: GameRecord, analyst, limit: dict, thresholds: Thresholds | None = None,
                 on_position=None, analyst_name: str = "jiangjun") -> GameAnalysis:
    """``analyst``: engine.Engine or protocol.scripting.ExternalEngine (anything with set_position,
    push, analyse and verdict). ``limit``: keywords for analyse (depth/nodes/movetime).
    ``on_position(done, total, eval)`` is called after each position."""
    thresholds = thresholds or Thresholds.for_variant(game.variant)
    analyst.set_position(game.start_fen, [])
    if hasattr(analyst, "new_game"):
        analyst.new_game()
    total = len(game.moves) + 1
    evals: list[PositionEval] = []
    turns: list[int] = []
    choices: list[MoveChoice | None] = []
    verdict_reason = None
    for index in range(total):
        turns.append(analyst.turn)
        verdict = analyst.verdict()
        lines = analyst.analyse(**limit) if verdict.ongoing or index < total - 1 else []
        if lines:
            evals.append(first_player_eval(lines[0]))
        else:
            evals.append(final_eval(verdict))
            verdict_reason = verdict.reason
        if index < len(game.moves):
            played = game.moves[index]
            engine_choice = lines[0].pv_canonical[:1] if lines else []
            choices.append(compare_moves(analyst, engine_choice[0], played, limit)
                           if engine_choice and engine_choice[0] != played else None)
        if on_position is not None:
            on_position(index + 1, total, evals[-1])
        if index < len(game.moves):
            analyst.push(game.moves[index], "canonical")
    notes = [_note(i, move, turns[i], evals[i], evals[i + 1], choices[i], thresholds)
             for i, move in enumerate(game.moves)]
    return GameAnalysis(game, evals, notes, thresholds, analyst_name, _limit_text(limit),
                        verdict_reason)


def _note(ply: int, move: str, mover: int, before: PositionEval, after: PositionEval,
          choice: MoveChoice | None, thresholds: Thresholds) -> MoveNote:
    if choice is None:   # the engine's own choice
        return MoveNote(ply, move, mover, 0, "", before, after)
    sign = 1 if mover == 0 else -1
    engine, played = sign * choice.engine.value, sign * choice.played.value
    if engine <= played:  # the search scores the move played no lower: nothing to suggest
        return MoveNote(ply, move, mover, 0, "", before, after, None, choice.played)

    def clamp(value: int) -> int:
        return max(-thresholds.clamp, min(thresholds.clamp, value))

    loss = clamp(engine) - clamp(played)
    return MoveNote(ply, move, mover, loss, thresholds.mark(loss), before, after,
                    choice.engine, choice.played)


def _limit_text(limit: dict) -> str:
    parts = [f"{key} {limit[key]:g}" for key in ("depth", "nodes", "movetime")
             if limit.get(key) is not None]
    return ", ".join(parts)
