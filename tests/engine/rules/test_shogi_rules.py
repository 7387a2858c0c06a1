"""Shogi rules by hand-made positions: promotion, drops, SFEN, chess-style notation, the
entering-king declaration and the perft command."""
import pytest

from conftest import load_vectors
from engine.arbiter import judge
from engine.board import Board
from engine.fen import FenError
from engine.rules.shogi import declaration_verdict, declaration_win, material_points
from engine.shogi_notation import (chess_style_move_text, from_chess_style, fsf_fen,
                                   parse_chess_style, to_chess_style)
from protocol.cli import main as cli_main

START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


def moves_of(sfen):
    return set(Board("shogi", sfen).legal_move_strs())


# ------------------------------------------------------------------------------ promotion
def test_promotion_optional_entering_inside_and_leaving_the_zone():
    legal = moves_of("k8/9/2S6/9/4S4/9/9/9/4K4 b - 1")
    assert {"5e5d", "5e4d"} <= legal and not {"5e5d+", "5e4d+"} & legal  # outside the zone
    assert {"7c7b", "7c7b+"} <= legal          # inside -> inside
    assert {"7c6d", "7c6d+"} <= legal          # leaving the zone
    assert {"5e4d"} <= legal


def test_promotion_forced_only_where_the_piece_could_never_move():
    legal = moves_of("k8/6L1P/9/3N5/9/9/9/9/4K4 b - 1")
    assert "1b1a+" in legal and "1b1a" not in legal                 # pawn to the last rank
    assert "3b3a+" in legal and "3b3a" not in legal                 # lance to the last rank
    assert {"6d7b+", "6d5b+"} <= legal and not {"6d7b", "6d5b"} & legal  # knight, last two ranks


def test_gote_promotion_mirrored():
    legal = moves_of("4k4/9/9/9/9/9/4s4/2p6/8K w - 2")
    assert "7h7i+" in legal and "7h7i" not in legal
    assert {"5g5h", "5g5h+", "5g4h", "5g4h+"} <= legal   # inside gote's zone (ranks g-i)
    assert {"5g4f", "5g4f+", "5g6f", "5g6f+"} <= legal   # leaving it


def test_promoted_pieces_and_golds_never_promote():
    legal = moves_of("k8/9/9/2+S1G4/9/9/9/9/4K4 b - 1")
    assert not any(m.endswith("+") for m in legal)


# ------------------------------------------------------------------------------ drops
def test_nifu_counts_unpromoted_pawns_only():
    legal = moves_of("4k4/9/9/9/4+P4/9/2P6/9/4K4 b P 1")
    assert not any(m.startswith("P*7") for m in legal)  # own pawn on file 7
    assert "P*5d" in legal                              # only a tokin on file 5


def test_dead_square_drops():
    legal = moves_of("k8/9/9/9/9/9/9/9/4K4 b NLP 1")
    for piece, dead in (("P", "a"), ("L", "a"), ("N", "ab")):
        assert not any(m.startswith(f"{piece}*") and m[-1] in dead for m in legal)
    assert {"P*5b", "L*5b", "N*5c"} <= legal


def test_uchifuzume_illegal_but_answerable_pawn_check_legal():
    assert "P*5b" not in moves_of("3lkn3/9/4G4/9/9/9/9/9/4K4 b GP 1")   # mate by pawn drop
    assert "G*5b" in moves_of("3lkn3/9/4G4/9/9/9/9/9/4K4 b GP 1")
    assert "P*5b" in moves_of("3lkn3/9/G8/9/9/9/9/9/4K4 b P 1")         # king takes the pawn
    assert "P*5b" in moves_of("3gkn3/9/4G4/9/9/9/9/9/4K4 b P 1")        # gold takes the pawn


def test_drop_is_always_unpromoted_and_a_captured_promoted_piece_returns_demoted():
    board = Board("shogi", "4k4/9/9/9/4+r4/4G4/9/9/4K4 b - 1")
    board.push_str("5f5e")
    assert board.fen() == "4k4/9/9/9/4G4/9/9/9/4K4 w R 2"
    board.push_str("5a4a")
    assert "R*5a" in board.legal_move_strs() and "+R*5a" not in board.legal_move_strs()


# ------------------------------------------------------------------------------ SFEN
@pytest.mark.parametrize("sfen", [
    START,
    "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4",
    "8k/9/9/9/9/9/9/9/K8 b RG4P2b2s3p 77",
    "8k/9/9/9/9/9/9/9/K8 w 18p 2",
    "4k4/9/9/9/4+r4/4G4/9/9/4K4 b - 120",
])
def test_sfen_round_trip(sfen):
    assert Board("shogi", sfen).fen() == sfen


def test_sfen_hands_print_in_standard_order_sente_first():
    board = Board("shogi", "8k/9/9/9/9/9/9/9/K8 b p2PbLGrsNB 1")
    assert board.fen() == "8k/9/9/9/9/9/9/9/K8 b BGNL2Prbsp 1"


def test_sfen_move_number_counts_plies():
    board = Board("shogi", START)
    for move in ("7g7f", "3c3d", "8h2b+"):
        board.push_str(move)
    assert board.fen() == "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4"


@pytest.mark.parametrize("fsf, sfen", [
    ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1", START),
    ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1", START),
    ("lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b - - 0 2",
     "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4"),
    ("8k/9/9/9/9/9/9/9/K8[PPb] w 0 1", "8k/9/9/9/9/9/9/9/K8 b 2Pb 1"),
])
def test_fairy_stockfish_fen_input(fsf, sfen):
    assert Board("shogi", fsf).fen() == sfen


def test_fsf_fen_output():
    board = Board("shogi", "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4")
    text = fsf_fen(board.position)
    assert text.startswith("lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b")
    assert text.endswith(" 2")
    assert Board("shogi", text).fen() == board.fen()
    assert fsf_fen(Board("shogi", "8k/9/9/9/9/9/9/9/K8 b 2Pb 1").position).startswith(
        "8k/9/9/9/9/9/9/9/K8[PPb] w")


@pytest.mark.parametrize("bad", [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1",        # 8 ranks
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2K 1",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b +R 1",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2 1",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - x",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNK b - 1",   # two kings
])
def test_bad_sfen_is_rejected(bad):
    with pytest.raises(FenError):
        Board("shogi", bad)


def test_perft_command_takes_an_sfen(capsys):
    assert cli_main(["perft", "--variant", "shogi", "--fen", START, "2"]) == 0
    out = capsys.readouterr().out
    assert "7g7f: 30" in out and out.strip().endswith("Nodes searched: 900")
    fsf = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1"
    assert cli_main(["perft", "--variant", "shogi", "--fen", fsf, "1"]) == 0
    assert capsys.readouterr().out.strip().endswith("Nodes searched: 30")


# ------------------------------------------------------------------------------ notation
def test_chess_style_conventions():
    conventions = load_vectors("conventions")["shogi"]
    examples = conventions["examples"]
    for fsf, usi in zip(examples["fsf_moves"], examples["usi_moves"]):
        assert to_chess_style(usi) == fsf and from_chess_style(fsf) == usi
    for fsf, usi in zip(conventions["drop_examples_fsf"], conventions["drop_examples_usi"]):
        assert to_chess_style(usi) == fsf and from_chess_style(fsf) == usi
    assert to_chess_style("P*5e") == "P@e5" and to_chess_style("9i1a") == "a1i9"


def test_chess_style_input_accepts_declined_promotion_marker():
    assert from_chess_style("c3c4=") == "7g7f"
    assert from_chess_style("b2h8+") == "8h2b+"
    assert from_chess_style("p@e5") == "P*5e"
    for bad in ("c3c", "j1a1", "c0c4", "P*5e", "7g7f", "c3c4q"):
        with pytest.raises(ValueError):
            from_chess_style(bad)
    with pytest.raises(ValueError):
        to_chess_style("c3c4")


def test_chess_style_round_trip_on_every_legal_move():
    board = Board("shogi", "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PPSPPPP1P/2G4R1/LN2KGSNL b Bb 1")
    for mv in board.legal_moves:
        text = chess_style_move_text(board.position, mv)
        assert parse_chess_style(board.position, text) == mv
    with pytest.raises(ValueError):
        parse_chess_style(board.position, "a1a9")


# ------------------------------------------------------------------------------ declaration
def declares(sfen, rule="csa27"):
    return declaration_win(Board("shogi", sfen).position, rule)


def test_declaration_csa27_and_24_point_rules():
    sfen = "+P+P+P+P1+P+P+P+P/7PP/4K4/9/9/9/9/9/4k4 b 2R2B 1"   # 10 pawns in the camp + 20 in hand
    position = Board("shogi", sfen).position
    assert material_points(position, 0, camp_only=True) == (30, 10)
    assert declaration_win(position) and declaration_verdict(position).winner == 0
    assert not declaration_win(position, "24")                       # 24-point rule needs 31
    assert declaration_verdict(position, "24").result == "1/2-1/2"   # 24..30: draw
    assert declares("+P+P+P+P1+P+P+P+P/7PP/4K4/9/9/9/9/9/4k4 b 2R2BP 1", "24")


def test_declaration_thresholds():
    assert not declares("+P+P+P+P1+P+P+P+P/7PP/4K4/9/9/9/9/9/4k4 b RBG 1")        # 10 + 11 points
    assert not declares("+P+P+P+P1+P+P+P+P/7PP/9/4K4/9/9/9/9/4k4 b 2R2B 1")       # king outside
    assert not declares("+P+P+P+P1+P+P+P+P/7PP/4K4/9/9/9/9/9/4k4 b 2R1B2G 1")     # 27: sente needs 28
    assert declares("4K4/9/9/9/9/9/4k4/7pp/+p+p+p+p1+p+p+p+p w 2r1b2g 1")         # 27: enough for gote
    assert not declares("4K4/9/9/9/9/9/4k4/7pp/+p+p+p+p1+p+p+p+p w 2r1b2g 1", "24")
    assert not declares("+P+P+P+P1+P+P+P+P/8P/4K4/9/9/9/9/9/4k4 b 2R2B9P 1")     # 9 pieces in camp


def test_declaration_refused_in_check_and_loses():
    position = Board("shogi", "+P+P+P+P1+P+P+P+P/7PP/4K4/4r4/9/9/9/9/4k4 b R2B 1").position
    assert position.in_check()
    assert not declaration_win(position)
    verdict = declaration_verdict(position)
    assert verdict.winner == 1 and verdict.termination == "declaration"
    with pytest.raises(ValueError):
        declaration_win(position, "27h")


# ------------------------------------------------------------------------------ game ends
def test_perpetual_check_by_gote_loses_and_mixed_cycle_draws():
    start = "4k4/9/9/9/9/9/9/r8/4K4 w - 2"
    cycle = ["9h9i", "5i5h", "9i9h", "5h5i"]
    verdict = judge("shogi", start, cycle * 3)
    assert verdict.winner == 0 and verdict.termination == "perpetual_check"
    assert judge("shogi", start, (cycle * 3)[:-1]).ongoing
    # a cycle where the would-be checker also makes quiet moves is a plain draw
    quiet = ["9h8h", "5i4i", "8h9h", "4i5i"]
    verdict = judge("shogi", start, quiet * 3)
    assert verdict.termination == "sennichite" and verdict.result == "1/2-1/2"


def test_impasse_side_under_24_loses():
    verdict = judge("shogi", "4K4/9/PPPPPPPPP/9/9/9/9/4k4/9 b 2R2B3Gg 1", [])
    assert verdict.termination == "impasse" and verdict.winner == 0
    assert "sente 32" in verdict.reason and "gote 1" in verdict.reason
    # sente's king outside the camp: no count
    assert judge("shogi", "9/9/PPPPPPPPP/4K4/9/9/9/4k4/9 b 2R2B3Gg 1", []).ongoing
