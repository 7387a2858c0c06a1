"""Shogi records of `jiangjun match` read back by cshogi: KIF times are each move's own whole
seconds and the *mover's* running total summed from the exact times; a loss on time is a
time-up ending (KIF 切れ負け, CSA %TIME_UP), not a resignation."""
import re

import pytest

from protocol.records.reader import read_kif
from protocol.records.game import GameResult, MoveRecord
from protocol.records.shogi_writer import write_shogi

cshogi = pytest.importorskip("cshogi")
import cshogi.CSA  # noqa: E402
import cshogi.KIF  # noqa: E402

OPENING = ["7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "6i7h", "4a3b"]


def shogi_game(termination="normal", result="0-1", reason="Sente (A) resigns", seconds=0.6):
    moves = [MoveRecord(m, seconds, 20, 5) for m in OPENING]
    return GameResult(0, 1, 0, "shogi", None, "A", "B", result, termination, reason, moves,
                      time_control="60+1", started=1_700_000_000.0)


def kif_times(path):
    text = open(path, encoding="cp932").read()
    return re.findall(r"^\s*(\d+) .*\(\s*(\d+):(\d\d)/(\d\d):(\d\d):(\d\d)\)", text, re.M), text


def test_kif_total_is_the_movers_own_sum_of_exact_times(tmp_path):
    path = tmp_path / "g.kif"
    write_shogi(shogi_game(seconds=0.6), str(path), "kif")
    rows, _ = kif_times(path)
    by_ply = {int(n): (int(m) * 60 + int(s), int(h) * 3600 + int(mm) * 60 + int(ss))
              for n, m, s, h, mm, ss in rows}
    # each player moved at plies (1, 3, 5, 7) or (2, 4, 6, 8): 0.6 s each, totals 0.6 .. 2.4 s
    assert [by_ply[p] for p in (1, 3, 5, 7)] == [(0, 0), (0, 1), (0, 1), (0, 2)]
    assert [by_ply[p] for p in (2, 4, 6, 8)] == [(0, 0), (0, 1), (0, 1), (0, 2)]
    assert by_ply[9][1] == 2          # the resigning side's own total on the closing line
    parsed = cshogi.KIF.Parser.parse_file(str(path))
    assert len(parsed.moves) == len(OPENING)
    assert parsed.win == cshogi.WHITE_WIN


def test_kif_seconds_add_up_across_moves_of_one_player(tmp_path):
    path = tmp_path / "g.kif"
    game = shogi_game(seconds=0.6)
    for rec, seconds in zip(game.moves, [1.7, 0.2, 2.9, 0.2, 61.6, 0.2, 0.5, 0.2]):
        rec.elapsed = seconds
    write_shogi(game, str(path), "kif")
    rows, _ = kif_times(path)
    sente = [(int(m) * 60 + int(s), int(mm) * 60 + int(ss)) for n, m, s, h, mm, ss in rows
             if int(n) % 2 == 1 and int(n) <= 8]
    assert sente == [(1, 1), (2, 4), (61, 66), (0, 66)]   # totals 1.7, 4.6, 66.2, 66.7 s


def test_time_forfeit_is_a_time_up_in_kif(tmp_path):
    path = tmp_path / "g.kif"
    game = shogi_game("time forfeit", "0-1", "Sente (A) loses on time (1.300 s)")
    write_shogi(game, str(path), "kif")
    _, text = kif_times(path)
    assert "   9 切れ負け" in text and "投了" not in text
    assert "まで8手で後手の勝ち" in text
    parsed = cshogi.KIF.Parser.parse_file(str(path))
    assert len(parsed.moves) == len(OPENING) and parsed.win == cshogi.WHITE_WIN
    ours = read_kif(str(path))
    assert ours.result == "0-1" and ours.end_comment == "切れ負け"


def test_time_forfeit_is_time_up_in_csa(tmp_path):
    path = tmp_path / "g.csa"
    write_shogi(shogi_game("time forfeit", "0-1", "Sente (A) loses on time"), str(path), "csa")
    parsed = cshogi.CSA.Parser.parse_file(str(path))[0]
    assert parsed.endgame == "%TIME_UP"
    assert len(parsed.moves) == len(OPENING)
    assert "%TORYO" not in path.read_text()


def test_resignation_stays_a_resignation(tmp_path):
    kif, csa = tmp_path / "g.kif", tmp_path / "g.csa"
    write_shogi(shogi_game(), str(kif), "kif")
    write_shogi(shogi_game(), str(csa), "csa")
    assert "投了" in kif.read_text(encoding="cp932")
    assert cshogi.CSA.Parser.parse_file(str(csa))[0].endgame == "%TORYO"
