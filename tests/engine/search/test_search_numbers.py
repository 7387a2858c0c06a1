"""Search numbers given as text (the `Search Numbers` option, SearchConfig.search_numbers, the
tuner tools/spsa.py): they reach the game's eval table, the reduction table follows its two
numbers, and text that makes no profile is refused with a reason."""
import numpy as np
import pytest

from engine.evaluation import eval_table, profile
from engine.kernels import search_layout as S
from engine.search import SearchConfig, game_table
from engine.search_tables import SearchProfile, late_move_reductions, parse_search_numbers
from engine.variants import VARIANTS


def search_slots(E):
    off = int(E[S.EV_SEARCH])
    return [int(x) for x in E[off:off + S.SP_SIZE]]


def reductions_of(E):
    off = int(E[S.EV_LMR])
    return [int(x) for x in E[off:off + 64 * 64]]


def test_text_reads_as_numbers_by_name():
    assert parse_search_numbers("futility_margin=110, reverse_futility_margin=130") == {
        "futility_margin": 110, "reverse_futility_margin": 130}
    assert parse_search_numbers("  skip_late_quiets=true\tcorrection_history=0 ") == {
        "skip_late_quiets": 1, "correction_history": 0}
    assert parse_search_numbers("") == {}


@pytest.mark.parametrize("text, reason", [
    ("futility_margin", "name=value pairs"),
    ("=3", "name=value pairs"),
    ("bogus=3", "unknown search number 'bogus'"),
    ("futility_margin=1.5", "takes a whole number"),
    ("futility_margin=", "takes a whole number"),
])
def test_text_that_names_no_numbers_is_refused(text, reason):
    with pytest.raises(ValueError, match=reason):
        parse_search_numbers(text)
    with pytest.raises(ValueError, match=reason):
        SearchConfig(search_numbers=text)


def test_numbers_that_make_no_profile_are_refused():
    with pytest.raises(ValueError, match="not negative"):
        SearchProfile().with_numbers({"futility_margin": -5})
    with pytest.raises(ValueError, match="reduction_divisor"):
        SearchProfile().with_numbers({"reduction_divisor": 0})
    with pytest.raises(ValueError, match="needs exchange_evaluation"):
        SearchProfile().with_numbers({"reduce_bad_captures": 1})


def test_the_default_reduction_numbers_give_the_table_every_game_searched_with():
    assert SearchProfile().reductions() == late_move_reductions()
    assert late_move_reductions()[8 * 64 + 10] == int(0.75 + np.log(8) * np.log(10) / 2.25)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_numbers_reach_the_eval_table_and_the_rest_stays_the_games(variant):
    spec = VARIANTS[variant]
    own = eval_table(spec)
    tuned = eval_table(spec, search_numbers="futility_margin=77 reduction_divisor=180")
    expected = profile(spec).search.with_numbers({"futility_margin": 77,
                                                  "reduction_divisor": 180})
    assert search_slots(tuned) == expected.table()
    assert search_slots(tuned)[S.SP_FUTILITY_MARGIN] == 77
    assert reductions_of(tuned) == late_move_reductions(75, 180) != reductions_of(own)
    # everything else in the table is the game's own, and the game's own table is untouched
    assert len(tuned) == len(own)
    changed = np.flatnonzero(tuned != own)
    lmr, search = int(own[S.EV_LMR]), int(own[S.EV_SEARCH])
    assert all(lmr <= i < lmr + 64 * 64 or search <= i < search + S.SP_SIZE for i in changed)
    assert search_slots(eval_table(spec)) == profile(spec).search.table()


def test_a_search_takes_numbers_a_game_cannot_use_as_its_own(capsys):
    chess = VARIANTS["chess"]
    config = SearchConfig(search_numbers="exchange_evaluation=0")   # chess reduces none: fine
    assert search_slots(game_table(chess, config))[S.SP_SEE] == 0
    janggi = VARIANTS["janggi"]     # janggi's profile has no exchange evaluation to reduce by
    table = game_table(janggi, SearchConfig(search_numbers="reduce_bad_captures=1"))
    assert search_slots(table) == profile(janggi).search.table()
    assert "janggi searches with its own" in capsys.readouterr().err


def test_the_python_api_searches_with_given_numbers():
    from engine.scripting import Engine
    with Engine("chess", search_numbers="futility_margin=90", use_nnue=False) as engine:
        assert engine.searcher.config.search_numbers == "futility_margin=90"
        assert engine.analyse(depth=3)[0].depth == 3
    nodes = {}
    for numbers in ("", "reduction_base=250"):      # a ply more reduction for every late move
        with Engine("chess", search_numbers=numbers, use_nnue=False) as engine:
            nodes[numbers] = engine.analyse(depth=7)[0].nodes
    assert nodes["reduction_base=250"] < nodes[""]
    with pytest.raises(ValueError, match="unknown search number"):
        Engine("chess", search_numbers="nonsense=1")
