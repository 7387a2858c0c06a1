"""Issue 15, section 1, in real XBoard 4.9.1 under Xvfb (its -testClaims on, as Debian's
xboard.conf sets it): the engine never loses by a claim XBoard rejects. The opponent is
tests/xboard_script_engine.py, which shuttles a chasing or checking rook; our engine is black.
Before the fix each of these games ended ``1-0 {False win claim: ...}`` (perpetual chase,
perpetual check, janggi bikjang points).
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.variants import get_variant
from repo_paths import ROOT

XBOARD = "/usr/games/xboard"
SCRIPT_ENGINE = "tests.xboard_script_engine"      # run with -m from ROOT, XBoard's -fd
CHASE_FEN = "2eakae2/4h4/8h/1P4P1p/4R4/4cH3/2P5P/2r6/9/3AKAE2 b - - 0 33"
CHECK_FEN = "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1"
# Red (ours) is lost to black's chariots on rank 1 unless it checks for ever.
CHECKER_FEN = "4k4/R8/9/9/9/9/9/9/1rr6/3K5 w - - 0 1"
# Chess: ours (white) is lost but for Qf6+/Qg5+ for ever against a king shuttling h8-g8.
CHESS_CHECKER_FEN = "5r1k/5p1p/8/6Q1/8/8/1rr3PP/7K w - - 0 1"
# Janggi: Cho's soldier steps aside and leaves the generals facing after captures (bikjang).
BIKJANG_FEN = "rr7/4k4/9/9/9/4P4/9/9/4K4/9 w - - 0 1"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not (os.access(XBOARD, os.X_OK) and shutil.which("xvfb-run")),
                       reason="xboard or xvfb-run is not installed"),
]


def xboard_game(tmp_path: Path, fen: str, shuttle: list[str], depth: int,
                our_options: str | None = None, variant: str = "xiangqi",
                ours_first: bool = False) -> tuple[str, str]:
    """One game from ``fen``: the script engine (red/Cho, XBoard's first engine) against ours
    (black/Han), or the other way round with ``ours_first``. Returns the result and XBoard's
    comment on it."""
    script = [sys.executable, "-m", SCRIPT_ENGINE]
    start = []
    if get_variant(variant).xboard_setup:   # engine-defined: only the first engine can set it up
        script += ["--setup", f"'{fen}'"]
    else:
        (tmp_path / "start.fen").write_text(fen + "\n")
        start = ["-lpf", str(tmp_path / "start.fen")]
    game = tmp_path / "game.pgn"
    engines = [" ".join(script + [variant, *shuttle]), f"{sys.executable} -m protocol"]
    if ours_first:
        engines.reverse()
    command = ["xvfb-run", "-a", "-s", "-screen 0 1024x768x24", XBOARD, "-variant", variant,
               "-fcp", engines[0], "-fd", str(ROOT), "-scp", engines[1], "-sd", str(ROOT),
               "-mg", "1", "-searchDepth", str(depth), "-tc", "5", *start, "-sgf", str(game),
               "-testClaims", "true", "-testLegality", "true",
               "-popupExitMessage", "false", "-saveSettingsOnExit", "false"]
    if our_options:
        command += ["-firstOptions" if ours_first else "-secondOptions", our_options]
    subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert game.exists(), "XBoard saved no game"
    text = game.read_text()
    ending = re.search(r"\{([^{}]*)\}\s*(1-0|0-1|1/2-1/2)\s*$", text)
    assert ending, text[-1500:]
    return ending.group(2), ending.group(1)


def test_the_engine_plays_past_a_chase_and_wins(tmp_path):
    # XBoard's default Rule Ends: the chase is a draw to the search, which plays for its +7
    result, comment = xboard_game(tmp_path, CHASE_FEN, ["e5b5", "b5e5"], depth=6)
    assert "false" not in comment.lower() and result == "0-1", comment


def test_a_chase_scored_as_a_win_is_not_claimed_and_xboard_adjudicates_it(tmp_path):
    # with the arbiter's rule ends the engine shuttles its cannon for the chase win; it no
    # longer claims it, and XBoard rules the chase itself at the 6th occurrence. The hand-made
    # evaluation: with xiangqi's net the search at depth 6 finds a mate instead of the chase
    result, comment = xboard_game(tmp_path, CHASE_FEN, ["e5b5", "b5e5"], depth=6,
                                  our_options="Rule Ends=arbiter,Use NNUE=0")
    assert "false" not in comment.lower() and result == "0-1", comment
    assert "perpetual chasing" in comment


def test_perpetual_check_by_the_opponent_is_left_to_xboard(tmp_path):
    # a lone general is checked forever: no claim; XBoard rules the perpetual check
    result, comment = xboard_game(tmp_path, CHECK_FEN, ["a8a9", "a9a8"], depth=4)
    assert "false" not in comment.lower() and result == "0-1", comment
    assert "perpetual checking" in comment


def test_janggi_bikjang_and_mate_are_not_claimed(tmp_path):
    # Han (ours) leaves the bikjang standing, a points win XBoard does not know, then mates,
    # which XBoard's janggi board cannot see either: no claim; the mated script concedes
    result, comment = xboard_game(tmp_path, BIKJANG_FEN, ["e4d4"], depth=6, variant="janggi")
    assert "false" not in comment.lower() and result == "0-1", comment


def test_our_perpetual_check_is_claimed_as_the_draw_xboard_accepts(tmp_path):
    # ours, red, checks for ever and claims the repetition draw once XBoard's board shows it
    # (before: "0-1 {red loses by perpetual check}" conceded a game XBoard calls a draw)
    result, comment = xboard_game(tmp_path, CHECKER_FEN, ["e9e8", "e8e9"], depth=6,
                                  ours_first=True)
    assert (result, comment) == ("1/2-1/2", "3-fold repetition")


def test_our_chess_perpetual_check_is_claimed_at_the_third_occurrence(tmp_path):
    # XBoard plays on to its -repeatsToDraw limit and our arbiter's automatic draw is the
    # fivefold: the draw is claimed at the threefold XBoard's board flags, as the search
    # expected no more (before: at the fifth occurrence). The start, white to move, comes back
    # a third time after 4... Kh8: claimed instead of a fifth move
    result, comment = xboard_game(tmp_path, CHESS_CHECKER_FEN, ["h8g8", "g8h8"], depth=6,
                                  variant="normal", ours_first=True)
    assert (result, comment) == ("1/2-1/2", "3-fold repetition")
    movetext = (tmp_path / "game.pgn").read_text().split("\n\n", 1)[1]
    assert movetext.count("Qf6+") == movetext.count("Qg5+") == 2, movetext
    assert re.search(r"4\. Qg5\+ Kh8\s*\{3-fold repetition\}", movetext), movetext
