"""Pruning never buys a rule loss or an illegal move: positions where a selective search is
tempted (the losing move is a check, a capture-free shuffle or a mating pawn drop, the kind of
move futility, null move and late-move pruning judge by the evaluation alone), searched at every
depth from 1 to 9 and under node limits, so that each pruning stage has had its say."""
from __future__ import annotations

import pytest

from engine.board import Board
from engine.search import Limits, Searcher
from search_helpers import run

LIMITS = [Limits(depth=d) for d in range(1, 10)] + [Limits(nodes=n) for n in (500, 5000, 50000)]


def board_after(variant: str, fen: str, moves: list[str], captures_seen: bool = False) -> Board:
    board = Board(variant, fen)
    if captures_seen:
        board.position.st[10] = 1   # S_CAPTURES: janggi's bikjang needs a capture in the game
    for text in moves:
        board.push_str(text)
    return board


# (variant, FEN, moves played, move that loses by rule or is illegal, what it would cost)
AVOIDED = [
    pytest.param("xiangqi", "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1",
                 ["a8a9", "e9e8", "a9a8", "e8e9"], "a8a9", id="xiangqi-perpetual-check"),
    pytest.param("xiangqi", "3k5/9/9/7R1/c8/9/9/9/9/4K4 w - - 0 1",
                 ["h6h5", "a5a6", "h5h6", "a6a5"], "h6h5", id="xiangqi-perpetual-chase"),
    pytest.param("janggi", "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABN1 b - - 0 1",
                 ["e8e8"], "e1e1", id="janggi-pass-back-when-behind"),
    pytest.param("janggi", "4k4/4a4/9/9/9/9/9/9/9/R3K4 b - - 0 1", [], "e8d8",
                 id="janggi-bikjang-when-behind"),
    pytest.param("shogi", "3lkn3/9/4G4/9/9/9/9/9/4K4 b P 1", [], "P*5b",
                 id="shogi-pawn-drop-mate"),
]


@pytest.mark.parametrize("variant, fen, moves, losing", AVOIDED)
def test_the_rule_losing_move_is_never_chosen(variant, fen, moves, losing):
    assert_never_chosen(variant, fen, moves, losing)


def assert_never_chosen(variant: str, fen: str, moves: list[str], losing: str) -> None:
    """At every depth and node limit of LIMITS the search picks a legal move, never ``losing``."""
    board = board_after(variant, fen, moves, captures_seen=variant == "janggi")
    legal = set(board.legal_move_strs())
    searcher = Searcher()
    for limits in LIMITS:
        searcher.clear_hash()
        best, _ = run(board.position.copy(), limits, searcher)
        chosen = board.move_str(best.move)
        assert chosen in legal, (limits, chosen)
        assert chosen != losing, limits


# (variant, FEN, moves played, the move that wins by rule or mates at once)
FOUND = [
    pytest.param("xiangqi", "3k5/9/9/7R1/c8/9/9/9/9/4K4 w - - 0 1",
                 ["h6h5", "a5a6", "h5h6"], "a6a5", id="xiangqi-claim-their-chase"),
    pytest.param("janggi", "rnba1abn1/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 0 1",
                 ["e8e8"], "e1e1", id="janggi-pass-back-when-ahead"),
    pytest.param("shogi", "3lkn3/9/4G4/9/9/9/9/9/4K4 b GP 1", [], "G*5b",
                 id="shogi-gold-drop-mate-not-the-pawn"),
]


@pytest.mark.parametrize("variant, fen, moves, winning", FOUND)
def test_the_immediate_win_is_found_at_every_depth(variant, fen, moves, winning):
    assert_found(variant, fen, moves, winning)


def assert_found(variant: str, fen: str, moves: list[str], winning: str) -> None:
    """From depth 2 on (and under every node limit) the search plays ``winning``, a win in one
    ply."""
    board = board_after(variant, fen, moves)
    searcher = Searcher()
    for limits in LIMITS[1:]:            # depth 1 sees a rule win one ply away too, mates need 2
        searcher.clear_hash()
        best, _ = run(board.position.copy(), limits, searcher)
        assert board.move_str(best.move) == winning, limits
        assert best.mate_plies == 1, limits
