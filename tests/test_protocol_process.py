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
