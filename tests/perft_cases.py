"""Perft and legal-move cases from the vector files, split by cost."""
from conftest import load_vectors

FAST_LIMIT = 2_000_000   # leaf counts above this run under the `slow` mark


def perft_cases(variant: str, slow: bool):
    cases = []
    for entry in load_vectors(variant)["positions"]:
        for depth, count in entry.get("perft", {}).items():
            if (count > FAST_LIMIT) == slow:
                cases.append((entry["id"], entry["fen"], int(depth), count))
    return cases


def move_list_cases(variant: str):
    return [(e["id"], e["fen"], e["legal_moves"]) for e in load_vectors(variant)["positions"]
            if "legal_moves" in e]
