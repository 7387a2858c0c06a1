"""tools/calibrate_levels.py's arithmetic: the maximum-likelihood fit recovers the ratings that
made a set of games, with the anchor held at its rating, and the calibration points are made to
rise with the level."""
import random

import pytest

from tools.calibrate_levels import fit_ratings, rising


def test_the_fit_recovers_the_ratings_that_made_the_games():
    truth = {"anchor": 1500.0, "L0": 900.0, "L2": 1200.0, "L4": 1650.0}
    rng = random.Random(1)
    games = []
    for a, b in [("L0", "L2"), ("L2", "L4"), ("anchor", "L2"), ("anchor", "L4"), ("L0", "anchor")]:
        expected = 1 / (1 + 10 ** ((truth[b] - truth[a]) / 400))
        draws = min(0.2, 2 * min(expected, 1 - expected))    # half a point each, as expected
        wins = (expected - draws / 2) / (1 - draws)
        for _ in range(3000):
            draw = rng.random() < draws
            games.append((a, b, 0.5 if draw else float(rng.random() < wins)))
    ratings, errors = fit_ratings(games, "anchor", 1500.0)
    assert ratings["anchor"] == 1500.0 and errors["anchor"] == 0.0
    for name in ("L0", "L2", "L4"):
        assert ratings[name] == pytest.approx(truth[name], abs=3 * errors[name] / 1.96 + 5)
        assert 0 < errors[name] < 40


def test_a_clean_sweep_gets_a_finite_rating():
    ratings, errors = fit_ratings([("anchor", "L0", 1.0)] * 10, "anchor", 1500.0)
    assert 0 < 1500 - ratings["L0"] < 2000 and errors["L0"] > 0


def test_the_points_rise_with_the_level():
    points = rising([(0, 900), (2, 1100), (4, 1050), (6, 1300), (8, 1290), (10, 1290)])
    elos = [e for _, e in points]
    assert [s for s, _ in points] == [0, 2, 4, 6, 8, 10]
    assert all(b > a for a, b in zip(elos, elos[1:]))
    assert elos[1] == pytest.approx(1075) and elos[2] == pytest.approx(1076)
