"""Parsers and command builders, on strings alone."""

from protocol.clients.info import parse_uci_info, parse_xboard_thinking
from protocol.clients.limits import Limit, Score
from protocol.clients.uci_family import go_command, parse_option_name, setoption_line
from protocol.clients.xboard import clock_text, parse_features


def ident(moves):
    return list(moves)


def test_uci_info_fields():
    info = parse_uci_info("info depth 12 seldepth 17 multipv 1 score cp 34 upperbound nodes 1234 "
                          "nps 987 time 1250 pv e2e4 e7e5", "uci", ident)
    assert (info.depth, info.seldepth, info.nodes, info.time) == (12, 17, 1234, 1.25)
    assert info.score == Score(cp=34, bound="upper")
    assert info.pv == ["e2e4", "e7e5"]


def test_ucci_bare_score_and_usi_mate_plies():
    assert parse_uci_info("info depth 6 score 4 pv b0c2", "ucci", ident).score == Score(cp=4)
    assert parse_uci_info("info score mate 5", "usi", ident).score.mate == 3
    assert parse_uci_info("info score mate -4", "usi", ident).score.mate == -2
    assert parse_uci_info("info score mate +", "usi", ident).score.mate > 0
    assert parse_uci_info("info score mate 3", "uci", ident).score.mate == 3


def test_xboard_thinking_lines():
    info = parse_xboard_thinking("6 203 12 2183 7 545750 0\t B@b4 b8e8", ident)
    assert (info.depth, info.score, info.time, info.nodes) == (6, Score(cp=203), 0.12, 2183)
    assert info.pv == ["B@b4", "b8e8"]
    maxqi = parse_xboard_thinking(" 3     23        0       4540 c0e2", ident)
    assert (maxqi.depth, maxqi.score.cp, maxqi.pv) == (3, 23, ["c0e2"])
    assert parse_xboard_thinking("9 100003 5 100 a0a1", ident).score.mate == 3
    assert parse_xboard_thinking("9 -100002 5 100 a0a1", ident).score.mate == -2


def test_go_commands_per_dialect():
    clock = Limit(time=(10.0, 20.0), inc=(0.5, 0.5))
    assert go_command("uci", clock, 1) == "go wtime 10000 btime 20000 winc 500 binc 500"
    # USI: b is sente (the first player)
    assert go_command("usi", clock, 0) == "go btime 10000 wtime 20000 binc 500 winc 500"
    assert go_command("ucci", clock, 1) == "go time 20000 increment 500 opptime 10000 oppincrement 500"
    assert go_command("ucci", clock, 1, millis=False) == "go time 20 increment 0 opptime 10 oppincrement 0"
    byo = Limit(time=(0.0, 5.0), byoyomi=30.0)
    assert go_command("usi", byo, 0) == "go btime 0 wtime 5000 byoyomi 30000"
    assert go_command("uci", byo, 0) == "go movetime 30000"
    assert go_command("uci", Limit(nodes=500, depth=3), 0) == "go depth 3 nodes 500"
    assert go_command("ucci", Limit(movetime=0.05), 0) == "go time 50 movestogo 1"


def test_option_spelling():
    assert setoption_line("uci", "Skill Level", 3) == "setoption name Skill Level value 3"
    assert setoption_line("ucci", "hashsize", 16) == "setoption hashsize 16"
    assert setoption_line("usi", "USI_Ponder", False) == "setoption name USI_Ponder value false"
    assert parse_option_name("option name Skill Level type spin default 0", "uci") == "Skill Level"
    assert parse_option_name("option usemillisec type check default true", "ucci") == "usemillisec"


def test_xboard_features_and_level():
    feats = parse_features('feature myname="MaxQi 4.8G" setboard=0 ping=1 done=0')
    assert feats == {"myname": "MaxQi 4.8G", "setboard": "0", "ping": "1", "done": "0"}
    assert clock_text(300) == "5" and clock_text(90) == "1:30"
