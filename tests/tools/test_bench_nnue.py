"""tools/bench_nnue times a trained net (--net) only in the game whose net it is."""

import pytest

from engine.nnue.nets import shipped_net
from tools.bench_nnue import is_net_of, main


def test_a_net_file_is_timed_in_its_own_game_only():
    chess = shipped_net("chess")
    assert is_net_of(chess, "chess")
    assert not is_net_of(chess, "shogi") and not is_net_of(chess, "xiangqi")


def test_a_net_of_none_of_the_games_is_refused(capsys):
    with pytest.raises(SystemExit) as ended:
        main(["--games", "xiangqi", "--l1", "--net", str(shipped_net("chess"))])
    assert ended.value.code == 2
    assert "is no net of xiangqi" in capsys.readouterr().err


def test_a_row_names_its_net_file_whole_and_the_columns_stay_aligned(capsys):
    chess = shipped_net("chess")
    assert main(["--games", "chess", "--l1", "--net", str(chess), "--depth", "1",
                 "--rounds", "1"]) == 0
    header, *rows = capsys.readouterr().out.splitlines()
    assert [row.split()[0] for row in rows] == ["chess", "chess"]
    assert f"net {chess}" in rows[1]
    assert {len(row) for row in rows} == {len(header)}      # numbers end under their headings
