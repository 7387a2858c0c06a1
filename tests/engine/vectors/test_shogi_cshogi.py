"""Differential test against cshogi (a test dependency): seeded random games compared move by
move — legal move sets, check, SFEN, checkmate / no-move ends, sennichite and perpetual check
(where cshogi's is_draw applies) and the entering-king declaration (is_nyugyoku).

Some games take a repetition excursion: a four-ply shuffle played three times, which makes the
excursion's first position occur a fourth time and must end the game exactly there.
"""
import random

import pytest

from engine.arbiter import judge_position
from engine.board import Board
from engine.kernels import layout as L
from engine.rules.shogi import REPETITIONS, declaration_win

cshogi = pytest.importorskip("cshogi")

STARTS = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PPSPPPP1P/2G4R1/LN2KGSNL b Bb 1",
    "RBGG1SS2/4K4/PPPP1PPPP/9/9/9/pppp1pppp/4k4/2ss1ggbr b NLnl 1",     # both kings entered
    "+P+P+P+P1+P+P+P+P/7+P+P/4K4/9/9/9/9/9/4k4 b 2R2B 1",                # a declaration
    "4k4/8R/9/9/9/9/9/9/4K4 b G 1",                                      # checks galore
    "3lkn3/9/4G4/9/9/9/9/9/4K4 b GP 1",                                  # uchifuzume nearby
]
GAMES_PER_START = 6
MAX_PLIES = 200


def cshogi_moves(theirs) -> list[str]:
    return sorted(cshogi.move_to_usi(m) for m in theirs.legal_moves)


def compare(ours: Board, theirs, where: str) -> bool:
    """Compare one position; return True when the game is over."""
    legal = sorted(ours.legal_move_strs())
    assert legal == cshogi_moves(theirs), f"{where}: legal moves differ"
    assert ours.is_check() == theirs.is_check(), f"{where}: check differs"
    assert ours.fen() == theirs.sfen(), f"{where}: SFEN differs"
    # (cshogi mis-generates for pieces that can never move, e.g. a pawn on the last rank, so
    # the start positions avoid them)
    for rule, law in (("csa27", cshogi.LAW_27), ("24", cshogi.LAW_24)):
        assert declaration_win(ours.position, rule) == theirs.is_nyugyoku(law), \
            f"{where}: declaration ({rule}) differs"
    verdict = judge_position(ours.position, impasse=False)
    repetition = theirs.is_draw()
    if not legal:
        assert theirs.is_game_over()
        assert verdict.winner == 1 - ours.turn
        assert verdict.termination == ("checkmate" if theirs.is_check() else "stalemate")
        return True
    assert not theirs.is_game_over()
    if verdict.termination == "sennichite":
        assert repetition == cshogi.REPETITION_DRAW, where
    elif verdict.termination == "perpetual_check":
        expected = cshogi.REPETITION_LOSE if verdict.winner != ours.turn else cshogi.REPETITION_WIN
        assert repetition == expected, where
    else:
        assert verdict.ongoing, f"{where}: {verdict}"
        history = ours.position.hash_history()
        assert history.count(history[-1]) < REPETITIONS
    return not verdict.ongoing


def shuffle_cycle(ours: Board, rng: random.Random) -> list[str] | None:
    """Four plies (m1, m2, back1, back2) that return to the current position, if any: quiet
    board moves without promotion whose reverse is legal. Checking moves are tried first."""
    def quiet(board):
        result = []
        for m in board.legal_move_strs():
            if "*" in m or m.endswith("+"):
                continue
            probe = board.copy()
            probe.push_str(m)
            if _same_hands(board, probe):  # no capture
                result.append((probe.is_check(), m))
        rng.shuffle(result)
        result.sort(key=lambda item: not item[0])
        return [m for _, m in result]

    plain = None
    for m1 in quiet(ours)[:6]:
        after1 = ours.copy()
        after1.push_str(m1)
        for m2 in quiet(after1)[:6]:
            board = after1.copy()
            board.push_str(m2)
            back = [m1[2:4] + m1[0:2], m2[2:4] + m2[0:2]]
            try:
                board.push_str(back[0])
                perpetual = after1.is_check() and board.is_check()
                board.push_str(back[1])
            except ValueError:
                continue
            if board.position.hash == ours.position.hash:
                if perpetual:
                    return [m1, m2] + back
                plain = plain or [m1, m2] + back
    return plain


def _same_hands(before: Board, after: Board) -> bool:
    return all(before.position.hand(s) == after.position.hand(s) for s in (0, 1))


def pick_move(ours: Board, rng: random.Random) -> str:
    """A random legal move, biased towards captures and checks so that games reach drops,
    promotions, mates and entering kings within a few hundred plies."""
    moves = ours.legal_moves
    position = ours.position
    roll = rng.random()
    if roll < 0.35:
        captures = [m for m in moves
                    if not m & L.MF_DROP and position.board[(m >> L.M_TO_SHIFT) & 0xFF] != 0]
        if captures:
            return ours.move_str(rng.choice(captures))
    elif roll < 0.55:
        checks = []
        for m in moves:
            position.push(m)
            if position.in_check():
                checks.append(m)
            position.pop()
        if checks:
            return ours.move_str(rng.choice(checks))
    return ours.move_str(rng.choice(moves))


CASES = [(start, seed) for start in STARTS for seed in range(GAMES_PER_START)]


@pytest.mark.parametrize("start,seed", CASES, ids=[f"s{STARTS.index(s)}-{n}" for s, n in CASES])
def test_random_game_matches_cshogi(start, seed):
    rng = random.Random(seed * 7919 + STARTS.index(start))
    ours, theirs = Board("shogi", start), cshogi.Board(start)
    excursion_ply = rng.randrange(10, MAX_PLIES) if seed % 3 == 0 else -1
    script: list[str] = []
    for ply in range(MAX_PLIES):
        if compare(ours, theirs, f"{start} seed {seed} ply {ply}"):
            return
        if ply == excursion_ply:
            cycle = shuffle_cycle(ours, rng)
            if cycle:
                script = cycle * (REPETITIONS - 1)
        move = script.pop(0) if script else pick_move(ours, rng)
        ours.push_str(move)
        theirs.push_usi(move)
    compare(ours, theirs, f"{start} seed {seed} final")


def test_repetition_excursion_ends_the_game():
    """The shuffle machinery really produces sennichite (so the random games exercise it)."""
    board = Board("shogi")
    cycle = shuffle_cycle(board, random.Random(1))
    assert cycle is not None
    for move in cycle * (REPETITIONS - 1):
        board.push_str(move)
    assert judge_position(board.position).termination in ("sennichite", "perpetual_check")
