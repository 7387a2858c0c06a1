"""UCI (chess GUIs, python-chess, cutechess; variants through UCI_Variant) and UCI-cyclone.

Cyclone is what xiangqi GUIs call "UCI": UCI syntax, xiangqi by default, 0-based ranks, and
``fen``/``startpos`` lines without the ``position`` word.
"""
from __future__ import annotations

from ..commands import Command
from .base import UciFamily


class Uci(UciFamily):
    name = "uci"
    hello = "uci"
    ok_word = "uciok"
    default_variant = "chess"

    def cmd_uci(self, command: Command) -> None:
        self.handshake()

    def cmd_ucinewgame(self, command: Command) -> None:
        self.new_game()


class Cyclone(Uci):
    name = "ucicyclone"
    default_variant = "xiangqi"

    def cmd_ucicyclone(self, command: Command) -> None:
        """FSF prints nothing for this word; it only fixes the dialect."""

    def cmd_fen(self, command: Command) -> None:
        self.cmd_position(Command("position", ["fen"] + command.args, command.raw))

    def cmd_startpos(self, command: Command) -> None:
        self.cmd_position(Command("position", ["startpos"] + command.args, command.raw))
