"""XBoard pondering over a real `jiangjun` process: with `hard`, the engine searches the expected
reply after each of its moves; a hit plays that search's move, a miss or a game-changing command
drops it silently. Every test counts the `move` lines of the whole transcript (read to EOF after
`quit`), so a stray move from an abandoned ponder search cannot hide."""
from __future__ import annotations

import queue
import subprocess
import sys
import threading

import pytest

from engine.board import Board

COMMAND = [sys.executable, "-m", "protocol"]
WAIT_S = 120           # a generous guard against a hang, never a speed assertion

# variant command, the engine's first opponent move (the engine plays black/the second player)
GAMES = {"chess": (None, "e2e4"), "xiangqi": ("variant xiangqi", "h2e2")}


class Engine:
    def __init__(self):
        self.process = subprocess.Popen(COMMAND, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, bufsize=1)
        self.lines: queue.Queue = queue.Queue()
        self.transcript: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, *commands: str) -> None:
        for command in commands:
            self.process.stdin.write(command + "\n")
        self.process.stdin.flush()

    def until(self, accept) -> list[str]:
        seen = []
        while True:
            line = self.lines.get(timeout=WAIT_S)
            assert line is not None, f"engine closed stdout: {seen}"
            self.transcript.append(line)
            seen.append(line)
            if accept(line):
                return seen

    def quit(self) -> list[str]:
        """Everything the engine still prints until it exits."""
        self.send("quit")
        rest = []
        while (line := self.lines.get(timeout=WAIT_S)) is not None:
            rest.append(line)
        self.transcript.extend(rest)
        assert self.process.wait(WAIT_S) == 0
        return rest

    def moves(self) -> list[str]:
        return [line.split()[1] for line in self.transcript if line.startswith("move ")]

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def thinking(line: str) -> bool:
    return line[:1].isdigit() and "\t" in line


@pytest.fixture
def engine():
    running = Engine()
    yield running
    running.close()


def start_pondering(engine: Engine, variant: str, *limits: str):
    """Handshake, one opponent move, the engine's reply; returns (board after the reply,
    the engine's move, the pondered move), once the ponder search has printed thinking."""
    setup, first = GAMES[variant]
    engine.send("xboard", "protover 2")
    engine.until(lambda line: line == "feature done=1")
    engine.send("new", *([setup] if setup else []), "hard", "post", *limits,
                "time 200", "otim 200", f"usermove {first}")
    reply = engine.until(lambda line: line.startswith("move "))[-1].split()[1]
    board = Board(variant)
    board.push_str(first)
    assert reply in board.legal_move_strs()
    board.push_str(reply)
    engine.until(thinking)                 # the ponder search is running (and posting)
    engine.send("hint")
    hint = engine.until(lambda line: line.startswith("Hint: "))[-1].split()[1]
    assert hint in board.legal_move_strs()
    return board, reply, hint


def assert_one_legal_answer(engine, board, played: str, answer: str) -> None:
    """After ``played`` the engine answered ``answer``: legal, and the only move it sends."""
    board.push_str(played)
    assert answer in board.legal_move_strs()
    engine.send("ping 1")
    engine.until(lambda line: line == "pong 1")
    engine.quit()
    assert len(engine.moves()) == 2


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_ponder_hit_answers_with_one_move(engine, variant):
    board, _, hint = start_pondering(engine, variant, "level 0 0:02 0", "sd 3")
    engine.send("time 190", "otim 195", f"usermove {hint}")
    lines = engine.until(lambda line: line.startswith("move "))
    answer = lines[-1].split()[1]
    # the ponder search went on (no fresh search restarting at depth 1)
    assert not any(thinking(line) and line.split()[0] == "1" for line in lines)
    assert_one_legal_answer(engine, board, hint, answer)


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_ponder_miss_plays_one_legal_move_in_the_new_position(engine, variant):
    board, _, hint = start_pondering(engine, variant, "st 1", "sd 3")
    other = next(text for text in board.legal_move_strs() if text != hint)
    engine.send(f"usermove {other}")
    lines = engine.until(lambda line: line.startswith("move "))
    answer = lines[-1].split()[1]
    # a fresh search of the real position, restarting at depth 1
    assert any(thinking(line) and line.split()[0] == "1" for line in lines)
    assert_one_legal_answer(engine, board, other, answer)


@pytest.mark.parametrize("variant", sorted(GAMES))
@pytest.mark.parametrize("command", ["force", "new", "undo"])
def test_game_commands_while_pondering_stop_it_silently(engine, variant, command):
    start_pondering(engine, variant, "st 1", "sd 3")
    engine.send(command, "ping 3")
    engine.until(lambda line: line == "pong 3")
    engine.quit()
    assert len(engine.moves()) == 1


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_easy_stops_pondering_and_force_mode_never_ponders(engine, variant):
    board, _, hint = start_pondering(engine, variant, "st 1", "sd 3")
    engine.send("easy", "force", f"usermove {hint}", "ping 4")
    lines = engine.until(lambda line: line == "pong 4")
    assert not any(line.startswith("move ") for line in lines)
    engine.quit()
    assert len(engine.moves()) == 1
