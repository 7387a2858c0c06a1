"""``jiangjun analyse``: analyse every position of a game, annotate it, plot it, sum it up.

    jiangjun analyse games.pgn --depth 8 --output annotated.pgn --plot eval.png
    jiangjun analyse game.kif --engine /usr/games/fairy-stockfish --protocol usi --movetime 0.5
    jiangjun analyse --variant xiangqi --moves h2e2 h9g7 h0g2 --depth 6

The summary goes to stdout, the progress bar to stderr.
"""
from __future__ import annotations

import argparse
import os
import sys

from engine.scripting import Engine
from engine.variants import VARIANTS, get_variant
from protocol.clients.errors import EngineError
from protocol.records.reader import GameFileError, GameRecord, read_games, replay
from protocol.scripting import open_engine

from .annotate import Thresholds, analyse_game
from .output import pgn_text, summary_text, write_csa, write_kif
from .plot import PlotUnavailable, plot_eval, require_matplotlib
from .progress import ProgressBar

# The annotator's record formats by preference (a game gets the first its spec lists) and the
# file endings of those other than PGN.
ANNOTATED_FORMATS = ("pgn", "kif", "csa")
FORMAT_OF_EXT = {".kif": "kif", ".kifu": "kif", ".csa": "csa"}

PROTOCOLS = ("uci", "ucicyclone", "ucci", "usi", "xboard")
NOTATIONS = ("canonical",) + PROTOCOLS


def build_parser(parser: argparse.ArgumentParser | None = None) -> argparse.ArgumentParser:
    p = parser or argparse.ArgumentParser(prog="jiangjun analyse", description=__doc__.split("\n\n")[0])
    p.add_argument("gamefile", nargs="?",
                   help="PGN, KIF/KIFU, CSA, or a position text file (startpos|fen F [moves ...])")
    p.add_argument("--variant", help="xiangqi, janggi, shogi or chess (position text, or PGN "
                                     "without a Variant tag)")
    p.add_argument("--fen", help="start position instead of a file (with --variant)")
    p.add_argument("--moves", nargs="*", default=None, help="moves from --fen (or the start)")
    p.add_argument("--notation", choices=NOTATIONS, default="canonical",
                   help="spelling of non-chess moves read and written (default canonical)")
    p.add_argument("--game", type=int, action="append", help="analyse only game N (1-based; repeatable)")
    e = p.add_argument_group("engine (default: jiangjun in this process)")
    e.add_argument("--engine", help="command of an external engine")
    e.add_argument("--protocol", choices=PROTOCOLS, help="its protocol")
    e.add_argument("--engine-variant", help="variant name to tell the external engine "
                                            "(default: the game's, e.g. janggimodern for FSF)")
    e.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="engine option (repeatable)")
    e.add_argument("--threads", type=int, default=1, help="threads of our engine")
    e.add_argument("--hash", type=int, default=64, help="hash MB of our engine")
    lim = p.add_argument_group("limit per position (default --movetime 0.5)")
    lim.add_argument("--depth", type=int)
    lim.add_argument("--movetime", type=float, help="seconds")
    lim.add_argument("--nodes", type=int)
    out = p.add_argument_group("output")
    out.add_argument("--output", help="annotated game file (.pgn, .kif/.kifu, .csa; '-' = stdout "
                                      "PGN); default: GAMEFILE with -annotated before the extension")
    out.add_argument("--plot", help="eval graph PNG (needs matplotlib); several games: "
                                    "NAME-1.png, NAME-2.png, ...")
    out.add_argument("--plot-size", default="800x400", help="WIDTHxHEIGHT in pixels")
    out.add_argument("--summary", help="also write the summary to this file")
    out.add_argument("--thresholds", help="INACCURACY,MISTAKE,BLUNDER[,CLAMP] in centipawns "
                                          "(default: 0.5, 1, 3 and 10 pawns of the variant)")
    out.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


class AnalyseError(Exception):
    pass


def run(args: argparse.Namespace) -> int:
    games = _load_games(args)
    limit = _limit(args)
    size = _plot_size(args.plot_size)
    if args.plot:
        require_matplotlib()   # fail before a long analysis, not after it
    analyst, name = _open_analyst(args, games[0])
    try:
        analyses = []
        for number, game in enumerate(games, start=1):
            if game.variant != games[0].variant:
                raise AnalyseError("all games of one run must be of one variant")
            thresholds = _thresholds(args.thresholds, game.variant)
            label = f"game {number}/{len(games)}"
            bar = None if args.quiet else ProgressBar(label, len(game.moves) + 1)

            def progress(done, total, evaluation, bar=bar):
                if bar is not None:
                    bar.update(done, f"eval {evaluation.label}")
            analyses.append(analyse_game(game, analyst, limit, thresholds, progress, name))
    finally:
        close = getattr(analyst, "close", None)
        if close is not None:
            close()
    _write_output(args, analyses)
    summary = "\n".join(summary_text(a, args.notation) for a in analyses)
    sys.stdout.write(summary)
    if args.summary:
        with open(args.summary, "w", encoding="utf-8") as fh:
            fh.write(summary)
    if args.plot:
        for number, analysis in enumerate(analyses, start=1):
            plot_eval(analysis, _numbered(args.plot, number, len(analyses)), *size)
    return 0


def _load_games(args) -> list[GameRecord]:
    if args.gamefile and (args.fen or args.moves is not None):
        raise AnalyseError("give a GAMEFILE or --fen/--moves, not both")
    if not args.gamefile:
        if args.variant is None:
            raise AnalyseError("without a GAMEFILE, give --variant (and --fen/--moves)")
        game = get_variant(args.variant).name      # the game an alias stands for
        start, moves = replay(game, args.fen, args.moves or [], args.notation)
        return [GameRecord(game, start.fen(), moves, {}, "*", "text", variant_tag=args.variant)]
    games = read_games(args.gamefile, args.variant, args.notation)
    if args.game:
        try:
            games = [games[n - 1] for n in args.game if n >= 1]
        except IndexError:
            raise AnalyseError(f"the file has {len(games)} game(s)") from None
    return games


def _limit(args) -> dict:
    limit = {"depth": args.depth, "nodes": args.nodes, "movetime": args.movetime}
    if not any(v is not None for v in limit.values()):
        limit["movetime"] = 0.5
    return {k: v for k, v in limit.items() if v is not None}


def _plot_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise AnalyseError(f"--plot-size takes WIDTHxHEIGHT, not {text!r}") from None
    if not (50 <= width <= 10000 and 50 <= height <= 10000):
        raise AnalyseError("--plot-size: each side between 50 and 10000 pixels")
    return width, height


def _thresholds(text: str | None, variant: str) -> Thresholds:
    base = Thresholds.for_variant(variant)
    if not text:
        return base
    try:
        values = [int(x) for x in text.split(",")]
    except ValueError:
        raise AnalyseError(f"--thresholds takes numbers, not {text!r}") from None
    if len(values) not in (3, 4) or not values[0] <= values[1] <= values[2]:
        raise AnalyseError("--thresholds: INACCURACY <= MISTAKE <= BLUNDER[,CLAMP]")
    return Thresholds(*values[:3], values[3] if len(values) == 4 else base.clamp)


def _open_analyst(args, game: GameRecord):
    options = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep:
            raise AnalyseError(f"--option takes NAME=VALUE, not {item!r}")
        options[key] = value
    if args.engine:
        if not args.protocol:
            raise AnalyseError("--engine needs --protocol")
        # a rule-set name from the Variant tag (janggimodern) is what FSF-like engines expect
        told = args.engine_variant or (game.variant_tag.lower()
                                       if get_variant(game.variant).pgn_variant
                                       and game.variant_tag else game.variant)
        engine = open_engine(args.engine, args.protocol, told, options=options,
                             chess960=game.chess960)
        return engine, engine.name or os.path.basename(args.engine.split()[0])
    if args.protocol or options:
        raise AnalyseError("--protocol and --option are for an external --engine")
    return Engine(game.variant, chess960=game.chess960, hash_mb=args.hash,
                  threads=args.threads), "Jiangjun (in-process)"


def _numbered(path: str, number: int, count: int) -> str:
    if count == 1:
        return path
    stem, ext = os.path.splitext(path)
    return f"{stem}-{number}{ext}"


def _output_path(args, first: GameRecord) -> str:
    if args.output:
        return args.output
    if args.gamefile:
        stem, ext = os.path.splitext(args.gamefile)
        if first.source == "text":
            formats = get_variant(first.variant).record_formats
            ext = "." + next(f for f in ANNOTATED_FORMATS if f in formats)
        return f"{stem}-annotated{ext}"
    return "-"


def _write_output(args, analyses) -> None:
    path = _output_path(args, analyses[0].game)
    ext = os.path.splitext(path)[1].lower()
    if ext in FORMAT_OF_EXT:
        if FORMAT_OF_EXT[ext] not in get_variant(analyses[0].game.variant).record_formats:
            holders = " and ".join(spec.name for spec in VARIANTS.values()
                                   if FORMAT_OF_EXT[ext] in spec.record_formats)
            raise AnalyseError(f"{ext} files hold {holders} games only; use .pgn")
        writer = write_csa if ext == ".csa" else write_kif
        for number, analysis in enumerate(analyses, start=1):
            writer(analysis, _numbered(path, number, len(analyses)), args.notation)
        return
    text = "".join(pgn_text(a, args.notation) for a in analyses)
    if path == "-":
        sys.stdout.write(text)
    else:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)


def main(argv: list[str]) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    return run_safely(args)


def run_safely(args) -> int:
    """Run with one-line errors on stderr (exit 2) instead of tracebacks."""
    try:
        return run(args)
    except (AnalyseError, GameFileError, PlotUnavailable, EngineError, ValueError, OSError) as error:
        print(f"jiangjun analyse: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
