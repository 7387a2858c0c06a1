"""The arbiter: given a start position and moves, is the game over, who won, and why.

Each variant's spec names its game-end rules in order (``VariantSpec.end_rules``); the functions
live in ``engine/rules`` and are looked up there by name (``judge_position``), so nothing
branches on a variant's name. A rule returns a Verdict (``engine/verdict.py``) when it ends the
game, or None.
"""
from __future__ import annotations

from .board import Board
from .rules import judge_position
from .verdict import ONGOING, WIN, Verdict

__all__ = ["ONGOING", "WIN", "Verdict", "judge", "judge_position"]


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
