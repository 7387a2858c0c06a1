"""Differential test against python-chess on positions from seeded random games: legal move sets,
check, FEN (print and round trip) and the outcome with and without draw claims.

Half of the games prefer taking back their own last move, so repetitions (threefold claims,
fivefold draws) come up as often as mates, stalemates and bare-king draws.
"""
import random

import chess
from engine.board import Board

GAMES = 40
MAX_PLIES = 220


def oracle_outcome(board: chess.Board, claim_draw: bool):
    outcome = board.outcome(claim_draw=claim_draw)
    if outcome is None:
        return None
    winner = None if outcome.winner is None else (0 if outcome.winner == chess.WHITE else 1)
    return outcome.termination.name.lower(), winner


def oracle_on_board_claims(board: chess.Board):
    """Claims as a tournament arbiter sees them: only what has already happened."""
    automatic = oracle_outcome(board, False)
    if automatic is not None:
        return automatic
    if board.halfmove_clock >= 100:
        return "fifty_moves", None
    if board.is_repetition(3):
        return "threefold_repetition", None
    return None


def our_outcome(board: Board, **options):
    verdict = board.outcome(**options)
    return None if verdict is None else (verdict.termination, verdict.winner)


def pick_move(rng: random.Random, oracle: chess.Board, shuffler: bool) -> chess.Move:
    moves = list(oracle.legal_moves)
    if shuffler and len(oracle.move_stack) >= 2 and rng.random() < 0.7:
        last = oracle.move_stack[-2]
        back = chess.Move(last.to_square, last.from_square)
        if back in moves:
            return back
    # prefer captures a little, so that games reach endings with little material
    captures = [m for m in moves if oracle.is_capture(m)]
    if captures and rng.random() < 0.3:
        return rng.choice(captures)
    return rng.choice(moves)


def compare(board: Board, oracle: chess.Board, where: str) -> None:
    assert sorted(board.legal_move_strs()) == sorted(m.uci() for m in oracle.legal_moves), where
    assert board.is_check() == oracle.is_check(), where
    fen = board.fen()
    assert fen == oracle.fen(), where
    assert Board("chess", fen, chess960=oracle.chess960).fen() == fen, where
    assert our_outcome(board) == oracle_outcome(oracle, False), where
    assert our_outcome(board, claim_draw=True) == oracle_outcome(oracle, True), where
    assert (our_outcome(board, claim_draw=True, claim_next_move=False)
            == oracle_on_board_claims(oracle)), where


def play_and_compare(seed: int) -> tuple[int, set]:
    rng = random.Random(seed)
    board, oracle = Board("chess"), chess.Board()
    shuffler = seed % 2 == 1
    endings = set()
    for ply in range(MAX_PLIES):
        compare(board, oracle, f"seed {seed} ply {ply}: {oracle.fen()} after {oracle.move_stack}")
        if oracle.outcome() is not None:
            endings.add(oracle.outcome().termination.name.lower())
            return ply + 1, endings
        claim = oracle.outcome(claim_draw=True)
        if claim is not None:
            endings.add(claim.termination.name.lower())
        move = pick_move(rng, oracle, shuffler)
        board.push_str(move.uci())
        oracle.push(move)
    return MAX_PLIES, endings


def test_random_games_against_python_chess():
    """40 games, about 6,000 positions; between them they reach every termination python-chess
    knows except the 75-move rule (covered in test_chess_rules.py)."""
    positions, endings = 0, set()
    for seed in range(GAMES):
        count, ends = play_and_compare(seed)
        positions += count
        endings |= ends
    assert positions >= 5000
    assert {"checkmate", "stalemate", "insufficient_material", "threefold_repetition",
            "fivefold_repetition", "fifty_moves"} <= endings
