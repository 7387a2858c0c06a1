"""protocol/scripting.py: external engines behind the same analyse/play shape as engine.Engine —
Fairy-Stockfish (skipped when missing) and our own engine as a separate process."""

import os

import pytest

from engine import Engine, Score
from protocol.scripting import ExternalEngine, jiangjun_command, open_engine
from protocol.clients import EngineError

FSF = "/usr/games/fairy-stockfish"
needs_fsf = pytest.mark.skipif(not os.path.exists(FSF), reason="fairy-stockfish not installed")
SCHOLAR = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"


@needs_fsf
@pytest.mark.parametrize("protocol", ["uci", "ucci"])
def test_fsf_xiangqi_multipv_in_both_notations(protocol):
    with open_engine(FSF, protocol, "xiangqi") as fsf:
        fsf.set_position(moves=["h2e2"])
        lines = fsf.analyse(depth=8, multipv=3, notation="uci")
        assert [line.multipv for line in lines] == [1, 2, 3]
        assert len({line.pv_canonical[0] for line in lines}) == 3
        legal_uci = set(fsf.legal_moves("uci"))
        for line in lines:
            assert line.depth == 8 and line.turn == 1
            assert line.pv[0] in legal_uci
            assert line.score.cp is not None and line.wdl is None
            # the dialect spelling is the canonical one with ranks shifted by one
            c, u = line.pv_canonical[0], line.pv[0]
            assert u == c[0] + str(int(c[1]) + 1) + c[2] + str(int(c[3]) + 1)
        assert fsf.name.startswith("Fairy-Stockfish")


@needs_fsf
def test_fsf_finds_the_mate_and_plays_it():
    with open_engine(FSF, "uci", "chess", fen=SCHOLAR) as fsf:
        line = fsf.analyse(depth=5)[0]
        assert line.score == Score(mate=1) and line.pv[0] == "h5f7"
        result = fsf.play(depth=5, push=True)
        assert result.move == "h5f7"
        assert fsf.verdict().reason == "black is checkmated"
        assert fsf.analyse(depth=5) == []          # no legal move left: nothing to ask


@needs_fsf
def test_fsf_shogi_over_usi_and_xboard():
    with open_engine(FSF, "usi", "shogi") as fsf:
        lines = fsf.analyse(depth=6, multipv=2)
        assert len(lines) == 2 and all(line.pv[0] in fsf.legal_moves() for line in lines)
    with open_engine(FSF, "xboard", "shogi", notation="uci") as fsf:
        fsf.push("c3c4")                           # chess-style in, as in UCI_Variant GUIs
        assert fsf.moves == ["7g7f"]
        result = fsf.play(depth=4)
        assert result.move in fsf.legal_moves("uci")
        with pytest.raises(EngineError):
            fsf.analyse(depth=2, multipv=2)        # xboard has no MultiPV


@needs_fsf
def test_fsf_and_ours_share_the_shape():
    """One script, two analysts: the records have the same fields and agree on a forced mate."""
    results = []
    ours = Engine("chess", SCHOLAR)
    with open_engine(FSF, "uci", "chess", fen=SCHOLAR) as fsf:
        for analyst in (ours, fsf):
            line = analyst.analyse(depth=4, multipv=2)[0]
            results.append((line.score, line.pv[0], line.turn))
    assert results[0] == results[1] == (Score(mate=1), "h5f7", 0)


@pytest.mark.parametrize("protocol", ["ucci", "uci", "xboard"])
def test_our_engine_as_an_external_process(protocol):
    with open_engine(jiangjun_command(), protocol, "xiangqi", moves=["h2e2"]) as ours:
        k = 1 if protocol == "xboard" else 2
        lines = ours.analyse(depth=3, multipv=k, notation="uci")
        assert [line.multipv for line in lines] == list(range(1, k + 1))
        assert all(line.pv[0] in ours.legal_moves("uci") for line in lines)
        assert ours.name.startswith("Jiangjun")
        # the same search in-process gives the same best line at a fixed depth
        inproc = Engine("xiangqi", moves=["h2e2"]).analyse(depth=3, multipv=k)
        assert lines[0].pv_canonical[0] == inproc[0].pv[0]
        assert lines[0].score == inproc[0].score


def test_our_engine_external_shogi_usi_mate_in_plies():
    # sente to move mates with G*5b (gold drop): USI reports plies, the API moves
    sfen = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"
    with ExternalEngine(jiangjun_command(), "usi", "shogi", fen=sfen) as ours:
        line = ours.analyse(depth=3)[0]
        assert line.score == Score(mate=1) and line.pv[0] == "G*5b"


def test_unknown_protocol_and_missing_limit():
    with pytest.raises(ValueError):
        ExternalEngine("true", "klingon", "chess")
    with pytest.raises(ValueError):
        ExternalEngine(jiangjun_command(), "uci", "chess").analyse()   # no limit given
