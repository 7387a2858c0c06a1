"""Shogi vectors judged by the seed rules: seed_must / seed_must_not / in_check / seed_result of
tests/data/shogi.json and every scenario of tests/data/endings_shogi.json.

The vector files mix notations (their `about` says so): USI (7g7f, P*5e) and the chess style
Fairy-Stockfish prints (c3c4, P@e5); both are read here.
"""
import pytest

from conftest import load_vectors
from engine.arbiter import judge, judge_position
from engine.board import Board
from engine.shogi_notation import from_chess_style

POSITIONS = load_vectors("shogi")["positions"]
SCENARIOS = load_vectors("endings_shogi")["scenarios"]


def as_usi(text: str) -> str:
    if "*" in text or text[0].isdigit():
        return text
    return from_chess_style(text)


SEED_CASES = [p for p in POSITIONS if {"seed_must", "seed_must_not", "in_check", "seed_result"} & set(p)]


@pytest.mark.parametrize("entry", SEED_CASES, ids=[p["id"] for p in SEED_CASES])
def test_seed_fields(entry):
    board = Board("shogi", entry["fen"])
    legal = set(board.legal_move_strs())
    for text in entry.get("seed_must", []):
        assert as_usi(text) in legal, f"{text} ({as_usi(text)}) must be legal"
    for text in entry.get("seed_must_not", []):
        assert as_usi(text) not in legal, f"{text} ({as_usi(text)}) must be illegal"
    if "in_check" in entry:
        assert board.is_check() == entry["in_check"]
    if "seed_result" in entry:
        assert entry["seed_result"] == "side_to_move_loses"
        verdict = judge_position(board.position)
        assert verdict.winner == 1 - board.turn and verdict.termination == "checkmate"


# Each scenario's `seed_expected`, in the arbiter's terms: (result, termination) or "illegal".
EXPECTED = {
    "she01": ("*", ""),
    "she02": ("1/2-1/2", "sennichite"),
    "she03": ("0-1", "perpetual_check"),        # sente checked on every move of the cycle
    "she04": ("*", ""),
    "she05": "illegal",                         # uchifuzume: the pawn drop is never generated
    "she06": ("1-0", "checkmate"),
    "she07": ("1-0", "stalemate"),              # no legal move loses (no stalemate draw)
    "she08": ("1/2-1/2", "impasse"),            # both kings entered, 24 points each
}


def test_every_scenario_has_an_expectation():
    assert {s["id"] for s in SCENARIOS} == set(EXPECTED)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s["id"] for s in SCENARIOS])
@pytest.mark.parametrize("notation", ["usi", "fsf"])
def test_ending_scenarios(scenario, notation):
    if notation == "usi":
        start, moves = scenario["start_sfen"], scenario["moves_usi"]
    else:  # the same game as Fairy-Stockfish writes it: FEN with [hands], chess-style moves
        start, moves = scenario["start_fen"], [from_chess_style(m) for m in scenario["moves"]]
        assert moves == scenario["moves_usi"]
    expected = EXPECTED[scenario["id"]]
    if expected == "illegal":
        with pytest.raises(ValueError, match="illegal"):
            judge("shogi", start, moves)
        return
    verdict = judge("shogi", start, moves)
    assert (verdict.result, verdict.termination) == expected, verdict.reason
    if moves and verdict.termination in ("sennichite", "perpetual_check"):
        # the game ends exactly at the fourth occurrence, not a move earlier
        assert judge("shogi", start, moves[:-1]).ongoing


def test_perpetual_check_loss_names_the_checker():
    scenario = next(s for s in SCENARIOS if s["id"] == "she03")
    verdict = judge("shogi", scenario["start_sfen"], scenario["moves_usi"])
    assert verdict.winner == 1 and "perpetual check by sente" in verdict.reason


def test_impasse_count_reports_points():
    scenario = next(s for s in SCENARIOS if s["id"] == "she08")
    verdict = judge("shogi", scenario["start_sfen"], [])
    assert "sente 24" in verdict.reason and "gote 24" in verdict.reason
    assert judge("shogi", scenario["start_sfen"], [], impasse=False).ongoing


def test_start_perft5_is_behind_the_slow_mark():
    """perft(5) from the start = 19,861,490 runs in test_perft_vectors.py::test_perft_slow."""
    from perft_cases import perft_cases
    assert ("shogi-start", POSITIONS[0]["fen"], 5, 19_861_490) in perft_cases("shogi", slow=True)
