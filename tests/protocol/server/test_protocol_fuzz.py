"""Random and mutated command lines in every dialect: no crash, no traceback on stdout, an error
line in the dialect's form for each bad line, and the previous position kept."""
from __future__ import annotations

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

from protocol_harness import Talk  # noqa: E402

HELLO = {"uci": "uci", "ucicyclone": "ucicyclone", "ucci": "ucci", "usi": "usi",
         "xboard": "xboard"}
ERROR_PREFIX = {"uci": "info string error:", "ucicyclone": "info string error:",
                "ucci": "info message error:", "usi": "info string error:",
                "xboard": ("Error (", "Illegal move:", "tellusererror")}
GOOD = {
    "uci": ["position startpos moves e2e4 e7e5", "go depth 1", "setoption name Hash value 8",
            "isready", "ucinewgame", "setoption name MultiPV value 2", "go nodes 10"],
    "ucicyclone": ["position startpos moves h2e2", "startpos moves h2e2 h9g7", "go depth 1"],
    "ucci": ["position startpos moves h2e2", "banmoves h9g7", "go depth 1", "setoption hashsize 8"],
    "usi": ["position startpos moves 7g7f 3c3d", "go btime 100 wtime 100 byoyomi 10",
            "setoption name USI_Hash value 8", "usinewgame", "go mate 10"],
    "xboard": ["usermove e2e4", "force", "setboard 8/8/8/8/8/8/8/K1k5 w - - 0 1", "undo",
               "level 40 5 0", "st 0.1", "sd 2", "ping 3", "new", "variant xiangqi"],
}
KNOWN_WORDS = {"uci", "ucci", "usi", "xboard", "protover", "isready", "position", "go", "stop",
               "quit", "setoption", "ucinewgame", "usinewgame", "ponderhit", "gameover", "d",
               "banmoves", "probe", "fen", "startpos", "ucicyclone", "uccinewgame",
               "new", "variant", "force", "playother", "usermove", "time", "otim", "level", "st",
               "sd", "nps", "undo", "remove", "result", "setboard", "analyze", "exit", ".", "hint",
               "bk", "post", "nopost", "hard", "easy", "ping", "option", "memory", "cores", "?",
               "draw", "random", "computer", "name", "rating", "ics", "egtpath", "pause",
               "resume", "accepted", "rejected", "white", "black"}
FORBIDDEN = ("Traceback", 'File "')

word = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789@*+-=/._?", min_size=1, max_size=8)
line = st.lists(word, min_size=1, max_size=8).map(" ".join)


def mutate(draw, text: str) -> str:
    tokens = text.split()
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["drop", "dup", "replace", "swap", "junk"]))
        index = draw(st.integers(0, len(tokens) - 1)) if tokens else 0
        if kind == "drop" and len(tokens) > 1:
            tokens.pop(index)
        elif kind == "dup" and tokens:
            tokens.insert(index, tokens[index])
        elif kind == "replace" and tokens:
            tokens[index] = draw(word)
        elif kind == "swap" and len(tokens) > 1:
            other = draw(st.integers(0, len(tokens) - 1))
            tokens[index], tokens[other] = tokens[other], tokens[index]
        else:
            tokens.insert(index, draw(word))
    return " ".join(tokens) or "x"


@st.composite
def command_lines(draw, dialect):
    lines = []
    for _ in range(draw(st.integers(1, 6))):
        if draw(st.booleans()):
            lines.append(draw(line))
        else:
            lines.append(mutate(draw, draw(st.sampled_from(GOOD[dialect]))))
    return lines


def started(dialect: str) -> Talk:
    talk = Talk(dialect)
    talk.send(HELLO[dialect])
    if dialect == "xboard":
        talk.send("protover 2", "new", "force")
    return talk


# A fuzzed `go` may start a search that only `stop` ends (UCI's bare `go`, `go infinite`);
# stop it at once rather than wait for the harness's timeout on every such example.
STOP_WORD = {"uci": "stop", "ucicyclone": "stop", "ucci": "stop", "usi": "stop", "xboard": "?"}


def feed_then_stop(talk: Talk, dialect: str, text: str) -> list[str]:
    talk.alive = talk.loop.feed(text) and talk.alive
    slot = talk.loop.dialect.session.slot
    if talk.alive and slot.busy:
        talk.loop.feed(STOP_WORD[dialect])
    talk.settle()
    return talk.new_lines()


@pytest.mark.parametrize("dialect", sorted(HELLO))
@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_fuzzed_lines_never_crash(dialect, data):
    talk = started(dialect)
    try:
        for text in data.draw(command_lines(dialect)):
            first = text.split()[0].lower()
            if first in ("quit", "position", "setboard", "fen", "startpos", "new", "variant",
                         "ucinewgame", "usinewgame", "setoption", "option", "undo", "remove",
                         "uci", "ucci", "usi", "xboard"):
                continue   # these legitimately change or end the game; checked elsewhere
            dialect_obj = talk.loop.dialect
            game = dialect_obj.session.game
            before = game.position.fen() if game.position is not None else None
            out = feed_then_stop(talk, dialect, text)
            assert talk.alive
            assert not any(mark in l for l in out for mark in FORBIDDEN), out
            if first not in KNOWN_WORDS and not (dialect == "xboard" and any(c.isdigit() for c in first)):
                assert out and out[0].startswith(ERROR_PREFIX[dialect]), (text, out)
            if game.position is not None and before is not None and first not in (
                    "usermove", "undo", "remove", "go", "playother") and not (
                    dialect == "xboard" and first not in KNOWN_WORDS):
                assert game.position.fen() == before, text
    finally:
        talk.loop.close()


@pytest.mark.parametrize("dialect", ["uci", "ucicyclone", "ucci", "usi"])
@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_mutated_position_lines_keep_the_previous_position(dialect, data):
    talk = started(dialect)
    try:
        good = [g for g in GOOD[dialect] if g.startswith(("position", "startpos"))][0]
        talk.send(good)
        before = talk.loop.dialect.session.game.position.fen()
        text = "position " + data.draw(line)
        out = talk.send(text)
        after = talk.loop.dialect.session.game.position.fen()
        if out:
            assert len(out) == 1 and out[0].startswith(ERROR_PREFIX[dialect]), (text, out)
            assert after == before
    finally:
        talk.loop.close()


def test_xboard_bad_moves_answer_illegal_move():
    talk = started("xboard")
    position = talk.loop.dialect.session.game.position
    for bad in ("usermove e2e5", "usermove zz", "usermove @@@@", "usermove P@e4"):
        assert talk.send(bad) == [f"Illegal move: {bad.split()[1]}"]
    assert position.ply == 0
