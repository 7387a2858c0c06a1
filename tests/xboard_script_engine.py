"""A scripted XBoard engine for GUI tests: it plays the first legal move of its list (argv:
variant, then moves in XBoard coordinates, e.g. ``xiangqi e5b5 b5e5``), else its first legal
move, so a test can make an opponent shuttle a chasing rook or give perpetual check. With
``--setup FEN`` first, it announces an engine-defined variant (janggi) starting from FEN, as
XBoard takes that only from its first engine (and cannot load such a position from a file)."""
from __future__ import annotations

import sys

from engine.board import Board


def main() -> None:
    args = sys.argv[1:]
    setup = None
    if args[0] == "--setup":
        setup, args = args[1], args[2:]
    variant, preferred = args[0], args[1:]
    board = Board(variant, setup)
    force, side = False, 1

    def say(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    def play() -> None:
        legal = board.legal_move_strs()
        if not legal:                       # mated (or stalemated): concede, as engines do
            say(f"{'0-1' if board.turn == 0 else '1-0'} {{no legal move}}")
            return
        moves = [m for m in legal if m[:2] != m[2:]] or legal     # no janggi pass if it can move
        move = next((m for m in preferred if m in legal), moves[0])
        board.push_str(move)
        say(f"move {'@@@@' if move[:2] == move[2:] else move}")   # XBoard's null move

    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        word = words[0]
        if word == "protover":
            say(f'feature myname="shuttle" usermove=1 setboard=1 ping=1 sigint=0 sigterm=0 '
                f'colors=0 variants="{variant}" done=1')
        elif word == "new":
            board, force, side = Board(variant, setup), False, 1
        elif word == "variant" and setup:
            from engine.variants import get_variant
            xboard_setup = get_variant(variant).xboard_setup
            say(f"setup ({xboard_setup.piece_to_char}) {xboard_setup.parent} {setup}")
            for piece in xboard_setup.pieces:
                say(f"piece {piece}")
        elif word == "setboard":
            board = Board(variant, line.split(None, 1)[1].strip())
            if not force and board.turn == side:
                play()              # XBoard relays the opponent's null move as a new position
        elif word == "force":
            force = True
        elif word == "playother":
            force, side = False, 1 - board.turn
        elif word == "go":
            force, side = False, board.turn
            play()
        elif word == "usermove":
            text = words[1]
            if text == "@@@@":
                text = next(m for m in board.legal_move_strs() if m[:2] == m[2:])
            board.push_str(text)
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
