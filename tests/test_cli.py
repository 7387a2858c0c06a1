"""The `jiangjun perft` command: divide output format, and one-line errors with a non-zero exit."""
import re
import subprocess
import sys

import pytest

from engine.board import Board
from engine.perft import perft
from protocol.cli import main

XIANGQI_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
LINE = re.compile(r"^([a-z0-9*+@]+): (\d+)$")


def run_main(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def parse_divide(out: str) -> tuple[dict[str, int], int]:
    lines = [line for line in out.splitlines() if line.strip()]
    last = re.fullmatch(r"Nodes searched: (\d+)", lines[-1])
    assert last, f"last line is not 'Nodes searched: N': {lines[-1]!r}"
    rows = {}
    for line in lines[:-1]:
        match = LINE.match(line)
        assert match, f"not a 'move: count' line: {line!r}"
        rows[match.group(1)] = int(match.group(2))
    return rows, int(last.group(1))


def test_perft_divide_format_after_moves(capsys):
    code, out, err = run_main(capsys, "perft", "--variant", "xiangqi", "--fen", XIANGQI_START,
                              "--moves", "h2e2", "h9g7", "2")
    assert code == 0 and err == ""
    rows, total = parse_divide(out)
    board = Board("xiangqi", XIANGQI_START)
    board.push_str("h2e2")
    board.push_str("h9g7")
    assert set(rows) == set(board.legal_move_strs())
    assert sum(rows.values()) == total == perft(board.position, 2)


def test_perft_depth_before_options(capsys):
    code, out, _ = run_main(capsys, "perft", "--variant", "xiangqi", "3")
    rows, total = parse_divide(out)
    assert code == 0 and len(rows) == 44 and total == 79666


@pytest.mark.parametrize("argv,needle", [
    (["perft", "--variant", "xiangqi", "--fen", "rnbakabnr/9/9 w", "2"], "ranks"),
    (["perft", "--variant", "xiangqi", "--fen", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "1"],
     "enemy king"),
    (["perft", "--variant", "xiangqi", "--moves", "a0a5", "1"], "illegal move 'a0a5'"),
    (["perft", "--variant", "xiangqi"], "depth"),
    (["perft", "--variant", "xiangqi", "0"], "depth must be at least 1"),
    (["perft", "--variant", "xiangqi", "two"], "invalid int"),
    (["perft", "--variant", "makruk", "1"], "unknown variant"),
    (["perft", "--bogus", "1"], "unrecognized arguments"),
])
def test_errors_are_one_line_on_stderr(capsys, argv, needle):
    code, out, err = run_main(capsys, *argv)
    assert code != 0
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("jiangjun: error:") and needle in err


def test_real_command_exit_status_and_streams():
    ok = subprocess.run([sys.executable, "-m", "protocol", "perft", "--variant", "xiangqi",
                         "--moves", "h2e2", "1"], capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0, ok.stderr
    board = Board("xiangqi")
    board.push_str("h2e2")
    assert parse_divide(ok.stdout)[1] == len(board.legal_moves)
    bad = subprocess.run([sys.executable, "-m", "protocol", "perft", "--variant", "xiangqi",
                          "--fen", "xyz", "1"], capture_output=True, text=True, timeout=120)
    assert bad.returncode != 0 and bad.stdout == ""
    assert len(bad.stderr.strip().splitlines()) == 1 and "jiangjun: error:" in bad.stderr
