"""A one-sided or tiny match sample has no finite Elo bound: the table and the progress line say
inf (as cutechess prints inf/nan) instead of 2400.0 +/- 0.0 or -0.0 +/- 0.0."""
import io
import math
from types import SimpleNamespace

import pytest

from protocol.records.game import GameResult
from protocol.runner.progress import Progress
from protocol.runner.standings import Standings
from protocol.runner.stats import elo_estimate


def results(outcomes):
    """Games between a and b; ``outcomes`` from a's view: 'w', 'd' or 'l'; colours alternate."""
    games = []
    for i, outcome in enumerate(outcomes):
        first, second = ("a", "b") if i % 2 == 0 else ("b", "a")
        a_first = first == "a"
        result = {"w": "1-0" if a_first else "0-1", "l": "0-1" if a_first else "1-0",
                  "d": "1/2-1/2"}[outcome]
        games.append(GameResult(i, 1, i // 2, "chess", None, first, second, result, "normal", "r"))
    return games


def table_row(outcomes):
    standings = Standings(["a", "b"])
    for game in results(outcomes):
        standings.add(game)
    row = next(line for line in standings.table().splitlines() if line.startswith("a vs b"))
    return standings, row.split()


def test_all_wins_has_infinite_elo_and_no_finite_bound():
    est = elo_estimate(4, 0, 0)
    assert est.elo == math.inf and est.error == math.inf
    assert est.text() == "+inf +/- inf"
    _, words = table_row("wwww")
    assert words[3:6] == ["4-0-0", "+inf", "inf"]


def test_all_losses_is_minus_inf():
    _, words = table_row("ll")
    assert words[3:6] == ["0-0-2", "-inf", "inf"]


def test_all_draws_is_zero_without_a_bound_and_never_minus_zero():
    est = elo_estimate(0, 2, 0)
    assert est.elo == 0.0 and math.copysign(1, est.elo) == 1 and est.error == math.inf
    assert est.text() == "0.0 +/- inf"
    _, words = table_row("dd")
    assert words[3:6] == ["0-2-0", "0.0", "inf"]


def test_a_single_game_has_no_bound():
    assert elo_estimate(1, 0, 0).error == math.inf
    assert elo_estimate(0, 1, 0).error == math.inf


def test_pairs_that_all_score_alike_have_no_bound():
    # two pairs, each won once by each side: the pair scores never vary
    est = elo_estimate(2, 0, 2, [0, 0, 2, 0, 0])
    assert est.elo == 0.0 and est.error == math.inf


def test_a_mixed_sample_keeps_a_finite_bound():
    est = elo_estimate(6, 2, 2)
    assert math.isfinite(est.elo) and 0 < est.error < math.inf
    assert est.text().startswith("+") and "inf" not in est.text()


def test_progress_line_shows_inf_for_a_one_sided_sample():
    standings, _ = table_row("wwww")
    stream = io.StringIO()
    outcome = SimpleNamespace(standings=standings, results=results("wwww"), sprt_status="")
    Progress(["a", "b"], stream=stream)(outcome, 10)
    line = stream.getvalue()
    assert "Elo +inf +/- inf" in line and "2400" not in line


@pytest.mark.parametrize("outcomes", ["wwww", "dd", "ll", "wdl"])
def test_table_never_prints_a_clamped_or_negative_zero_elo(outcomes):
    _, words = table_row(outcomes)
    assert words[4] not in ("2400.0", "-2400.0", "-0.0")
