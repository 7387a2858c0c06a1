"""The `jiangjun` command: the protocol loop by default, plus developer subcommands.

Each command imports what it runs when it runs: the protocol loop answers a GUI's handshake
before the numba kernels load, and `match`/`analyse` bring their own dependencies.
"""
from __future__ import annotations

import argparse
import sys

from engine.variants import get_variant

from .server.interrupt import at_interrupt, install


def _perft_command(args: argparse.Namespace) -> int:
    from engine.board import Board
    from engine.perft import divide
    board = Board(args.variant, args.fen, chess960=args.chess960, setup=args.setup)
    for text in args.moves or []:
        board.push_str(text)
    total = 0
    for text, count in divide(board.position, args.depth):
        print(f"{text}: {count}")
        total += count
    print()
    print(f"Nodes searched: {total}")
    return 0


def _bench_command(args: argparse.Namespace) -> int:
    from engine.bench import main as bench_main
    variant = get_variant(args.variant).name if args.variant else None
    return bench_main(variant, args.depth)


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="jiangjun",
        description="Engine for xiangqi, janggi, shogi and chess. With no subcommand it speaks "
                    "UCI, UCCI, USI or XBoard on stdin/stdout, chosen by the first command.")
    parser.add_argument("--protocol", choices=["uci", "ucicyclone", "ucci", "usi", "xboard"],
                        help="force the dialect instead of detecting it from the first command")
    sub = parser.add_subparsers(dest="command")
    perft = sub.add_parser("perft", help="count leaf nodes per root move (divide)")
    perft.add_argument("--variant", default="chess", help="xiangqi, janggi, shogi or chess")
    perft.add_argument("--fen", help="start position (FEN, or SFEN for shogi)")
    perft.add_argument("--moves", nargs="*", help="moves to play first, canonical notation")
    perft.add_argument("--chess960", action="store_true", help="Chess960 castling")
    perft.add_argument("--setup", help="janggi only: named start, e.g. "
                                       "han=ma-sang-sang-ma,cho=sang-ma-ma-sang")
    perft.add_argument("depth", type=int, nargs="?")  # may also end the --moves list, see main
    perft.set_defaults(handler=_perft_command)
    bench = sub.add_parser("bench", help="search fixed positions to a fixed depth; print the "
                                         "node count and speed")
    bench.add_argument("--variant", help="one game only (default: all four)")
    bench.add_argument("--depth", type=int, help="search depth (default: engine.bench's)")
    bench.set_defaults(handler=_bench_command)
    return parser


class _ArgumentError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line on stderr, non-zero exit, no usage dump
        raise _ArgumentError(message)


def _arm_ctrl_c() -> None:
    """Ctrl-C ends the command at once with 130, even inside a kernel
    (protocol/server/interrupt.py)."""
    from .clients.process import kill_all     # the engine clients: not for the protocol loop
    if install():
        at_interrupt(kill_all)


def main(argv: list[str] | None = None) -> int:
    # argv None: run as the `jiangjun` program, which may own the process's signals; called
    # from Python (tests, scripts) with a list, it leaves them alone.
    as_program = argv is None
    argv = sys.argv[1:] if as_program else argv
    if as_program and argv[:1] in (["match"], ["analyse"], ["analyze"], ["perft"], ["bench"],
                                   ["selfplay"], ["train"]):
        _arm_ctrl_c()  # the protocol loop (no subcommand) handles its own signals
    if argv[:1] == ["match"]:  # the tournament runner parses its own arguments
        from .runner.cli import main as match_main
        return match_main(argv[1:])
    if argv[:1] == ["selfplay"]:  # training data for the learned evaluation
        from .training.selfplay import main as selfplay_main
        return selfplay_main(argv[1:])
    if argv[:1] == ["train"]:  # a net from self-play data
        from .training.train import main as train_main
        return train_main(argv[1:])
    if argv[:1] in (["analyse"], ["analyze"]):  # game annotation parses its own arguments
        from .annotator.cli import main as analyse_main
        return analyse_main(argv[1:])
    parser = _build_parser()
    _make_quiet(parser)
    try:
        args = parser.parse_args(argv)
        if args.command == "perft" and args.depth is None:
            # `--moves m1 m2 DEPTH`: nargs="*" swallows DEPTH; moves are never all digits
            if not (args.moves and args.moves[-1].isdigit()):
                raise _ArgumentError("the following arguments are required: depth")
            args.depth = int(args.moves.pop())
        if getattr(args, "depth", 1) is not None and getattr(args, "depth", 1) < 1:
            raise _ArgumentError("depth must be at least 1")
        if args.command is None:
            from .server.loop import run
            return run(protocol=args.protocol)
        return args.handler(args)
    except _ArgumentError as error:
        print(f"jiangjun: error: {error}", file=sys.stderr)
        return 2
    except ValueError as error:  # bad FEN, unknown variant, illegal move
        print(f"jiangjun: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _make_quiet(parser: argparse.ArgumentParser) -> None:
    parser.__class__ = _Parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                sub.__class__ = _Parser


if __name__ == "__main__":
    sys.exit(main())
