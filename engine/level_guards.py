"""The mistakes a weakened level never makes (engine/levels.py, "mate guard"): missing a mate in
one, and allowing one. Judged on the board itself, not on the search's scores, because a level's
search may be too shallow to see them."""
from __future__ import annotations

from .position import Position


def mates_at_once(position: Position, move: int) -> bool:
    """``move`` ends the game in the mover's favour: the opponent is left without a legal move,
    in check, or where having no move loses (xiangqi, shogi)."""
    position.push(move)
    try:
        if position.legal_moves():
            return False
        return position.in_check() or position.spec.no_moves_result == "loss"
    finally:
        position.pop()


def allows_mate_at_once(position: Position, move: int) -> bool:
    """After ``move`` the opponent has a reply that mates at once."""
    position.push(move)
    try:
        return any(mates_at_once(position, reply) for reply in position.legal_moves())
    finally:
        position.pop()


def guarded_choice(position: Position, candidates: list[int], chosen: int,
                   order: list[int]) -> int:
    """The move to play instead of ``chosen`` (one of ``candidates``, the lines the level drew
    from): a mate in one among the root moves ``order`` wins over anything; a chosen move that
    allows a mate in one gives way to the first candidate, then the first root move, that does
    not (when every move allows one, ``chosen`` stands)."""
    for move in order:
        if mates_at_once(position, move):
            return move
    if not allows_mate_at_once(position, chosen):
        return chosen
    for move in candidates + order:
        if move != chosen and not allows_mate_at_once(position, move):
            return move
    return chosen
