"""The seed fields of tests/data/xiangqi.json (perft counts and legal_moves live in
test_perft_vectors.py): seed_must, seed_must_not, seed_only, in_check, seed_result, and the
Fairy-Stockfish move lists (1-based ranks) converted to our 0-based notation."""
import re

import pytest

from conftest import load_vectors
from engine.arbiter import judge
from engine.board import Board

POSITIONS = load_vectors("xiangqi")["positions"]
FSF_MOVE = re.compile(r"^([a-i])(\d+)([a-i])(\d+)$")


def with_field(name):
    return [pytest.param(p, id=p["id"]) for p in POSITIONS if name in p]


def fsf_to_canonical(text: str) -> str:
    """Fairy-Stockfish xiangqi UCI (ranks 1..10) -> 0-based ICCS (ranks 0..9)."""
    match = FSF_MOVE.match(text)
    assert match, f"not an FSF xiangqi move: {text}"
    f1, r1, f2, r2 = match.groups()
    return f"{f1}{int(r1) - 1}{f2}{int(r2) - 1}"


def legal(position) -> set[str]:
    return set(Board("xiangqi", position["fen"]).legal_move_strs())


@pytest.mark.parametrize("position", with_field("seed_must"))
def test_seed_must(position):
    missing = set(position["seed_must"]) - legal(position)
    assert not missing, f"{position['description']}: missing {sorted(missing)}"


@pytest.mark.parametrize("position", with_field("seed_must_not"))
def test_seed_must_not(position):
    wrong = set(position["seed_must_not"]) & legal(position)
    assert not wrong, f"{position['description']}: illegal moves generated {sorted(wrong)}"


@pytest.mark.parametrize("position", with_field("seed_only"))
def test_seed_only(position):
    assert legal(position) == set(position["seed_only"]), position["description"]


@pytest.mark.parametrize("position", with_field("in_check"))
def test_in_check(position):
    assert Board("xiangqi", position["fen"]).is_check() == position["in_check"]


@pytest.mark.parametrize("position", with_field("seed_result"))
def test_seed_result(position):
    assert position["seed_result"] == "side_to_move_loses"
    board = Board("xiangqi", position["fen"])
    verdict = judge("xiangqi", position["fen"], [])
    assert verdict.winner == 1 - board.turn, verdict.reason
    assert verdict.termination == ("checkmate" if position.get("in_check") else "stalemate")


@pytest.mark.parametrize("position", with_field("legal_moves_fsf"))
def test_fsf_move_lists_match_after_conversion(position):
    converted = {fsf_to_canonical(m) for m in position["legal_moves_fsf"]}
    assert converted == set(position["legal_moves"])
    assert converted == legal(position)


def test_fsf_conversion_handles_rank_ten():
    assert fsf_to_canonical("e10e9") == "e9e8"
    assert fsf_to_canonical("h3e3") == "h2e2"
