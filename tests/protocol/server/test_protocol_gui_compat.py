"""What GUIs built around Fairy-Stockfish expect (issue 15, sections 2 and 4): its variant names,
a game already over answered as over, `d` in the dialect's coordinates, per-dialect option lists.
Transcripts with the fake searcher; tests/protocol/server/test_protocol_gui_scores.py has the real search."""
from __future__ import annotations

import threading

import pytest

import protocol_fake_search as fake
from protocol_harness import Talk

FSF_NAMES = {"normal": "chess", "janggimodern": "janggi", "janggicasual": "janggi",
             "janggitraditional": "janggi"}
XIANGQI_STALEMATE = "3k5/9/9/9/9/9/9/9/3r1r3/4K4 w"      # red to move, not in check, no move
CHESS_STALEMATE = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
JANGGI_DOUBLE_PASS = {"uci": "a4b4 a7b7 e2e2 e9e9", "ucci": "a3b3 a6b6 e1e1 e8e8"}


@pytest.fixture(autouse=True)
def _reset_fake():
    fake.Searcher.started.clear()
    fake.Searcher.script = {}
    yield


def option_lines(lines):
    return [line for line in lines if line.startswith(("option ", "feature option="))]


# ------------------------------------------------------------------ Fairy-Stockfish's names
def test_uci_variant_lists_and_accepts_fairy_stockfish_names():
    talk = Talk()
    variant = [line for line in talk.send("uci") if "UCI_Variant" in line][0]
    for name, game in FSF_NAMES.items():
        assert f"var {name}" in variant
        assert talk.send(f"setoption name UCI_Variant value {name}") == []
        assert talk.loop.dialect.session.game.variant == game
    talk.send("setoption name UCI_Variant value janggimodern")
    assert talk.send("position startpos moves e2e2 e9e9 b1c3") == []
    assert talk.loop.dialect.session.game.position.ply == 3


@pytest.mark.parametrize("hello,setoption", [
    ("usi", "setoption name USI_Variant value janggicasual"),
    ("ucci", "setoption UCI_Variant janggitraditional"),
])
def test_other_dialects_accept_the_janggi_rule_set_names(hello, setoption):
    talk = Talk()
    talk.send(hello)
    assert talk.send(setoption) == []
    assert talk.loop.dialect.session.game.variant == "janggi"


def test_xboard_variant_accepts_a_janggi_rule_set_name_and_announces_the_board():
    talk = Talk()
    out = talk.send("xboard", "protover 2", "new", "variant janggimodern")
    assert talk.loop.dialect.session.game.variant == "janggi"
    assert any(line.startswith("setup (") and "9x10+0_xiangqi" in line for line in out)


# ------------------------------------------------------------------ no move that loses
@pytest.mark.parametrize("hello,variant,expected", [
    ("uci", "setoption name UCI_Variant value xiangqi",
     ["info depth 0 score mate 0", "bestmove (none)"]),
    ("ucicyclone", "setoption name UCI_Variant value xiangqi",
     ["info depth 0 score mate 0", "bestmove (none)"]),
    ("ucci", "setoption UCI_Variant xiangqi", ["info depth 0 score -10000", "nobestmove"]),
    ("usi", "setoption name USI_Variant value xiangqi",
     ["info depth 0 score mate 0", "bestmove resign"]),
])
def test_xiangqi_stalemate_is_a_loss_in_every_dialect(hello, variant, expected):
    talk = Talk()
    talk.send(hello, variant)
    assert talk.send(f"position fen {XIANGQI_STALEMATE}", "go depth 3") == expected
    assert fake.Searcher.started == []          # nothing was searched


def test_xboard_xiangqi_stalemate_is_claimed_not_played():
    talk = Talk()
    talk.send("xboard", "protover 2", "new", "variant xiangqi", "force")
    out = talk.send(f"setboard {XIANGQI_STALEMATE}", "go")
    assert out and out[-1].startswith("0-1 {") and not any(l.startswith("move") for l in out)


def test_chess_stalemate_is_a_draw_score():
    talk = Talk()
    talk.send("uci")
    assert talk.send(f"position fen {CHESS_STALEMATE}", "go depth 3") == [
        "info depth 0 score cp 0", "bestmove (none)"]


# ------------------------------------------------------------------ a game over by rule
@pytest.mark.parametrize("hello,setoption,moves,expected", [
    ("uci", "setoption name UCI_Variant value janggi", JANGGI_DOUBLE_PASS["uci"],
     ["info depth 0 score mate 0", "bestmove (none)"]),
    ("ucci", "setoption UCI_Variant janggi", JANGGI_DOUBLE_PASS["ucci"],
     ["info depth 0 score -10000", "nobestmove"]),
])
def test_janggi_double_pass_ends_the_game(hello, setoption, moves, expected):
    # two passes in a row: counted, Han (+1.5) wins, so Cho to move has lost
    talk = Talk()
    talk.send(hello, setoption)
    assert talk.send(f"position startpos moves {moves}", "go depth 3") == expected
    assert fake.Searcher.started == []


def test_game_over_under_go_infinite_still_waits_for_stop():
    talk = Talk()
    talk.send("uci", "setoption name UCI_Variant value janggi",
              f"position startpos moves {JANGGI_DOUBLE_PASS['uci']}")
    talk.loop.feed("go infinite")
    talk.loop.feed("isready")
    threading.Event().wait(0.1)
    assert talk.new_lines() == ["info depth 0 score mate 0", "readyok"]
    assert talk.send("stop") == ["bestmove (none)"]
    assert talk.send("stop") == []


def test_game_over_under_go_ponder_answers_at_ponderhit():
    talk = Talk()
    talk.send("uci", "setoption name UCI_Variant value janggi",
              f"position startpos moves {JANGGI_DOUBLE_PASS['uci']}")
    talk.loop.feed("go ponder wtime 1000 btime 1000")
    threading.Event().wait(0.1)
    assert talk.new_lines() == ["info depth 0 score mate 0"]
    assert talk.send("ponderhit") == ["bestmove (none)"]


def test_a_game_won_by_rule_gives_no_move_either():
    # Cho a chariot up; after two passes the count makes Cho, to move, the winner: the game is
    # over all the same
    talk = Talk()
    talk.send("uci", "setoption name UCI_Variant value janggi")
    fen = "rnba1abn1/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"
    assert talk.send(f"position fen {fen} moves e2e2 e9e9", "go depth 3") == [
        "info depth 0 score mate 0", "bestmove (none)"]


@pytest.mark.parametrize("hello, setoption, cycle", [
    ("uci", None, ["g1f3", "g8f6", "f3g1", "f6g8"]),
    ("ucci", None, ["b0c2", "b9c7", "c2b0", "c7b9"]),
])
def test_a_repetition_the_gui_may_not_apply_still_gets_a_move(hello, setoption, cycle):
    # repetitions and move counts are ends GUIs apply differently (or leave to the players):
    # answering them with no move would forfeit us in such a GUI, so a move comes, as from FSF
    talk = Talk()
    talk.send(hello)
    moves = " ".join(cycle[i % 4] for i in range(12))
    out = talk.send(f"position startpos moves {moves}", "go depth 1")
    assert out[-1].startswith("bestmove ") and out[-1] != "bestmove (none)", out


def test_searchmoves_that_leave_nothing_give_no_move_without_a_score():
    talk = Talk()
    talk.send("ucci", "position fen 3k5/9/9/9/9/9/9/9/9/R3K4 b")
    position = talk.loop.dialect.session.game.position
    moves = [talk.loop.dialect.move_text(position, m) for m in position.legal_moves()]
    assert moves == ["d9d8"]                    # a game going on: no depth-0 score
    assert talk.send("banmoves " + " ".join(moves), "go depth 1") == ["nobestmove"]


# ------------------------------------------------------------------ `d` in the dialect's squares
def board_rows(lines, prefix=""):
    """(rank labels top to bottom, the file label line) of a `d` diagram."""
    rows = [line[len(prefix):] for line in lines if line.startswith(prefix)]
    end = next(i for i, line in enumerate(rows) if line.startswith("fen:"))
    board = rows[:end]
    if board[-1].startswith("hand"):
        board = [line for line in board if not line.startswith("hand")]
    return [line.split()[0] for line in board[:-1]], board[-1].split()


@pytest.mark.parametrize("hello,setup,ranks,files", [
    ("uci", [], [str(r) for r in range(8, 0, -1)], list("abcdefgh")),
    ("uci", ["setoption name UCI_Variant value xiangqi"], [str(r) for r in range(10, 0, -1)],
     list("abcdefghi")),
    ("ucicyclone", [], [str(r) for r in range(9, -1, -1)], list("abcdefghi")),
    ("ucci", ["setoption UCI_Variant janggi"], [str(r) for r in range(9, -1, -1)],
     list("abcdefghi")),
    ("usi", [], list("abcdefghi"), [str(f) for f in range(9, 0, -1)]),
])
def test_d_labels_squares_as_the_dialect_writes_them(hello, setup, ranks, files):
    talk = Talk()
    talk.send(hello, *setup, "position startpos")
    assert board_rows(talk.send("d")) == (ranks, files)


@pytest.mark.parametrize("variant,ranks,files", [
    ("xiangqi", [str(r) for r in range(9, -1, -1)], list("abcdefghi")),
    ("shogi", [str(r) for r in range(9, 0, -1)], list("abcdefghi")),
    ("normal", [str(r) for r in range(8, 0, -1)], list("abcdefgh")),
])
def test_xboard_answers_d_with_debug_lines_in_its_coordinates(variant, ranks, files):
    talk = Talk()
    talk.send("xboard", "protover 2", "new", f"variant {variant}")
    out = talk.send("d")
    assert out and all(line.startswith("# ") for line in out)
    assert board_rows(out, "# ") == (ranks, files)


# ------------------------------------------------------------------ options per dialect
def test_xboard_lists_only_options_that_work_there():
    talk = Talk()
    declared = " ".join(option_lines(talk.send("xboard", "protover 2")))
    for name in ("UCI_ShowWDL", "UCI_AnalyseMode", "UCI_Chess960", "Ponder", "UCI_Variant",
                 "Hash", "Threads"):
        assert f'"{name} ' not in declared, name
    for name in ("MultiPV", "Clear Hash", "Move Overhead", "Cho Setup", "Han Setup"):
        assert f'"{name} ' in declared, name


def test_ucci_and_usi_list_only_their_options():
    ucci = " ".join(option_lines(Talk().send("ucci")))
    for name in ("UCI_ShowWDL", "UCI_AnalyseMode", "UCI_Chess960"):
        assert f"option {name} " not in ucci, name
    assert "option ponder type check" in ucci
    usi = " ".join(option_lines(Talk().send("usi")))
    for name in ("USI_ShowWDL", "UCI_ShowWDL", "USI_Chess960"):
        assert f"option name {name} " not in usi, name
    for name in ("USI_AnalyseMode", "USI_Ponder", "MultiPV"):
        assert f"option name {name} " in usi, name


def test_xboard_multipv_shows_every_line():
    talk = Talk()
    talk.send("xboard", "protover 2", "new", "option MultiPV=2", "post", "force", "sd 2")
    out = [line for line in talk.send("go") if "\t" in line]
    assert [line.split()[0] for line in out] == ["1", "1", "2", "2"]
