"""Shogi game ends: sennichite, impasse by points, and the
entering-king declaration that USI's ``bestmove win`` asks the arbiter to check.

Checkmate and "no legal move loses" are the shared ``no_legal_moves`` rule (shogi has no
stalemate draw: the spec's ``no_moves_result`` is "loss").

Impasse: "neither side can mate the other". Read as: neither side has a mate in one, the side to
move with its move and the other side with the move it would have if it were its turn (a null
move), and the side to move is not in check. Why mate in one: it is exact (no heuristics, no
horizon chosen by us), it catches the position the rule exists for (a side about to mate must not
lose on points, a side about to be mated must not win by walking its king in), and it costs one
move generation per checking move, so the arbiter can ask it after every ply of a tournament. A
deeper mate (three plies and more) does not stop the count: the kings have entered, where mates
are rare, and the game goes on by the moves the sides choose; a bounded deeper search would make
the verdict depend on a node budget. Both kings must still stand in their zones.
"""
from __future__ import annotations

from ..kernels import layout as L
from ..verdict import Verdict
from .registry import rule

REPETITIONS = 4            # sennichite: the fourth occurrence of a position ends the game
IMPASSE_MINIMUM = 24       # impasse count: a side under 24 points loses
BIG_PIECES = ("R", "B")    # rook and bishop, promoted or not, count 5; every other piece 1
BIG_POINTS = 5

# Entering-king declaration (the CSA 27-point and the 24-point rules): points needed by (sente,
# gote), and the number of own pieces besides the king that must stand in the enemy camp.
DECLARATION_RULES = {
    "csa27": (28, 27),
    "24": (31, 31),
}
DECLARATION_PIECES = 10


def _name(position, side: int) -> str:
    return position.spec.side_names[side]


# ---------------------------------------------------------------------------------- sennichite
@rule("sennichite")
def sennichite(position, options):
    """Fourth occurrence of the same position (board, hands, side to move): a draw, except that
    a side whose every move since the first of those occurrences gave check loses."""
    history = position.hash_history()
    current = history[-1]
    occurrences = [index for index, h in enumerate(history) if h == current]
    if len(occurrences) < REPETITIONS:
        return None
    first = occurrences[-REPETITIONS]
    checked_always = _checked_every_move(position, len(history) - 1 - first)
    checkers = [side for side in (0, 1) if checked_always[side]]
    if len(checkers) == 1 and position.spec.perpetual_check_loses:
        loser = checkers[0]
        return Verdict.win(1 - loser, f"perpetual check by {_name(position, loser)} "
                                      f"(sennichite)", "perpetual_check")
    return Verdict.draw(f"sennichite: the same position occurred {REPETITIONS} times",
                        "sennichite")


def _checked_every_move(position, plies: int) -> dict[int, bool]:
    """For each side: did every one of its moves among the last ``plies`` give check?"""
    probe = position.copy()
    always = {0: True, 1: True}
    for _ in range(plies):
        mover = 1 - probe.turn
        if not probe.in_check():
            always[mover] = False
        probe.pop()
    return always


# ------------------------------------------------------------------------------------ counting
def in_enemy_camp(position, side: int, sq: int) -> bool:
    """Is ``sq`` inside ``side``'s promotion zone (the enemy camp, three furthest ranks)?"""
    cv = position.cv
    index = cv.region_index[(position.spec.promotion_zone, side)]
    return bool(cv.T[cv.T[L.H_REGIONS] + index * L.NSQ + sq])


def piece_points(position, pt: int) -> int:
    piece = position.spec.pieces[pt - 1]
    base = piece.demotes_to or piece.letter
    return BIG_POINTS if base in BIG_PIECES else 1


def material_points(position, side: int, camp_only: bool = False) -> tuple[int, int]:
    """(points, pieces counted on the board) for ``side``'s pieces other than the king: those on
    the board (only those in the enemy camp if ``camp_only``) plus those in hand."""
    royal = int(position.cv.T[L.H_ROYAL])
    sign = 1 if side == 0 else -1
    points = on_board = 0
    for sq in position.geo.squares():
        pc = int(position.board[sq]) * sign
        if pc <= 0 or pc == royal:
            continue
        if camp_only and not in_enemy_camp(position, side, sq):
            continue
        points += piece_points(position, pc)
        on_board += 1
    for pt, count in position.hand(side).items():
        points += count * piece_points(position, pt)
    return points, on_board


def kings_entered(position) -> bool:
    return all(in_enemy_camp(position, side, int(position.st[L.S_KING + side]))
               for side in (0, 1))


def has_mate_in_one(position) -> bool:
    """Does the side to move have a legal move that checkmates?"""
    probe = position.copy()
    for mv in probe.legal_moves():
        probe.push(mv)
        mates = probe.in_check() and not probe.legal_moves()
        probe.pop()
        if mates:
            return True
    return False


def either_side_can_mate(position) -> bool:
    """The impasse rule's "can mate" (module docstring): a mate in one for the side to move, or
    for the other side if it had the move. Assumes the side to move is not in check."""
    if has_mate_in_one(position):
        return True
    passed = position.copy()          # the same board with the other side to move
    passed.st[L.S_STM] = 1 - position.turn
    passed.st[L.S_HASH] = passed.compute_hash()
    return has_mate_in_one(passed)


@rule("impasse_points")
def impasse_points(position, options):
    """Jishogi by the 24-point count: when both kings stand in their promotion zones and
    neither side can mate the other (not in check, no mate in one for either side: module
    docstring), a side with fewer than 24 points (rook and bishop 5, others 1, kings excluded,
    board and hand) loses; both with 24 or more draw. Option ``impasse=False`` turns the
    automatic count off."""
    if not options.get("impasse", True) or not kings_entered(position) or position.in_check():
        return None
    if either_side_can_mate(position):
        return None
    points = [material_points(position, side)[0] for side in (0, 1)]
    score = f"{_name(position, 0)} {points[0]}, {_name(position, 1)} {points[1]} points"
    short = [side for side in (0, 1) if points[side] < IMPASSE_MINIMUM]
    if len(short) == 1:
        loser = short[0]
        return Verdict.win(1 - loser, f"impasse: {_name(position, loser)} has fewer than "
                                      f"{IMPASSE_MINIMUM} points ({score})", "impasse")
    return Verdict.draw(f"impasse: {score}", "impasse")


# --------------------------------------------------------------------- entering-king declaration
def declaration_win(position, rule: str = "csa27") -> bool:
    """May the side to move declare a win (USI ``bestmove win``)? CSA 27-point rule by default:
    king in the enemy camp, not in check, at least 10 other own pieces in the camp, and 28
    points as sente or 27 as gote counting those pieces plus the hand (rook and bishop 5, others
    1). ``rule="24"`` asks 31 points of both sides. Time left is the caller's condition."""
    rule = declaration_rule(rule)
    side = position.turn
    points, pieces = _declaration_count(position)
    if points is None:
        return False
    return pieces >= DECLARATION_PIECES and points >= DECLARATION_RULES[rule][side]


def declaration_rule(rule) -> str:
    """The DECLARATION_RULES key for ``rule``; ``--rule declaration=24`` arrives as the int 24."""
    name = str(rule).lower()
    if name not in DECLARATION_RULES:
        raise ValueError(f"unknown declaration rule '{rule}' (known: {', '.join(DECLARATION_RULES)})")
    return name


def declaration_verdict(position, rule: str = "csa27"):
    """The arbiter's answer to a declaration by the side to move: a win if ``declaration_win``
    holds, otherwise a loss for the declarer (CSA rule). Under the 24-point rule a declarer whose
    king and camp conditions hold with 24 to 30 points draws."""
    rule = declaration_rule(rule)
    side = position.turn
    name = _name(position, side)
    if declaration_win(position, rule):
        return Verdict.win(side, f"{name} declared an entering-king win", "declaration")
    points, pieces = _declaration_count(position)
    if (rule == "24" and points is not None and pieces >= DECLARATION_PIECES
            and points >= IMPASSE_MINIMUM):
        return Verdict.draw(f"{name} declared with {points} points (24-point rule: draw)",
                            "declaration")
    return Verdict.win(1 - side, f"{name} declared an entering-king win without meeting the "
                                 f"conditions", "declaration")


def _declaration_count(position) -> tuple[int | None, int]:
    """(points, pieces in the camp) of the side to move, or (None, 0) when its king is outside
    the enemy camp or in check."""
    side = position.turn
    if not in_enemy_camp(position, side, int(position.st[L.S_KING + side])):
        return None, 0
    if position.in_check():
        return None, 0
    return material_points(position, side, camp_only=True)
