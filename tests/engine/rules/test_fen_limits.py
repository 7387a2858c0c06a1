"""FEN/SFEN input in all four games: what cannot be a position is refused with a FenError (never
an internal error), and the lenient forms GUIs really send stay accepted (engine/fen.py,
engine/fen_limits.py)."""
import pytest

from engine.board import Board
from engine.fen import FenError
from engine.fen_limits import MAX_FEN_NUMBER
from engine.perft import perft
from protocol.cli import main as cli_main

CHESS = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
XIANGQI = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"
JANGGI = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR"
SHOGI = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL"
SHOGI_KINGS = "4k4/9/9/9/9/9/9/9/4K4"


REFUSED = [
    # numbers out of range (they used to overflow into an internal error)
    ("chess", f"{CHESS} w KQkq - 0 {10**26}", "out of range"),
    ("chess", f"{CHESS} w KQkq - {10**26} 1", "out of range"),
    ("xiangqi", f"{XIANGQI} w - - 0 {MAX_FEN_NUMBER + 1}", "out of range"),
    ("janggi", f"{JANGGI} w 0 {10**26}", "out of range"),
    ("shogi", f"{SHOGI} b - {10**26}", "out of range"),
    ("shogi", f"{SHOGI}[-] w 0 {10**26}", "out of range"),
    ("chess", f"{CHESS} w KQkq - 0 ٣", "must be a number"),          # a non-ASCII digit
    ("chess", f"{CHESS} w KQkq - +0 1", "must be a number"),
    # hands above the supply (18 pawns in all, 2 rooks, ...)
    ("shogi", f"{SHOGI_KINGS} b {10**30}P 1", "shogi has 18 pawns"),
    ("shogi", f"{SHOGI_KINGS} b 19P 1", "shogi has 18"),
    ("shogi", f"{SHOGI} b P 1", "19 pawns"),                           # 18 on the board + 1
    ("shogi", f"{SHOGI_KINGS} b 10P9p 1", "19 pawns"),                 # across both hands
    ("shogi", f"{SHOGI} b r 1", "3 rooks"),
    ("shogi", "4k4/9/9/9/9/9/9/9/+R3K4 b 2R 1", "3 rooks"),           # a dragon is a rook
    ("shogi", f"{SHOGI_KINGS}[PPPPPPPPPPPPPPPPPPP] w 0 1", "19 pawns"),
    ("shogi", f"{SHOGI_KINGS} b 0P 1", "in hand"),
    ("shogi", f"{SHOGI_KINGS} b 05P 1", "in hand"),
    # a shogi pawn on its last rank could never move (as a chess pawn on its last rank)
    ("shogi", "P3k4/9/9/9/9/9/9/9/4K4 b - 1", "pawn on a8 could never move"),
    ("shogi", "4k4/9/9/9/9/9/9/9/4K3p b - 1", "pawn on i0 could never move"),
    # more pieces of a kind than the game has, where promotion cannot explain it
    ("chess", "4k3/8/8/8/8/8/PPPPPPPP/P3K3 w - - 0 1", "9 pawns"),
    ("chess", "4k3/8/8/8/8/8/PPPPPPPP/RRR1K3 w - - 0 1", "promoted pieces"),
    ("chess", "QQQQk3/QQQQ4/QQ6/8/8/8/8/4K3 w - - 0 1", "promoted pieces"),   # 10 queens
    ("chess", "4k3/8/8/8/8/8/NNNNNNNN/NNNK4 b - - 0 1", "promoted pieces"),    # 11 knights
    ("xiangqi", "4k4/9/9/9/9/P1P1P1P1P/P8/9/9/4K4 w - - 0 1", "6 soldiers"),
    ("xiangqi", "4k4/9/9/9/9/9/9/9/RRR6/4K4 w - - 0 1", "3 chariots"),
    ("xiangqi", "4k4/9/9/9/9/9/9/3A5/4A4/3AK4 w - - 0 1", "3 advisors"),
    ("janggi", "4k4/9/9/9/9/9/9/9/CCC1K4/9 w - - 0 1", "3 cannons"),
    # side letters no GUI sends
    ("chess", f"{CHESS} r KQkq - 0 1", "side to move"),
    ("chess", f"{CHESS} W KQkq - 0 1", "side to move"),
    ("janggi", f"{JANGGI} r - - 0 1", "side to move"),
    ("xiangqi", f"{XIANGQI} B - - 0 1", "side to move"),
    ("shogi", f"{SHOGI} B - 1", "side to move"),
    ("shogi", f"{SHOGI} r - 1", "side to move"),
    # text after a complete FEN
    ("chess", f"{CHESS} w KQkq - 0 1 e2e4", "text after the FEN"),
    ("xiangqi", f"{XIANGQI} w - - 0 1 extra", "text after the FEN"),
    ("janggi", f"{JANGGI} w - - 0 1 0", "text after the FEN"),
    ("xiangqi", f"{XIANGQI} w - - - 0 1", "text after the FEN"),
    ("shogi", f"{SHOGI}[-] w 0 1 2", "text after the FEN"),
    ("shogi", f"{SHOGI}[-] w - - - 0 1", "text after the FEN"),
    ("xiangqi", f"{XIANGQI} w KQkq - 0 1", "text after the FEN"),
    ("janggi", f"{JANGGI} w - e3 0 1", "text after the FEN"),
    # board text
    ("chess", "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", "empty-square count"),
    ("chess", f"rnbqkbnr/pppppppp/{'9' * 40}/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", "files"),
]


@pytest.mark.parametrize("variant,fen,message", REFUSED, ids=[f"{v}-{i}" for i, (v, _, _) in enumerate(REFUSED)])
def test_impossible_fen_is_refused_with_a_clear_message(variant, fen, message):
    with pytest.raises(FenError, match=message):
        Board(variant, fen)


ACCEPTED = [
    ("chess", CHESS, 0),                                      # board only
    ("chess", f"{CHESS} w", 0),
    ("chess", f"{CHESS} w KQkq", 0),
    ("chess", f"{CHESS} b KQkq -", 1),
    ("chess", f"{CHESS} w - - 0 {MAX_FEN_NUMBER}", 0),
    ("chess", "QQQQk3/QQQQ4/Q7/8/8/8/8/4K3 b - - 0 1", 1),    # 9 queens: 8 promoted pawns
    ("chess", "4k3/8/8/8/8/8/PPPPPPP1/RRRNK3 w - - 0 1", 0),  # one promoted rook
    ("xiangqi", f"{XIANGQI} w - - 0 1", 0),
    ("xiangqi", f"{XIANGQI} r - - 0 1", 0),                   # r for red (UCCI software)
    ("xiangqi", f"{XIANGQI} b", 1),
    ("xiangqi", f"{XIANGQI} w 0 1", 0),                       # Fairy-Stockfish/XBoard style
    ("xiangqi", f"{XIANGQI} w - -", 0),
    ("janggi", f"{JANGGI} w 0 1", 0),
    ("janggi", "rhea1aehr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RHEA1AEHR w 0 1", 0),
    ("janggi", f"{JANGGI} b - - 0 1", 1),
    ("shogi", f"{SHOGI} b - 1", 0),
    ("shogi", f"{SHOGI} w - 1", 1),
    ("shogi", f"{SHOGI} b -", 0),
    ("shogi", SHOGI, 0),
    ("shogi", f"{SHOGI}[-] w 0 1", 0),                        # Fairy-Stockfish: w = sente
    ("shogi", f"{SHOGI}[] b - - 0 1", 1),
    ("shogi", f"{SHOGI_KINGS} b 2R2B4G4S4N4L18P 1", 0),      # every piece in one hand
    ("shogi", f"{SHOGI_KINGS} b 9P9p 1", 0),
    ("shogi", "+P3k4/9/9/9/9/9/9/9/4K2+n1 b - 1", 0),        # promoted pieces anywhere
    # a lance or knight on its last rank(s) is unreachable too, but the shared vectors (she08,
    # from cshogi and Fairy-Stockfish) play on from such a position, so it stays accepted
    ("shogi", "L3k4/9/9/9/9/9/9/9/4K4 b - 1", 0),
    ("shogi", "4k4/N8/9/9/9/9/9/9/4K4 b - 1", 0),
    ("shogi", "4k4/9/9/9/9/9/9/n8/4K4 w - 1", 1),
]


@pytest.mark.parametrize("variant,fen,turn", ACCEPTED, ids=[f"{v}-{i}" for i, (v, _, _) in enumerate(ACCEPTED)])
def test_lenient_forms_gui_send_stay_accepted(variant, fen, turn):
    assert Board(variant, fen).turn == turn


def test_full_hands_are_safe_for_the_kernels():
    """The largest hands the supply allows: move generation and make/unmake stay in bounds."""
    board = Board("shogi", f"{SHOGI_KINGS} b 2R2B4G4S4N4L18P 1")
    assert perft(board.position, 2) > 0
    board = Board("chess", "6k1/5ppp/8/8/QQQQ4/QQQQ4/Q7/4K3 w - - 0 1")   # 9 queens
    assert perft(board.position, 2) > 0


@pytest.mark.parametrize("variant,fen", [
    ("chess", f"{CHESS} w KQkq - 0 {10**26}"),
    ("shogi", f"{SHOGI_KINGS} b {10**30}P 1"),
    ("shogi", "P3k4/9/9/9/9/9/9/9/4K4 b - 1"),
])
def test_perft_command_refuses_a_bad_fen_in_one_line(variant, fen, capsys):
    assert cli_main(["perft", "--variant", variant, "--fen", fen, "1"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("jiangjun: error: ")
