"""The game results an engine may claim in XBoard 4.9.1: those XBoard checks and accepts.

XBoard (backend.c, GameEnds, with -testClaims and -testLegality, both on in Debian's
/etc/xboard/xboard.conf) checks an engine's claim against the flags its own board carries
(backend.c, Adjudicate; moves.c, MateTest):
- a win claim stands only if the board shows mate, or a stalemate its variant scores as a loss
  (xiangqi; a draw in chess); anything else is ruled "False win claim", a loss for the claimer.
  In games with holdings (shogi) wins are not checked. Janggi, played on XBoard's xiangqi board
  with Fairy-Stockfish's piece table, has no royal piece XBoard's xiangqi check test looks for
  (it looks for the Wazir; the general is XBoard's King): XBoard sees no check and no mate there,
  so even a true checkmate claimed is ruled false;
- a draw claim stands only if the position is flagged drawn: stalemate where that draws, the third
  occurrence of a position (same side to move) among the last 100 plies, counted back only over
  moves that were no capture, forward pawn move or pass except in drop games (nor back to a
  start set up from a FEN whose e.p. status XBoard leaves unknown: xiangqi, janggi), 100 plies
  without such a move (in xiangqi checks and check evasions not counted), or insufficient
  material; else it is a "False draw claim", a loss;
- a loss claim is accepted as it is.
So under XBoard the engine claims mate and stalemate where XBoard sees them, its losses, its wins
in drop games, and a draw where XBoard's flags show one when the arbiter's verdict is a draw or a
loss for the engine (a perpetual check or chase XBoard adjudicates itself only at the 6th
occurrence, -repeatsToDraw, and either side may claim the draw at the third). A win XBoard would
rule false (a chase, janggi bikjang or points, any janggi win) is not claimed: the game goes on,
or waits for the opponent to concede. The search scores the same way (option Rule Ends,
``xboard``: see ``xboard_rule_ends``).
A draw the rules let a player claim without ending the game by themselves (chess: threefold
repetition, 50 moves) is claimed when XBoard's board flags it too and the search expected no
more than a draw (``claimable_draw``); XBoard would otherwise play on to its own -repeatsToDraw
and -ruleMoves limits.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine import rule_ends
from engine.kernels import layout as L


@dataclass(frozen=True)
class XBoardBoard:
    """How XBoard 4.9.1's own board judges one of our games."""
    pawn: str | None          # our letter XBoard moves as its Pawn (forward moves reset counts)
    sees_check: bool          # it finds checks, hence mates, in this game
    move_count_skips_checks: bool = False    # its 50-move count leaves out checks and evasions
    reads_en_passant: bool = False   # it reads a FEN's e.p. field ('-' lets the start repeat)
    starts_from_setup: bool = False  # engine-defined: its start comes from our `setup` FEN


# By our variant name (the table of names the XBoard dialect uses, xboard.py beside this).
XBOARD_BOARDS = {
    "chess": XBoardBoard(pawn="P", sees_check=True, reads_en_passant=True),
    "xiangqi": XBoardBoard(pawn="P", sees_check=True, move_count_skips_checks=True),
    "shogi": XBoardBoard(pawn="P", sees_check=True),
    # the soldier sits in XBoard's Marshall slot, the general in its King slot (spec.xboard_setup)
    "janggi": XBoardBoard(pawn=None, sees_check=False, starts_from_setup=True),
}
REPETITION_WINDOW = 100      # plies XBoard looks back for an earlier occurrence
EARLIER_OCCURRENCES = 2      # the third occurrence is claimable
MOVE_RULE_PLIES = 100


def xboard_rule_ends(spec, chosen: str) -> str:
    """The search's rule ends for the option's choice: ``xboard`` is mate and draws where XBoard
    checks win claims, and the arbiter's ends in drop games, where it takes any claimed win."""
    if chosen != rule_ends.XBOARD:
        return chosen
    return rule_ends.ARBITER if spec.has_hands else rule_ends.MATE_AND_DRAWS


def xboard_claim(position, verdict, claimer: int, start_fen: str | None):
    """The Verdict to claim after the arbiter's ``verdict``, or None to play on (or wait).
    ``start_fen``: the FEN XBoard set the game up with (setboard), None after new/variant."""
    from engine.arbiter import Verdict     # loads the kernels: not at the handshake
    if verdict.ongoing:
        return None
    board = XBOARD_BOARDS[position.spec.name]
    if verdict.winner is not None and verdict.winner != claimer and not position.legal_moves():
        return verdict                       # our own mate or lost stalemate: conceded
    if verdict.winner == claimer:
        if position.spec.has_hands or (board.sees_check and not position.legal_moves()):
            return verdict                   # unchecked, or mate/stalemate on XBoard's board
        return None
    if verdict.winner is None and not position.legal_moves():
        return verdict                       # a drawn stalemate, flagged so by XBoard too
    reason = xboard_draw(position, start_fen)
    return Verdict.draw(reason, "xboard_draw") if reason else None


def claimable_draw(position, best, start_fen: str | None, **rule_options):
    """The draw Verdict to claim in a game still going on, or None: one the game's rules let a
    player claim (judged with ``claim_draw``, on the board now), that XBoard flags, while the
    search's ``best`` (a BestMove from the side to move's view) expected no win."""
    from engine.arbiter import Verdict, judge_position
    if best is None or _expects_win(best):
        return None
    verdict = judge_position(position, claim_draw=True, claim_next_move=False, **rule_options)
    if verdict.ongoing or verdict.winner is not None:
        return None
    reason = xboard_draw(position, start_fen)
    return Verdict.draw(reason, "xboard_draw") if reason else None


def _expects_win(best) -> bool:
    if best.mate_plies is not None:
        return best.mate_plies > 0
    return best.score_cp is not None and best.score_cp > 0


def xboard_draw(position, start_fen: str | None) -> str | None:
    """Why XBoard's board is flagged drawn here (repetition or move count), or None."""
    board = XBOARD_BOARDS[position.spec.name]
    history = _replay(position, board)
    last = len(history) - 1
    earlier = 0
    for index in range(last - 2, max(-1, last - REPETITION_WINDOW - 1), -2):
        # without drops the look-back ends at the last capture or pawn move
        if not position.spec.has_hands and (history[index + 1]["reset"]
                                        or history[index + 2]["reset"]):
            break
        if index == 0 and not _start_repeats(position, board, start_fen):
            break
        if history[index]["hash"] == history[last]["hash"]:
            earlier += 1
    if earlier >= EARLIER_OCCURRENCES:
        return "3-fold repetition"
    if _reversible_plies(history, board) >= MOVE_RULE_PLIES:
        return "50-move rule"
    return None


def _start_repeats(position, board: XBoardBoard, start_fen: str | None) -> bool:
    """Does XBoard count the game's start as an earlier occurrence? Without drops only if its
    e.p. status is known to be none: the standard start, or a FEN whose e.p. field XBoard read
    as '-'; a FEN of a game without e.p. (xiangqi, shogi, an engine's setup) leaves it unknown,
    which ends the look-back (backend.c, Adjudicate; ParseFEN)."""
    if position.spec.has_hands:
        return True
    if start_fen is None:
        return not board.starts_from_setup
    fields = start_fen.split()
    return board.reads_en_passant and len(fields) > 3 and fields[3] == "-"


def _reversible_plies(history: list[dict], board: XBoardBoard) -> int:
    """XBoard's count of plies since the last capture or forward pawn move."""
    last = len(history) - 1
    start = last
    while start > 0 and not history[start]["reset"]:
        start -= 1
    count = last - start
    if start == 0 and not history[0]["reset"]:
        count += history[0]["clock"]          # the plies the start FEN already counted
    if board.move_count_skips_checks and board.sees_check and count >= MOVE_RULE_PLIES:
        in_check = False
        for entry in history[max(0, last - count):]:
            was_check, in_check = in_check, entry["check"]
            if in_check or was_check:
                count -= 1
    return count


def _replay(position, board: XBoardBoard) -> list[dict]:
    """Per position of the game (the current one last): hash, side to move in check, whether
    the move that led to it was a capture, a forward pawn move (a sideways one is not, in
    XBoard) or a pass (XBoard's null move, which it counts as irreversible), and the start's
    move clock."""
    probe = position.copy()
    pawn = (position.spec.pieces.index(position.spec.piece_by_letter(board.pawn)) + 1
            if board.pawn else None)
    ranks = {sq: position.geo.rank_of(sq) for sq in position.geo.squares()}
    history = []
    while True:
        cells = probe.board
        on_board = (cells != 0) & (cells != L.OFF)
        pawn_ranks = ()
        if pawn is not None:
            pawn_ranks = tuple(sorted(rank for sq, rank in ranks.items() if cells[sq] == piece)
                               for piece in (pawn, -pawn))
        history.append({"hash": probe.hash, "check": probe.in_check(),
                        "count": int(on_board.sum()), "pawn_ranks": pawn_ranks,
                        "cells": cells.tobytes(), "clock": int(probe.st[L.S_CLOCK]),
                        "reset": False})
        if probe.ply == 0:
            break
        probe.pop()
    history.reverse()
    for before, after in zip(history, history[1:]):
        after["reset"] = (after["count"] != before["count"]
                          or after["pawn_ranks"] != before["pawn_ranks"]
                          or after["cells"] == before["cells"])   # a pass: XBoard's null move
    return history
