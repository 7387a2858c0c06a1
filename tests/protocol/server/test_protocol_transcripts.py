"""In -> out dialogs per dialect, run in-process with a fake searcher (tests/protocol_fake_search)."""
from __future__ import annotations

import re
import threading

import pytest

import protocol_fake_search as fake
from protocol_harness import Talk


@pytest.fixture(autouse=True)
def _reset_fake():
    fake.Searcher.started.clear()
    fake.Searcher.script = {}
    yield


BESTMOVE = re.compile(r"^bestmove [a-i]\d+[a-i]\d+ ponder [a-i]\d+[a-i]\d+$")


def option_line(lines, fragment):
    return [l for l in lines if fragment in l]


# ---------------------------------------------------------------------------------------- UCI
def test_uci_handshake_lists_options_and_every_variant():
    out = Talk().send("uci")
    assert out[0].startswith("id name ") and out[-1] == "uciok"
    variant = option_line(out, "UCI_Variant")[0]
    assert "default chess" in variant
    for name in ("xiangqi", "janggi", "shogi", "chess"):
        assert f"var {name}" in variant
    for name in ("Hash", "Threads", "Clear Hash", "Ponder", "MultiPV", "Move Overhead",
                 "UCI_AnalyseMode", "UCI_Chess960"):
        assert option_line(out, f"option name {name} type"), name
    assert "option name UCI_ShowWDL type check default false" in out


def test_uci_position_go_and_exactly_one_bestmove():
    talk = Talk()
    talk.send("uci")
    assert talk.send("isready") == ["readyok"]
    out = talk.send("ucinewgame", "position startpos moves e2e4 e7e5", "go wtime 1000 btime 900 winc 10 binc 20 movestogo 5")
    assert len([l for l in out if BESTMOVE.match(l)]) == 1 and BESTMOVE.match(out[-1])
    assert out[0].startswith("info depth 1 seldepth 1 multipv 1 score cp 12")
    limits = fake.Searcher.started[-1][1]
    assert limits.time_ms == (1000, 900) and limits.inc_ms == (10, 20) and limits.movestogo == 5


def test_uci_go_parameters_reach_the_limits():
    talk = Talk()
    talk.send("uci", "position startpos")
    talk.send("go depth 3 nodes 500 movetime 70 searchmoves g1f3 d2d4")
    limits = fake.Searcher.started[-1][1]
    assert (limits.depth, limits.nodes, limits.movetime_ms) == (3, 500, 70)
    assert len(limits.searchmoves) == 2
    talk.send("go mate 2")
    assert fake.Searcher.started[-1][1].mate == 2


def test_uci_infinite_waits_for_stop_and_isready_answers_meanwhile():
    talk = Talk()
    talk.send("uci", "position startpos")
    talk.loop.feed("go infinite")
    for _ in range(50):
        if "info" in talk.buffer.getvalue():
            break
        threading.Event().wait(0.01)
    talk.loop.feed("isready")
    out = talk.new_lines()
    assert "readyok" in out and not any(l.startswith("bestmove") for l in out)
    out = talk.send("stop")
    assert [l for l in out if l.startswith("bestmove")] == [out[-1]] and BESTMOVE.match(out[-1])


def test_uci_ponder_then_ponderhit_gives_one_bestmove():
    talk = Talk()
    talk.send("uci", "position startpos moves e2e4")
    talk.loop.feed("go ponder wtime 1000 btime 1000")
    assert fake.Searcher.started and fake.Searcher.started[-1][1].ponder
    out = talk.send("ponderhit")
    assert sum(l.startswith("bestmove") for l in out) == 1


def test_uci_variant_xiangqi_uses_one_based_ranks_and_mate_in_moves():
    talk = Talk()
    talk.send("uci", "setoption name UCI_Variant value xiangqi")
    out = talk.send("position startpos moves h3e3 h10g8", "go depth 1")
    assert out[-1] == "bestmove a1a2 ponder a7a6"
    fake.Searcher.script = {"mate_plies": 3}
    out = talk.send("go depth 1")
    assert "score mate 2" in out[0]
    fake.Searcher.script = {"mate_plies": -4}
    assert "score mate -2" in talk.send("go depth 1")[0]


def test_uci_janggi_pass_is_the_general_square_twice_and_0000_is_accepted():
    talk = Talk()
    talk.send("uci", "setoption name UCI_Variant value janggi")
    assert talk.send("position startpos moves 0000") == []
    assert talk.loop.dialect.session.game.position.ply == 1
    assert talk.send("position startpos moves h1g3 pass") == []
    assert talk.loop.dialect.session.game.position.ply == 2
    assert talk.send("position startpos moves e2e2 e9e9") == []
    assert talk.loop.dialect.session.game.position.ply == 2
    talk.send("position startpos moves h1g3")
    fake.Searcher.script = {"pv": [m for m in talk.loop.dialect.session.game.position.legal_moves()
                                   if talk.loop.dialect.move_text(talk.loop.dialect.session.game.position, m) == "e9e9"]}
    assert talk.send("go depth 1")[0].endswith("pv e9e9")


def test_uci_showwdl_only_when_turned_on():
    talk = Talk()
    talk.send("uci", "position startpos")
    assert "wdl" not in " ".join(talk.send("go depth 1"))
    talk.send("setoption name UCI_ShowWDL value true")
    assert "wdl 500 300 200" in talk.send("go depth 1")[0]


def test_uci_multipv_hash_and_clear_hash_reach_the_searcher():
    talk = Talk()
    talk.send("uci", "setoption name MultiPV value 3", "setoption name Hash value 64",
              "setoption name clear hash", "position startpos")
    out = talk.send("go depth 1")
    assert [l.split()[6] for l in out if l.startswith("info")] == ["1", "2", "3"]
    searcher = talk.loop.core.searcher
    assert searcher.config.hash_mb == 64 and searcher.cleared >= 1


def test_uci_no_legal_move_gives_bestmove_none():
    talk = Talk()
    talk.send("uci")
    out = talk.send("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
                    "go depth 3")
    assert out == ["info depth 0 score mate 0", "bestmove (none)"]


def test_uci_bad_lines_give_info_string_and_keep_the_position():
    talk = Talk()
    talk.send("uci", "position startpos moves e2e4")
    before = talk.loop.dialect.session.game.position.fen()
    for bad in ("position startpos moves e2e5", "position fen nonsense", "flurb",
                "setoption name NoSuchThing value 3", "setoption name Hash value abc"):
        out = talk.send(bad)
        assert len(out) == 1 and out[0].startswith("info string error:"), (bad, out)
    assert talk.loop.dialect.session.game.position.fen() == before


def test_uci_chess960_castling_is_king_takes_rook():
    talk = Talk()
    talk.send("uci", "setoption name UCI_Chess960 value true")
    talk.send("position fen rk6/8/8/8/8/8/8/RK5R w KQ - 0 1 moves b1h1")
    assert talk.loop.dialect.session.game.position.ply == 1


def test_uci_go_perft_counts():
    out = Talk().send("uci", "position startpos", "go perft 2")
    assert out[-1] == "Nodes searched: 400"


# ------------------------------------------------------------------------------ UCI-cyclone
def test_bare_startpos_in_uci_switches_to_cyclone_with_xiangqi():
    talk = Talk()
    talk.send("uci")
    out = talk.send("startpos moves h2e2", "go depth 1")
    assert talk.loop.dialect.name == "ucicyclone"
    assert talk.loop.dialect.session.game.variant == "xiangqi"
    assert re.match(r"^bestmove [a-i][0-9][a-i][0-9] ponder [a-i][0-9][a-i][0-9]$", out[-1])


def test_ucicyclone_first_word_and_fen_line():
    talk = Talk()
    assert talk.send("ucicyclone") == []
    talk.send("fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2")
    assert talk.loop.dialect.session.game.position.ply == 1


def test_protocol_override_fixes_the_dialect():
    talk = Talk("ucci")
    out = talk.send("ucci")
    assert out[-1] == "ucciok"
    assert "option UCI_Variant type combo default xiangqi" in " ".join(out)


# ---------------------------------------------------------------------------------------- UCCI
def test_ucci_options_time_units_banmoves_draw_and_bye():
    talk = Talk()
    out = talk.send("ucci")
    assert out[-1] == "ucciok"
    for line in ("option usemillisec type check default false", "option newgame type button",
                 "option ponder type check default false"):
        assert line in out
    assert option_line(out, "option hashsize type spin default 16")
    talk.send("position startpos moves h2e2 h7e7")
    talk.send("go time 30 increment 2 opptime 20 oppincrement 1")
    limits = fake.Searcher.started[-1][1]
    assert limits.time_ms == (30000, 20000) and limits.inc_ms == (2000, 1000)
    talk.send("setoption usemillisec true", "go time 300 opptime 200")
    assert fake.Searcher.started[-1][1].time_ms == (300, 200)
    out = talk.send("banmoves a0a1", "go depth 1")
    assert out[-1].startswith("bestmove ") and not out[-1].startswith("bestmove a0a1")
    fake.Searcher.script = {"score_cp": -30}
    assert talk.send("go draw depth 1")[-1].endswith(" draw")
    fake.Searcher.script = {"mate_plies": -2}
    out = talk.send("go depth 1")
    assert out[-1].endswith(" resign") and out[0].startswith("info depth 1") and "score -9998" in out[0]
    assert talk.send("stop") == ["nobestmove"]
    assert talk.send("probe startpos")[0].startswith("pophash bestmove ")
    assert talk.send("quit") == ["bye"] and not talk.alive


def test_ucci_score_has_no_cp_and_errors_use_info_message():
    talk = Talk()
    talk.send("ucci", "position startpos")
    assert "score 12 " in talk.send("go depth 1")[0]
    assert talk.send("banmoves z9z9")[0].startswith("info message error:")


def test_ucci_nobestmove_when_every_move_is_banned():
    talk = Talk()
    talk.send("ucci", "position fen 3k5/9/9/9/9/9/9/9/9/R3K4 b")
    moves = [talk.loop.dialect.move_text(talk.loop.dialect.session.game.position, m)
             for m in talk.loop.dialect.session.game.position.legal_moves()]
    assert talk.send("banmoves " + " ".join(moves), "go depth 1") == ["nobestmove"]


# ---------------------------------------------------------------------------------------- USI
def test_usi_handshake_options_and_undeclared_usi_hash_ponder():
    talk = Talk()
    out = talk.send("usi")
    assert out[-1] == "usiok"
    assert option_line(out, "option name USI_Variant type combo default shogi")
    assert option_line(out, "option name EnteringKingRule type combo default CSARule27")
    assert not any(" " in l.split()[2] for l in out if l.startswith("option name"))
    assert talk.send("setoption name USI_Hash value 128", "setoption name USI_Ponder value true",
                     "setoption name USI_MultiPV value 2", "isready") == ["readyok"]


def test_usi_btime_is_the_first_players_and_byoyomi():
    talk = Talk()
    talk.send("usi", "usinewgame", "position startpos moves 7g7f")
    out = talk.send("go btime 5000 wtime 4000 byoyomi 300")
    assert out[-1] == "bestmove 9c9d ponder 9i9h"
    limits = fake.Searcher.started[-1][1]
    assert limits.time_ms == (5000, 4000) and limits.byoyomi_ms == (300, 300)
    talk.send("go btime 1 wtime 2 binc 30 winc 40")
    assert fake.Searcher.started[-1][1].inc_ms == (30, 40)


def test_usi_mate_scores_in_plies_and_resign_when_lost():
    talk = Talk()
    talk.send("usi", "position startpos")
    fake.Searcher.script = {"mate_plies": 5}
    assert "score mate 5" in talk.send("go depth 1")[0]
    fake.Searcher.script = {"mate_plies": -4}
    assert talk.send("go depth 1")[-1] == "bestmove resign"


def test_usi_go_mate_answers_checkmate():
    talk = Talk()
    talk.send("usi", "position sfen 4k4/9/4G4/9/9/9/9/9/4K4 b G 1")
    position = talk.loop.dialect.session.game.position
    from engine.dialect_notation import codec_for, text_to_move
    codec = codec_for(position.spec, "usi")
    fake.Searcher.script = {"mate_plies": 1, "pv": [text_to_move(position, "G*5b", codec)]}
    assert talk.send("go mate 1000") == ["checkmate G*5b"]
    fake.Searcher.script = {}
    assert talk.send("go mate 100") == ["checkmate timeout"]


def test_usi_bestmove_win_under_entering_king_rule():
    sfen = "+R+B+S+S+N+N+L+L1/GG2K4/9/9/9/9/9/9/4k4 b RB2G2S2N2L18P 1"
    talk = Talk()
    talk.send("usi", f"position sfen {sfen}")
    assert talk.send("go btime 1000 wtime 1000")[-1] == "bestmove win"
    talk.send("setoption name EnteringKingRule value NoEnteringKing")
    assert talk.send("go btime 1000 wtime 1000")[-1] != "bestmove win"


def test_usi_gameover_stops_and_quit_ends():
    talk = Talk()
    talk.send("usi", "position startpos")
    talk.loop.feed("go infinite")
    out = talk.send("gameover lose")
    assert sum(l.startswith("bestmove") for l in out) == 1
    talk.send("quit")
    assert not talk.alive


def test_usi_chess_style_fen_accepted():
    talk = Talk()
    talk.send("usi", "position fen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1 moves 7g7f")
    assert talk.loop.dialect.session.game.position.ply == 1


# -------------------------------------------------------------------------------------- XBoard
def xboard_start(*extra):
    talk = Talk()
    out = talk.send("xboard", "protover 2", *extra)
    return talk, out


def test_xboard_features():
    talk, out = xboard_start()
    features = " ".join(out)
    for word in ("ping=1", "setboard=1", "usermove=1", "sigint=0", "sigterm=0", "colors=0",
                 "analyze=1", "memory=1", "smp=1"):
        assert word in features
    assert 'variants="' in features and all(v in features for v in ("xiangqi", "shogi", "janggi", "normal"))
    assert out[-1] == "feature done=1"
    assert 'feature option="MultiPV -spin 1 1 500"' in out


def test_xboard_game_flow_with_thinking_output_and_pong():
    talk, _ = xboard_start("new", "variant xiangqi", "post", "level 40 5 0", "time 30000", "otim 30000")
    out = talk.send("usermove h2e2")
    assert out[-1] == "move a6a5"
    assert "\t" in out[0] and out[0].split("\t")[0].split()[:2] == ["1", "12"]
    limits = fake.Searcher.started[-1][1]
    assert limits.time_ms == (300000, 300000) and limits.movestogo == 40
    assert talk.send("ping 7") == ["pong 7"]
    assert talk.send("usermove h2h9") == ["Illegal move: h2h9"]
    assert talk.send("nopost", "st 0.5", "usermove h0g2")[-1].startswith("move ")
    assert fake.Searcher.started[-1][1].movetime_ms == 500


def test_xboard_force_undo_remove_setboard_and_errors():
    talk, _ = xboard_start("new", "force", "usermove e2e4", "usermove e7e5", "usermove g1f3")
    position = talk.loop.dialect.session.game.position
    assert position.ply == 3
    talk.send("undo")
    assert position.ply == 2
    talk.send("remove")
    assert position.ply == 0
    out = talk.send("setboard 8/8/8/8")
    assert out[0] == "tellusererror Illegal position" and out[1].startswith("Error (")
    assert talk.send("frobnicate") == ["Error (unknown command): frobnicate"]
    assert talk.send("sd 3", "go")[-1].startswith("move ")
    assert fake.Searcher.started[-1][1].depth == 3


def test_xboard_claims_result_only_when_over_on_the_board():
    talk, _ = xboard_start("new", "force")
    talk.send("setboard rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2")
    out = talk.send("go")
    assert len(out) == 1 and out[0].startswith("move ")
    talk.send("force", "setboard rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
              "playother")
    out = talk.send("usermove d8h4")
    assert out == ["0-1 {white is checkmated}"] or out[0].startswith("0-1 {")


def test_xboard_janggi_setup_and_pass():
    talk, _ = xboard_start("new")
    out = talk.send("variant janggi")
    assert out[0].startswith("setup (") and "rnba1abnr/4k4" in out[0]
    assert out[1].startswith("piece ")
    talk.send("force", "usermove @@@@")
    assert talk.loop.dialect.session.game.position.ply == 1
    talk.send("playother")
    talk.loop.dialect.engine_side = talk.loop.dialect.session.game.position.turn
    fake.Searcher.started.clear()


def test_xboard_shogi_chess_style_moves():
    talk, _ = xboard_start("new", "variant shogi", "force", "usermove c3c4", "usermove g7g6")
    assert talk.loop.dialect.session.game.position.ply == 2
    assert talk.send("usermove b2h8+") == []
    assert talk.send("usermove P@e5")[0] == "Illegal move: P@e5"  # gote to move, no pawn in hand


def test_xboard_analyze_exit_and_hint():
    talk, _ = xboard_start("new", "post")
    talk.loop.feed("analyze")
    talk.loop.feed("usermove e2e4")
    talk.loop.feed(".")
    talk.loop.feed("exit")
    talk.settle()
    out = talk.new_lines()
    assert not any(l.startswith("move") for l in out)
    assert any(l.startswith("stat01:") for l in out)


def test_xboard_options_memory_cores():
    talk, _ = xboard_start("memory 32", "cores 2", "option MultiPV=2", "option Clear Hash")
    assert talk.loop.dialect.session.options["Hash"] == 32
    assert talk.loop.dialect.session.options["Threads"] == 2
    assert talk.loop.dialect.session.options["MultiPV"] == 2


# ------------------------------------------------------------------------ janggi set-ups
def test_janggi_setup_options_choose_the_start_position():
    talk = Talk()
    out = talk.send("uci")
    assert option_line(out, "option name Cho Setup type combo default ma-sang-sang-ma")
    talk.send("setoption name UCI_Variant value janggi",
              "setoption name Cho Setup value sang-ma-ma-sang",
              "setoption name Han Setup value ma-sang-ma-sang", "position startpos")
    fen = talk.loop.dialect.session.game.position.fen()
    assert fen.split("/")[-1].startswith("RBNA1ANBR")
    assert fen.startswith("rbna1absnr"[:0] + "r")
    talk.send("setoption name UCI_Variant value xiangqi", "position startpos")
    assert talk.loop.dialect.session.game.position.fen().startswith("rnbakabnr/")   # no set-ups there
    talk.send("setoption name UCI_Variant value janggi",
              "position fen rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1")
    assert talk.loop.dialect.session.game.position.fen().split("/")[-1].startswith("RNBA1ABNR")
    assert talk.send("setoption name Cho Setup value nonsense")[0].startswith("info string error:")


def test_xboard_janggi_setup_announced_with_the_chosen_arrangement():
    talk, _ = xboard_start("option Cho Setup=sang-ma-ma-sang", "new")
    out = talk.send("variant janggi")
    assert "/RBNA1ANBR " in out[0]


# ------------------------------------------------------------------------ responsiveness
class _SlowSearchModule:
    """A search module whose Searcher takes until released to build (a cold numba cache)."""
    release = threading.Event()
    Limits = fake.Limits

    class Searcher(fake.Searcher):
        def __init__(self):
            _SlowSearchModule.release.wait(30)
            super().__init__()


@pytest.mark.parametrize("hello, done", [("uci", "uciok"), ("ucci", "ucciok"), ("usi", "usiok")])
def test_handshake_does_not_wait_for_the_engine_to_load(hello, done):
    import io
    from protocol.server.loop import Loop
    from protocol.server.session import Output
    _SlowSearchModule.release.clear()
    buffer = io.StringIO()
    loop = Loop(None, Output(buffer), search_module=_SlowSearchModule)
    try:
        loop.feed(hello)
        assert buffer.getvalue().splitlines()[-1] == done
        assert loop.core.searcher is None          # still loading
    finally:
        _SlowSearchModule.release.set()
        loop.core.ready()
        loop.close()


def test_xboard_holds_done_until_the_engine_is_ready_and_reads_stdin_meanwhile():
    """CECP: after done=0 XBoard waits for done=1, so no clock runs while the kernels load."""
    import io
    import time
    from protocol.server.loop import Loop
    from protocol.server.session import Output
    _SlowSearchModule.release.clear()
    buffer = io.StringIO()
    loop = Loop(None, Output(buffer), search_module=_SlowSearchModule)
    try:
        loop.feed("xboard")
        loop.feed("protover 2")
        lines = buffer.getvalue().splitlines()
        assert lines[0] == "feature done=0" and "feature done=1" not in lines
        assert loop.feed("ping 7")                   # the loop still reads commands
        assert buffer.getvalue().splitlines()[-1] == "pong 7"
    finally:
        _SlowSearchModule.release.set()
    for _ in range(200):
        if buffer.getvalue().splitlines()[-1] == "feature done=1":
            break
        time.sleep(0.05)
    assert buffer.getvalue().splitlines()[-1] == "feature done=1"
    loop.close()


def test_xboard_ping_is_answered_while_thinking():
    talk, _ = xboard_start("new", "force")
    talk.loop.feed("analyze")
    talk.loop.feed("ping 9")
    assert "pong 9" in talk.new_lines()
    talk.send("exit")


class _CompilingSearchModule:
    """A search module whose loading announces a kernel build (as engine.kernels.build does)."""
    release = threading.Event()
    Limits = fake.Limits

    class Searcher(fake.Searcher):
        def __init__(self):
            from engine import cache
            cache.announce("compiling search kernels in 2 processes")
            _CompilingSearchModule.release.wait(30)
            super().__init__()


@pytest.mark.parametrize("hello, isready, note", [
    ("uci", "isready", "info string compiling search kernels in 2 processes"),
    ("usi", "isready", "info string compiling search kernels in 2 processes"),
    ("xboard", "protover 2", "# compiling search kernels in 2 processes")])
def test_a_gui_waiting_for_a_compile_is_told_why(hello, isready, note):
    import io
    import time
    from protocol.server.loop import Loop
    from protocol.server.session import Output
    _CompilingSearchModule.release.clear()
    buffer = io.StringIO()
    loop = Loop(None, Output(buffer), search_module=_CompilingSearchModule)
    waiting = threading.Thread(target=lambda: (loop.feed(hello), loop.feed(isready)))
    waiting.start()
    for _ in range(200):
        if any(line.startswith(note) for line in buffer.getvalue().splitlines()):
            break
        time.sleep(0.05)
    assert any(line.startswith(note) for line in buffer.getvalue().splitlines())
    assert not buffer.getvalue().splitlines()[-1] in ("readyok", "feature done=1")
    _CompilingSearchModule.release.set()
    waiting.join(10)
    for _ in range(200):
        if buffer.getvalue().splitlines()[-1] in ("readyok", "feature done=1"):
            break
        time.sleep(0.05)
    assert buffer.getvalue().splitlines()[-1] in ("readyok", "feature done=1")
    loop.close()
