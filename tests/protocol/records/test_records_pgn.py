"""PGN of `jiangjun match` in the form XBoard and our reader open: FEN/SetUp only for a set-up
start, in each game's PGN letters (xiangqi H/E as XBoard reads them), and move comments in
XBoard's own ``{score/depth seconds}`` form with one decimal, so nothing is left over."""
import re

import pytest

from protocol.records.reader import read_pgn_text
from protocol.records.game import GameResult, MoveRecord
from protocol.runner.openings import janggi_setup_fen
from protocol.records.writer import pgn_text
from protocol.records.pgn_tags import move_comment, pgn_fen, setup_tags

XQ_MOVES = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "a9b9", "h0h6", "b7b3"]
JANGGI_MOVES = ["a3b3", "a6b6", "b0c2", "i6h6"]
CHESS_MOVES = ["e2e4", "e7e5", "g1f3", "b8c6"]
XBOARD_COMMENT = re.compile(r"^[+-]\d+\.\d\d/\d+ \d+\.\d$")   # GetInfoFromComment reads all of it
XQ_AFTER_TWO = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"


def game(variant, moves, start_fen=None, book=0, scores=None):
    records = []
    for i, move in enumerate(moves):
        if i < book:
            records.append(MoveRecord(move))
        else:
            score = scores[i] if scores else 134 - 10 * i
            records.append(MoveRecord(move, 0.052 + i, score, 4 + i))
    return GameResult(0, 1, 0, variant, start_fen, "A", "B", "1/2-1/2", "adjudication",
                      "draw: 10 plies played", records, opening_plies=book,
                      time_control="1+0.05", started=1_700_000_000.0)


def tags(text):
    return dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', text, re.M))


@pytest.mark.parametrize("variant, moves", [("xiangqi", XQ_MOVES), ("janggi", JANGGI_MOVES),
                                            ("chess", CHESS_MOVES)])
@pytest.mark.parametrize("book", [0, 2])   # random-ply openings are book moves from the start
def test_standard_start_writes_no_setup_tags(variant, moves, book):
    text = pgn_text(game(variant, moves, book=book))
    assert "FEN" not in tags(text) and "SetUp" not in tags(text)
    back = read_pgn_text(text)[0]
    assert back.moves == moves and back.variant == variant


def test_a_janggi_pass_is_written_as_xboards_null_move_and_read_back():
    moves = JANGGI_MOVES + ["e1e1", "e8e8"]            # Cho passes, Han passes
    text = pgn_text(game("janggi", moves))
    movetext = text.split("\n\n", 1)[1]
    assert movetext.count("@@@@") == 2 and "e1e1" not in movetext and "e8e8" not in movetext
    assert read_pgn_text(text)[0].moves == moves
    # XBoard's own files write a pass "--"; both read as the canonical pass
    assert read_pgn_text(text.replace("@@@@", "--"))[0].moves == moves


def test_book_moves_carry_no_comment_and_engine_moves_xboards_form():
    text = pgn_text(game("xiangqi", XQ_MOVES, book=2))
    movetext = text.split("\n\n", 1)[1]
    comments = re.findall(r"\{([^}]*)\}", movetext)
    assert len(comments) == len(XQ_MOVES) - 2 + 1            # engine moves + the closing reason
    assert all(XBOARD_COMMENT.match(c) for c in comments[:-1]), comments
    assert comments[0] == "+1.14/6 2.1" and comments[-1] == "draw: 10 plies played"
    assert "book" not in movetext and "s}" not in movetext


def test_janggi_setup_is_written_in_janggi_letters():
    fen = janggi_setup_fen("smsm", "msms")
    moves = ["a3b3", "a6b6", "i3h3", "i6h6"]
    text = pgn_text(game("janggi", moves, start_fen=fen))
    assert tags(text)["FEN"] == fen and tags(text)["SetUp"] == "1"
    back = read_pgn_text(text)[0]
    assert back.start_fen.split()[0] == fen.split()[0] and back.moves == moves


def test_xiangqi_setup_uses_xboards_horse_and_elephant_letters():
    text = pgn_text(game("xiangqi", ["h0g2", "i9h9"], start_fen=XQ_AFTER_TWO))
    assert tags(text)["FEN"] == "rheakae1r/9/1c4hc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RHEAKAEHR w - - 2 2"
    back = read_pgn_text(text)[0]
    assert back.start_fen.split()[0] == XQ_AFTER_TWO.split()[0] and back.moves == ["h0g2", "i9h9"]


def test_black_to_move_setup_numbers_from_the_black_move():
    fen = XQ_AFTER_TWO.replace(" w ", " b ")
    text = pgn_text(game("xiangqi", ["i9h9", "h0g2"], start_fen=fen))
    assert "1... i9h9" in text and "2. h0g2" in text


def test_chess_setup_keeps_chess_letters():
    fen = "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"
    assert setup_tags("chess", fen) == [("FEN", fen), ("SetUp", "1")]
    assert setup_tags("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") == []
    assert pgn_fen("janggi", janggi_setup_fen("smsm", "smsm")) == janggi_setup_fen("smsm", "smsm")


@pytest.mark.parametrize("score, depth, seconds, text", [
    (134, 4, 0.052, "+1.34/4 0.1"),
    (-3, 12, 1.26, "-0.03/12 1.3"),
    (0, 7, 0.01, "+0.00/7 0.0"),
    (100_000 - 3, 9, 0.4, "+1000.03/9 0.4"),          # mate in 3, as XBoard writes 100003
    (-(100_000 - 5), 5, 75.26, "-1000.05/5 75.3"),
    (None, None, 0.25, "0.2"),
])
def test_move_comment_text(score, depth, seconds, text):
    assert move_comment(score, depth, seconds) == text
