"""The referee of a game: move legality and automatic game ends, by the engine's own rules
(``engine.board.Board`` for legality, ``engine.arbiter`` for every game end in RULES.md)."""

from dataclasses import dataclass

from engine.arbiter import judge_position
from engine.board import Board
from engine.rules.shogi import declaration_verdict


@dataclass(frozen=True)
class Verdict:
    result: str  # '1-0' first player wins, '0-1', '1/2-1/2', or '*' (game goes on)
    reason: str = ""
    scores: tuple | None = None  # janggi points, when counted


# Engine tournaments end games at the claimable draws (chess: 50 moves, threefold repetition)
# once they have happened on the board, as cutechess does; `--rule` overrides these.
TOURNAMENT_RULE_OPTIONS = {"claim_draw": True, "claim_next_move": False}


class Arbiter:
    """Follows one game; ``push`` raises ValueError on an illegal move.

    The runner asks for a verdict after every move, so judging the current position is enough:
    an earlier end would already have stopped the game.
    """

    def __init__(self, variant: str, start_fen: str | None, rule_options: dict):
        self.variant, self.start_fen = variant, start_fen
        self.rule_options = rule_options
        self.board = Board(variant, start_fen)
        self.moves: list[str] = []

    def push(self, move: str) -> None:
        self.board.push_str(move)  # ValueError if illegal
        self.moves.append(move)

    def verdict(self) -> Verdict:
        v = judge_position(self.board.position, **self.rule_options)
        scores = tuple(v.scores) if v.scores is not None else None
        return Verdict(v.result, v.reason, scores)

    def declaration_verdict(self) -> Verdict | None:
        """The result of a shogi entering-king declaration by the side to move (USI 'bestmove
        win'), under the rule option ``declaration`` (CSA 27-point by default, ``"24"`` for the
        24-point rule): engine.rules.shogi.declaration_verdict decides, as it does for the
        engine. None where the game has no declaration (no drops): the declarer broke the rules."""
        if not self.board.spec.drops:
            return None
        v = declaration_verdict(self.board.position, self.rule_options.get("declaration", "csa27"))
        return Verdict(v.result, v.reason)


def make_arbiter(variant: str, start_fen: str | None, rule_options: dict | None = None) -> Arbiter:
    return Arbiter(variant, start_fen, {**TOURNAMENT_RULE_OPTIONS, **(rule_options or {})})
