"""Self-play data: records hold the position they were made from, results are from the side to
move's view, the same task plays the same games, and chunk files refuse what they are not."""
import numpy as np
import pytest

from engine.board import Board
from engine.kernels import layout as L
from engine.nnue.records import (RecordFileError, read_chunk, record_dtype, write_chunk)
from engine.nnue.selfplay import SelfplayTask, _agreed_winner, _quiet, play_chunk
from engine.variants import get_variant

GAMES = ("xiangqi", "janggi", "shogi", "chess")


@pytest.fixture(scope="module")
def chunks():
    return {v: play_chunk(SelfplayTask(v, chunk=3, games=2, nodes=400, seed=7)) for v in GAMES}


@pytest.mark.parametrize("variant", GAMES)
def test_records_are_quiet_scored_positions_of_decided_games(chunks, variant):
    result = chunks[variant]
    records = result.records
    assert result.games == 2 and len(records) > 20
    assert records.dtype == record_dtype(get_variant(variant))
    assert set(np.unique(records["game"])) <= {0, 1}
    assert np.all(np.abs(records["score"]) <= 3000)
    assert np.all(records["ply"] >= 8)               # the random plies are not recorded
    for game in (0, 1):
        mine = records[records["game"] == game]
        results = mine["result"]
        # one result per game: a win for one side is a loss for the other, a draw for both
        assert len(set(zip(mine["stm"], results))) <= 2
        if np.all(results == 0):
            continue
        assert set(results) <= {1, -1}
        winners = {int(s) if r == 1 else 1 - int(s) for s, r in zip(mine["stm"], results)}
        assert len(winners) == 1


@pytest.mark.parametrize("variant", GAMES)
def test_a_record_is_the_position_it_came_from(chunks, variant):
    """Rebuild each record's board from its squares and check the stored move is legal and
    quiet there, and the side to move is not in check."""
    spec = get_variant(variant)
    board = Board(variant)
    position = board.position
    squares = [position.geo.square(f, r) for r in range(spec.ranks) for f in range(spec.files)]
    for record in chunks[variant].records[:40]:
        position.board[squares] = record["squares"]
        pieces = len(spec.pieces)
        for side in (0, 1):
            base = L.S_HAND + side * L.MAX_TYPES
            position.st[base + 1: base + 1 + pieces] = record["hands"][side]
        position.st[L.S_STM] = record["stm"]
        for side in (0, 1):
            royal = [sq for sq in squares if position.board[sq] == (1 if side == 0 else -1)]
            position.st[L.S_KING + side] = royal[0] if royal else 0
        position.st[L.S_EP] = 0
        position.st[L.S_CASTLE] = 0
        assert not position.in_check()
        move = int(record["move"])
        if not move & L.MF_CASTLE:
            assert move in position.legal_moves()
            assert _quiet(position, move)


def test_the_same_task_plays_the_same_games(chunks):
    again = play_chunk(SelfplayTask("janggi", chunk=3, games=2, nodes=400, seed=7))
    assert np.array_equal(again.records, chunks["janggi"].records)
    other = play_chunk(SelfplayTask("janggi", chunk=4, games=1, nodes=400, seed=7))
    assert not np.array_equal(other.records[:10]["key"], chunks["janggi"].records[:10]["key"])


def test_adjudication_needs_both_sides_to_agree():
    task = SelfplayTask("chess", 0, 1, resign_score=500, resign_plies=4)
    assert _agreed_winner([600, 700, 650, 900], task) == 0
    assert _agreed_winner([-600, -700, -650, -900], task) == 1
    assert _agreed_winner([600, 700, 450, 900], task) is None
    assert _agreed_winner([600, 700, 900], task) is None


def test_chunk_files_round_trip_and_refuse_what_they_are_not(chunks, tmp_path):
    records = chunks["shogi"].records
    path = tmp_path / "a.jjtrain"
    write_chunk(path, "shogi", records, {"note": "x"})
    header, back = read_chunk(path, "shogi")
    assert header["count"] == len(records) and header["note"] == "x"
    assert np.array_equal(np.asarray(back), records)
    with pytest.raises(RecordFileError, match="not xiangqi"):
        read_chunk(path, "xiangqi")
    with pytest.raises(ValueError):
        write_chunk(tmp_path / "b.jjtrain", "chess", records, {})
    cut = tmp_path / "cut.jjtrain"
    cut.write_bytes(path.read_bytes()[:-7])
    with pytest.raises(RecordFileError, match="bytes"):
        read_chunk(cut)
    junk = tmp_path / "junk.jjtrain"
    junk.write_bytes(b"hello world, not a chunk")
    with pytest.raises(RecordFileError, match="not a jiangjun training file"):
        read_chunk(junk)
