"""Janggi vectors judged by the seed: the seed_* / in_check / seed_result fields of janggi.json
and every scenario of endings_janggi.json (its oracle differs from the seed where its notes say;
the expected verdicts below are the seed's, written out from each scenario's seed_expected)."""
import pytest

from conftest import load_vectors
from engine.arbiter import judge, judge_position
from engine.board import Board

POSITIONS = load_vectors("janggi")["positions"]
ENDINGS = load_vectors("endings_janggi")
SCENARIOS = {s["id"]: s for s in ENDINGS["scenarios"]}


def _seeded(field):
    return [p for p in POSITIONS if field in p]


@pytest.mark.parametrize("entry", _seeded("seed_must"), ids=lambda e: e["id"])
def test_seed_must_be_legal(entry):
    legal = set(Board("janggi", entry["fen"]).legal_move_strs())
    assert set(entry["seed_must"]) <= legal, set(entry["seed_must"]) - legal


@pytest.mark.parametrize("entry", _seeded("seed_must_not"), ids=lambda e: e["id"])
def test_seed_must_not_be_legal(entry):
    legal = set(Board("janggi", entry["fen"]).legal_move_strs())
    assert not set(entry["seed_must_not"]) & legal


@pytest.mark.parametrize("entry", _seeded("seed_only"), ids=lambda e: e["id"])
def test_seed_only_these_are_legal(entry):
    assert sorted(Board("janggi", entry["fen"]).legal_move_strs()) == sorted(entry["seed_only"])


@pytest.mark.parametrize("entry", _seeded("in_check"), ids=lambda e: e["id"])
def test_in_check(entry):
    assert Board("janggi", entry["fen"]).is_check() is entry["in_check"]


@pytest.mark.parametrize("entry", _seeded("seed_result"), ids=lambda e: e["id"])
def test_seed_result(entry):
    board = Board("janggi", entry["fen"])
    verdict = judge_position(board.position)
    assert entry["seed_result"] == "side_to_move_loses"
    assert verdict.winner == 1 - board.turn and verdict.termination == "checkmate"


# (result, termination, scores) by the seed; None scores where points do not decide.
SEED_VERDICTS = {
    "jge01": ("0-1", "double_pass", (72, 73.5)),
    "jge02": ("*", "", None),            # bikjang before any capture does not count
    "jge03": ("1-0", "bikjang", (15, 6.5)),
    "jge04": ("*", "", None),
    "jge05": ("1-0", "bikjang", (15, 6.5)),  # the oracle calls this reply illegal; the seed not
    "jge06": ("0-1", "perpetual_check", (13, 1.5)),
    "jge07": ("0-1", "perpetual_check", (13, 1.5)),
    "jge08": ("1-0", "repetition", (13, 8.5)),
    "jge09": ("1-0", "repetition", (13, 8.5)),  # ended at the third occurrence
    "jge10": ("*", "", None),            # 100 plies: the seed's limit is 200
    "jge11": ("1-0", "ply_limit", (13, 8.5)),
    "jge12": ("1-0", "ply_limit", (13, 8.5)),
    "jge13": ("*", "", None),
    "jge14": ("1-0", "checkmate", None),
}


def test_every_scenario_has_a_seed_verdict():
    assert set(SEED_VERDICTS) == set(SCENARIOS)


@pytest.mark.parametrize("scenario_id", sorted(SEED_VERDICTS))
def test_ending_scenario(scenario_id):
    scenario = SCENARIOS[scenario_id]
    result, termination, scores = SEED_VERDICTS[scenario_id]
    verdict = judge("janggi", scenario["start_fen"], scenario["moves_ucci"])
    assert (verdict.result, verdict.termination) == (result, termination), verdict.reason
    if scores is not None:
        assert verdict.scores == scores
    if result != "*":
        assert verdict.reason


def test_jge09_ends_at_the_third_occurrence_not_later():
    """judge stops at the first end; the 8-move prefix already gives the same verdict."""
    moves = SCENARIOS["jge09"]["moves_ucci"]
    assert judge("janggi", SCENARIOS["jge09"]["start_fen"], moves[:8]).termination == "repetition"
    assert judge("janggi", SCENARIOS["jge09"]["start_fen"], moves[:7]).ongoing


@pytest.mark.parametrize("case", ENDINGS["material_counting_via_double_pass"],
                         ids=lambda c: c["name"])
def test_material_counting_via_double_pass(case):
    board = Board("janggi", case["fen"])
    assert case["moves"] == ["e2e2", "e9e9"]   # 1-based in the file: both generals pass
    verdict = judge("janggi", case["fen"], ["e1e1", "e8e8"])
    winner_name = case["seed_expected"].split()[0].lower()
    assert verdict.termination == "double_pass"
    assert board.spec.side_names[verdict.winner] == winner_name
    cho, han = case["seed_expected"].split("(")[1].rstrip(")").split(" vs ")
    assert verdict.scores == (float(cho), float(han))
