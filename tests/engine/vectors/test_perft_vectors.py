"""Every perft count and legal-move list in tests/data (from independent implementations), for
all four games."""
import pytest

from engine.board import Board
from engine.perft import perft
from perft_cases import move_list_cases, perft_cases

VARIANTS = ["xiangqi", "janggi", "shogi", "chess"]


def _ids(cases):
    return [f"{c[0]}-d{c[2]}" for c in cases]


@pytest.mark.parametrize("variant", VARIANTS)
def test_perft_fast(variant):
    failures = []
    for case_id, fen, depth, expected in perft_cases(variant, slow=False):
        got = perft(Board(variant, fen).position, depth)
        if got != expected:
            failures.append(f"{case_id} depth {depth}: {got} != {expected}")
    assert not failures, "\n".join(failures)


SLOW = [(v,) + c for v in VARIANTS for c in perft_cases(v, slow=True)]


@pytest.mark.slow
@pytest.mark.parametrize("variant,case_id,fen,depth,expected", SLOW,
                         ids=[f"{s[0]}-{s[1]}-d{s[3]}" for s in SLOW])
def test_perft_slow(variant, case_id, fen, depth, expected):
    assert perft(Board(variant, fen).position, depth) == expected


@pytest.mark.parametrize("variant", VARIANTS)
def test_legal_move_lists(variant):
    failures = []
    for case_id, fen, expected in move_list_cases(variant):
        got = sorted(Board(variant, fen).legal_move_strs())
        if got != sorted(expected):
            failures.append(f"{case_id}: extra {set(got) - set(expected)}, "
                            f"missing {set(expected) - set(got)}")
    assert not failures, "\n".join(failures)
