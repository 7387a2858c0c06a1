"""Hostile input against the real engine process, every dialect: random and mutated command
lines, huge numbers, overlong lines, bad FENs, illegal moves, input while searching.

    python -m tools.fuzz_protocol [--lines 10000] [--seed 1] [--dialect uci ...]

Per dialect one `jiangjun --protocol D` process gets the lines in batches; after each batch it
must answer `isready` (XBoard: `ping`) within 30 s, print nothing that looks like a traceback on
stdout, and still be running. Prints lines sent, error lines received, searches answered and
any failure (with the batch that caused it, saved under /tmp) per dialect; exit 1 on a failure.
"""
from __future__ import annotations

import argparse
import os
import queue
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SYNC = {"uci": ("isready", "readyok"), "ucicyclone": ("isready", "readyok"),
        "ucci": ("isready", "readyok"), "usi": ("isready", "readyok"),
        "xboard": ("ping {n}", "pong {n}")}
HELLO = {"uci": ["uci"], "ucicyclone": ["ucicyclone"], "ucci": ["ucci"], "usi": ["usi"],
         "xboard": ["xboard", "protover 2"]}
ERRORS = ("info string error", "info message error", "Error (", "Illegal move")
GOOD = {
    "uci": ["position startpos moves e2e4 e7e5", "go depth 2", "go nodes 200", "stop",
            "setoption name UCI_Variant value xiangqi", "setoption name UCI_Variant value chess",
            "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "go movetime 20", "ucinewgame", "setoption name MultiPV value 3", "d"],
    "ucicyclone": ["position startpos moves h2e2 h9g7", "go depth 2", "go nodes 200", "stop",
                   "startpos moves h2e2", "fen 4k4/9/9/9/9/9/9/9/9/4K4 w"],
    "ucci": ["position startpos moves h2e2", "banmoves h9g7", "go depth 2", "go time 1",
             "stop", "setoption usemillisec true", "go nodes 300", "probe", "uccinewgame"],
    "usi": ["position startpos moves 7g7f 3c3d", "go btime 100 wtime 100 byoyomi 20",
            "go nodes 200", "stop", "usinewgame", "position sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1",
            "gameover win", "go mate 3"],
    "xboard": ["new", "usermove e2e4", "force", "go", "setboard 4k3/8/8/8/8/8/8/4K3 w - - 0 1",
               "undo", "level 40 0:05 0", "st 0.05", "sd 2", "variant xiangqi", "new",
               "variant shogi", "variant janggi", "analyze", "exit", "hint", "?", "post"],
}
WORDS = sorted({w for lines in GOOD.values() for line in lines for w in line.split()} |
               {"go", "position", "setoption", "name", "value", "moves", "fen", "sfen",
                "startpos", "searchmoves", "ponder", "ponderhit", "wtime", "btime", "winc",
                "binc", "movestogo", "depth", "nodes", "mate", "movetime", "infinite",
                "byoyomi", "time", "otim", "usermove", "setboard", "level", "memory", "cores",
                "Hash", "Threads", "banmoves", "draw", "result", "remove", "pause", "resume"})
NUMBERS = ["0", "-1", "1e18", "1e308", "nan", "inf", "-inf", "99999999999999999999999999",
           "0x10", "3.5", "", "-0", "1_000", "10" * 40]


def mutate(rng: random.Random, line: str) -> str:
    words = line.split()
    for _ in range(rng.randint(1, 3)):
        choice = rng.random()
        if choice < 0.3 and words:
            words[rng.randrange(len(words))] = rng.choice(NUMBERS + WORDS)
        elif choice < 0.5:
            words.insert(rng.randint(0, len(words)), rng.choice(NUMBERS + WORDS))
        elif choice < 0.6 and words:
            del words[rng.randrange(len(words))]
        elif choice < 0.7 and words:
            i = rng.randrange(len(words))
            words[i] = words[i][: rng.randint(0, len(words[i]))] + rng.choice("/+*@#-~é中")
        elif choice < 0.75:
            words.extend(rng.choice(WORDS) for _ in range(rng.randint(100, 3000)))
        elif choice < 0.8:
            words = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789/ ") for _ in
                             range(rng.randint(1, 80)))]
        else:
            rng.shuffle(words)
    return " ".join(words)


def fuzz_dialect(dialect: str, lines: int, rng: random.Random, batch: int = 20) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    engine = subprocess.Popen([sys.executable, "-m", "protocol", "--protocol", dialect],
                              cwd=ROOT, env=env, text=True, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              encoding="utf-8", errors="replace")
    out: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [out.put(x) for x in engine.stdout] + [out.put(None)],
                     daemon=True).start()
    stats = {"dialect": dialect, "lines": 0, "errors": 0, "answers": 0, "failure": None}
    ask, answer = SYNC[dialect]

    def send(text: str) -> None:
        engine.stdin.write(text + "\n")
        engine.stdin.flush()

    def sync(n: int, sent: list[str]) -> bool:
        send(ask.format(n=n))
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                got = out.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                break
            if got is None:
                return fail("the process ended", sent)
            got = got.rstrip("\n")
            if "Traceback" in got or got.startswith('  File "'):
                return fail(f"traceback on stdout: {got}", sent)
            stats["errors"] += got.startswith(ERRORS)
            stats["answers"] += got.startswith(("bestmove", "nobestmove", "move "))
            if got == answer.format(n=n):
                return True
        return fail(f"no {answer.format(n=n)} within 30 s", sent)

    def fail(why: str, sent: list[str]) -> bool:
        path = Path(f"/tmp/fuzz-{dialect}-failure.txt")
        path.write_text("\n".join(sent) + "\n")
        stats["failure"] = f"{why} (batch saved to {path})"
        return False

    try:
        for text in HELLO[dialect]:
            send(text)
        n = 0
        while stats["lines"] < lines:
            sent = []
            for _ in range(batch):
                good = rng.choice(GOOD[dialect])
                text = good if rng.random() < 0.35 else mutate(rng, good)
                sent.append(text)
                send(text)
            stats["lines"] += len(sent)
            n += 1
            if not sync(n, sent):
                break
        send("stop")
        send("quit")
        engine.wait(timeout=30)
    except (BrokenPipeError, subprocess.TimeoutExpired) as problem:
        stats["failure"] = stats["failure"] or f"{type(problem).__name__}"
    finally:
        if engine.poll() is None:
            engine.kill()
    return stats


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=10000, help="lines per dialect")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dialect", nargs="*", default=sorted(SYNC))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    failed = False
    for dialect in args.dialect:
        started = time.monotonic()
        stats = fuzz_dialect(dialect, args.lines, rng)
        failed |= stats["failure"] is not None
        print(f"{dialect:11} {stats['lines']:7d} lines  {stats['errors']:6d} error lines  "
              f"{stats['answers']:5d} moves/answers  {time.monotonic() - started:6.1f} s  "
              f"{stats['failure'] or 'ok'}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
