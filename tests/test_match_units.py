"""Runner pieces without engines: clocks, adjudication, statistics, schedule, openings, CLI parsing."""

import math

import pytest

from protocol.match.adjudicate import ScoreAdjudicator
from protocol.match.cli import parse_engine, parse_tc
from protocol.match.clock import Clock
from protocol.match.config import Adjudication, EngineConfig, TimeControl
from protocol.match.openings import Opening, janggi_setup_fen, read_openings
from protocol.match.schedule import schedule
from protocol.match.stats import Sprt, elo_estimate, elo_from_score


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
    assert parse_tc("300+3x30") == {"base": 300.0, "periods": 3, "byoyomi": 30.0}
    assert parse_tc("10+0.1") == {"base": 10.0, "inc": 0.1}
    cfg = parse_engine(["name=f", "cmd=/usr/games/fairy-stockfish", "proto=ucci", "option.hashsize=16"])
    assert cfg == EngineConfig("f", "/usr/games/fairy-stockfish", "ucci", (("hashsize", "16"),))


def test_tournament_arbiter_ends_chess_at_threefold_once_it_happened():
    from protocol.match.arbiter import make_arbiter
    arbiter = make_arbiter("chess", None)
    knights = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1".split()
    for move in knights:
        arbiter.push(move)
    assert arbiter.verdict().result == "*"   # not yet: the claim would need the next move
    arbiter.push("f6g8")
    verdict = arbiter.verdict()
    assert verdict.result == "1/2-1/2" and "threefold" in verdict.reason
    assert make_arbiter("chess", None, {"claim_draw": False}).rule_options["claim_draw"] is False
