"""Xiangqi game ends (the Asian rules; a house rule set is an option).

Rules registered here, in the order engine/variants/xiangqi.py lists them after no_legal_moves:

``repetition_check_chase``
    When the current position (board and side to move) occurs for the THIRD time since the
    position the game was set up from, every move of the cycle is classified. The cycle is every move from the
    first of those three occurrences up to the current one (as Fairy-Stockfish's arbiter does).
    A move is *attacking* if it gives check or it chases (below). If exactly one side attacked
    with every one of its moves in the cycle, that side loses ("perpetual check", "perpetual
    chase", or "perpetual check and chase" when it mixed both; checks and chases count alike,
    and the same piece need not be chased every time). Otherwise the game is a draw.

``no_capture_limit``
    ``VariantSpec.clock_draw_plies`` (120 plies, 60 full moves) without a capture: draw. Only
    captures reset the count (the FEN's halfmove field starts it); pawn moves do not.

``no_attacking_material``
    Neither side has a piece that can leave its own half (chariot, horse, cannon, pawn; derived
    from the spec: a piece whose every move is confined to a region is defensive): draw.

Chase and protection, precisely (the rule is "chasing an unprotected piece, not a trade of
same-type pieces"; the Asian conventions fill its silences):

* A *threat* of side S on an enemy piece V by S's piece A exists in a position when, with S to
  move there, A capturing V is a LEGAL move. A capture that would leave S's king attacked or
  the kings facing (a pinned attacker, a flying-general pin) is no threat; the horse leg, the
  elephant eye and the cannon screen count exactly as in move generation.
* V is *protected* against A when, after A captures V, V's side has a legal move that captures
  on that point (a defender that is itself pinned, or a king that would step into an attack or
  face the other king, does not protect).
* The threat is a *trade offer* (not a chase) when V is the same piece type as A and V can
  legally capture A in the same position with V's side to move (e.g. two chariots facing each
  other on an open line). A same-type victim that cannot strike back (a horse whose own leg is
  blocked) is chased.
* Kings and pawns never chase (Asian rule: their threats are free), and no threat against a
  king (that is check) or against a pawn still on its own side of the river counts as a chase;
  a pawn across the river can be chased.
* A *chasing threat* is a threat on an unprotected V that is not a trade offer. A move of S
  *chases* when, after it, S has a chasing threat (A, V) that was not already a chasing threat
  in the position before the move (A followed from its old point if it is the piece that
  moved). So a new attack, a discovered attack (moving a screen or a leg blocker away, or
  stepping in as a cannon screen), a new legal capture by unpinning, and a move that takes away
  the victim's only protector all chase; an attack standing unchanged from before does not.

House rules, chosen with the rule option ``rules="house"`` (default
``rules="standard"``): everything above except that

* a third occurrence is a plain draw, whoever attacked;
* the material draws add, to ``no_attacking_material``, the positions where one side has its
  bare king and the other has exactly one horse, or exactly one pawn, beside its king (K v K,
  K v K + elephants and K v K + advisors are already draws by the standard rule);
* the count-down (``count_down``): when one side has only its king and the other side has,
  beside its king, exactly one of: 2 pawns, 3 pawns, 4 pawns, 5 pawns, 2 horses, 2 cannons,
  1 chariot, 2 chariots (and nothing else, not even an advisor or an elephant: "only the two
  kings, plus the mating pieces"), that side must mate within 45, 36, 27, 18, 27, 27, 18, 9 of
  its own moves or the game is drawn. The count starts with the first move after the capture
  that created that material (material only changes by captures, so it is read off the
  no-capture clock; from a FEN it trusts the halfmove field). Any other material (say chariot
  and advisor, or chariot and horse) has no count-down: the 60-move rule still applies.
  Checkmate on the last counted move wins, because ``no_legal_moves`` is judged first.
The house whole-game time limit (22 minutes) is a runner setting, not a rule here.
"""
from __future__ import annotations

from ..kernels import layout as L
from ..verdict import Verdict
from .basic import side_name
from .registry import rule

REPETITION_COUNT = 3
RULE_SETS = ("standard", "house")

# house count-down: all material beside the king of the side facing a bare king -> moves to mate
COUNT_DOWN_MOVES = {
    (("P", 2),): 45, (("P", 3),): 36, (("P", 4),): 27, (("P", 5),): 18,
    (("N", 2),): 27, (("C", 2),): 27, (("R", 1),): 18, (("R", 2),): 9,
}
# house material draws beyond "no attacking material": all material facing a bare king
HOUSE_DRAWN_MATERIAL = ((("N", 1),), (("P", 1),))


def rule_set(options) -> str:
    name = options.get("rules", "standard")
    if name not in RULE_SETS:
        raise ValueError(f"unknown xiangqi rule set '{name}' (known: {', '.join(RULE_SETS)})")
    return name


# ---------------------------------------------------------------------------------- repetition
@rule("repetition_check_chase")
def repetition_check_chase(position, options):
    history = position.hash_history()
    occurrences = [i for i, h in enumerate(history) if h == history[-1]]
    if len(occurrences) < REPETITION_COUNT:
        return None
    times = f"position repeated {REPETITION_COUNT} times"
    if rule_set(options) == "house":
        return Verdict.draw(f"draw by repetition ({times})", "repetition")
    start = occurrences[-REPETITION_COUNT]
    kinds = classify_cycle(position, start)
    loser = perpetual_offender(kinds) if position.spec.perpetual_check_loses else None
    if loser is None:
        return Verdict.draw(f"draw by repetition ({times})", "repetition")
    used = set(kinds[loser])
    what = ("perpetual check" if used == {"check"} else "perpetual chase" if used == {"chase"}
            else "perpetual check and chase")
    return Verdict.win(1 - loser, f"{side_name(position, loser)} loses by {what} ({times})",
                       what.replace(" ", "_"))


def perpetual_offender(kinds: dict[int, list[str]]) -> int | None:
    """The one side whose every move of the cycle attacked (check or chase), else None."""
    perpetual = [side for side in (0, 1)
                 if kinds[side] and all(kind != "quiet" for kind in kinds[side])]
    return perpetual[0] if len(perpetual) == 1 else None


def classify_cycle(position, start: int) -> dict[int, list[str]]:
    """Per side, the kind of each of its moves from ply ``start`` on: check, chase or quiet."""
    moves = position.move_stack()[start:]
    scratch = position.copy()
    for _ in moves:
        scratch.pop()
    kinds: dict[int, list[str]] = {0: [], 1: []}
    for mv in moves:
        side = scratch.turn
        before = chasing_threats(scratch, side)
        scratch.push(mv)
        if scratch.in_check():
            kinds[side].append("check")
            continue
        with turn_of(scratch, side):
            after = chasing_threats(scratch, side)
        frm, to = move_squares(mv)
        carried = {(to if a == frm else a, v) for a, v in before if v != to}
        kinds[side].append("chase" if after - carried else "quiet")
    return kinds


# ---------------------------------------------------------------------------------- chases
class turn_of:
    """Temporarily give the move to ``side`` (a null move; the hash is left alone)."""

    def __init__(self, position, side: int):
        self.position, self.side = position, side

    def __enter__(self):
        self.saved = int(self.position.st[L.S_STM])
        self.position.st[L.S_STM] = self.side
        return self.position

    def __exit__(self, *exc):
        self.position.st[L.S_STM] = self.saved


def move_squares(mv: int) -> tuple[int, int]:
    return mv & L.M_FROM_MASK, (mv >> L.M_TO_SHIFT) & L.M_FROM_MASK


def legal_captures(position) -> list[tuple[int, int, int]]:
    """(move, from, to) of every legal capture for the side to move."""
    out = []
    board = position.board
    for mv in position.legal_moves():
        frm, to = move_squares(mv)
        if board[to] != 0:
            out.append((mv, frm, to))
    return out


def chasing_threats(position, side: int) -> set[tuple[int, int]]:
    """(attacker square, victim square) of every chasing threat of ``side`` (see module doc)."""
    spec, board = position.spec, position.board
    with turn_of(position, side):
        captures = legal_captures(position)
    if not captures:
        return set()
    with turn_of(position, 1 - side):
        replies = {(frm, to) for _, frm, to in legal_captures(position)}
    threats = set()
    for mv, frm, to in captures:
        attacker_type, victim_type = abs(int(board[frm])), abs(int(board[to]))
        attacker, victim = spec.pieces[attacker_type - 1], spec.pieces[victim_type - 1]
        if attacker.royal or attacker.is_pawn or victim.royal:
            continue
        if victim.is_pawn and not across_river(position, 1 - side, to):
            continue
        if victim_type == attacker_type and (to, frm) in replies:
            continue  # a trade offer
        if not is_protected(position, side, mv, to):
            threats.add((frm, to))
    return threats


def is_protected(position, side: int, capture: int, square: int) -> bool:
    """Could the victim's side legally recapture on ``square`` after ``capture`` by ``side``?"""
    with turn_of(position, side):
        position.push(capture)
        try:
            return any(to == square for _, _, to in legal_captures(position))
        finally:
            position.pop()


def across_river(position, side: int, sq: int) -> bool:
    cv = position.cv
    index = cv.region_index.get(("enemy_half", side))
    if index is None:
        return True
    return bool(cv.T[cv.T[L.H_REGIONS] + index * L.NSQ + sq])


# ---------------------------------------------------------------------------------- counters
@rule("no_capture_limit")
def no_capture_limit(position, options):
    rule_set(options)
    plies = position.spec.clock_draw_plies
    if plies and int(position.st[L.S_CLOCK]) >= plies:
        return Verdict.draw(f"draw by the {plies // 2}-move rule "
                            f"({plies} plies without a capture)", "no_capture")
    return None


# ---------------------------------------------------------------------------------- material
def is_attacking_piece(piece) -> bool:
    """A piece that can leave its own half: not every one of its moves is region-confined."""
    return not piece.confined and not piece.royal


def attacking_material(position, side: int) -> tuple[tuple[str, int], ...]:
    return material(position, side, is_attacking_piece)


def material(position, side: int, keep=lambda piece: not piece.royal) -> tuple:
    """Sorted (letter, count) of ``side``'s pieces on the board that ``keep`` accepts."""
    spec, board = position.spec, position.board
    sign = 1 if side == 0 else -1
    counts: dict[str, int] = {}
    for sq in position.geo.squares():
        pc = int(board[sq]) * sign
        if pc > 0 and keep(spec.pieces[pc - 1]):
            letter = spec.pieces[pc - 1].letter
            counts[letter] = counts.get(letter, 0) + 1
    return tuple(sorted(counts.items()))


def bare_king(position, side: int) -> bool:
    return not material(position, side)


@rule("no_attacking_material")
def no_attacking_material(position, options):
    if not attacking_material(position, 0) and not attacking_material(position, 1):
        names = [p.name for p in position.spec.pieces if is_attacking_piece(p)]
        return Verdict.draw(f"draw by insufficient material (neither side has a "
                            f"{', '.join(names[:-1])} or {names[-1]})", "insufficient_material")
    if rule_set(options) == "house":
        for strong in (0, 1):
            pieces = material(position, strong)
            if bare_king(position, 1 - strong) and pieces in HOUSE_DRAWN_MATERIAL:
                return Verdict.draw(
                    f"draw by insufficient material (house rules: bare king against king and "
                    f"{describe(position, pieces)})", "insufficient_material")
    return None


@rule("count_down")
def count_down(position, options):
    """House rules only: the side facing a bare king must mate within its count of moves."""
    if rule_set(options) != "house":
        return None
    for strong in (0, 1):
        if not bare_king(position, 1 - strong):
            continue
        pieces = material(position, strong)
        limit = COUNT_DOWN_MOVES.get(pieces)
        if limit is None:
            continue
        if moves_since_capture(position, strong) >= limit:
            return Verdict.draw(
                f"draw by the count-down ({side_name(position, strong)} with "
                f"{describe(position, pieces)} did not mate within {limit} moves)",
                "count_down")
    return None


def moves_since_capture(position, side: int) -> int:
    """Moves ``side`` made since the last capture, read off the no-capture clock."""
    plies = int(position.st[L.S_CLOCK])
    last_mover = 1 - position.turn          # made the latest ply; earlier plies alternate
    return (plies + 1) // 2 if side == last_mover else plies // 2


def describe(position, material) -> str:
    names = []
    for letter, count in material:
        name = position.spec.piece_by_letter(letter).name
        names.append(f"{count} {name}{'s' if count > 1 else ''}" if count > 1 else f"one {name}")
    return " and ".join(names) or "nothing"
