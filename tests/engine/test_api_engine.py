"""The in-process scripting API (engine/scripting.py): positions, analyse/MultiPV, notations,
play, perft, the arbiter's verdict."""

import sys

import pytest

from engine import AnalysisLine, Engine, Score
from engine.scripting import limit_fields, mate_moves
from engine.janggi_setup import start_fen as janggi_start


def test_import_engine_stays_light():
    # `import engine` alone must not load the kernels (the protocol handshake relies on it)
    import subprocess
    code = "import engine, engine.variants, sys; print('engine.position' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_position_and_moves_round_trip():
    eng = Engine("xiangqi", moves=["h2e2", "h9g7"])
    assert eng.moves == ["h2e2", "h9g7"]
    assert eng.turn == 0
    assert eng.push("h0g2") == "h0g2"
    assert eng.pop() == "h0g2"
    eng.set_position(moves=["h3e3"], notation="uci")     # 1-based ranks in
    assert eng.moves == ["h2e2"]
    assert "h10g8" in eng.legal_moves("uci") and "h9g7" in eng.legal_moves()
    with pytest.raises(ValueError):
        eng.push("h2e2")                                  # the cannon is no longer there


def test_analyse_multipv_records():
    eng = Engine("xiangqi", moves=["h2e2"])
    lines = eng.analyse(depth=4, multipv=3)
    assert [line.multipv for line in lines] == [1, 2, 3]
    assert all(isinstance(line, AnalysisLine) for line in lines)
    firsts = [line.pv[0] for line in lines]
    assert len(set(firsts)) == 3                          # three different first moves
    legal = set(eng.legal_moves())
    assert set(firsts) <= legal
    for line in lines:
        assert line.depth == 4 and line.turn == 1
        assert line.score.cp is not None and line.score.mate is None
        w, d, l_ = line.wdl
        assert w + d + l_ == 1000
        assert line.pv == line.pv_canonical
        assert line.pov(0) == line.score.flipped()
    # lines come best first (from the side to move's view)
    assert lines[0].score.cp >= lines[1].score.cp >= lines[2].score.cp


def test_analyse_in_dialect_notations():
    eng = Engine("xiangqi")
    canonical = eng.analyse(depth=3)[0]
    uci = eng.analyse(depth=3, notation="uci")[0]
    assert uci.pv_canonical == canonical.pv_canonical
    first = canonical.pv[0]
    assert uci.pv[0] == first[0] + str(int(first[1]) + 1) + first[2] + str(int(first[3]) + 1)

    shogi = Engine("shogi", notation="uci")               # chess-style shogi as FSF writes it
    line = shogi.analyse(depth=2)[0]
    assert all(text[0].isalpha() for text in line.pv)
    from engine.shogi_notation import to_chess_style
    assert line.pv == [to_chess_style(t) for t in line.pv_canonical]
    usi = shogi.analyse(depth=2, notation="usi")[0]
    assert usi.pv == usi.pv_canonical


def test_mate_scores_and_play():
    # white mates in one: Qh5xf7#
    eng = Engine("chess", "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
    line = eng.analyse(depth=3)[0]
    assert line.score == Score(mate=1)
    assert line.pv[0] == "h5f7"
    assert line.wdl == (1000, 0, 0)
    result = eng.play(depth=3, push=True)
    assert result.move == "h5f7" and result.score == Score(mate=1)
    verdict = eng.verdict()
    assert (verdict.result, verdict.reason, verdict.winner) == ("1-0", "black is checkmated", 0)
    assert eng.analyse(depth=2) == []                     # no legal move: no line
    assert eng.play(depth=2).move is None


def test_mate_moves_conversion():
    assert [mate_moves(p) for p in (1, 2, 3, -2, -4)] == [1, 1, 2, -1, -2]
    assert Score(mate=3).as_cp() == 99_997 and Score(mate=-2).as_cp() == -99_998
    assert str(Score(cp=35)) == "+0.35" and str(Score(mate=-2)) == "#-2"


def test_limits_from_keywords_objects_and_none():
    from engine.search import Limits
    from protocol.clients import Limit
    assert limit_fields(Limits(movetime_ms=250))["movetime"] == 0.25
    assert limit_fields(Limit(depth=5))["depth"] == 5
    assert limit_fields(None, nodes=1000)["nodes"] == 1000
    with pytest.raises(ValueError):
        limit_fields(None)
    eng = Engine("chess")
    lines = eng.analyse(Limits(nodes=3000))
    assert len(lines) == 1 and lines[0].nodes is not None and lines[0].depth is not None


def test_node_limit_cut_inside_an_iteration_keeps_the_best_move_first():
    # a node limit may stop an iteration after its first root move changed: line 1 is the move
    # that very search chose (a one-line search of the same budget may choose differently)
    for nodes in (700, 3000, 9000):
        result = Engine("chess")._search(None, 2, None, nodes, None, None, None, None, None)
        assert len(result.lines) == 2 and result.lines[0].pv[0] == result.move
        assert result.lines[0].pv[0] != result.lines[1].pv[0]


def test_on_info_sees_each_iteration():
    seen = []
    Engine("janggi").analyse(depth=3, on_info=seen.append)
    assert [line.depth for line in seen] == [1, 2, 3]


def test_perft_divide_and_setups():
    eng = Engine("janggi", setup="han=sang-ma-sang-ma,cho=ma-sang-ma-sang")
    assert eng.start_fen.split()[0] == janggi_start("sang-ma-sang-ma", "ma-sang-ma-sang").split()[0]
    assert eng.perft(1) == len(eng.legal_moves())
    eng2 = Engine("xiangqi")
    assert eng2.perft(2) == 1920
    rows = eng2.divide(1, notation="uci")
    assert sum(count for _, count in rows) == 44
    assert ("h3e3", 1) in rows


def test_verdict_reason_by_rule():
    # shogi: sennichite after the same position four times (kings shuffling)
    eng = Engine("shogi", moves=["5i4h", "5a4b", "4h5i", "4b5a"] * 3)
    verdict = eng.verdict()
    assert verdict.result == "1/2-1/2" and verdict.termination == "sennichite"
    assert verdict.reason == "sennichite: the same position occurred 4 times"
    assert eng.is_game_over()


def test_board_argument_and_unknown_notation():
    from engine.board import Board
    eng = Engine("chess")
    board = Board("chess", "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    line = eng.analyse(depth=2, board=board)[0]
    assert line.turn == 0 and line.pv[0] in board.legal_move_strs()
    with pytest.raises(ValueError):
        eng.analyse(depth=1, notation="klingon")
