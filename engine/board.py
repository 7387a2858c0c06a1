"""Board: a python-chess-shaped facade over Position for scripts, tests and the protocol layer.

    >>> board = Board("xiangqi")
    >>> board.push_str("h2e2")
    >>> board.is_check(), board.fen()
"""
from __future__ import annotations

from .display import board_diagram
from .notation import move_text, parse_move
from .position import Position
from .rules import judge_position
from .spec import VariantSpec
from .variants import setup_fen


class Board:
    def __init__(self, variant: str | VariantSpec = "chess", fen: str | None = None,
                 chess960: bool = False, setup=None):
        """``setup``: janggi's named start, e.g. "han=ma-sang-sang-ma,cho=sang-ma-ma-sang"
        (see engine/janggi_setup.py); ValueError with a FEN or for another variant."""
        if setup is not None:
            fen = _setup_fen(variant, fen, setup)
        self.position = Position(variant, fen, chess960=chess960)
        self.start_fen = self.position.fen()

    # python-chess names
    @property
    def variant(self) -> str:
        return self.position.spec.name

    @property
    def spec(self) -> VariantSpec:
        return self.position.spec

    @property
    def turn(self) -> int:
        """0 when the first player (red, cho, sente, white) is to move, else 1."""
        return self.position.turn

    @property
    def legal_moves(self) -> list[int]:
        return self.position.legal_moves()

    @property
    def move_stack(self) -> list[int]:
        return self.position.move_stack()

    def push(self, mv: int) -> None:
        self.position.push(mv)

    def pop(self) -> int:
        return self.position.pop()

    def push_str(self, text: str) -> int:
        """Play a move in canonical notation (see engine/notation.py); ValueError if illegal."""
        mv = parse_move(self.position, text)
        self.position.push(mv)
        return mv

    def parse_str(self, text: str) -> int:
        return parse_move(self.position, text)

    def move_str(self, mv: int) -> str:
        return move_text(self.position, mv)

    def legal_move_strs(self) -> list[str]:
        return [move_text(self.position, m) for m in self.position.legal_moves()]

    def is_check(self) -> bool:
        return self.position.in_check()

    def fen(self, shredder: bool = False) -> str:
        """FEN; Chess960 castling as X-FEN, or rook files throughout with ``shredder``."""
        return self.position.fen(shredder)

    def set_fen(self, fen: str) -> None:
        self.position = Position(self.position.spec, fen, chess960=self.position.chess960)
        self.start_fen = self.position.fen()

    def copy(self) -> "Board":
        other = Board.__new__(Board)
        other.position = self.position.copy()
        other.start_fen = self.start_fen
        return other

    def outcome(self, **rule_options):
        """The arbiter's verdict, or None while the game goes on (as python-chess does)."""
        verdict = judge_position(self.position, **rule_options)
        return None if verdict.result == "*" else verdict

    def is_game_over(self, **rule_options) -> bool:
        return self.outcome(**rule_options) is not None

    def __str__(self) -> str:
        return board_diagram(self.position)


def _setup_fen(variant, fen, setup) -> str:
    if fen is not None:
        raise ValueError("give either a FEN or a setup, not both")
    return setup_fen(variant, setup)
