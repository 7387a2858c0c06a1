"""Real opponents: cshogi's USI client plays the engine against itself, and Fairy-Stockfish plays
it in xiangqi over UCCI, janggi over UCI and shogi over USI through the tournament runner."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

FSF = "/usr/games/fairy-stockfish"


def engine_script(tmp_path, protocol: str | None = None) -> str:
    """cshogi wants one executable path: a shell wrapper around `python -m protocol`."""
    script = tmp_path / f"jiangjun-{protocol or 'auto'}.sh"
    extra = f" --protocol {protocol}" if protocol else ""
    script.write_text(f"#!/bin/sh\nexec {sys.executable} -m protocol{extra}\n")
    script.chmod(0o755)
    return str(script)


@pytest.mark.slow
def test_cshogi_usi_match_against_itself(tmp_path):
    cli = pytest.importorskip("cshogi.cli")
    path = engine_script(tmp_path)
    result = cli.main(path, path, games=2, byoyomi=50, draw=40, print_summary=False)
    assert result["total"] == 2
    assert result["engine1_won"] + result["engine2_won"] + result["draw"] == 2


@pytest.mark.slow
@pytest.mark.parametrize("variant, protocol", [("xiangqi", "ucci"), ("janggi", "uci"),
                                               ("shogi", "usi")])
def test_fairy_stockfish_plays_us(tmp_path, variant, protocol):
    if not os.access(FSF, os.X_OK):
        pytest.skip("fairy-stockfish is not installed")
    log = tmp_path / "games.jsonl"
    ours = f"{sys.executable} -m protocol"
    fsf = ["name=fsf", f"cmd={FSF}", f"proto={protocol}"]
    if variant == "janggi":
        # FSF's own "janggi" forbids leaving the generals facing, which our rules (and the
        # runner's arbiter) allow: it then drops our move and plays from a wrong position
        # (tools/strength_match.py). Its "janggicasual" accepts every move of ours.
        fsf.append("option.UCI_Variant=janggicasual")
    command = [sys.executable, "-m", "protocol", "match", "--variant", variant,
               "--engine", "name=jiangjun", f"cmd={ours}", f"proto={protocol}",
               "--engine", *fsf,
               "--games", "2", "--movetime", "0.05", "--max-plies", "40",
               "--log", str(log)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    games = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    assert len(games) == 2
    for game in games:
        # normal (over on the board) or adjudicated at the ply cap; never a forfeit or crash
        assert game["termination"] in ("normal", "adjudication"), game["reason"]
        assert len(game["moves"]) >= 10
