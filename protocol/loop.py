"""Minimal protocol loop (uci, isready, position, go perft, quit); the dialect layer extends it."""
from __future__ import annotations

import sys


def _say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def run(protocol: str | None = None) -> int:
    from engine.board import Board
    from engine.perft import divide
    board = Board("chess")
    variant = "chess"
    for raw in sys.stdin:
        tokens = raw.split()
        if not tokens:
            continue
        command = tokens[0]
        try:
            if command == "uci":
                _say("id name Jiangjun")
                _say("id author the Jiangjun developers")
                _say("option name UCI_Variant type combo default chess var chess var xiangqi "
                     "var janggi var shogi")
                _say("uciok")
            elif command == "isready":
                _say("readyok")
            elif command == "setoption" and len(tokens) >= 5 and tokens[2] == "UCI_Variant":
                variant = tokens[4]
                board = Board(variant)
            elif command == "ucinewgame":
                board = Board(variant)
            elif command == "position":
                board = _position(variant, tokens[1:])
            elif command == "go" and len(tokens) >= 3 and tokens[1] == "perft":
                total = 0
                for text, count in divide(board.position, int(tokens[2])):
                    _say(f"{text}: {count}")
                    total += count
                _say("")
                _say(f"Nodes searched: {total}")
            elif command == "quit":
                return 0
            else:
                _say(f"info string unknown command: {raw.strip()}")
        except ValueError as error:
            _say(f"info string error: {error}")
    return 0


def _position(variant: str, args: list[str]):
    from engine.board import Board
    if not args:
        raise ValueError("position needs startpos or fen")
    if args[0] == "startpos":
        fen, rest = None, args[1:]
    elif args[0] == "fen":
        end = args.index("moves") if "moves" in args else len(args)
        fen, rest = " ".join(args[1:end]), args[end:]
    else:
        raise ValueError("position needs startpos or fen")
    board = Board(variant, fen)
    if rest and rest[0] == "moves":
        for text in rest[1:]:
            board.push_str(text)
    return board
