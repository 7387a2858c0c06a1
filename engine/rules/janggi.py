"""Janggi game ends, every one decided by points.

Checkmate is the shared ``no_legal_moves`` rule and comes first in the spec's ``end_rules``; a side
not in check always has the pass, so janggi has no stalemate. The rules here, in priority order:

- ``double_pass``: two passes in a row;
- ``bikjang``: the generals face each other on an open file, the move before last created that,
  a capture had happened by then, and the last move (or pass) left it standing;
- ``repetition_points``: a position occurs for the third time; a side whose every move since the
  first of those occurrences gave check loses (``VariantSpec.perpetual_check_loses``; if both
  did, or neither, points decide);
- ``ply_limit_points``: ``VariantSpec.ply_limit`` plies (200), moves and passes both counted.

Points: each piece's ``PieceSpec.points`` plus the side's ``VariantSpec.points_bonus``, declared
in engine/variants/janggi.py (Han's half point makes a tie impossible).

History read from a FEN alone (decisions recorded here, see also the tests):
- passes and bikjang: a FEN has none. Generals already facing in the FEN were not created by a
  move in the record, so they never end the game by themselves.
- "a capture has happened": some piece type is short of its number in a full set (the spec's
  start position) for either side when the FEN is read (``S_PRIOR_CAPTURE``), or a capture was
  made since the FEN (``S_CAPTURES``).
- plies played: the larger of the FEN's halfmove clock and its move number (as plies), plus the
  plies made since. Vector files write the game's ply count in the halfmove field (clock 199 +
  one move = 200 plies); a FEN whose clock restarted at a capture still has its move number.

Perft: a node where the game has ended by rule has no children. The kernel knows the two ends
that are part of the position's own state: two passes in a row (``S_PASSES``) and a bikjang left
standing (``S_FACING``, kept by make_move under the spec flag ``bikjang``: created by a move,
after a capture since the FEN or one the material shows, not broken by the reply; the
``bikjang`` rule here reads that same state). Repetition and the ply limit need the whole game
record and are judged here alone, as perft counts from a FEN have no record.
"""
from __future__ import annotations

from ..kernels import layout as L
from ..verdict import Verdict
from .registry import rule

REPETITIONS = 3


def _name(position, side: int) -> str:
    return position.spec.side_names[side]


# ------------------------------------------------------------------------------------- points
def points(position, side: int) -> float:
    """``side``'s count: the points of its pieces on the board plus its bonus."""
    spec = position.spec
    total = spec.points_bonus[side]
    sign = 1 if side == 0 else -1
    for sq in position.geo.squares():
        pc = int(position.board[sq]) * sign
        if pc > 0:
            total += spec.pieces[pc - 1].points or 0
    return total


def scores(position) -> tuple[float, float]:
    return points(position, 0), points(position, 1)


def decide_by_points(position, why: str, termination: str):
    """The verdict of a game ended by ``why``: the higher count wins (a tie, impossible with
    janggi's half-point bonus, would be a draw)."""
    counts = scores(position)
    text = (f"{why}; points {_name(position, 0)} {counts[0]:g}, "
            f"{_name(position, 1)} {counts[1]:g}")
    if counts[0] == counts[1]:
        return Verdict.draw(f"{text}: equal", termination, counts)
    winner = 0 if counts[0] > counts[1] else 1
    return Verdict.win(winner, f"{text}: {_name(position, winner)} wins", termination, counts)


# -------------------------------------------------------------------------------- double pass
@rule("double_pass")
def double_pass(position, options):
    if position.st[L.S_PASSES] < 2:
        return None
    return decide_by_points(position, "two passes in a row", "double_pass")


# ------------------------------------------------------------------------------------ bikjang
def capture_happened(position) -> bool:
    """A capture since the FEN, or one the FEN's material shows (set when the FEN was read)."""
    return bool(position.st[L.S_CAPTURES] > 0 or position.st[L.S_PRIOR_CAPTURE])


@rule("bikjang")
def bikjang(position, options):
    """The side that had to break a counting bikjang moved or passed and left it standing.

    make_move keeps this in the state (``S_FACING``, see kernels/makemove.py next_facing): a
    facing created by a move once a capture has happened is pending, and a reply that leaves it
    standing ends the game — the same state perft uses to give that node no children.
    """
    if position.st[L.S_FACING] != L.FACE_ENDED:
        return None
    return decide_by_points(position, "bikjang left unbroken", "bikjang")


# --------------------------------------------------------------------------------- repetition
@rule("repetition_points")
def repetition_points(position, options):
    history = position.hash_history()
    current = history[-1]
    occurrences = [index for index, h in enumerate(history) if h == current]
    if len(occurrences) < REPETITIONS:
        return None
    first = occurrences[-REPETITIONS]
    always = checked_every_move(position, len(history) - 1 - first)
    checkers = [side for side in (0, 1) if always[side]]
    if len(checkers) == 1 and position.spec.perpetual_check_loses:
        loser = checkers[0]
        return Verdict.win(
            1 - loser, f"third repetition brought about by {_name(position, loser)} checking on "
                       f"every move: {_name(position, loser)} loses", "perpetual_check",
            scores(position))
    return decide_by_points(position, "the same position for the third time", "repetition")


def checked_every_move(position, plies: int) -> dict[int, bool]:
    """For each side: did every one of its moves among the last ``plies`` give check?"""
    probe = position.copy()
    always = {0: True, 1: True}
    moved = {0: False, 1: False}
    for _ in range(plies):
        mover = 1 - probe.turn
        moved[mover] = True
        if not probe.in_check():
            always[mover] = False
        probe.pop()
    return {side: always[side] and moved[side] for side in (0, 1)}


# ---------------------------------------------------------------------------------- ply limit
def plies_played(position) -> int:
    """Plies of the game so far: see the module notes on what a FEN says."""
    made = position.ply
    fen_clock = int(position.undo[0, L.U_CLOCK]) if made else int(position.st[L.S_CLOCK])
    return max(int(position.st[L.S_PLY]), fen_clock + made)


@rule("ply_limit_points")
def ply_limit_points(position, options):
    limit = int(options.get("ply_limit", position.spec.ply_limit))
    if plies_played(position) < limit:
        return None
    return decide_by_points(position, f"{limit} plies played", "ply_limit")
