"""Each game's search numbers (engine/search_tables.SearchProfile) reach the kernels through the
game's eval table, and each game searches with the profile its SPRTs chose."""
from dataclasses import replace

import pytest

from engine.evaluation import eval_table, profile
from engine.kernels import search_layout as S
from engine.search_tables import EVERY_DEPTH, SELECTIVE, SearchProfile
from engine.variants import VARIANTS

CHOSEN = {"xiangqi": replace(SELECTIVE, skip_late_quiets=True), "janggi": SearchProfile(),
          "shogi": SearchProfile(late_move_depth=EVERY_DEPTH, late_move_quadratic=1,
                                 late_move_divisor=2, late_move_divisor_improving=1,
                                 skip_late_quiets=True, correction_history=True,
                                 losing_checks_as_quiets=True),
          "chess": replace(SELECTIVE, skip_late_quiets=True)}


def test_a_profile_fills_every_slot():
    numbers = SELECTIVE.table()
    assert len(numbers) == S.SP_SIZE
    assert numbers[S.SP_RFP_DEPTH] == 6 and numbers[S.SP_SEE] == 1
    assert SearchProfile().table()[S.SP_CONT_HISTORY] == 0


def test_a_move_count_divided_by_zero_is_refused():
    with pytest.raises(ValueError):
        SearchProfile(late_move_divisor=1, late_move_divisor_improving=1)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_eval_table_carries_the_games_search_numbers(variant):
    spec = VARIANTS[variant]
    E = eval_table(spec)
    off = int(E[S.EV_SEARCH])
    assert [int(x) for x in E[off:off + S.SP_SIZE]] == profile(spec).search.table()


@pytest.mark.parametrize("variant", sorted(CHOSEN))
def test_each_game_searches_with_the_profile_its_sprts_chose(variant):
    assert profile(VARIANTS[variant]).search == CHOSEN[variant]
