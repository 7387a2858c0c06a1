"""Tune a game's search numbers by SPSA over engine-against-engine games, as fishtest tunes
Stockfish: each game pair plays the engine with every number nudged one way (plus) against
the same engine nudged the other way (minus), from one opening with colours swapped, and the
numbers move towards the side that scored more.

    python -m tools.spsa --variant shogi --pairs 2000 --tc 2+0.02 \\
        --param futility_margin:40:240 --param reverse_futility_margin:40:240 \\
        --log artifacts/spsa-shogi.jsonl
    python -m tools.spsa ... --log artifacts/spsa-shogi.jsonl --resume    # carry on
    python -m tools.spsa ... --scheduler tcp://HOST:8786                   # games on Dask

A parameter is ``NAME:MIN:MAX[:C_END]``: a number of engine/search_tables.SearchProfile (the
game's value is the start), its range, and the perturbation at the end of the run (default a
twentieth of the range). The schedule is fishtest's: c_k = c_end * (N / k)^0.101 and a learning
rate of r_end * c_end^2 * ((A + N) / (A + k))^0.602 with A = N / 10, so a number moves about
r_end * c_end^2 per point won at the end. Both engines are this checkout's
(``python -m protocol``, or ``--engine-dir``) with the UCI/USI option ``Search Numbers``.

Every pair is a line of the ``--log`` (JSON): its perturbation, both engines' numbers, the
result and the numbers after it, so ``--resume`` carries on where the log stops and the run is
reproducible from ``--seed``. The last lines printed are the tuned numbers, rounded, as a
``Search Numbers`` value and as SearchProfile keywords. Tuned numbers are a candidate, not a
result: they play their SPRT against the game's own (tools/sprt_parent.py) like any change.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path

from engine.evaluation import profile
from engine.variants import get_variant
from protocol.clients import open_engine
from protocol.clients.errors import EngineError
from protocol.runner.cli import parse_tc
from protocol.runner.config import EngineConfig, GameSpec, TimeControl
from protocol.runner.executors import DaskExecutor, LocalExecutor
from protocol.runner.openings import random_openings

from tools.sprt_parent import PROTOCOLS   # the dialect each game is played over

ALPHA, GAMMA = 0.602, 0.101      # Spall's exponents, as fishtest uses them


@dataclass
class Parameter:
    name: str
    low: int
    high: int
    c_end: float
    value: float                  # the current estimate

    def clip(self, x: float) -> float:
        return min(max(x, self.low), self.high)


def parse_parameter(text: str, start: dict[str, int]) -> Parameter:
    """``NAME:MIN:MAX[:C_END]`` with the start from ``start`` (the game's numbers)."""
    parts = text.split(":")
    if len(parts) not in (3, 4):
        raise ValueError(f"a parameter is NAME:MIN:MAX[:C_END], not {text!r}")
    name = parts[0]
    if name not in start:
        raise ValueError(f"unknown search number {name!r}")
    try:
        low, high = int(parts[1]), int(parts[2])
        c_end = float(parts[3]) if len(parts) == 4 else max(1.0, (high - low) / 20)
    except ValueError:
        raise ValueError(f"{text!r}: MIN and MAX are whole numbers, C_END a number") from None
    if not low < high or c_end <= 0:
        raise ValueError(f"{text!r}: MIN below MAX and C_END above 0, please")
    if not low <= start[name] <= high:
        raise ValueError(f"{name} starts at {start[name]}, outside {low}..{high}")
    return Parameter(name, low, high, c_end, float(start[name]))


@dataclass
class Spsa:
    """The estimate and its schedule; ``perturb`` asks for pair k's two engines, ``update``
    takes its result. Pure arithmetic: the games are played elsewhere."""
    params: list[Parameter]
    pairs: int                    # N, the planned length (sets the schedule)
    r_end: float = 0.002
    seed: int = 1
    done: int = 0                 # pairs whose result is in

    def c_k(self, param: Parameter, k: int) -> float:
        return param.c_end * (self.pairs / k) ** GAMMA

    def a_k(self, param: Parameter, k: int) -> float:
        big_a = self.pairs / 10
        return self.r_end * param.c_end ** 2 * ((big_a + self.pairs) / (big_a + k)) ** ALPHA

    def perturb(self, k: int) -> dict:
        """Pair k (from 1): the signs and the two engines' whole numbers."""
        rng = random.Random(f"{self.seed}:{k}")
        flips = {p.name: rng.choice((-1, 1)) for p in self.params}
        plus = {p.name: round(p.clip(p.value + self.c_k(p, k) * flips[p.name]))
                for p in self.params}
        minus = {p.name: round(p.clip(p.value - self.c_k(p, k) * flips[p.name]))
                 for p in self.params}
        return {"pair": k, "flips": flips, "plus": plus, "minus": minus}

    def update(self, trial: dict, result: float) -> dict:
        """``result``: plus's points less minus's over the pair (-2..2). Each number moves by
        a_k / c_k * result * its sign (the gradient estimate times the learning rate)."""
        k = trial["pair"]
        for p in self.params:
            step = self.a_k(p, k) / self.c_k(p, k) * result * trial["flips"][p.name]
            p.value = p.clip(p.value + step)
        self.done += 1
        return dict(trial, result=result, values={p.name: p.value for p in self.params})

    def replay(self, record: dict) -> None:
        """Take a logged pair back in (--resume): the values it ended with."""
        for p in self.params:
            p.value = float(record["values"][p.name])
        self.done += 1

    def numbers(self) -> dict[str, int]:
        return {p.name: round(p.value) for p in self.params}


def numbers_text(numbers: dict[str, int]) -> str:
    return " ".join(f"{name}={value}" for name, value in numbers.items())


def pair_specs(k: int, trial: dict, variant: str, opening, tc: TimeControl, command: str,
               cwd: str | None) -> list[GameSpec]:
    """The two games of pair k: plus first, then minus first, from one opening."""
    proto = PROTOCOLS.get(get_variant(variant).name, "uci")

    def engine(side: str) -> EngineConfig:
        return EngineConfig(side, command, proto,
                            (("Search Numbers", numbers_text(trial[side])),), cwd)

    plus, minus = engine("plus"), engine("minus")
    return [GameSpec(2 * k - 2 + g, 1, k, variant, opening.fen, opening.moves, first, second, tc)
            for g, (first, second) in enumerate(((plus, minus), (minus, plus)))]


def pair_result(games) -> float | None:
    """Plus's points less minus's, or None when a game did not finish (not counted)."""
    if not all(game.finished for game in games):
        return None
    return sum(game.score_of("plus") - game.score_of("minus") for game in games)


def engine_refusal(engine: EngineConfig, variant: str) -> str | None:
    """What the engine said against its ``Search Numbers`` (an error line: a checkout without
    the option, or numbers this game cannot take), or None: a tuner must not play games in
    which the numbers never reached the search."""
    client = open_engine(engine.command, engine.protocol, variant, **engine.client_kwargs())
    try:
        said = [line for line in client.transcript() if "error" in line.lower()]
    finally:
        client.quit(grace=0.5)
    return said[0] if said else None


def read_log(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tools.spsa",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--variant", required=True)
    parser.add_argument("--param", action="append", required=True, metavar="NAME:MIN:MAX[:C_END]")
    parser.add_argument("--pairs", type=int, default=1000, help="game pairs (N of the schedule)")
    parser.add_argument("--r-end", type=float, default=0.002, help="learning rate at the end")
    parser.add_argument("--tc", default="2+0.02", help="BASE+INC seconds")
    parser.add_argument("--nodes", type=int, help="nodes a move instead of a clock")
    parser.add_argument("--random-plies", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--concurrency", type=int, default=1,
                        help="games at once (1 on a 2-core machine with a clock)")
    parser.add_argument("--scheduler", help="Dask scheduler address: games on its workers")
    parser.add_argument("--engine-dir", help="checkout whose engine plays (default: this one)")
    parser.add_argument("--log", required=True, help="JSON lines, one per pair")
    parser.add_argument("--resume", action="store_true", help="carry on the run in --log")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        spec = get_variant(args.variant)
        start = profile(spec).search.numbers()
        params = [parse_parameter(text, start) for text in args.param]
        tc = TimeControl(nodes=args.nodes) if args.nodes else TimeControl(**parse_tc(args.tc))
    except (ValueError, argparse.ArgumentTypeError, KeyError) as error:
        parser.error(str(error).strip("'\""))
    if args.pairs < 1:
        parser.error("--pairs must be at least 1")
    log = Path(args.log)
    earlier = read_log(log)
    if earlier and not args.resume:
        parser.error(f"{log} holds a run already: --resume to carry it on, or another --log")
    spsa = Spsa(params, args.pairs, args.r_end, args.seed)
    for record in earlier:
        if set(record["values"]) != {p.name for p in params}:
            parser.error(f"{log} tunes {sorted(record['values'])}, not these parameters")
        spsa.replay(record)
    openings = random_openings(spec.name, args.pairs, args.random_plies, args.seed)
    command = f"{sys.executable} -m protocol"
    game = pair_specs(1, spsa.perturb(1), spec.name, openings[0], tc, command,
                      args.engine_dir)[0]
    for engine in (game.first, game.second):
        try:
            refusal = engine_refusal(engine, spec.name)
        except EngineError as error:
            parser.error(f"the engine did not start: {error}")
        if refusal:
            parser.error(f"the engine refused {engine.name}'s numbers: {refusal}")
    executor = (DaskExecutor(args.scheduler, args.concurrency or None) if args.scheduler
                else LocalExecutor(args.concurrency))
    next_pair = max((record["pair"] for record in earlier), default=0) + 1
    running: list = []            # (trial, the pair's two futures), oldest first
    try:
        with log.open("a") as out:
            while next_pair <= args.pairs or running:
                # enough pairs in flight to fill the slots; each starts from the estimate
                # as it stands (results of pairs still playing come in later, as on fishtest)
                while next_pair <= args.pairs and 2 * len(running) < max(2, executor.slots):
                    trial = spsa.perturb(next_pair)
                    specs = pair_specs(next_pair, trial, spec.name, openings[next_pair - 1], tc,
                                       command, args.engine_dir)
                    running.append((trial, [executor.submit(s) for s in specs]))
                    next_pair += 1
                trial, futures = running.pop(0)
                result = pair_result([f.result() for f in futures])
                if result is None:
                    print(f"pair {trial['pair']}: a game did not finish; not counted",
                          file=sys.stderr)
                    continue
                record = spsa.update(trial, result)
                out.write(json.dumps(record) + "\n")
                out.flush()
                values = "  ".join(f"{p.name} {p.value:.1f}" for p in spsa.params)
                print(f"pair {trial['pair']}/{args.pairs}  {result:+g}  {values}",
                      file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print("interrupted: --resume carries on from the log", file=sys.stderr)
    finally:
        executor.shutdown()
    print(f"tuned after {spsa.done} pairs: Search Numbers = {numbers_text(spsa.numbers())}")
    print("SearchProfile keywords: "
          + ", ".join(f"{name}={value}" for name, value in spsa.numbers().items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
