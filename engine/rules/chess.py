"""Chess draws (FIDE, python-chess semantics): insufficient material, the 75/50-move rules and
five/threefold repetition.

What the arbiter reports, in this order (python-chess ``Board.outcome`` order; checkmate and
stalemate come from ``no_legal_moves``):
  checkmate > insufficient material > stalemate > 75 moves > fivefold repetition
  > [only with ``claim_draw``] 50 moves > threefold repetition.

Rule options:
  claim_draw (default False)  False: only the automatic draws, exactly ``outcome()``: 75 moves
      (150 plies without capture or pawn move, unless the last move mated) and fivefold
      repetition. True: also the draws a player may claim, exactly ``outcome(claim_draw=True)``:
      50 moves and threefold repetition, either on the board already or reached by some legal
      next move.
  claim_next_move (default True)  with claim_draw, False counts only claims that are already
      on the board (clock >= 100 plies, third occurrence), which is how tournament managers such
      as cutechess adjudicate engine games; a side to move does not lose a win to a claim it
      would never make.

Repetition compares FIDE positions: same placement, side to move, castling rights and en
passant right, the en passant right counted only when an en passant capture is legal. The
kernels' hash already leaves out an en passant square no enemy pawn could use; here a square
whose capture is pseudo-legal but illegal (pinned pawn) is taken out as well.
"""
from __future__ import annotations

import numpy as np

from ..kernels import layout as L
from ..verdict import Verdict
from .basic import side_name
from .registry import rule

SEVENTYFIVE_PLIES = 150          # automatic; the claimable 50 moves are the spec's clock_draw_plies


def _has_legal_ep(position) -> bool:
    return any(mv & L.MF_EP for mv in position.legal_moves())


def _history(position) -> tuple[np.ndarray, np.ndarray]:
    """(hash, en passant square) of every position since the FEN, the current one last."""
    ply = position.ply
    hashes = np.append(position.undo[:ply, L.U_HASH], position.st[L.S_HASH])
    eps = np.append(position.undo[:ply, L.U_EP], position.st[L.S_EP])
    return hashes, eps


def occurrences(position) -> int:
    """How often the current position has stood on the board (1 = the first time).

    Hashes with every en passant key removed find the candidates cheaply; only candidates that
    had an en passant square need the legality test (on a copy walked back to them).
    """
    hashes, eps = _history(position)
    Z = position.cv.Z
    ep_keys = np.where(eps != 0, Z[L.Z_EP + eps], 0)
    stripped = hashes ^ ep_keys
    candidates = np.flatnonzero(stripped == stripped[-1])
    if len(candidates) == 1 or not eps[candidates].any():
        return len(candidates)
    last = len(hashes) - 1
    walker = position.copy()
    usable_ep = {}
    for index in sorted((int(i) for i in candidates if eps[i]), reverse=True):
        while walker.ply > index:
            walker.pop()
        usable_ep[index] = _has_legal_ep(walker)
    effective = [int(eps[i]) if usable_ep.get(int(i), False) else 0 for i in candidates]
    return effective.count(int(eps[last]) if usable_ep.get(last, False) else 0)


# ------------------------------------------------------------------ insufficient material
def _material(position):
    """{side: {letter: [square colours]}} for the pieces on the board."""
    spec, geo = position.spec, position.geo
    found = ({}, {})
    for sq in geo.squares():
        pc = int(position.board[sq])
        if pc == 0:
            continue
        side = 0 if pc > 0 else 1
        letter = spec.pieces[abs(pc) - 1].letter
        colour = (geo.file_of(sq) + geo.rank_of(sq)) % 2
        found[side].setdefault(letter, []).append(colour)
    return found


def _side_cannot_mate(material, side: int) -> bool:
    """python-chess ``has_insufficient_material``: no sequence of legal moves, however helpful
    the opponent, lets ``side`` mate."""
    own, other = material[side], material[1 - side]
    if any(letter in own for letter in "PRQ"):
        return False
    if "N" in own:
        # A lone knight; the opponent must not have pieces that could block its own king in.
        return (sum(len(v) for v in own.values()) <= 2
                and not any(letter in other for letter in "PNBR"))
    if "B" in own:
        colours = set(own["B"]) | set(other.get("B", []))
        no_pawns = "P" not in own and "P" not in other
        no_knights = "N" not in own and "N" not in other
        return len(colours) == 1 and no_pawns and no_knights
    return True


def _is_checkmate(position) -> bool:
    return position.in_check() and not position.legal_moves()


@rule("insufficient_material")
def insufficient_material(position, options):
    """Neither side can ever mate. A mate on the board takes precedence (python-chess order)."""
    material = _material(position)
    if not (_side_cannot_mate(material, 0) and _side_cannot_mate(material, 1)):
        return None
    if _is_checkmate(position):
        return None
    return Verdict.draw("insufficient material", "insufficient_material")


# ------------------------------------------------------------------ move counters
def _clock(position) -> int:
    return int(position.st[L.S_CLOCK])


@rule("seventyfive_moves")
def seventyfive_moves(position, options):
    """Automatic draw after 75 moves by each side without capture or pawn move. Runs after
    no_legal_moves, so a mate delivered on the 150th ply stands."""
    if _clock(position) >= SEVENTYFIVE_PLIES:
        return Verdict.draw("75 moves without capture or pawn move", "seventyfive_moves")
    return None


@rule("fivefold_repetition")
def fivefold_repetition(position, options):
    if position.ply >= 4 and occurrences(position) >= 5:
        return Verdict.draw("the same position occurred five times", "fivefold_repetition")
    return None


def _next_move_reaches(position, test) -> bool:
    """Does some legal move lead to a position where ``test(position)`` holds?"""
    for mv in position.legal_moves():
        position.push(mv)
        try:
            if test(position):
                return True
        finally:
            position.pop()
    return False


@rule("fifty_moves")
def fifty_moves(position, options):
    """Claimable draw: 50 moves by each side without capture or pawn move (only with
    ``claim_draw``). The claim may also be made with a move that completes the 50."""
    if not options.get("claim_draw", False):
        return None
    clock, plies = _clock(position), position.spec.clock_draw_plies
    if not plies:
        return None
    reached = clock >= plies
    if (not reached and clock == plies - 1 and options.get("claim_next_move", True)):
        reached = _next_move_reaches(
            position, lambda p: _clock(p) >= plies and bool(p.legal_moves()))
    if reached:
        who = side_name(position, position.turn)
        return Verdict.draw(f"50 moves without capture or pawn move (claimed by {who})",
                             "fifty_moves")
    return None


@rule("threefold_repetition")
def threefold_repetition(position, options):
    """Claimable draw: the third occurrence of a position, on the board or made by the claimant's
    next move (only with ``claim_draw``)."""
    if not options.get("claim_draw", False):
        return None
    reached = occurrences(position) >= 3
    if not reached and options.get("claim_next_move", True) and _some_position_repeated(position):
        reached = _next_move_reaches(position, lambda p: occurrences(p) >= 3)
    if reached:
        who = side_name(position, position.turn)
        return Verdict.draw(f"threefold repetition (claimed by {who})", "threefold_repetition")
    return None


def _some_position_repeated(position) -> bool:
    """Cheap filter for next-move claims: has any position (en passant aside) stood twice?"""
    hashes, eps = _history(position)
    stripped = hashes ^ np.where(eps != 0, position.cv.Z[L.Z_EP + eps], 0)
    return len(np.unique(stripped)) < len(stripped)
