"""The `jiangjun` process: dialect from the command line, clean exits on quit, EOF and signals,
flushed lines, and nothing but protocol lines on stdout."""
from __future__ import annotations

import signal
import subprocess
import sys
import time

COMMAND = [sys.executable, "-m", "protocol"]


def start(*args):
    return subprocess.Popen(COMMAND + list(args), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, bufsize=1)


def read_until(process, wanted: str) -> list[str]:
    lines = []
    while True:
        line = process.stdout.readline()
        assert line, f"engine closed stdout before '{wanted}': {lines}"
        lines.append(line.rstrip("\n"))
        if line.startswith(wanted):
            return lines


def test_protocol_flag_and_real_search_over_a_pipe():
    process = start("--protocol", "ucci")
    try:
        process.stdin.write("ucci\n")
        assert read_until(process, "ucciok")[-1] == "ucciok"
        process.stdin.write("isready\nposition startpos moves h2e2\ngo depth 2\n")
        lines = read_until(process, "bestmove")
        assert lines[-1].split()[1][0] in "abcdefghi"
        process.stdin.write("quit\n")
        assert read_until(process, "bye") == ["bye"]
        assert process.wait(30) == 0
    finally:
        process.kill()


def test_sigterm_exits_cleanly_without_traceback_on_stdout():
    process = start()
    try:
        process.stdin.write("xboard\nprotover 2\n")
        read_until(process, "feature done=1")
        process.stdin.write("new\nanalyze\n")
        process.stdin.write("ping 1\n")
        read_until(process, "pong 1")
        process.send_signal(signal.SIGINT)          # XBoard's interrupt: ignored, keeps going
        time.sleep(0.3)
        process.stdin.write("ping 2\n")
        assert read_until(process, "pong 2")[-1] == "pong 2"
        process.send_signal(signal.SIGTERM)
        out, _ = process.communicate(timeout=30)
        assert process.returncode == 0
        assert "Traceback" not in out
    finally:
        process.kill()


def test_eof_ends_the_engine_after_its_bestmove():
    process = start()
    out, _ = process.communicate("uci\nposition startpos\ngo depth 1\n", timeout=120)
    assert process.returncode == 0
    assert sum(line.startswith("bestmove") for line in out.splitlines()) == 1


# ---------------------------------------------------------------------- hostile input (issue 14)
def send(process, *lines):
    process.stdin.write("".join(line + "\n" for line in lines))
    process.stdin.flush()


def test_huge_clocks_get_one_bestmove_each_from_the_real_search():
    # the search's int64 deadline used to overflow: "internal error (OverflowError)", no bestmove
    process = start("--protocol", "uci")
    try:
        send(process, "uci", "isready")
        read_until(process, "readyok")
        for go in ("go movetime 1e18", "go wtime 1e308 btime 1e308 movestogo 1",
                   "go ponder wtime 1e308 btime 1e308 winc 1e308 binc 1e308"):
            send(process, "position startpos", go)
            if "ponder" in go:
                send(process, "ponderhit")
            send(process, "isready")
            lines = read_until(process, "readyok")
            send(process, "stop")
            lines += read_until(process, "bestmove")
            assert not [x for x in lines if "error" in x], lines
        send(process, "quit")
        assert process.wait(30) == 0
    finally:
        process.kill()


def test_usi_byoyomi_1e18_answers():
    process = start("--protocol", "usi")
    try:
        send(process, "usi", "isready", "usinewgame", "position startpos", "go byoyomi 1e18",
             "isready")
        lines = read_until(process, "readyok")
        send(process, "stop")
        lines += read_until(process, "bestmove")
        assert not [x for x in lines if "error" in x], lines
    finally:
        process.kill()


def test_hash_that_really_cannot_be_allocated_is_refused():
    """A real failed allocation, made cheap: the engine's address space is capped a little
    above what it uses, so a 2 GB table cannot be mapped (nothing large is ever touched)."""
    import resource
    process = start("--protocol", "uci")
    try:
        send(process, "uci", "setoption name Hash value 8", "isready")
        read_until(process, "readyok")
        with open(f"/proc/{process.pid}/status") as status:
            vm_kb = next(int(x.split()[1]) for x in status if x.startswith("VmSize:"))
        soft, hard = resource.prlimit(process.pid, resource.RLIMIT_AS)
        resource.prlimit(process.pid, resource.RLIMIT_AS, ((vm_kb << 10) + (512 << 20), hard))
        send(process, "setoption name Hash value 2048", "isready")
        lines = read_until(process, "readyok")
        assert lines[0] == "info string error: cannot allocate Hash 2048 MB; Hash stays 8 MB"
        send(process, "position startpos", "go depth 3")
        lines = read_until(process, "bestmove")
        assert not [x for x in lines if "error" in x], lines
    finally:
        process.kill()


def test_a_2001_ply_xiangqi_game_is_answered_for_its_last_position():
    cycle = ["b0c2", "b9c7", "c2b0", "c7b9"]
    moves = " ".join(cycle[i % 4] for i in range(2001))     # black to move at the end
    process = start("--protocol", "ucci")
    try:
        send(process, "ucci", "isready", f"position startpos moves {moves}", "go depth 3")
        lines = read_until(process, "bestmove")
        assert not [x for x in lines if "error" in x], lines
        best = lines[-1].split()[1]
        assert best[1] in "6789"            # a black piece moves (black's half is ranks 5-9)
    finally:
        process.kill()


def test_quit_behind_a_megabyte_line_is_honoured_promptly():
    process = start("--protocol", "uci")
    try:
        send(process, "uci", "isready")
        read_until(process, "readyok")
        send(process, "position startpos", "go depth 1 searchmoves " + "e2e4 " * 200_000, "quit")
        out, _ = process.communicate(timeout=5)           # generous: it takes well under 1 s
        assert process.returncode == 0
        errors = [x for x in out.splitlines() if x.startswith("info string error")]
        assert len(errors) == 1 and "line too long" in errors[0]
        assert not [x for x in out.splitlines() if x.startswith("bestmove")]
    finally:
        process.kill()


def test_the_handshake_path_imports_neither_numpy_nor_numba():
    # uciok/usiok/feature done go out before the engine loads: the loop and every dialect
    # (XBoard's claim rules included) must stay light; numpy alone costs 0.1-0.15 s here
    code = ("import sys, protocol.server.loop; "
            "print(sorted(m for m in ('numpy', 'numba', 'llvmlite') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
