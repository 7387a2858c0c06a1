"""Our engine against itself in all four games over each protocol, one short game each.

Skips (with the reason) while the engine cannot yet play a move over a dialect.
"""

import sys

import pytest

from protocol.client import EngineError, Limit, make_engine
from protocol.match import pool
from protocol.match.config import EngineConfig, GameSpec, TimeControl
from protocol.match.game import play_game

OURS = f"{sys.executable} -m protocol"
CASES = [(v, p) for v in ("xiangqi", "janggi") for p in ("uci", "ucicyclone", "ucci", "xboard")]
CASES += [("shogi", "usi"), ("shogi", "uci"), ("shogi", "xboard"), ("chess", "uci"), ("chess", "xboard")]
CASES = [c for c in CASES if not (c[0] == "janggi" and c[1] == "ucicyclone")]  # cyclone is xiangqi-only


def probe(variant, protocol):
    try:
        eng = make_engine(OURS, protocol, variant, startup_timeout=30, ready_timeout=120).start()
    except EngineError as exc:
        pytest.skip(f"our engine does not start over {protocol} for {variant} yet: {exc}")
    try:
        eng.new_game()
        if eng.play(None, [], Limit(depth=1), timeout=15).move is None:
            pytest.skip(f"our engine gives no move over {protocol} for {variant} yet")
    except EngineError as exc:
        pytest.skip(f"our engine does not play over {protocol} for {variant} yet: {exc}")
    finally:
        eng.quit()


@pytest.mark.parametrize("variant, protocol", CASES)
def test_ours_against_ours(variant, protocol):
    probe(variant, protocol)
    a, b = EngineConfig("ours-1", OURS, protocol), EngineConfig("ours-2", OURS, protocol)
    try:
        res = play_game(GameSpec(0, 1, 0, variant, None, (), a, b,
                                 TimeControl(depth=1, hang_timeout=20)))
    finally:
        pool.close_all()
    assert res.result in ("1-0", "0-1", "1/2-1/2")
    assert res.termination in ("normal", "adjudication"), res.reason
