"""Our engine against itself in all four games over each protocol, one short game each."""

import sys

import pytest

from protocol.runner import pool
from protocol.runner.config import EngineConfig, GameSpec, TimeControl
from protocol.runner.game import play_game

OURS = f"{sys.executable} -m protocol"
CASES = [(v, p) for v in ("xiangqi", "janggi") for p in ("uci", "ucicyclone", "ucci", "xboard")]
CASES += [("shogi", "usi"), ("shogi", "uci"), ("shogi", "xboard"), ("chess", "uci"), ("chess", "xboard")]
CASES = [c for c in CASES if not (c[0] == "janggi" and c[1] == "ucicyclone")]  # cyclone is xiangqi-only


@pytest.mark.parametrize("variant, protocol", CASES)
def test_ours_against_ours(variant, protocol):
    a, b = EngineConfig("ours-1", OURS, protocol), EngineConfig("ours-2", OURS, protocol)
    try:
        res = play_game(GameSpec(0, 1, 0, variant, None, (), a, b,
                                 TimeControl(depth=1, hang_timeout=20)))
    finally:
        pool.close_all()
    assert res.result in ("1-0", "0-1", "1/2-1/2")
    assert res.termination in ("normal", "adjudication"), res.reason
