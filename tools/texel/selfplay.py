"""Self-play games to tune on: ``jiangjun match`` of this engine against itself."""
from __future__ import annotations


def selfplay_command(game: str, games: int, nodes: int, random_plies: int, seed: int,
                     out: str) -> list[str]:
    """One game per round, so each game gets its own random opening (a colour-swapped pair of a
    deterministic engine repeats itself); concurrency 1 under ``nice -n 10``."""
    return ["nice", "-n", "10", "jiangjun", "match", "--variant", game,
            "--engine", "name=a", "cmd=jiangjun", "proto=uci",
            "--engine", "name=b", "cmd=jiangjun", "proto=uci",
            "--nodes", str(nodes), "--games", "1", "--rounds", str(games),
            "--random-plies", str(random_plies), "--seed", str(seed), "--concurrency", "1",
            "--max-plies", "300", "--resign", "score=1500", "moves=4", "--log", out]
