"""`jiangjun selfplay`: training positions from our engine playing itself (engine/nnue/selfplay.py).

    jiangjun selfplay --variant shogi --games 20000 --nodes 5000 --out data/shogi
    jiangjun selfplay --variant xiangqi --games 100000 --scheduler tcp://10.0.0.5:8786

The games are cut into chunks of ``--chunk-games``; chunk i is always played from the same
seeds, so the data set is a function of the arguments wherever its chunks ran. Each finished
chunk is one file in ``--out`` (written whole or not at all), and a run that finds some of its
chunks already there plays only the rest: an interrupted run resumes, and a run asking for more
games extends the set (a last chunk that was short is played again, whole). A folder made with
other settings (game, nodes, seed, evaluation, ...) is refused rather than mixed.

Chunks run in worker processes on this machine (``--concurrency``, default: the cores) or as
tasks on a Dask cluster (``--scheduler``, as `jiangjun match` does); a worker returns its records
and this process writes them, so the cluster needs no shared disk.
"""
from __future__ import annotations

import argparse
import multiprocessing
import multiprocessing.util
import os
import signal
import sys
import threading
import time
from dataclasses import fields
from pathlib import Path

from engine.nnue.records import SUFFIX, read_header, write_chunk
from engine.nnue.selfplay import SelfplayTask, play_chunk
from engine.variants import get_variant
from protocol.server.interrupt import at_interrupt

# What a folder's chunks must agree on: the task's fields but the chunk number, its game count
# and the net's bytes (the header keeps the net's hash as "evaluation").
SETTINGS = tuple(f.name for f in fields(SelfplayTask) if f.name not in ("chunk", "games", "net")) \
    + ("evaluation",)

_local = threading.local()


def run_task(task: SelfplayTask):
    """Top level, so process pools and Dask ship it by reference; one Searcher per thread,
    kept between chunks (its table is cleared before every game)."""
    from engine.search import Searcher
    from engine.search_records import SearchConfig
    searcher = getattr(_local, "searcher", None)
    if searcher is None:
        searcher = _local.searcher = Searcher(SearchConfig(hash_mb=task.hash_mb))
    return play_chunk(task, searcher)


def chunk_path(out: Path, variant: str, chunk: int) -> Path:
    return out / f"{variant}-{chunk:06d}{SUFFIX}"


def net_bytes(choice: str | None, variant: str) -> bytes:
    """The net the games are played with: ``--net FILE``, ``--net builtin``, or by default the
    net the engine ships for the game (the built-in evaluation where none ships). A file that
    cannot evaluate the game: NetFileError."""
    from engine.nnue.nets import shipped_net
    from engine.nnue.network import read_net
    if choice == "builtin":
        return b""
    path = Path(choice) if choice else shipped_net(variant)
    if path is None:
        return b""
    read_net(path, variant)
    return path.read_bytes()


def tasks_to_play(args, out: Path) -> tuple[list[SelfplayTask], int]:
    """(the chunks not yet in ``out``, how many are there); ValueError when ``out`` holds a
    chunk made with other settings."""
    spec = get_variant(args.variant)
    net = net_bytes(args.net, spec.name)
    chunks = -(-args.games // args.chunk_games)
    todo, have = [], 0
    for chunk in range(chunks):
        games = min(args.chunk_games, args.games - chunk * args.chunk_games)
        task = SelfplayTask(spec.name, chunk, games, nodes=args.nodes, seed=args.seed,
                            random_plies=args.random_plies, max_plies=args.max_plies,
                            hash_mb=args.hash, net=net)
        path = chunk_path(out, spec.name, chunk)
        if path.exists():
            header, _ = read_header(path)
            made = {"evaluation": "built-in", **header.get("task", {})}   # older files: no nets
            differs = [name for name in SETTINGS if made.get(name) != task.about()[name]]
            if header.get("chunk_games") != args.chunk_games:
                differs.append("chunk-games")
            if differs:
                raise ValueError(f"{path} was made with other settings ({', '.join(differs)}); "
                                 f"use another --out")
            if made.get("games", 0) >= games:   # a chunk's first games are the same games
                have += 1
                continue
        todo.append(task)
    return todo, have


class _Progress:
    """One line on stderr: chunks and games done, positions written, speed, results."""

    def __init__(self, total_games: int, stream=None):
        self.total, self.stream = total_games, stream or sys.stderr
        self.games = self.positions = self.wins = self.draws = self.losses = 0
        self.t0 = time.monotonic()
        self.tty = self.stream.isatty()

    def add(self, result) -> None:
        self.games += result.games
        self.positions += len(result.records)
        self.wins += result.wins
        self.draws += result.draws
        self.losses += result.losses
        seconds = max(time.monotonic() - self.t0, 1e-9)
        filled = int(20 * self.games / self.total) if self.total else 20
        rate = self.positions / seconds
        left = (self.total - self.games) * seconds / self.games if self.games else 0
        text = (f"[{'#' * filled}{'.' * (20 - filled)}] {self.games}/{self.total} games  "
                f"{self.positions} positions  {rate:.0f}/s  first player +{self.wins} "
                f"={self.draws} -{self.losses}  about {left / 60:.0f} min left")
        self.stream.write(("\r" + text + "\x1b[K") if self.tty else text + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty:
            self.stream.write("\n")


class _Played:
    """The chunks' results as they finish, from worker processes here or from Dask; ``close()``
    stops whatever still runs (an interrupted run must not leave workers playing on)."""

    def __init__(self, args, tasks: list[SelfplayTask]):
        self.closed = False
        self.closing = threading.Lock()
        if args.scheduler:
            try:
                from distributed import Client, as_completed
            except ImportError:
                raise SystemExit("jiangjun selfplay: --scheduler needs dask distributed: "
                                 "pip install 'jiangjun[match]'") from None
            self.client = Client(args.scheduler)
            self.futures = [self.client.submit(run_task, task, pure=False,
                                               key=f"selfplay-{task.variant}-{task.seed}-"
                                                   f"{task.evaluation}-{task.chunk}")
                            for task in tasks]
            self.results = (future.result() for future in as_completed(self.futures))
        else:
            self.client = None
            self.pool = multiprocessing.get_context("spawn").Pool(args.concurrency,
                                                                 initializer=_leave_ctrl_c)
            self.results = self.pool.imap_unordered(run_task, tasks)

    def __iter__(self):
        return iter(self.results)

    def close(self, exiting: bool = False) -> None:
        """Idempotent, and a second caller waits for the first: on Ctrl-C both the watchdog
        (protocol/server/interrupt.py) and the main thread's KeyboardInterrupt close, and the
        watchdog's os._exit must not cut the other's cleanup short. ``exiting``: the process
        ends next, so also do what a normal exit's atexit hook does and os._exit skips: unlink
        the pool's semaphores (else the resource tracker warns of leaked ones on stderr). Not
        otherwise: it finalises every multiprocessing object of the process."""
        with self.closing:
            if self.closed:
                return
            self.closed = True
            if self.client is not None:
                self.client.cancel(self.futures)
                self.client.close()
            else:
                self.pool.terminate()
                self.pool.join()
                if exiting:
                    multiprocessing.util._exit_function()


def _leave_ctrl_c() -> None:
    """In each worker: a terminal's Ctrl-C reaches the whole process group, but ending the run
    is the parent's job (it terminates the workers); a worker that took the KeyboardInterrupt
    itself would print its traceback on the way out."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="jiangjun selfplay", description=__doc__.splitlines()[0])
    p.add_argument("--variant", required=True, help="xiangqi, janggi, shogi or chess")
    p.add_argument("--games", type=_at_least(1), required=True, help="games in the whole set")
    p.add_argument("--nodes", type=_at_least(1), default=5000, help="search nodes per move")
    p.add_argument("--out", help="folder for the chunk files (default: data/<variant>)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--net", help="net file the search evaluates with, or 'builtin' (default: "
                                 "the net shipped for the game, else the built-in evaluation)")
    p.add_argument("--random-plies", type=_at_least(0), default=8,
                   help="random legal plies before the search plays (one more in half the games)")
    p.add_argument("--max-plies", type=_at_least(1), default=400,
                   help="a game this long without an end is recorded as a draw")
    p.add_argument("--chunk-games", type=_at_least(1), default=20, help="games per chunk file")
    p.add_argument("--hash", type=_at_least(1), default=16, help="MB of hash per searcher")
    p.add_argument("--concurrency", type=_at_least(1), default=os.cpu_count() or 1,
                   help="worker processes on this machine (default: the cores)")
    p.add_argument("--scheduler",
                   help="tcp://HOST:PORT of a Dask scheduler (default: this machine)")
    return p


def _at_least(low: int):
    def parse(text: str) -> int:
        value = int(text)
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}")
        return value
    return parse


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    try:
        variant = get_variant(args.variant).name
        out = Path(args.out or Path("data") / variant)
        out.mkdir(parents=True, exist_ok=True)
        todo, have = tasks_to_play(args, out)
    except (ValueError, OSError) as error:
        print(f"jiangjun selfplay: error: {error}", file=sys.stderr)
        return 2
    evaluation = todo[0].evaluation if todo else "-"
    print(f"jiangjun selfplay: {variant}, evaluation {evaluation}, {len(todo)} chunk(s) to play, "
          f"{have} already in {out}",
          file=sys.stderr)
    if not todo:
        return 0
    progress = _Progress(sum(task.games for task in todo))
    played = _Played(args, todo)
    # Ctrl-C ends the command at once (os._exit, from a watchdog thread): stop the workers first
    at_interrupt(lambda: played.close(exiting=True))
    interrupted = False
    try:
        for result in played:
            task = result.task
            write_chunk(chunk_path(out, variant, task.chunk), variant, result.records,
                        {"task": task.about(), "chunk_games": args.chunk_games,
                         "games": result.games, "plies": result.plies,
                         "first_player": [result.wins, result.draws, result.losses],
                         "endings": result.endings, "seconds": round(result.seconds, 2)})
            progress.add(result)
    except KeyboardInterrupt:
        interrupted = True
        print("\njiangjun selfplay: interrupted; the finished chunks are kept, run again to "
              "resume", file=sys.stderr)
        return 130
    finally:
        played.close(exiting=interrupted)
        progress.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
