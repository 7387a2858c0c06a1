"""Runner pieces without engines: clocks, adjudication, statistics, schedule, openings, CLI parsing."""

import argparse
import io
import math

import pytest

from protocol.records.game import GameResult
from protocol.runner.adjudicate import ScoreAdjudicator
from protocol.runner.cli import (SPRT_GAMES, games_per_encounter, parse_engine, parse_sprt,
                                 parse_tc)
from protocol.runner.clock import Clock
from protocol.runner.config import Adjudication, EngineConfig, TimeControl
from protocol.runner.openings import Opening, janggi_setup_fen, read_openings
from protocol.runner.progress import Progress
from protocol.runner.runner import MatchOutcome
from protocol.runner.schedule import schedule
from protocol.runner.standings import Standings
from protocol.runner.stats import Sprt, elo_estimate, elo_from_score


def test_fischer_clock_charges_and_adds_increment():
    clock = Clock(TimeControl(base=10, inc=1, margin=0.1))
    assert clock.spend(0, 3.0)
    assert clock.main == [8.0, 10.0]
    assert clock.limit().time == (8.0, 10.0)
    assert clock.spend(1, 10.05)  # within the margin: survives with the increment only
    assert not clock.spend(0, 8.5)


def test_byoyomi_periods_janggi_style():
    clock = Clock(TimeControl(base=1, byoyomi=30, periods=3, margin=0.1))
    assert clock.spend(0, 1.0) and clock.main[0] == 0 and clock.periods[0] == 3
    assert clock.limit().in_byoyomi(0)
    assert clock.spend(0, 29.0) and clock.periods[0] == 3  # fits in a period: keeps it
    assert clock.spend(0, 45.0) and clock.periods[0] == 2  # one period used up
    assert clock.allowed(0) == 60
    assert not clock.spend(0, 61.0)


def test_movetime_forfeit_only_beyond_margin():
    clock = Clock(TimeControl(movetime=0.05, margin=0.2))
    assert clock.spend(0, 0.2) and not clock.spend(0, 0.3)
    assert clock.limit().movetime == 0.05


def test_resign_adjudication_needs_both_engines():
    adj = ScoreAdjudicator(Adjudication(resign_score=500, resign_moves=2))
    # first player says +600, second says -600 (from its own view): first player winning
    assert adj.update(0, 600, 1) is None
    assert adj.update(1, -600, 2) is None
    assert adj.update(0, 700, 3) is None
    assert adj.update(1, -900, 4) == ("1-0", "adjudication")
    adj = ScoreAdjudicator(Adjudication(resign_score=500, resign_moves=1))
    assert adj.update(0, 600, 1) is None and adj.update(1, 600, 2) is None  # they disagree


def test_draw_adjudication_waits_for_move_number():
    adj = ScoreAdjudicator(Adjudication(draw_score=10, draw_moves=2, draw_after=3))
    results = [adj.update(ply % 2, 0, ply + 1) for ply in range(6)]
    assert results[:5] == [None] * 5 and results[5] == ("1/2-1/2", "adjudication")


def test_elo_and_los_known_values():
    assert elo_from_score(0.75) == pytest.approx(190.85, abs=0.01)
    est = elo_estimate(60, 20, 20)
    assert est.elo == pytest.approx(elo_from_score(0.7))
    assert 0.99 < est.los <= 1.0
    assert 40 < est.error < 120
    assert elo_estimate(0, 0, 0).error == math.inf


def test_sprt_decides_both_ways():
    sprt = Sprt(elo0=0, elo1=10, alpha=0.05, beta=0.05)
    lower, upper = sprt.bounds
    assert lower == pytest.approx(-2.944, abs=1e-3) and upper == pytest.approx(2.944, abs=1e-3)
    # pentanomial [LL, LD, DD/WL, WD, WW]
    assert sprt.status([10, 40, 100, 80, 30]) == "H1"
    assert sprt.status([30, 80, 100, 40, 10]) == "H0"
    assert sprt.status([1, 2, 3, 2, 1]) == ""
    assert sprt.llr([0, 0, 0, 0, 0]) == 0.0


@pytest.mark.parametrize("penta", [[0, 0, 0, 2, 0], [0, 3, 0, 0, 0], [0, 0, 9, 0, 0],
                                   [0, 0, 0, 1, 8]])
def test_sprt_waits_on_a_small_one_sided_sample(penta):
    # a few one-sided pairs have next to no variance: their LLR runs past a bound at once
    sprt = Sprt(elo0=0, elo1=5)
    assert abs(sprt.llr(penta)) > sprt.bounds[1]
    assert sprt.status(penta) == ""


@pytest.mark.parametrize("penta, status", [([0, 0, 9, 0, 15], "H1"), ([0, 0, 12, 0, 0], "H0"),
                                           ([0, 0, 5, 0, 5], "")])
def test_a_one_sided_sample_of_ten_pairs_or_more_may_decide(penta, status):
    # janggi has no draws: a far stronger net won 39 games of 48 and no pair was lost
    sprt = Sprt(elo0=0, elo1=20)
    assert sprt.status(penta) == status


def test_progress_line_says_when_the_llr_cannot_decide_yet():
    # two pairs won 2-0 by "new": the LLR is past the upper bound, yet the test goes on
    sprt = Sprt(elo0=0, elo1=15)
    standings = Standings(["new", "base"])
    outcome = MatchOutcome(standings=standings)
    for index, result in enumerate(["1-0", "0-1", "1-0", "0-1"]):
        first, second = ("new", "base") if index % 2 == 0 else ("base", "new")
        game = GameResult(index, index // 2 + 1, index // 2, "chess", None, first, second,
                          result, "normal", "checkmate")
        standings.add(game)
        outcome.results.append(game)
    stream = io.StringIO()
    Progress(["new", "base"], sprt, stream)(outcome, 10)
    line = stream.getvalue()
    assert standings.penta("new", "base") == [0, 0, 0, 0, 2]
    assert sprt.llr([0, 0, 0, 0, 2]) > sprt.bounds[1] and not sprt.decidable([0, 0, 0, 0, 2])
    assert ("LLR -- [-2.94, 2.94] (no decision before each engine wins a pair or 10 pairs are"
            " played)") in line
    # once each engine has won a pair, the SPRT may decide
    assert sprt.decidable([1, 0, 0, 0, 2])


def test_schedule_pairs_share_openings_and_swap_colours():
    a, b, c = (EngineConfig(n, "x", "uci") for n in "abc")
    ops = [Opening(None, ("e2e4",)), Opening(None, ("d2d4",))]
    specs = schedule([a, b, c], "chess", TimeControl(depth=1), ops, games_per_encounter=2)
    assert len(specs) == 6
    assert (specs[0].first.name, specs[1].first.name) == ("a", "b")
    assert specs[0].opening == specs[1].opening and specs[0].pair == specs[1].pair
    assert specs[2].opening != specs[0].opening
    gauntlet = schedule([a, b, c], "chess", TimeControl(depth=1), ops, gauntlet=True)
    assert {(s.first.name, s.second.name) for s in gauntlet} == {("a", "b"), ("b", "a"), ("a", "c"), ("c", "a")}
    with pytest.raises(ValueError):
        schedule([a, a], "chess", TimeControl(depth=1), ops)


def test_janggi_setups():
    assert janggi_setup_fen() == "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"
    fen = janggi_setup_fen("msms", "smsm")
    assert fen.split("/")[-1].startswith("RNBA1ANBR") and fen.split("/")[0] == "rnba1anbr"


def test_read_openings(tmp_path):
    path = tmp_path / "o.epd"
    path.write_text("# comment\n"
                    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\n"
                    "startpos moves e2e4 e7e5\n")
    ops = read_openings(str(path), "chess")
    assert ops[0].fen.startswith("rnbqkbnr/pppppppp/8/8/4P3") and ops[0].fen.split()[1] == "b"
    assert ops[1] == Opening(None, ("e2e4", "e7e5"))


def test_cli_parsers():
    # SPRT bounds as separate words or in one quoted word
    assert parse_sprt(["elo0=0 elo1=20", "alpha=0.1"]) == Sprt(0.0, 20.0, 0.1, 0.05)
    assert parse_sprt(["elo0=-5", "elo1=0"]) == Sprt(-5.0, 0.0)
    assert parse_tc("300+3x30") == {"base": 300.0, "periods": 3, "byoyomi": 30.0}
    assert parse_tc("10+0.1") == {"base": 10.0, "inc": 0.1}
    cfg = parse_engine(["name=f", "cmd=/usr/games/fairy-stockfish", "proto=ucci", "option.hashsize=16"])
    assert cfg == EngineConfig("f", "/usr/games/fairy-stockfish", "ucci", (("hashsize", "16"),))


@pytest.mark.parametrize("text, words", [
    ("0+0x200", "periods must be a whole number of at least 1"),
    ("0", "leaves no time to move"),
    ("0+0", "leaves no time to move"),
    ("60+3x0", "byo-yomi of 0 s"),
    ("-1+1", "use BASE[+INC]"),
    ("nan", "use BASE[+INC]"),
    ("inf+1", "use BASE[+INC]"),
    ("1e3", "use BASE[+INC]"),
    ("1.2.3", "use BASE[+INC]"),
    ("ten", "use BASE[+INC]"),
    ("9" * 400, "from 0 to"),          # a float of 400 digits is inf
])
def test_unplayable_time_controls_are_refused(text, words):
    with pytest.raises(argparse.ArgumentTypeError) as info:
        parse_tc(text)
    assert words in str(info.value) and "300+3x30" in str(info.value)


@pytest.mark.parametrize("fields", [
    {"base": 0, "inc": 0}, {"base": 10, "periods": 0, "byoyomi": 5}, {"movetime": 0},
    {"movetime": float("nan")}, {"base": float("inf")}, {"base": -1}, {"depth": 0},
    {"nodes": -5}, {"base": 10, "margin": -0.1}, {"base": 10, "movestogo": 0}, {},
])
def test_time_control_itself_refuses_what_cannot_be_played(fields):
    with pytest.raises(ValueError):
        TimeControl(**fields)


def test_an_sprt_without_games_plays_until_it_decides():
    """``--games`` defaults to one pair, but an SPRT started without it must not stop
    undecided after that pair: its cap is large and its decision ends the match."""
    sprt = parse_sprt(["elo0=0", "elo1=20"])
    assert games_per_encounter(None, None) == 2
    assert games_per_encounter(None, sprt) == SPRT_GAMES >= 10000
    assert games_per_encounter(6, sprt) == 6 and games_per_encounter(6, None) == 6


@pytest.mark.parametrize("argv, words", [
    (["--tc", "0+0x200"], "periods must be a whole number"),
    (["--movetime", "0"], "movetime of 0 s"),
    (["--movetime", "nan"], "'nan' must be a number of seconds from 0 to"),
    (["--depth", "0"], "below the minimum 1"),
    (["--depth", "2", "--concurrency", "0"], "below the minimum 1"),
    (["--depth", "2", "--sprt", "elo0=0 elo1=ten"], "error: elo1='ten' is not a number"),
    (["--depth", "2", "--sprt", "elo0=5", "elo1=0"], "error: elo0 must be below elo1"),
    (["--depth", "2", "--sprt", "elo1=5", "alpha=1.5"], "alpha and beta must be between 0"),
    (["--depth", "2", "--sprt", "elo=5"], "error: unknown field 'elo'; expected elo0"),
    (["--depth", "2", "--resign", "score=x"], "error: score='x' is not a whole number"),
    (["--depth", "2", "--draw", "moves=1.5"], "error: moves='1.5' is not a whole number"),
])
def test_match_cli_refuses_unplayable_controls_in_one_line(capsys, argv, words):
    from protocol.runner.cli import main
    engines = ["--engine", "name=a", "cmd=a", "proto=uci", "--engine", "name=b", "cmd=b", "proto=uci"]
    try:
        code = main(["--variant", "chess", *engines, *argv])
    except SystemExit as exit:  # argparse's own errors
        code = exit.code
    err = capsys.readouterr().err
    assert code == 2 and words in err and err.count("\n") == 1, err


def test_zero_base_with_increment_is_playable():
    tc = parse_tc("0+2")
    clock = Clock(TimeControl(**tc, margin=0.1))
    assert clock.allowed(0) == 2.0          # the increment, credited before the first move
    assert clock.spend(0, 1.5) and clock.main[0] == 2.5
    assert clock.spend(1, 2.05)             # within the margin
    assert Clock(TimeControl(**parse_tc("0+3x10"))).allowed(0) == 30

def test_tournament_arbiter_ends_chess_at_threefold_once_it_happened():
    from protocol.runner.arbiter import make_arbiter
    arbiter = make_arbiter("chess", None)
    knights = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1".split()
    for move in knights:
        arbiter.push(move)
    assert arbiter.verdict().result == "*"   # not yet: the claim would need the next move
    arbiter.push("f6g8")
    verdict = arbiter.verdict()
    assert verdict.result == "1/2-1/2" and "threefold" in verdict.reason
    assert make_arbiter("chess", None, {"claim_draw": False}).rule_options["claim_draw"] is False
