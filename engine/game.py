"""Game: a start position plus the moves played since, over a Board that knows the rules, and
the arbiter's verdict on where it stands.

The one "start + moves" holder: the scripting API (engine/scripting.py, protocol/scripting.py)
adds notations to it, the tournament runner referees with it (protocol/runner/game.py), and
engine clients read a janggi pass against it (protocol/clients/base.py).
"""
from __future__ import annotations

from .board import Board
from .rules import judge_position
from .rules.shogi import declaration_verdict
from .spec import VariantSpec


class Game:
    """``variant`` keeps the name asked for (an alias such as ``janggimodern`` stays one; the
    Board plays the game it names). ``rule_options`` go to every verdict (engine/arbiter.py)."""

    def __init__(self, variant: str | VariantSpec = "chess", fen: str | None = None, moves=(), *,
                 setup=None, chess960: bool = False, rule_options: dict | None = None):
        self.variant = variant
        self.chess960 = chess960
        self.rule_options = dict(rule_options or {})
        self.reset(fen, setup=setup)
        for move in moves:
            self.push(move)

    def reset(self, fen: str | None = None, *, setup=None) -> None:
        """Start again from ``fen`` (FEN, or SFEN for shogi; None = the start position or the
        janggi ``setup`` such as "han=ma-sang-sang-ma,cho=sang-ma-ma-sang")."""
        self.board = Board(self.variant, fen, chess960=self.chess960, setup=setup)

    # -- the record
    @property
    def spec(self) -> VariantSpec:
        return self.board.spec

    @property
    def start_fen(self) -> str:
        return self.board.start_fen

    def fen(self) -> str:
        return self.board.fen()

    @property
    def turn(self) -> int:
        """0 when the first player (red, cho, sente, white) is to move, else 1."""
        return self.board.turn

    @property
    def moves(self) -> list[str]:
        """The moves played since the start position, canonical. Spelled from the board's own
        history when asked, so moves pushed on the board directly (a server applying a GUI's
        move list) cost nothing more."""
        return [text for _, text in spelled_moves(self.board)]

    def push(self, move: str | int) -> str:
        """Play ``move`` (canonical text or a legal move code); returns it canonical.
        ValueError if it is not legal here."""
        board = self.board
        if isinstance(move, str):
            return self._play(board.parse_str(move))
        if move not in board.legal_moves:
            raise ValueError(f"illegal move code {move}")
        return self._play(int(move))

    def _play(self, mv: int) -> str:
        """Play the legal move code ``mv``; returns it canonical."""
        text = self.board.move_str(mv)
        self.board.push(mv)
        return text

    def pop(self) -> str:
        return self.board.move_str(self.board.pop())

    # -- rules
    def verdict(self, **rule_options):
        """The arbiter's verdict on the current position (engine/rules): ``result`` is
        '1-0', '0-1', '1/2-1/2' or '*', ``reason`` says why in words."""
        return judge_position(self.board.position, **{**self.rule_options, **rule_options})

    def is_game_over(self, **rule_options) -> bool:
        return not self.verdict(**rule_options).ongoing

    def declaration_verdict(self):
        """The verdict on an entering-king declaration by the side to move (USI 'bestmove
        win') under the rule option ``declaration`` (CSA 27-point by default, ``"24"`` for the
        24-point rule), as engine/rules/shogi.py decides it for the engine too. None where the
        game has no such declaration (``VariantSpec.entering_king_declaration``): the declarer
        broke the rules."""
        if not self.spec.entering_king_declaration:
            return None
        return declaration_verdict(self.board.position,
                                   self.rule_options.get("declaration", "csa27"))


def spelled_moves(board: Board) -> list[tuple[int, str]]:
    """(code, canonical text) of every move played on ``board`` since its start position."""
    replay = Board(board.spec, board.start_fen, chess960=board.position.chess960)
    out = []
    for mv in board.move_stack:
        out.append((mv, replay.move_str(mv)))
        replay.push(mv)
    return out
