"""The non-perft fields of tests/data/chess.json (perft counts and move lists are checked by
test_perft_vectors.py): legal move counts, check, must/must-not moves, game results, and that
python-chess reads and prints every vector FEN the same way we do."""
import chess
import pytest

from conftest import load_vectors
from engine.board import Board

ENTRIES = load_vectors("chess")["positions"]
IDS = [e["id"] for e in ENTRIES]


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_vector_entry(entry):
    board = Board("chess", entry["fen"])
    moves = board.legal_move_strs()
    oracle = chess.Board(entry["fen"])
    assert sorted(moves) == sorted(m.uci() for m in oracle.legal_moves)
    assert board.fen() == oracle.fen()
    if "legal_moves" in entry:
        expected = entry["legal_moves"]
        assert len(moves) == (expected if isinstance(expected, int) else len(expected))
    if "in_check" in entry:
        assert board.is_check() == entry["in_check"]
    for move in entry.get("seed_must", []):
        assert move in moves
    for move in entry.get("seed_must_not", []):
        assert move not in moves
    if "perft" in entry:
        assert len(moves) == entry["perft"]["1"]
    outcome = board.outcome()
    if "seed_result" in entry:
        assert outcome is not None
        if entry["seed_result"] == "draw":
            assert outcome.result == "1/2-1/2" and outcome.termination == "stalemate"
        elif entry["seed_result"] == "side_to_move_loses":
            assert outcome.winner == 1 - board.turn and outcome.termination == "checkmate"
        else:
            pytest.fail(f"unknown seed_result {entry['seed_result']}")
    elif not moves:
        assert outcome is not None
    else:
        assert outcome is None or outcome.termination == "insufficient_material"


def test_every_seed_field_is_understood():
    known = {"id", "fen", "perft", "description", "legal_moves", "in_check", "seed_must",
             "seed_must_not", "seed_result"}
    for entry in ENTRIES:
        assert set(entry) <= known, entry["id"]


def test_perft5_from_the_start_is_a_slow_vector():
    """perft(5) = 4,865,609 from the start runs in test_perft_vectors.py's slow set."""
    from perft_cases import perft_cases
    assert ("chess-start", ENTRIES[0]["fen"], 5, 4_865_609) in perft_cases("chess", slow=True)
