"""The `jiangjun perft` command: divide output format, one-line errors with a non-zero exit,
and Ctrl-C ending every command at once with exit code 130."""
import os
import re
import signal
import subprocess
import sys
import time

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


# ---------------------------------------------------------------------- Ctrl-C
def _interrupt(argv: list[str], settle: float, feed: str | None = None, group: bool = False,
               sig: int = signal.SIGINT, parent_only: bool = False) -> tuple[int, str, float, str]:
    """Start `jiangjun ARGV` (with ``feed`` on its stdin), send ``sig`` after ``settle`` s (to
    its whole process group with ``group``, as a terminal's Ctrl-C does, unless
    ``parent_only``; with ``group`` no process of the group may outlive it); (exit code,
    stderr, seconds to exit, stdout)."""
    proc = subprocess.Popen([sys.executable, "-m", "protocol", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            stdin=subprocess.PIPE if feed is not None else None,
                            start_new_session=group)
    if feed is not None:
        proc.stdin.write(feed)
        proc.stdin.flush()
    time.sleep(settle)
    assert proc.poll() is None, proc.communicate()
    sent = time.monotonic()
    if group and not parent_only:
        os.killpg(proc.pid, sig)
    else:
        proc.send_signal(sig)
    try:
        out, err = proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail(f"jiangjun {' '.join(argv)} still running 10 s after signal {sig}")
    if group:
        for _ in range(100):
            try:
                os.killpg(proc.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.05)
        else:
            os.killpg(proc.pid, signal.SIGKILL)
            pytest.fail(f"a process that jiangjun {' '.join(argv)} started outlived it")
    return proc.returncode, err, time.monotonic() - sent, out


@pytest.fixture(scope="module")
def settle():
    """Seconds after which a started command is surely past start-up and inside its kernels:
    twice a warm start (this run also fills the kernel cache), and at least 3."""
    t0 = time.monotonic()
    subprocess.run([sys.executable, "-m", "protocol", "perft", "--variant", "chess", "1"],
                   capture_output=True, timeout=600, check=True)
    return max(3.0, 2 * (time.monotonic() - t0))


@pytest.mark.parametrize("argv", [
    ["perft", "--variant", "chess", "100"],                  # one kernel call per root move
    ["bench", "--variant", "chess", "--depth", "60"],        # a search thread in a kernel
    ["analyse", "--variant", "chess", "--moves", "e2e4", "--depth", "60", "--quiet"],
])
def test_ctrl_c_ends_a_command_at_once_with_130(argv, settle):
    code, err, _, _ = _interrupt(argv, settle)
    assert code == 130, err
    assert "Traceback" not in err


def test_ctrl_c_ends_selfplay_quietly(tmp_path, settle):
    """A terminal's Ctrl-C reaches the worker processes too: the run still ends with one line,
    no worker's traceback and no warning of leaked semaphores."""
    argv = ["selfplay", "--variant", "xiangqi", "--games", "400", "--nodes", "300",
            "--chunk-games", "1", "--concurrency", "2", "--out", str(tmp_path / "data")]
    code, err, _, _ = _interrupt(argv, settle + 5, group=True)
    assert code == 130, err
    assert "interrupted; the finished chunks are kept" in err
    for noise in ("Traceback", "SpawnPoolWorker", "leaked", "Warning"):
        assert noise not in err, err


def test_a_killed_selfplay_ends_its_workers_quietly_with_143(tmp_path, settle):
    """`kill` (SIGTERM to the parent alone, as a job scheduler sends it): the workers go with
    it, none prints a traceback (they did: broken pipes), the finished chunks stay."""
    argv = ["selfplay", "--variant", "xiangqi", "--games", "400", "--nodes", "300",
            "--chunk-games", "1", "--concurrency", "2", "--out", str(tmp_path / "data")]
    code, err, _, _ = _interrupt(argv, settle + 5, group=True, sig=signal.SIGTERM, parent_only=True)
    assert code == 143, err
    for noise in ("Traceback", "SpawnPoolWorker", "leaked", "Warning"):
        assert noise not in err, err


@pytest.mark.parametrize("argv", [
    ["perft", "--variant", "chess", "100"],
    ["bench", "--variant", "chess", "--depth", "60"],
])
def test_sigterm_ends_a_command_at_once_with_143(argv, settle):
    code, err, _, _ = _interrupt(argv, settle, sig=signal.SIGTERM)
    assert code == 143 and "Traceback" not in err, err


def test_ctrl_c_ends_a_match_and_its_engines(tmp_path, settle):
    pids = tmp_path / "pids"
    engine = tmp_path / "engine.py"     # answers the handshake, then never moves
    engine.write_text("import os, sys\n"
                      f"open({str(pids)!r}, 'a').write(f'{{os.getpid()}}\\n')\n"
                      "for l in sys.stdin:\n"
                      " l = l.strip()\n"
                      " if l == 'uci': print('uciok', flush=True)\n"
                      " elif l == 'isready': print('readyok', flush=True)\n")
    cmd = f"cmd={sys.executable} {engine}"
    code, err, _, _ = _interrupt(["match", "--variant", "chess", "--engine", "name=a", cmd, "proto=uci",
                               "--engine", "name=b", cmd, "proto=uci", "--depth", "1",
                               "--hang-timeout", "600", "--games", "2", "--concurrency", "2"],
                              settle)
    assert code == 130 and "Traceback" not in err, err
    started = [int(pid) for pid in pids.read_text().split()]
    assert started              # up to two games of two engines, depending on the machine's speed
    time.sleep(0.5)
    for pid in started:         # killed with the match, not left orphaned
        assert not os.path.exists(f"/proc/{pid}") or "zombie" in open(f"/proc/{pid}/status").read().lower()


@pytest.mark.parametrize("hello, searching", [("uci", "go infinite"), ("usi", "go infinite"),
                                               ("ucci", "go infinite")])
def test_ctrl_c_ends_the_protocol_loop_with_130_even_while_searching(hello, searching, settle):
    code, err, _, out = _interrupt([], settle, feed=f"{hello}\nisready\n{searching}\n")
    assert code == 130, err
    assert "Traceback" not in out + err
    assert "bestmove" in out            # the running search still answered before the exit
