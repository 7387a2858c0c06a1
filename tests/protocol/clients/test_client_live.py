"""The clients against real engines: Fairy-Stockfish over every dialect, MaxQi over XBoard,
and misbehaving scripted engines for hang and crash detection."""

import os
import sys
import time

import pytest

from protocol.clients import EngineCrashed, EngineError, EngineTimeout, Limit, open_engine

FSF = "/usr/games/fairy-stockfish"
MAXQI = "/usr/games/maxqi"
needs_fsf = pytest.mark.skipif(not os.path.exists(FSF), reason="fairy-stockfish not installed")
needs_maxqi = pytest.mark.skipif(not os.path.exists(MAXQI), reason="maxqi not installed")

# (protocol, variant, a first move, the canonical replies FSF might give must be readable)
CASES = [
    ("uci", "xiangqi", "h2e2"), ("ucci", "xiangqi", "h2e2"), ("xboard", "xiangqi", "h2e2"),
    ("uci", "janggi", "e1e1"), ("ucci", "janggi", "e1e1"), ("xboard", "janggi", "e1e1"),
    ("usi", "shogi", "7g7f"), ("uci", "shogi", "7g7f"), ("xboard", "shogi", "7g7f"),
    ("uci", "chess", "e2e4"), ("xboard", "chess", "e2e4"),
]


@needs_fsf
@pytest.mark.parametrize("protocol, variant, first", CASES)
def test_fsf_answers_in_canonical_notation(protocol, variant, first):
    with open_engine(FSF, protocol, variant) as eng:
        eng.new_game()
        res = eng.play(None, [first], Limit(depth=3), timeout=20)
        assert res.move and res.info and res.info.score is not None
        assert res.info.pv[0] == res.move
        # The reply is canonical: it reads back through the same notation the engine used,
        # e.g. a black xiangqi move lands on ranks 5..9 in 0-based ranks.
        if variant in ("xiangqi", "janggi"):
            assert int(res.move[1:2]) >= 5 or res.move[:2] == res.move[2:]
        if variant == "shogi":
            assert res.move[1] in "abcdefghi" or "*" in res.move
        second = eng.play(None, [first, res.move], Limit(time=(2.0, 2.0), inc=(0.05, 0.05)), timeout=20)
        assert second.move and second.elapsed < 2.0


@needs_maxqi
def test_maxqi_over_xboard():
    with open_engine(MAXQI, "xboard", "xiangqi") as eng:
        assert "MaxQi" in eng.name
        eng.new_game()
        res = eng.play(None, ["h2e2"], Limit(depth=3), timeout=20)
        assert res.move and int(res.move[1]) >= 5
        res2 = eng.play(None, ["h2e2", res.move], Limit(movetime=0.1), timeout=20)
        assert res2.move and int(res2.move[1]) <= 4
        with pytest.raises(EngineError):  # a move MaxQi rejects is reported, not ignored
            eng.play(None, ["h2e2", res.move, res2.move, "a0a9"], Limit(depth=2), timeout=20)


SILENT = [sys.executable, "-c",
          "import sys\nfor l in sys.stdin:\n"
          " l=l.strip()\n"
          " if l=='uci': print('id name Silent'); print('uciok', flush=True)\n"
          " elif l=='isready': print('readyok', flush=True)\n"]
CRASHER = [sys.executable, "-c",
           "import sys\nfor l in sys.stdin:\n"
           " l=l.strip()\n"
           " if l=='uci': print('uciok', flush=True)\n"
           " elif l=='isready': print('readyok', flush=True)\n"
           " elif l.startswith('go'): sys.stderr.write('boom\\n'); sys.exit(3)\n"]


def test_hang_is_a_timeout():
    with open_engine(SILENT, "uci", "chess") as eng:
        t0 = time.monotonic()
        with pytest.raises(EngineTimeout):
            eng.play(None, [], Limit(movetime=0.05), timeout=0.3)
        assert time.monotonic() - t0 < 2


def test_crash_is_reported_with_exit_code_and_stderr():
    with open_engine(CRASHER, "uci", "chess") as eng:
        with pytest.raises(EngineCrashed, match=r"exit code 3.*boom"):
            eng.play(None, [], Limit(movetime=0.05), timeout=5)


def test_missing_variant_option_is_refused():
    with pytest.raises(EngineError, match="UCI_Variant"):
        open_engine(SILENT, "uci", "xiangqi")
