"""Hostile but well-formed input (issue 14): huge or out-of-range limits, a Hash or Threads that
cannot be allocated, games longer than any fixed stack, huge move lists and lines, and UCCI's
`stop` with nothing to stop. Every `go` gets exactly one answer; errors come in the dialect's
own form and leave the previous state in place."""
from __future__ import annotations

import io
import threading
from dataclasses import replace

import pytest

import protocol_fake_search as fake
from engine.position import Position
from engine.search_records import MAX_MS, Limits
from protocol.server.lines import MAX_LINE_CHARS
from protocol.server.loop import Loop
from protocol.server.session import Output, SearchSlot
from protocol_harness import Talk

ERROR = {"uci": "info string error:", "ucci": "info message error:",
         "usi": "info string error:", "xboard": "Error ("}
STOP = {"uci": "stop", "ucci": "stop", "usi": "stop", "xboard": "?"}


@pytest.fixture(autouse=True)
def fresh_fake():
    fake.Searcher.started.clear()
    fake.Searcher.script = {}
    yield


def talk(dialect: str) -> Talk:
    t = Talk(dialect)
    t.send(dialect)
    if dialect == "xboard":
        t.send("protover 2", "new", "force")
    return t


def answers(lines: list[str], dialect: str) -> list[str]:
    word = "move " if dialect == "xboard" else "bestmove"
    return [line for line in lines if line.startswith(word) or line == "nobestmove"]


def go_then_stop(t: Talk, dialect: str, *lines: str) -> list[str]:
    """Feed the lines; a search they leave running (huge limits) is then stopped."""
    for line in lines:
        t.alive = t.loop.feed(line) and t.alive
    if t.loop.dialect.session.slot.busy:
        t.loop.feed(STOP[dialect])
    t.settle()
    return t.new_lines()


# ---------------------------------------------------------------------- 1. huge limits
HUGE_GO = {
    "uci": ["go movetime 1e18", "go wtime 1e308 btime 1e308 movestogo 1",
            "go wtime 1e400 btime inf winc 1e308 binc -inf movestogo 1e300",
            "go nodes 1e30 depth 99999999999999999999999 mate 1e18",
            "go depth -5 nodes 0 movestogo -1 movetime -10"],
    "ucci": ["go time 1e308 increment 1e308 opptime 1e308", "go time 1e300 movestogo 1",
             "go depth 1e300", "go nodes 1e300"],
    "usi": ["go byoyomi 1e18", "go btime 1e308 wtime 1e308 byoyomi 1e18",
            "go btime 1e308 wtime 1e308 binc 1e308 winc 1e308"],
}


@pytest.mark.parametrize("dialect,line", [(d, line) for d, lines in HUGE_GO.items()
                                          for line in lines])
def test_huge_or_negative_limits_get_exactly_one_bestmove(dialect, line):
    t = talk(dialect)
    out = go_then_stop(t, dialect, "position startpos", line)
    assert len(answers(out, dialect)) == 1, out
    assert not [x for x in out if "internal error" in x]
    limits = fake.Searcher.started[-1][1]
    for value in (limits.movetime_ms, *limits.time_ms, *limits.inc_ms, *limits.byoyomi_ms):
        assert value is None or 0 <= value <= MAX_MS
    # the engine keeps going
    assert len(answers(t.send("go depth 1"), dialect)) == 1


@pytest.mark.parametrize("dialect", ["uci", "usi"])
def test_ponder_with_huge_clocks_then_ponderhit_answers_once(dialect):
    t = talk(dialect)
    clocks = ("wtime 1e308 btime 1e308 movestogo 1" if dialect == "uci"
              else "btime 1e308 wtime 1e308 byoyomi 1e18")
    out = go_then_stop(t, dialect, "position startpos", f"go ponder {clocks}", "ponderhit")
    assert len(answers(out, dialect)) == 1, out


def test_nan_is_refused_in_one_error_line_and_the_search_still_answers():
    t = talk("uci")
    out = go_then_stop(t, "uci", "position startpos", "go movetime nan depth 1")
    assert [x for x in out if x.startswith(ERROR["uci"])] == [
        "info string error: movetime takes a number, not 'nan'"]
    assert len(answers(out, "uci")) == 1


@pytest.mark.parametrize("lines", [
    ["level 1e300 1e300 1e300", "time 1e308", "otim 1e308"],
    ["level 0 99999999999:00 -1e308", "time -1e308", "otim inf"],
    ["st 1e300", "sd 1e400"],
    ["nps 1e300", "st 1e300"],
], ids=["level", "negative", "st-sd", "nps"])
def test_xboard_huge_clocks_get_exactly_one_move(lines):
    t = talk("xboard")
    out = go_then_stop(t, "xboard", *lines, "go")
    assert len(answers(out, "xboard")) == 1, out
    assert not [x for x in out if x.startswith("Error")]


def test_xboard_nan_clocks_are_refused_and_the_old_values_kept():
    t = talk("xboard")
    t.send("st 2")
    out = t.send("st nan", "time nan", "otim nan", "sd nan", "level 40 nan 0", "st -1")
    assert len([x for x in out if x.startswith("Error (")]) == 6, out
    assert t.loop.dialect.st == 2 and t.loop.dialect.time_cs is None


# ---------------------------------------------------------------------- 2. Hash and Threads
@pytest.fixture
def scarce_memory(monkeypatch):
    """The fake searcher cannot have more than 1024 MB of Hash or 4 threads."""
    def resize_hash(self, mb):
        if mb > 1024:
            raise MemoryError(f"cannot allocate Hash {mb} MB")
        self.config = replace(self.config, hash_mb=mb)

    def set_threads(self, count):
        if count > 4:
            raise MemoryError
        self.config = replace(self.config, threads=count)
    monkeypatch.setattr(fake.Searcher, "resize_hash", resize_hash)
    monkeypatch.setattr(fake.Searcher, "set_threads", set_threads)


SET_HASH = {"uci": "setoption name Hash value {}", "ucci": "setoption hashsize {}",
            "usi": "setoption name USI_Hash value {}", "xboard": "memory {}"}
SET_THREADS = {"uci": "setoption name Threads value {}", "ucci": "setoption threads {}",
               "usi": "setoption name Threads value {}", "xboard": "cores {}"}


@pytest.mark.parametrize("dialect", sorted(SET_HASH))
def test_hash_that_cannot_be_allocated_is_refused_and_the_old_table_kept(dialect, scarce_memory):
    t = talk(dialect)
    t.send("isready" if dialect != "xboard" else "ping 1")
    assert t.send(SET_HASH[dialect].format(64)) == []
    out = t.send(SET_HASH[dialect].format(65536))
    assert len(out) == 1 and out[0].startswith(ERROR[dialect]), out
    assert "cannot allocate Hash 65536 MB" in out[0] and "Hash stays 64 MB" in out[0]
    assert t.loop.dialect.session.options["Hash"] == 64
    out = t.send(SET_THREADS[dialect].format(64))
    assert len(out) == 1 and out[0].startswith(ERROR[dialect]) and "Threads stays 1" in out[0]
    assert t.loop.dialect.session.options["Threads"] == 1
    go = "go" if dialect == "xboard" else "go depth 1"
    out = t.send("position startpos" if dialect != "xboard" else "new", go)
    assert len(answers(out, dialect)) == 1, out
    assert not [x for x in out if x.startswith(ERROR[dialect])]
    searcher = t.loop.core.searcher
    assert searcher.config.hash_mb == 64 and searcher.config.threads == 1


def test_hash_is_tried_before_the_engine_has_loaded(monkeypatch):
    """While the kernels load there is no searcher yet: the size is tried with numpy alone."""
    import engine.hash_table as hash_table
    monkeypatch.setattr(hash_table, "physical_memory_bytes", lambda: 512 << 20)
    t = talk("uci")
    monkeypatch.setattr(t.loop.core, "searcher", None)
    out = t.send("setoption name Hash value 1024")
    assert out == ["info string error: Hash 1024 MB is more than this machine's memory "
                   "(512 MB); Hash stays 16 MB"]
    assert t.loop.dialect.session.options["Hash"] == 16
    assert t.send("setoption name Hash value 32") == []
    assert t.loop.dialect.session.options["Hash"] == 32


# ---------------------------------------------------------------------- 3. long games
SHUFFLE = {"ucci": ["b0c2", "b9c7", "c2b0", "c7b9"], "uci": ["g1f3", "g8f6", "f3g1", "f6g8"],
           "usi": ["5i5h", "5a5b", "5h5i", "5b5a"]}
VARIANT = {"ucci": "xiangqi", "uci": "chess", "usi": "shogi"}


@pytest.mark.parametrize("dialect", sorted(SHUFFLE))
def test_a_2001_ply_game_is_set_and_searched_from_the_right_position(dialect):
    cycle = SHUFFLE[dialect]
    moves = [cycle[i % 4] for i in range(2001)]
    t = talk(dialect)
    assert t.send("position startpos moves " + " ".join(moves)) == []
    out = t.send("go depth 1")
    expected = Position(VARIANT[dialect])
    from engine.notation import parse_move
    for text in moves:
        expected.push(parse_move(expected, text))
    assert fake.Searcher.started[-1][0] == expected.fen()
    assert t.loop.dialect.session.game.position.ply == 2001 and expected.turn == 1
    best = answers(out, dialect)[0].split()[1]
    codec = t.loop.dialect.codec(expected.spec)
    from engine.dialect_notation import text_to_move
    assert text_to_move(expected, best, codec) in expected.legal_moves()


# ---------------------------------------------------------------------- 5. huge lists and lines
def test_searchmoves_with_20000_bad_entries_gives_one_error_line():
    t = talk("uci")
    entries = " ".join(["e2e4", "zz9", "a1a8", "e2e4", "d2d4"] * 4000)
    out = t.send("position startpos", "go depth 1 searchmoves " + entries)
    errors = [x for x in out if x.startswith("info string error")]
    assert errors == ["info string error: searchmoves: 8000 entries are not a legal move here: "
                      "'zz9', 'a1a8'"]
    assert len(answers(out, "uci")) == 1
    limits = fake.Searcher.started[-1][1]
    assert len(limits.searchmoves) == 2          # e2e4 and d2d4, once each


def test_a_move_list_is_read_against_one_index(monkeypatch):
    """Linear: the legal moves are spelled once per command, not once per entry."""
    import engine.dialect_notation as dialect_notation
    built = []
    real = dialect_notation.move_index
    monkeypatch.setattr(dialect_notation, "move_index", lambda p: built.append(1) or real(p))
    t = talk("ucci")
    t.send("position startpos")
    built.clear()
    t.send("banmoves " + " ".join(["h2e2", "b0c2"] * 5000))
    t.send("go depth 1 searchmoves " + " ".join(["h2e2", "b0c2", "h0g2", "x"] * 5000))
    assert len(built) <= 4


def test_unknown_go_words_give_one_error_line():
    t = talk("usi")
    out = go_then_stop(t, "usi", "position startpos", "go depth 1 " + "bogus " * 10000)
    errors = [x for x in out if x.startswith("info string error")]
    assert len(errors) == 1 and errors[0].endswith("and 9995 more problems")
    assert len(answers(out, "usi")) == 1


def run_loop(dialect: str, text: str) -> tuple[list[str], Loop]:
    buffer = io.StringIO()
    loop = Loop(dialect, Output(buffer), search_module=fake)
    loop.run(io.StringIO(text))
    return buffer.getvalue().splitlines(), loop


@pytest.mark.parametrize("dialect", ["uci", "xboard"])
def test_an_overlong_line_is_refused_whole_and_quit_behind_it_is_honoured(dialect):
    huge = "go depth 1 searchmoves " + "x" * 1_000_000
    out, loop = run_loop(dialect, f"{dialect}\n{huge}\nquit\nisready\n")
    errors = [x for x in out if x.startswith(ERROR[dialect])]
    assert len(errors) == 1 and "line too long (1000024 characters" in errors[0]
    assert len(errors[0]) < 400
    assert not [x for x in out if x == "readyok"]     # quit ended the loop there
    assert not fake.Searcher.started


def test_a_line_at_the_bound_is_still_read():
    moves = " ".join(["b0c2", "b9c7", "c2b0", "c7b9"] * 10000)
    line = "position startpos moves " + moves
    line = line[: MAX_LINE_CHARS - 24 - (MAX_LINE_CHARS - 24) % 5 + 23].rstrip()
    assert len(line) <= MAX_LINE_CHARS
    out, loop = run_loop("ucci", f"ucci\n{line}\n")
    assert not [x for x in out if x.startswith("info message error")]
    assert loop.dialect.session.game.position.ply == len(line.split()) - 3


# ---------------------------------------------------------------------- 10. UCCI stop when idle
def test_ucci_stop_with_nothing_to_stop_answers_nobestmove():
    t = talk("ucci")
    assert t.send("stop") == ["nobestmove"]
    out = t.send("position startpos", "go depth 1")
    assert answers(out, "ucci")[-1].startswith("bestmove")
    assert t.send("stop") == ["nobestmove"]
    out = go_then_stop(t, "ucci", "go infinite")        # a running search: its bestmove only
    assert len(answers(out, "ucci")) == 1 and answers(out, "ucci")[0].startswith("bestmove")


def test_stop_crossing_a_finished_search_finds_nothing_to_stop():
    """The race behind 'nothing comes back': the search's answer is being written when `stop`
    arrives. `stop` must see it as answered (so UCCI says nobestmove), never as running."""
    slot = SearchSlot()
    writing, proceed, answered = threading.Event(), threading.Event(), []

    class Instant:                      # finishes at once, from its own thread
        def start(self, position, limits, on_info, on_done):
            threading.Thread(target=on_done, args=("best",), daemon=True).start()

        def stop(self):
            pass

    def on_done(best):
        writing.set()
        proceed.wait(5)
        answered.append(best)

    slot.start(Instant(), None, Limits(), lambda info: None, on_done)
    assert writing.wait(5)
    stopped = []
    stopper = threading.Thread(target=lambda: stopped.append(slot.stop()))
    stopper.start()
    proceed.set()
    stopper.join(5)
    assert stopped == [False] and answered == ["best"]
    assert slot.stop() is False
