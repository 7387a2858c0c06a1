"""A scripted XBoard engine for GUI tests: it plays the first legal move of its list (argv:
variant, then moves in XBoard coordinates, e.g. ``xiangqi e5b5 b5e5``), else its first legal
move, so a test can make an opponent shuttle a chasing rook or give perpetual check."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.board import Board  # noqa: E402


def main() -> None:
    variant, preferred = sys.argv[1], sys.argv[2:]
    board = Board(variant)
    force, side = False, 1

    def say(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    def play() -> None:
        legal = board.legal_move_strs()
        if not legal:
            return
        move = next((m for m in preferred if m in legal), legal[0])
        board.push_str(move)
        say(f"move {move}")

    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        word = words[0]
        if word == "protover":
            say(f'feature myname="shuttle" usermove=1 setboard=1 ping=1 sigint=0 sigterm=0 '
                f'colors=0 variants="{variant}" done=1')
        elif word == "new":
            board, force, side = Board(variant), False, 1
        elif word == "setboard":
            board = Board(variant, line.split(None, 1)[1].strip())
        elif word == "force":
            force = True
        elif word == "playother":
            force, side = False, 1 - board.turn
        elif word == "go":
            force, side = False, board.turn
            play()
        elif word == "usermove":
            board.push_str(words[1])
            if not force and board.turn == side:
                play()
        elif word == "ping":
            say(f"pong {words[1]}")
        elif word == "result":
            force = True
        elif word == "quit":
            return


if __name__ == "__main__":
    main()
