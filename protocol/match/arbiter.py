"""The referee of a game: move legality and automatic game ends.

The engine's own rules decide (``engine.board.Board`` for legality, ``engine.arbiter.judge``
for every game end in RULES.md). Until those land, chess falls back on python-chess and
shogi on cshogi; xiangqi and janggi need the engine.
"""

from dataclasses import dataclass

from protocol.client.variants import family


class ArbiterUnavailable(RuntimeError):
    """No rules implementation is installed for this variant."""


@dataclass(frozen=True)
class Verdict:
    result: str  # '1-0' first player wins, '0-1', '1/2-1/2', or '*' (game goes on)
    reason: str = ""
    scores: tuple | None = None  # janggi points, when counted


class Arbiter:
    """Follows one game; ``push`` raises ValueError on an illegal move."""

    def push(self, move: str) -> None:
        raise NotImplementedError

    def verdict(self) -> Verdict:
        raise NotImplementedError

    def declaration_valid(self) -> bool:
        """Shogi entering-king declaration by the side to move (USI 'bestmove win')."""
        return False


class EngineArbiter(Arbiter):
    def __init__(self, variant: str, start_fen: str | None, rule_options: dict):
        from engine.arbiter import judge
        from engine.board import Board
        self._judge, self.variant, self.start_fen = judge, variant, start_fen
        self.rule_options = rule_options
        self.board = Board(variant, start_fen)
        self.moves: list[str] = []

    def push(self, move: str) -> None:
        self.board.push_str(move)  # ValueError if illegal
        self.moves.append(move)

    def verdict(self) -> Verdict:
        v = self._judge(self.variant, self.start_fen, list(self.moves), **self.rule_options)
        scores = tuple(v.scores) if getattr(v, "scores", None) is not None else None
        return Verdict(v.result, v.reason, scores)

    def declaration_valid(self) -> bool:
        check = getattr(self.board, "declaration_win", None)
        if check is not None:
            return bool(check())
        return _cshogi_declaration(self.start_fen, self.moves)


class ChessArbiter(Arbiter):
    """python-chess: checkmate, stalemate, insufficient material, and the claimable
    threefold/50-move draws taken at once (as cutechess and fastchess do)."""

    def __init__(self, start_fen: str | None):
        import chess
        self.board = chess.Board(start_fen) if start_fen else chess.Board()

    def push(self, move: str) -> None:
        import chess
        try:
            mv = chess.Move.from_uci(move)
        except ValueError as exc:
            raise ValueError(f"unreadable move {move}") from exc
        if mv not in self.board.legal_moves:
            raise ValueError(f"illegal move {move}")
        self.board.push(mv)

    def verdict(self) -> Verdict:
        outcome = self.board.outcome(claim_draw=True)
        if outcome is None:
            return Verdict("*")
        winner = {True: "White", False: "Black", None: None}[outcome.winner]
        reason = outcome.termination.name.lower().replace("_", " ")
        return Verdict(outcome.result(), f"{winner} wins by {reason}" if winner else f"draw by {reason}")


class ShogiArbiter(Arbiter):
    """cshogi: mate (including no legal move), sennichite with the perpetual-check rule."""

    def __init__(self, start_fen: str | None):
        import cshogi
        self.cshogi = cshogi
        self.board = cshogi.Board(start_fen) if start_fen else cshogi.Board()
        self.start_fen, self.moves = start_fen, []
        self.seen: dict[str, int] = {self._key(): 1}

    def _key(self) -> str:
        return " ".join(self.board.sfen().split()[:3])  # board, side, hands

    def push(self, move: str) -> None:
        mv = self.board.move_from_usi(move)
        if mv == 0 or not self.board.is_legal(mv):
            raise ValueError(f"illegal move {move}")
        self.board.push(mv)
        self.moves.append(move)
        key = self._key()
        self.seen[key] = self.seen.get(key, 0) + 1

    def verdict(self) -> Verdict:
        b, cs = self.board, self.cshogi
        mover = "sente" if b.turn == cs.BLACK else "gote"
        other = "gote" if mover == "sente" else "sente"
        if b.is_game_over():
            return Verdict("0-1" if mover == "sente" else "1-0", f"{other} wins: {mover} has no legal move")
        if self.seen[self._key()] < 4:
            return Verdict("*")
        rep = b.is_draw()  # cshogi flags any repetition; we only ask on the fourth
        if rep == cs.REPETITION_DRAW:
            return Verdict("1/2-1/2", "draw by sennichite (fourfold repetition)")
        if rep in (cs.REPETITION_WIN, cs.REPETITION_LOSE):
            # WIN: the side to move's opponent checked every move of the cycle and loses.
            loser = other if rep == cs.REPETITION_WIN else mover
            result = "1-0" if loser == "gote" else "0-1"
            return Verdict(result, f"{loser} loses by perpetual check")
        return Verdict("*")

    def declaration_valid(self) -> bool:
        return bool(self.board.is_nyugyoku())


def _cshogi_declaration(start_fen, moves) -> bool:
    try:
        arb = ShogiArbiter(start_fen)
        for move in moves:
            arb.push(move)
        return arb.declaration_valid()
    except ImportError:
        return False


# Engine tournaments end games at the claimable draws (chess: 50 moves, threefold repetition)
# once they have happened on the board, as cutechess does; `--rule` overrides these.
TOURNAMENT_RULE_OPTIONS = {"claim_draw": True, "claim_next_move": False}


def make_arbiter(variant: str, start_fen: str | None, rule_options: dict | None = None) -> Arbiter:
    rule_options = {**TOURNAMENT_RULE_OPTIONS, **(rule_options or {})}
    try:
        return EngineArbiter(variant, start_fen, rule_options)
    except ImportError:
        pass
    fam = family(variant)
    if fam == "chess":
        return ChessArbiter(start_fen)
    if fam == "shogi":
        try:
            return ShogiArbiter(start_fen)
        except ImportError:
            pass
    raise ArbiterUnavailable(f"no rules for {variant}: engine.arbiter is not installed yet")
