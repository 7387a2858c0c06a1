"""Scores GUIs read as wins (issue 15): a forced end by rule is reported as a mate in every
dialect, and a proven mate ends the iterations. The real search, in-process."""
from __future__ import annotations

import threading

import pytest

from engine.notation import parse_move
from engine.position import Position
from engine.search import Limits, Searcher
from protocol_harness import Talk

from search_helpers import run

MATES = [   # (variant, fen, plies to mate)
    ("chess", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 1),
    ("xiangqi", "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", 1),
    ("chess", "k7/8/2K5/8/8/8/8/7R w - - 0 1", 3),
    ("janggi", "4k4/9/9/9/9/9/9/9/9/R3K3R w - - 0 1", 3),
]


def real_talk(hello: str, *lines: str) -> Talk:
    talk = Talk(search_module=None)
    talk.send(hello, *lines)
    return talk


def infos(lines):
    return [line for line in lines if line.startswith("info depth")]


# ------------------------------------------------------------------ rule wins read as mates
def test_uci_janggi_pass_to_a_won_count_is_mate_in_1():
    # FSF: after e2e2, Han's pass ends the game on points (Han +1.5): `score mate 1`
    talk = real_talk("uci", "setoption name UCI_Variant value janggi", "isready")
    out = talk.send("position startpos moves e2e2", "go depth 6")
    assert "score mate 1 " in infos(out)[-1]
    assert out[-1].startswith("bestmove e9e9")
    assert not any("score cp" in line for line in infos(out))


def test_ucci_and_xboard_print_the_rule_win_as_their_mate():
    talk = real_talk("ucci", "setoption UCI_Variant janggi", "isready")
    out = talk.send("position startpos moves e1e1", "go depth 6")
    assert " score 9999 " in infos(out)[-1] and out[-1].startswith("bestmove e8e8")
    # XBoard awards no janggi point count (tests/protocol/server/test_xboard_claims.py): its default Rule Ends
    # leave the double pass out, so score the arbiter's rules here
    talk = real_talk("xboard", "protover 2", "new", "variant janggi", "force", "usermove @@@@",
                     "post", "sd 6", "option Rule Ends=arbiter")
    out = talk.send("go")
    thinking = [line for line in out if "\t" in line]
    assert thinking and thinking[-1].split()[1] == "100001"
    assert "move @@@@" in out


def test_under_xboard_rule_ends_a_double_pass_wins_nothing():
    talk = real_talk("xboard", "protover 2", "new", "variant janggi", "force", "usermove @@@@",
                     "post", "sd 6")
    out = talk.send("go")
    thinking = [line for line in out if "\t" in line]
    assert thinking and abs(int(thinking[-1].split()[1])) < 100000
    assert "move @@@@" not in out and any(line.startswith("move ") for line in out)


def test_a_perpetual_check_loss_is_reported_as_being_mated():
    position = Position("xiangqi", "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1")
    for text in ["a8a9", "e9e8", "a9a8", "e8e9"]:
        position.push(parse_move(position, text))
    again = parse_move(position, "a8a9")
    best, lines = run(position, Limits(depth=2, searchmoves=[again]))
    assert best.score_cp is None and best.mate_plies < 0
    assert lines[-1].mate_plies == best.mate_plies and lines[-1].wdl == (0, 0, 1000)


# ------------------------------------------------------------------ a proven mate ends the search
@pytest.mark.parametrize("variant,fen,plies", MATES)
def test_a_proven_mate_ends_the_iterations(variant, fen, plies):
    best, lines = run(Position(variant, fen), Limits(depth=60))
    assert best.mate_plies == plies
    assert [info.depth for info in lines] == list(range(1, plies + 1))


def test_being_mated_ends_the_iterations_too():
    # black's only move is Kb8, then Rh8 mates
    best, lines = run(Position("chess", "k7/8/1K6/8/8/8/8/7R b - - 0 1"), Limits(depth=60))
    assert best.mate_plies == -2
    assert lines[-1].depth == 2 and len(lines) == 2


def test_a_rule_win_found_at_once_ends_the_iterations():
    position = Position("janggi")
    position.push(next(m for m in position.legal_moves() if m & (1 << 24)))   # Cho passes
    best, lines = run(position, Limits(depth=60))
    assert best.mate_plies == 1 and best.move & (1 << 24)
    assert [info.depth for info in lines] == [1]


def test_go_infinite_on_a_mate_stays_alive_and_quiet_until_stop():
    searcher = Searcher()
    lines, done = [], []
    finished = threading.Event()

    def on_done(best):
        done.append(best)
        finished.set()
    searcher.start(Position("chess", MATES[0][1]), Limits(infinite=True), lines.append, on_done)
    assert not finished.wait(1.5)          # held until stop, as UCI requires
    assert searcher.searching
    assert len(lines) <= 3                 # not a line per depth up to the stack's end
    assert all(a != b for a, b in zip(lines, lines[1:]))
    searcher.stop()
    searcher.wait()
    assert done and done[0].mate_plies == 1
