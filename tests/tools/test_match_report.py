"""tools/match_report.py: standings, endings and search figures read back from a match log."""
import json

from protocol.records.game import GameResult, MoveRecord
from tools.match_report import (ending, main, quartiles, report, search_figures,
                                 turning_points)

BLACK_TO_MOVE = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"


QUICK, DEEP = (0.2, 10, 1000), (0.4, 12, 3000)     # (seconds, depth, nodes) of a move


def game(index, first, second, result, reason, plies=6, start_fen=None, even=QUICK, odd=DEEP):
    """A xiangqi game of ``plies`` timed moves (none from a book), the movers of even and odd
    plies searching as ``even`` and ``odd`` say."""
    moves = [MoveRecord("a0a1", elapsed=kind[0], depth=kind[1], nodes=kind[2])
             for kind in ((even, odd)[ply % 2] for ply in range(plies))]
    return GameResult(index=index, round=index // 2 + 1, pair=index // 2 + 1, variant="xiangqi",
                      start_fen=start_fen, first=first, second=second, result=result,
                      termination="normal", reason=reason, moves=moves)


def test_endings_name_the_engines_and_group_alike_games():
    chase = game(0, "ours", "fsf", "1-0", "black loses by perpetual chase (3)")
    assert ending(chase) == "fsf loses by perpetual chase"
    mate = game(1, "fsf", "ours", "1-0", "Black is checkmated")
    assert ending(mate) == "ours is checkmated"
    assert ending(game(2, "a", "b", "1/2-1/2", "draw by the 60-move rule")) == \
        "draw by the N-move rule"
    # counts are left out, digits in an engine's name are not
    assert ending(game(3, "s1i", "a1", "1-0", "Black resigns")) == "a1 resigns"


def test_a_start_with_the_second_side_to_move_swaps_the_movers():
    assert game(0, "ours", "fsf", "1-0", "x").movers() == ("ours", "fsf")
    assert game(0, "ours", "fsf", "1-0", "x", start_fen=BLACK_TO_MOVE).movers() == ("fsf", "ours")


def test_each_engine_has_its_own_side_of_a_result():
    won_by_first = game(0, "ours", "fsf", "1-0", "x")
    assert (won_by_first.outcome_of("ours"), won_by_first.outcome_of("fsf")) == ("win", "loss")
    won_by_second = game(1, "fsf", "ours", "0-1", "x")
    assert (won_by_second.outcome_of("ours"), won_by_second.outcome_of("fsf")) == ("win", "loss")
    assert game(2, "a", "b", "1/2-1/2", "x").outcome_of("b") == "draw"
    unplayed = game(3, "a", "b", "*", "x")
    assert not unplayed.finished and unplayed.outcome_of("a") == "loss"


def test_search_figures_cover_the_ply_window_and_the_whole_clock():
    games = [game(0, "ours", "fsf", "1-0", "black is checkmated", plies=10),
             game(1, "fsf", "ours", "0-1", "red is checkmated", plies=10, even=DEEP, odd=QUICK)]
    figures = search_figures(games, (2, 6))
    # plies 2..5 of each game: two moves for each engine per game
    assert figures["ours"]["moves"] == 4 and figures["fsf"]["moves"] == 4
    assert figures["ours"]["time"] == 0.2 and figures["ours"]["depth"] == 10
    assert figures["fsf"]["time"] == 0.4 and figures["fsf"]["nodes"] == 3000
    assert figures["fsf"]["depth"] == 12
    # the clock counts every timed move of a game: five moves each of 0.2 s and 0.4 s
    assert abs(figures["ours"]["clock"] - 1.0) < 1e-9 and abs(figures["fsf"]["clock"] - 2.0) < 1e-9


def test_the_report_holds_standings_endings_and_search(tmp_path, capsys):
    games = [game(0, "ours", "fsf", "1-0", "black loses by perpetual chase (3)"),
             game(1, "fsf", "ours", "0-1", "red loses by perpetual chase (4)"),
             game(2, "ours", "fsf", "0-1", "red is checkmated"),
             game(3, "fsf", "ours", "1/2-1/2", "draw by repetition (3)")]
    text = report(games)
    assert "ours vs fsf" in text and "2-1-1" in text and "[0, 1, 0, 0, 1]" in text
    assert "win      2  fsf loses by perpetual chase" in text
    assert "loss     1  ours is checkmated" in text and "draw     1  draw by repetition" in text
    log = tmp_path / "games.jsonl"
    log.write_text("".join(json.dumps(g.to_dict()) + "\n" for g in games) + "\n")
    assert main([str(log), "--plies", "0", "6"]) == 0
    assert "plies 0-5" in capsys.readouterr().out


def test_unreadable_or_empty_logs_are_named_not_raised(tmp_path, capsys):
    assert main([str(tmp_path / "missing.jsonl")]) == 2
    assert "missing.jsonl" in capsys.readouterr().err
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{not json\n")
    assert main([str(broken)]) == 2
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert main([str(empty)]) == 2
    assert "no games" in capsys.readouterr().err


def scored(index, first, second, result, scores):
    """A xiangqi game whose plies carry these scores (each from its mover's view; None: a book
    move)."""
    moves = [MoveRecord("a0a1", elapsed=None if s is None else 0.1, score=s) for s in scores]
    return GameResult(index=index, round=1, pair=1, variant="xiangqi", start_fen=None,
                      first=first, second=second, result=result, termination="normal",
                      reason="x", moves=moves)


def test_turning_points_say_when_the_winner_saw_it_and_when_the_loser_did():
    # fsf (second, odd plies) wins: its score reaches 300 on ply 5, ours was 40 on ply 4,
    # and ours falls to -300 on ply 10: five plies later
    late = scored(0, "ours", "fsf", "0-1", [None, None, 20, -10, 40, 300, -100, 350, -250, 400,
                                             -320, 500])
    # ours (second) wins: its score reaches 300 on ply 3; fsf never sees -300
    never = scored(1, "fsf", "ours", "0-1", [10, 0, 5, 310, 0, 500])
    drawn = scored(2, "ours", "fsf", "1/2-1/2", [0, 400, -400, 0])
    quiet = scored(3, "ours", "fsf", "1-0", [10, 20, 30, 40])        # nobody reached 300
    turns = turning_points([late, never, drawn, quiet], 300)
    assert turns == {"ours": [(5, 40, 5)], "fsf": [(3, 5, None)]}
    text = report([late, never, drawn, quiet])
    assert "Where the lost games turned" in text
    rows = {line.split()[0]: line.split() for line in text.splitlines()[-2:]}
    assert rows["ours"] == ["ours", "1", "5", "40", "5", "0"]
    assert rows["fsf"] == ["fsf", "1", "3", "5", "-", "1"]
    assert quartiles([1, 2, 3, 4, 5]) == "3 (2..4)" and quartiles([]) == "-"


def test_the_margin_must_be_positive(tmp_path, capsys):
    log = tmp_path / "games.jsonl"
    log.write_text(json.dumps(scored(0, "a", "b", "1-0", [300, -300]).to_dict()) + "\n")
    assert main([str(log), "--margin", "100"]) == 0
    assert "+100" in capsys.readouterr().out
    try:
        main([str(log), "--margin", "0"])
    except SystemExit as exc:
        assert exc.code == 2
    else:
        raise AssertionError("--margin 0 was accepted")
