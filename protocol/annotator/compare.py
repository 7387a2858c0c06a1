"""Score the move played and the engine's choice by the same search, so that a suggested best
move never scores below the move it replaces.

Scoring the best move in the position before and the played move in the position after (two
searches, one a ply deeper) often ranked the suggestion below the move played (19 of 86 chess
moves at depth 6). Here one MultiPV-2 search is restricted to exactly {engine's choice, played
move}. Engines that cannot restrict the root (XBoard, UCCI) get the next fairest thing: both
resulting positions searched to the same limit, one right after the other.
"""
from __future__ import annotations

from dataclasses import dataclass

from protocol.clients.errors import EngineError

from .evals import PositionEval, final_eval, first_player_eval


@dataclass(frozen=True)
class MoveChoice:
    """The played move and the engine's choice, scored alike (first player's view)."""

    engine: PositionEval          # line starts with the engine's choice
    played: PositionEval          # line starts with the move played
    same_search: bool


def compare_moves(analyst, choice: str, played: str, limit: dict) -> MoveChoice:
    """``analyst`` stands at the position before the move; it is left there."""
    try:
        lines = analyst.analyse(multipv=2, searchmoves=[choice, played], **limit)
    except EngineError:
        lines = []
    by_move = {line.pv_canonical[0]: line for line in lines if line.pv_canonical}
    if choice in by_move and played in by_move:
        return MoveChoice(first_player_eval(by_move[choice]), first_player_eval(by_move[played]), True)
    return MoveChoice(_after(analyst, choice, limit), _after(analyst, played, limit), False)


def _after(analyst, move: str, limit: dict) -> PositionEval:
    """The score of ``move`` as the search of the position it leads to."""
    analyst.push(move, "canonical")
    try:
        verdict = analyst.verdict()
        lines = analyst.analyse(**limit) if verdict.ongoing else []
        after = first_player_eval(lines[0]) if lines else final_eval(verdict)
    finally:
        analyst.pop()
    depth = None if after.depth is None else after.depth + 1
    return PositionEval(after.value, after.label, depth, [move] + after.best, after.final)
