"""The game results an engine may claim in XBoard 4.9.1: those XBoard checks and accepts.

XBoard (backend.c, GameEnds, with -testClaims and -testLegality, both on in Debian's
/etc/xboard/xboard.conf) checks an engine's claim against the flags its own board carries
(backend.c, Adjudicate):
- a win claim stands only if the board shows mate, or a stalemate its variant scores as a loss
  (xiangqi, and janggi played on its xiangqi parent board; a draw in chess); anything else is ruled
  "False win claim", a loss for the claimer. In games with holdings (shogi) wins are not checked;
- a draw claim stands only if the position is flagged drawn: stalemate where that draws, the third
  occurrence of a position (same side to move) among the last 100 plies, counted back only over
  moves that were no capture and no pawn move except in drop games, 100 plies without such a move
  (in xiangqi checks and check evasions not counted), or insufficient material; else it is a
  "False draw claim", a loss;
- a loss claim is accepted as it is.
So under XBoard the engine claims mate and stalemate as the arbiter judges them, the arbiter's
wins in drop games, and a draw where XBoard's flags show one when the arbiter's verdict is a draw
or a loss for the engine (a perpetual check or chase XBoard itself adjudicates only at the 6th
occurrence, -repeatsToDraw, and either side may claim the draw at the third). A rule win XBoard
would rule false (a chase, janggi bikjang or points) is not claimed: the game goes on. The
search scores the same way (option Rule Ends, ``xboard``: see ``xboard_rule_ends``).
"""
from __future__ import annotations

import numpy as np

from engine import rule_ends
from engine.kernels import layout as L

def xboard_rule_ends(spec, chosen: str) -> str:
    """The search's rule ends for the option's choice: ``xboard`` is mate and draws where XBoard
    checks win claims, and the arbiter's ends in drop games, where it takes any claimed win."""
    if chosen != rule_ends.XBOARD:
        return chosen
    return rule_ends.ARBITER if spec.drops else rule_ends.MATE_AND_DRAWS


# XBoard's names of the variants whose 50-move count skips checks and check evasions.
MOVE_COUNT_SKIPS_CHECKS = {"xiangqi"}
PAWN_LETTER = "P"            # XBoard's pawn in all our games: its moves are irreversible
REPETITION_WINDOW = 100      # plies XBoard looks back for an earlier occurrence
EARLIER_OCCURRENCES = 2      # the third occurrence is claimable
MOVE_RULE_PLIES = 100


def xboard_claim(position, verdict, claimer: int, parent: str):
    """The Verdict to claim after the arbiter's ``verdict``, or None to play on."""
    from engine.arbiter import Verdict
    if verdict.ongoing:
        return None
    if not position.legal_moves():
        return verdict                       # mate or stalemate: XBoard's board shows it too
    if verdict.winner == claimer:
        return verdict if position.spec.drops else None
    reason = xboard_draw(position, parent)
    return Verdict.draw(reason, "xboard_draw") if reason else None


def xboard_draw(position, parent: str) -> str | None:
    """Why XBoard's board is flagged drawn here (repetition or move count), or None."""
    history = _replay(position)
    last = len(history) - 1
    earlier = 0
    for index in range(last - 2, max(-1, last - REPETITION_WINDOW - 1), -2):
        # without drops the look-back ends at the last capture or pawn move
        if not position.spec.drops and (history[index + 1]["reset"]
                                        or history[index + 2]["reset"]):
            break
        if history[index]["hash"] == history[last]["hash"]:
            earlier += 1
    if earlier >= EARLIER_OCCURRENCES:
        return "3-fold repetition"
    if _reversible_plies(history, parent) >= MOVE_RULE_PLIES:
        return "50-move rule"
    return None


def _reversible_plies(history: list[dict], parent: str) -> int:
    """XBoard's count of plies since the last capture or pawn move."""
    last = len(history) - 1
    start = last
    while start > 0 and not history[start]["reset"]:
        start -= 1
    count = last - start
    if start == 0 and not history[0]["reset"]:
        count += history[0]["clock"]          # the plies the start FEN already counted
    if parent in MOVE_COUNT_SKIPS_CHECKS and count >= MOVE_RULE_PLIES:
        in_check = False
        for entry in history[max(0, last - count):]:
            was_check, in_check = in_check, entry["check"]
            if in_check or was_check:
                count -= 1
    return count


def _replay(position) -> list[dict]:
    """Per position of the game (the current one last): hash, side to move in check, whether
    the move that led to it was a capture or a pawn move, and the start's move clock."""
    probe = position.copy()
    pawn = position.spec.pieces.index(position.spec.piece_by_letter(PAWN_LETTER)) + 1
    history = []
    while True:
        board = probe.board
        on_board = (board != 0) & (board != L.OFF)
        history.append({"hash": probe.hash, "check": probe.in_check(),
                        "count": int(on_board.sum()),
                        "pawns": np.flatnonzero(np.abs(board) == pawn).tobytes()
                        + np.flatnonzero(board == pawn).tobytes(),
                        "clock": int(probe.st[L.S_CLOCK]), "reset": False})
        if probe.ply == 0:
            break
        probe.pop()
    history.reverse()
    for before, after in zip(history, history[1:]):
        after["reset"] = (after["count"] != before["count"] or after["pawns"] != before["pawns"])
    return history
