"""SPRT of this checkout against another commit (by default its parent), as every search or
evaluation change is decided here: only a winner stays, a simplification must lose nothing.

    python -m tools.sprt_parent --variant xiangqi                      # gain: elo0=0 elo1=5
    python -m tools.sprt_parent --variant shogi --simplification       # elo0=-5 elo1=0
    python -m tools.sprt_parent --variant chess --base 5fa127b --tc 5+0.05 --games 4000
    python -m tools.sprt_parent --variant shogi --nodes 20000 --games 100 --concurrency 2

With ``--nodes`` every move searches that many nodes instead of running a clock: a filter for a
change to the tree's shape (pruning, reductions, ordering) that costs no quiet machine, since
node counts do not depend on the load; it may run two games at a time or beside other work. It
does not see a change of speed, so a candidate that passes it still plays its timed SPRT.

The base commit is checked out as a git worktree (kept under ``--worktrees`` and reused), both
trees' kernels are compiled before the first game (a cold build inside a game would lose it on
time), both bench signatures are printed, then `jiangjun match --sprt` plays one game at a time
(``--concurrency 1``: on a 2-core machine a second game would make the clocks measure the load)
from random opening plies, both colours of each. The last lines are what goes in the commit
message: W-D-L, LLR and the SPRT decision, games, and the two bench signatures.
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROTOCOLS = {"shogi": "usi"}          # the dialect each game is played over; uci otherwise


def git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                          text=True).stdout.strip()


def base_tree(ref: str, worktrees: Path) -> Path:
    """A worktree at ``ref`` (created once, reused while it stays at that commit)."""
    commit = git("rev-parse", "--verify", f"{ref}^{{commit}}")
    tree = worktrees / f"jiangjun-{commit[:12]}"
    if not tree.exists():
        worktrees.mkdir(parents=True, exist_ok=True)
        git("worktree", "add", "--detach", str(tree), commit)
    return tree


def bench_signature(tree: Path) -> str:
    """`Nodes searched: N` of the tree's bench (which also compiles its kernels if needed)."""
    out = subprocess.run([sys.executable, "-m", "protocol", "bench"], cwd=tree, check=True,
                         capture_output=True, text=True).stdout
    found = re.search(r"Nodes searched: (\d+)", out)
    return found.group(1) if found else "?"


def match_args(ns: argparse.Namespace, tree: Path, base: Path, label: str) -> list[str]:
    proto = PROTOCOLS.get(ns.variant, "uci")
    command = f"{sys.executable} -m protocol"
    bounds = "elo0=-5 elo1=0" if ns.simplification else ns.sprt
    limit = ["--nodes", str(ns.nodes)] if ns.nodes else ["--tc", ns.tc]
    args = ["--variant", ns.variant, *limit, "--games", str(ns.games),
            "--random-plies", str(ns.random_plies), "--seed", str(ns.seed),
            "--concurrency", str(ns.concurrency), "--sprt", *bounds.split(),
            "--engine", "name=new", f"cmd={command}", f"dir={tree}", f"proto={proto}",
            f"option.Hash={ns.hash}",
            "--engine", f"name={label}", f"cmd={command}", f"dir={base}", f"proto={proto}",
            f"option.Hash={ns.hash}"]
    if ns.log:
        args += ["--log", ns.log]
    if ns.resume:
        args.append("--resume")
    return args


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", required=True, help="xiangqi, janggi, shogi or chess")
    parser.add_argument("--base", default="HEAD~1", help="the commit to play against")
    parser.add_argument("--tc", default="10+0.1")
    parser.add_argument("--nodes", type=int, default=0,
                        help="instead of --tc: nodes per move (a load-insensitive filter)")
    parser.add_argument("--concurrency", type=int, default=1,
                        help="games at a time; more than 1 only with --nodes")
    parser.add_argument("--games", type=int, default=2000, help="at most; the SPRT stops first")
    parser.add_argument("--sprt", default="elo0=0 elo1=5 alpha=0.05 beta=0.05")
    parser.add_argument("--simplification", action="store_true",
                        help="bounds elo0=-5 elo1=0: the change must lose nothing")
    parser.add_argument("--random-plies", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hash", type=int, default=16)
    parser.add_argument("--log", help="JSON-lines log of every game")
    parser.add_argument("--resume", action="store_true",
                        help="carry on the interrupted test of --log (same arguments)")
    parser.add_argument("--worktrees", type=Path, default=Path("/tmp"),
                        help="where the base commit's worktree is kept")
    ns = parser.parse_args(argv)
    if ns.resume and not ns.log:
        parser.error("--resume needs the --log of the test to carry on")
    if ns.concurrency > 1 and not ns.nodes:
        parser.error("--concurrency above 1 needs --nodes: with a clock, parallel games measure "
                     "the machine's load")
    base = base_tree(ns.base, ns.worktrees)
    label = f"base-{git('rev-parse', '--short', 'HEAD', cwd=base)}"
    head = git("rev-parse", "--short", "HEAD")
    changed = git("status", "--porcelain", "--untracked-files=no")
    dirty = " (with uncommitted changes)" if changed else ""
    print(f"new: {ROOT} at {head}{dirty}; {label}: {base}", flush=True)
    signatures = {name: bench_signature(tree) for name, tree in (("new", ROOT), (label, base))}
    print(f"bench: new {signatures['new']}, {label} {signatures[label]}", flush=True)
    code = subprocess.run([sys.executable, "-m", "protocol", "match",
                           *match_args(ns, ROOT, base, label)], cwd=ROOT).returncode
    limit = f"{ns.nodes} nodes a move" if ns.nodes else ns.tc
    print(f"bench: new {signatures['new']}, {label} {signatures[label]}; {ns.variant} {limit}")
    return code


if __name__ == "__main__":
    sys.exit(main())
