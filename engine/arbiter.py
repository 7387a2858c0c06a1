"""The arbiter: given a start position and moves, is the game over, who won, and why.

Each variant's spec names its game-end rules in order (``VariantSpec.end_rules``); the functions
live in ``engine/rules`` and are looked up here by name, so nothing branches on a variant's name.
A rule returns a Verdict when it ends the game, or None.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .board import Board
from .position import Position

WIN = {0: "1-0", 1: "0-1"}


@dataclass(frozen=True)
class Verdict:
    result: str                      # '1-0' (first player wins), '0-1', '1/2-1/2' or '*'
    reason: str                      # in words, e.g. "red checkmated", "perpetual check by black"
    winner: int | None = None        # 0 first player, 1 second, None for a draw or ongoing
    scores: tuple[float, float] | None = None   # janggi points (first player, second player)
    termination: str = ""            # short machine word: checkmate, stalemate, repetition, ...
    extra: dict = field(default_factory=dict)

    @property
    def ongoing(self) -> bool:
        return self.result == "*"

    @staticmethod
    def win(winner: int, reason: str, termination: str, scores=None) -> "Verdict":
        return Verdict(WIN[winner], reason, winner, scores, termination)

    @staticmethod
    def draw(reason: str, termination: str, scores=None) -> "Verdict":
        return Verdict("1/2-1/2", reason, None, scores, termination)


ONGOING = Verdict("*", "game in progress")


def judge(variant: str, start_fen: str | None, moves: list[str], **rule_options) -> Verdict:
    """Replay ``moves`` (canonical notation) from ``start_fen`` and judge the final position.

    Raises ValueError naming the first illegal move. The game is judged after every move, so a
    game that ended earlier by rule reports that end, not a later one.
    """
    board = Board(variant, start_fen, chess960=bool(rule_options.get("chess960", False)))
    for index, text in enumerate(moves):
        verdict = judge_position(board.position, **rule_options)
        if not verdict.ongoing:
            return verdict
        try:
            board.push_str(text)
        except ValueError:
            raise ValueError(f"move {index + 1} '{text}' is illegal") from None
    return judge_position(board.position, **rule_options)


def judge_position(position: Position, **rule_options) -> Verdict:
    from .rules import RULES
    for name in position.spec.end_rules:
        verdict = RULES[name](position, rule_options)
        if verdict is not None:
            return verdict
    return ONGOING
