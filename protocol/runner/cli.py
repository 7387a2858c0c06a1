"""``jiangjun match``: play a tournament between engines over any protocol.

Example (our engine against Fairy-Stockfish, 10 game pairs, 5 s + 0.1 s):

    jiangjun match --variant xiangqi \\
        --engine name=ours cmd=jiangjun proto=ucci \\
        --engine name=fsf cmd=/usr/games/fairy-stockfish proto=ucci option.Skill_Level=5 \\
        --tc 5+0.1 --games 20 --concurrency 2 --pgn games.pgn --log games.jsonl
"""

import argparse
import re
import sys

from protocol.clients import DIALECTS
from protocol.records.writer import RecordWriter, earlier_records

from .config import Adjudication, EngineConfig, TimeControl, seconds_problem
from .executors import DaskExecutor, LocalExecutor
from .openings import Opening, janggi_setup_fen, random_openings, read_openings
from .progress import Progress
from .resume import ResumeError, finished_games
from .runner import run_match
from .startups import GIVE_UP_AFTER
from .schedule import schedule
from .stats import Sprt


def parse_engine(words: list[str]) -> EngineConfig:
    """``name=N cmd=C proto=P [dir=D] [option.X=V ...]``; in option names '_' stays '_'
    unless written as a space inside quotes: ``"option.Skill Level=3"``."""
    fields, options = {}, []
    for word in words:
        key, sep, value = word.partition("=")
        if not sep:
            raise argparse.ArgumentTypeError(f"engine field {word!r} is not key=value")
        if key.startswith("option."):
            options.append((key[len("option."):], value))
        else:
            fields[key] = value
    missing = {"cmd", "proto"} - {key for key, value in fields.items() if value.strip()}
    if missing:
        raise argparse.ArgumentTypeError(f"engine needs {', '.join(sorted(missing))}")
    if fields["proto"] not in DIALECTS:
        raise argparse.ArgumentTypeError(f"proto must be one of {', '.join(DIALECTS)}")
    name = fields.get("name", fields["cmd"].split()[0].rsplit("/", 1)[-1])
    return EngineConfig(name, fields["cmd"], fields["proto"], tuple(options), fields.get("dir"))


_NUMBER = r"(\d+(?:\.\d*)?|\.\d+)"  # plain decimals: no sign, exponent, nan or inf
_TC = re.compile(rf"{_NUMBER}(?:\+{_NUMBER})?(?:\+(\d+)x{_NUMBER})?")
_TC_BYOYOMI = re.compile(rf"{_NUMBER}\+(\d+)x{_NUMBER}")  # 300+3x30: no increment
TC_FORMS = "BASE[+INC] or BASE[+INC]+PERIODSxBYOYOMI in seconds, e.g. 60+0.6 or 300+3x30"


def parse_tc(text: str) -> dict:
    """``BASE[+INC]`` or ``BASE[+INC]+PERIODSxBYOYOMI`` (janggi: ``300+3x30``), seconds.
    A control no game can be played under is refused with the forms that work."""
    fields = _tc_fields(text.strip())
    if fields is None:
        raise argparse.ArgumentTypeError(f"bad time control {text!r}: use {TC_FORMS}")
    try:
        if fields.get("byoyomi") == 0:
            raise ValueError("a byo-yomi of 0 s; leave out +PERIODSxBYOYOMI for none")
        TimeControl(**fields)
    except ValueError as problem:
        raise argparse.ArgumentTypeError(f"bad time control {text!r}: {problem}; use {TC_FORMS}")
    return fields


def _tc_fields(text: str) -> dict | None:
    m = _TC_BYOYOMI.fullmatch(text)
    if m:
        return {"base": float(m[1]), "periods": int(m[2]), "byoyomi": float(m[3])}
    m = _TC.fullmatch(text)
    if not m:
        return None
    out = {"base": float(m[1]), "inc": float(m[2] or 0)}
    if m[3]:
        out.update(periods=int(m[3]), byoyomi=float(m[4]))
    return out


def _at_least(low: int):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{value} is below the minimum {low}")
        return value
    return parse


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if seconds_problem(value):
        raise argparse.ArgumentTypeError(f"{text!r} {seconds_problem(value)}")
    return value


def parse_kv(words: list[str], casts: dict) -> dict:
    """KEY=VALUE fields, given as separate words or in one quoted word ("elo0=0 elo1=5");
    ArgumentTypeError names a field that is unknown or whose value is not of its type."""
    out = {}
    for word in (part for given in words for part in given.split()):
        key, _, value = word.partition("=")
        if key not in casts:
            raise argparse.ArgumentTypeError(f"unknown field {key!r}; expected {', '.join(casts)}")
        try:
            out[key] = casts[key](value)
        except ValueError:
            kind = "a whole number" if casts[key] is int else "a number"
            raise argparse.ArgumentTypeError(f"{key}={value!r} is not {kind}") from None
    return out


SPRT_GAMES = 20000     # an SPRT's default cap: its decision, not the count, ends the match


def games_per_encounter(asked: int | None, sprt: Sprt | None) -> int:
    """``--games``, or by default one pair, or for an SPRT as many as it may need (a test
    started without ``--games`` must not stop undecided after one pair)."""
    if asked is not None:
        return asked
    return SPRT_GAMES if sprt is not None else 2


def parse_sprt(words: list[str]) -> Sprt:
    sprt = Sprt(**parse_kv(words, {"elo0": float, "elo1": float, "alpha": float, "beta": float}))
    if not sprt.elo0 < sprt.elo1:
        raise argparse.ArgumentTypeError("elo0 must be below elo1")
    if not (0 < sprt.alpha < 0.5 and 0 < sprt.beta < 0.5):
        raise argparse.ArgumentTypeError("alpha and beta must be between 0 and 0.5")
    return sprt


class _QuietParser(argparse.ArgumentParser):
    def error(self, message):  # one line on stderr and exit 2, no usage dump
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    p = _QuietParser(prog="jiangjun match", description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--variant", required=True, help="xiangqi, janggi (or a janggi rule set), shogi, chess")
    p.add_argument("--engine", nargs="+", action="append", required=True, metavar="KEY=VALUE",
                   help="name=N cmd=COMMAND proto=uci|ucicyclone|ucci|usi|xboard [dir=D] [option.NAME=V]")
    tc = p.add_argument_group("time control (combine a clock with nodes/depth if you like)")
    tc.add_argument("--tc", type=parse_tc, help="BASE+INC or BASE+PxBYO in seconds, e.g. 60+0.6, 300+3x30")
    tc.add_argument("--movetime", type=_seconds, help="fixed seconds per move")
    tc.add_argument("--nodes", type=_at_least(1))
    tc.add_argument("--depth", type=_at_least(1))
    tc.add_argument("--movestogo", type=_at_least(1))
    tc.add_argument("--margin", type=_seconds, default=0.5, help="seconds of grace before a time forfeit")
    tc.add_argument("--hang-timeout", type=_seconds, default=60.0,
                    help="seconds a move without a clock may take before it counts as a hang")
    g = p.add_argument_group("games")
    g.add_argument("--games", type=_at_least(1),
                   help="games per encounter (pairs swap colours; default 2, or with --sprt "
                        f"{SPRT_GAMES:,}: the test ends the match)")
    g.add_argument("--rounds", type=_at_least(1), default=1)
    g.add_argument("--gauntlet", action="store_true", help="first engine against each other one")
    g.add_argument("--openings", help="file of FEN/SFEN/EPD lines, optional 'moves ...'")
    g.add_argument("--random-plies", type=_at_least(0), default=0, help="openings of N random plies")
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--setup", nargs=2, metavar=("CHO", "HAN"),
                   help="janggi setups: msms, smsm, mssm or smms (m = horse, s = elephant)")
    g.add_argument("--rule", nargs="+", default=[], metavar="KEY=VALUE",
                   help="rule options passed to the arbiter")
    a = p.add_argument_group("adjudication by scores")
    a.add_argument("--resign", nargs="+", metavar="KEY=VALUE", help="score=CP moves=N")
    a.add_argument("--draw", nargs="+", metavar="KEY=VALUE", help="score=CP moves=N after=MOVE")
    a.add_argument("--max-plies", type=_at_least(1), default=600)
    r = p.add_argument_group("running and output")
    r.add_argument("--concurrency", type=_at_least(1), default=1)
    r.add_argument("--scheduler", help="tcp://HOST:PORT of a Dask scheduler (default: this machine)")
    r.add_argument("--sprt", nargs="+", metavar="KEY=VALUE", help="elo0=0 elo1=5 alpha=0.05 beta=0.05")
    r.add_argument("--pgn", help="PGN file for xiangqi, janggi and chess games")
    r.add_argument("--shogi-dir", help="directory for shogi game records")
    r.add_argument("--shogi-format", choices=("csa", "kif"), default="csa")
    r.add_argument("--log", help="JSON-lines file, one object per game")
    r.add_argument("--resume", action="store_true",
                   help="carry on the interrupted match of --log (started with the same "
                        "arguments): its finished games count, the rest are played")
    return p


def _value(text: str):
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    try:
        engines = [parse_engine(words) for words in args.engine]
    except argparse.ArgumentTypeError as exc:
        print(f"jiangjun match: {exc}", file=sys.stderr)
        return 2
    if len(engines) < 2:
        print("jiangjun match: need at least two --engine", file=sys.stderr)
        return 2
    names = [engine.name for engine in engines]
    if len(set(names)) < len(names):
        print("jiangjun match: two engines share a name; give each its own name=...",
              file=sys.stderr)
        return 2
    if all(limit is None for limit in (args.tc, args.movetime, args.nodes, args.depth)):
        print("jiangjun match: give --tc, --movetime, --nodes or --depth", file=sys.stderr)
        return 2
    try:
        tc = TimeControl(**(args.tc or {}), movetime=args.movetime, nodes=args.nodes,
                         depth=args.depth, movestogo=args.movestogo, margin=args.margin,
                         hang_timeout=args.hang_timeout)
    except ValueError as exc:  # e.g. --movetime 0
        print(f"jiangjun match: error: time control cannot be played: {exc}", file=sys.stderr)
        return 2
    adj = Adjudication(max_plies=args.max_plies)
    try:
        if args.resign:
            kv = parse_kv(args.resign, {"score": int, "moves": int})
            adj = Adjudication(**{**adj.__dict__, "resign_score": kv.get("score", 1000),
                                  "resign_moves": kv.get("moves", 3)})
        if args.draw:
            kv = parse_kv(args.draw, {"score": int, "moves": int, "after": int})
            adj = Adjudication(**{**adj.__dict__, "draw_score": kv.get("score", 10),
                                  "draw_moves": kv.get("moves", 8),
                                  "draw_after": kv.get("after", 40)})
        sprt = parse_sprt(args.sprt) if args.sprt else None
    except argparse.ArgumentTypeError as exc:
        print(f"jiangjun match: error: {exc}", file=sys.stderr)
        return 2
    if sprt is not None and len(engines) != 2:
        print("jiangjun match: --sprt needs exactly two engines", file=sys.stderr)
        return 2
    args.games = games_per_encounter(args.games, sprt)
    start = janggi_setup_fen(*args.setup, variant=args.variant) if args.setup else None
    pairs_needed = max(1, args.rounds * max(1, args.games // 2) * len(engines) ** 2)
    if args.openings:
        openings = read_openings(args.openings, args.variant)
    elif args.random_plies:
        openings = random_openings(args.variant, min(pairs_needed, 1000), args.random_plies, args.seed, start)
    else:
        openings = [Opening(start)]
    rules = tuple((k, _value(v)) for k, _, v in (w.partition("=") for w in args.rule))
    specs = schedule(engines, args.variant, tc, openings, args.rounds, args.games,
                     args.gauntlet, adj, rules)
    finished = []
    earlier = earlier_records(args.pgn, args.shogi_dir, args.log)
    if earlier and not args.resume:
        print(f"jiangjun match: {earlier}: add --resume to carry that match on, or name "
              "another file (a new match never overwrites one)", file=sys.stderr)
        return 2
    if args.resume:
        if not args.log:
            print("jiangjun match: --resume needs the --log of the match to carry on",
                  file=sys.stderr)
            return 2
        try:
            finished = finished_games(args.log, specs)
        except (ResumeError, OSError) as exc:
            print(f"jiangjun match: cannot resume: {exc}", file=sys.stderr)
            return 2
        print(f"jiangjun match: resuming: {len(finished)} of {len(specs)} games already played",
              file=sys.stderr)
    writer = RecordWriter(args.pgn, args.shogi_dir, args.shogi_format, args.log,
                          append=args.resume)
    if args.scheduler:
        executor = DaskExecutor(args.scheduler)
    else:
        executor = LocalExecutor(args.concurrency)
    try:
        outcome = run_match(specs, executor, writer, sprt, Progress([e.name for e in engines], sprt),
                            finished=finished)
    finally:
        executor.shutdown()
    print(outcome.standings.table())
    if sprt is not None:
        verdict = {"H1": "H1 accepted", "H0": "H0 accepted", "": "no decision"}[outcome.sprt_status]
        print(f"SPRT elo0={sprt.elo0:g} elo1={sprt.elo1:g} alpha={sprt.alpha:g} beta={sprt.beta:g}: {verdict}")
    for result in outcome.results:
        if result.termination not in ("normal", "adjudication"):
            print(f"game {result.index + 1}: {result.reason}", file=sys.stderr)
    for name, reason in outcome.given_up.items():
        print(f"jiangjun match: gave up engine {name!r} after it failed to start "
              f"{GIVE_UP_AFTER} times in a row (last: {reason})", file=sys.stderr)
    if outcome.not_played:
        stop = "no game left could be played" if not outcome.stopped_early else "stopped"
        print(f"jiangjun match: {stop}: {outcome.not_played} game(s) not played",
              file=sys.stderr)
    if outcome.interrupted:
        return 130
    return 2 if outcome.given_up else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
