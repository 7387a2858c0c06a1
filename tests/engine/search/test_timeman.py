"""The time manager never plans past the clock and stays sane at zero or negative time."""
import pytest

from engine.search import Limits
from engine.timeman import plan


def test_movetime_minus_overhead():
    p = plan(Limits(movetime_ms=1000), 0, 30)
    assert p.hard_ms == p.soft_ms == 970


def test_infinite_and_depth_have_no_time_limit():
    assert plan(Limits(infinite=True), 0, 30).hard_ms is None
    assert plan(Limits(depth=5), 0, 30).hard_ms is None


@pytest.mark.parametrize("remaining", [0.0, -100.0, 5.0, 29.0])
def test_zero_or_negative_time_is_minimal(remaining):
    p = plan(Limits(time_ms=(remaining, remaining)), 1, 30)
    assert p.hard_ms == p.soft_ms == 1.0


@pytest.mark.parametrize("remaining,inc", [(1000.0, 0.0), (60000.0, 0.0), (10000.0, 100.0),
                                           (200.0, 1000.0)])
def test_never_more_than_the_clock_allows(remaining, inc):
    p = plan(Limits(time_ms=(remaining, 0.0), inc_ms=(inc, 0.0)), 0, 30)
    assert 1.0 <= p.soft_ms <= p.hard_ms <= max(1.0, remaining - 30)


def test_one_second_game_spends_a_small_share():
    p = plan(Limits(time_ms=(1000.0, 1000.0)), 0, 30)
    assert p.hard_ms <= 1000 * 0.5 and p.soft_ms <= 1000 / 10


def test_movestogo_one_may_use_most_of_the_clock():
    p = plan(Limits(time_ms=(5000.0, 5000.0), movestogo=1), 0, 30)
    assert 2000 <= p.hard_ms <= 5000 - 30


def test_byoyomi_only():
    p = plan(Limits(time_ms=(0.0, 0.0), byoyomi_ms=(1000.0, 1000.0)), 0, 30)
    assert 500 <= p.hard_ms <= 1000 - 30


def test_a_short_byoyomi_keeps_a_reserve_beyond_the_overhead():
    p = plan(Limits(time_ms=(0.0, 0.0), byoyomi_ms=(200.0, 200.0)), 0, 30)
    assert 100 <= p.hard_ms <= 200 - 30 - 40


def test_main_time_plus_byoyomi():
    p = plan(Limits(time_ms=(60000.0, 60000.0), byoyomi_ms=(10000.0, 10000.0)), 0, 30)
    assert p.soft_ms >= 8000 and p.hard_ms <= 60000 + 10000 - 30


def test_the_shorter_of_movetime_and_clock():
    p = plan(Limits(movetime_ms=5000, time_ms=(1000.0, 1000.0)), 0, 30)
    assert p.hard_ms <= 500
