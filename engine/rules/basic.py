"""Rules shared by every game: no legal move."""
from __future__ import annotations

from ..verdict import Verdict
from .registry import rule


def side_name(position, side: int) -> str:
    names = position.spec.side_names
    return names[side]


@rule("no_legal_moves")
def no_legal_moves(position, options):
    """Checkmate loses everywhere; without check the spec's ``no_moves_result`` applies."""
    if position.legal_moves():
        return None
    side = position.turn
    if position.in_check():
        return Verdict.win(1 - side, f"{side_name(position, side)} is checkmated", "checkmate")
    if position.spec.no_moves_result == "draw":
        return Verdict.draw(f"{side_name(position, side)} is stalemated", "stalemate")
    return Verdict.win(1 - side, f"{side_name(position, side)} has no legal move (stalemate loses)",
                       "stalemate")
