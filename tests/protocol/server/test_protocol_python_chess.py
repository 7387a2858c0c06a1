"""python-chess's engine module drives the real engine over UCI and over XBoard in chess."""
from __future__ import annotations

import sys

import pytest

chess = pytest.importorskip("chess")
import chess.engine  # noqa: E402

COMMAND = [sys.executable, "-m", "protocol"]
MAX_PLIES = 400


@pytest.fixture(params=["uci", "xboard"])
def engine(request):
    opener = chess.engine.SimpleEngine.popen_uci if request.param == "uci" else \
        chess.engine.SimpleEngine.popen_xboard
    eng = opener(COMMAND, timeout=60)
    yield eng
    eng.quit()


def play_game(engine, limit) -> chess.Board:
    board = chess.Board()
    while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
        result = engine.play(board, limit)
        assert result.move in board.legal_moves
        board.push(result.move)
    return board


@pytest.mark.slow
def test_full_game_against_itself(engine):
    board = play_game(engine, chess.engine.Limit(depth=1))
    assert board.is_game_over(claim_draw=True), board.fen()


def test_play_with_every_limit_kind(engine):
    board = chess.Board()
    for limit in (chess.engine.Limit(time=0.05), chess.engine.Limit(depth=2),
                  chess.engine.Limit(nodes=300),
                  chess.engine.Limit(white_clock=2, black_clock=2, white_inc=0.01, black_inc=0.01),
                  chess.engine.Limit(white_clock=1, black_clock=1, remaining_moves=20)):
        result = engine.play(board, limit)
        assert result.move in board.legal_moves, limit
        board.push(result.move)


def test_play_finds_a_mate_in_one(engine):
    board = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    result = engine.play(board, chess.engine.Limit(depth=3))
    assert result.move == chess.Move.from_uci("a1a8")


def test_analyse(engine):
    board = chess.Board()
    if engine.protocol.__class__.__name__.startswith("Uci"):
        infos = engine.analyse(board, chess.engine.Limit(depth=3), multipv=3)
        assert len(infos) == 3
        assert len({info["pv"][0] for info in infos}) == 3
        assert all("score" in info for info in infos)
    else:
        info = engine.analyse(board, chess.engine.Limit(depth=3))
        assert info["pv"][0] in board.legal_moves


def test_uci_mate_score_in_moves():
    eng = chess.engine.SimpleEngine.popen_uci(COMMAND, timeout=60)
    try:
        info = eng.analyse(chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), chess.engine.Limit(depth=4))
        assert info["score"].relative == chess.engine.Mate(1)
    finally:
        eng.quit()
