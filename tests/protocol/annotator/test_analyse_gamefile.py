"""Game readers of `jiangjun analyse` (protocol/records/reader.py): PGN of every game, KIF
with and without a BOD diagram, CSA, position text; illegal moves are named."""

import pytest

from protocol.records.reader import GameFileError, read_games, read_pgn_text

XQ_PGN = """[Event "t"]
[White "red one"]
[Black "black one"]
[Result "1-0"]
[Variant "xiangqi"]
[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"]
[SetUp "1"]

{a start comment} 1. h2e2 {+0.12/5 0.1s} h9g7?! (1... b7e7 2. b0c2) 2.h0g2 $2
i9h9 ; rest of line
3. i0h0 {the end} 1-0

[Event "second"]
[Variant "Janggi"]

1. e1e1 e8e8 2. b0c2 *
"""


def test_pgn_coordinate_games_with_comments_variations_nags():
    first, second = read_pgn_text(XQ_PGN)
    assert first.variant == "xiangqi" and first.names == ("red one", "black one")
    assert first.moves == ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"]
    assert first.result == "1-0" and first.end_comment == "the end"
    assert second.variant == "janggi" and second.moves == ["e1e1", "e8e8", "b0c2"]   # passes
    assert second.start_fen.startswith("rnba1abnr/4k4")


def test_pgn_dialect_notation_and_illegal_move():
    text = '[Variant "xiangqi"]\n\n1. h3e3 h10g8 *\n'
    assert read_pgn_text(text, notation="uci")[0].moves == ["h2e2", "h9g7"]
    with pytest.raises(GameFileError, match="move 1 'h3e3' is illegal in xiangqi"):
        read_pgn_text(text)            # 1-based text read as canonical: no piece on h3


def test_chess_pgn_via_python_chess_and_chess960():
    game = read_pgn_text('[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0\n')[0]
    assert game.variant == "chess"
    assert game.moves == ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]
    c960 = ('[Variant "Chess960"]\n[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]\n'
            '[SetUp "1"]\n\n1. O-O O-O-O *\n')
    game = read_pgn_text(c960)[0]
    assert game.chess960 and game.moves == ["e1h1", "e8a8"]   # castling as king-takes-rook


def test_pgn_variant_needed_for_untagged_non_chess():
    assert read_pgn_text("1. 7g7f 3c3d *\n", variant="shogi")[0].moves == ["7g7f", "3c3d"]
    with pytest.raises(GameFileError):
        read_pgn_text('[Variant "makruk"]\n\n1. a3a4 *\n')


def test_position_text(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text("# a comment\nposition fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1\nmoves e1g1 e8d7\n")
    game = read_games(str(path), "chess")[0]
    assert game.moves == ["e1g1", "e8d7"] and game.start_fen.startswith("4k3/")
    path.write_text("startpos moves 7g7f\n")
    assert read_games(str(path), "shogi")[0].moves == ["7g7f"]
    with pytest.raises(GameFileError, match="--variant"):
        read_games(str(path))


def _shogi_game(sfen, usis):
    cshogi = pytest.importorskip("cshogi")
    board = cshogi.Board(sfen)
    moves = []
    for usi in usis:
        moves.append(board.move_from_usi(usi))
        board.push(moves[-1])
    return cshogi, moves


def test_kif_with_a_bod_diagram_and_gote_to_move(tmp_path):
    sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
    cshogi, moves = _shogi_game(sfen, ["3c3d", "8h2b+", "3a2b"])
    import cshogi.KIF
    path = tmp_path / "g.kif"
    exporter = cshogi.KIF.Exporter(str(path))
    exporter.header(["sente name", "gote name"], None, cshogi.Board(sfen))
    for move in moves:
        exporter.move(move)
    exporter.end("resign")
    exporter.close()
    game = read_games(str(path))[0]
    assert game.start_fen.split()[:3] == sfen.split()[:3]   # cshogi's own reader loses the BOD
    assert game.moves == ["3c3d", "8h2b+", "3a2b"]
    assert game.names == ("sente name", "gote name")
    assert game.result == "0-1"                    # sente to move resigned after gote's 3a2b


def test_kif_hands_in_bod(tmp_path):
    pytest.importorskip("cshogi")
    from protocol.records.reader import _bod_sfen
    import cshogi
    import cshogi.KIF
    sfen = "4k4/9/4P4/9/9/9/9/9/4K4 b G2Pr 1"
    bod = cshogi.KIF.board_to_bod(cshogi.Board(sfen)).split("\n")
    assert _bod_sfen(bod).split()[:3] == ["4k4/9/4P4/9/9/9/9/9/4K4", "b", "G2Pr"]


def test_csa_from_a_set_position(tmp_path):
    sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
    cshogi, moves = _shogi_game(sfen, ["3c3d", "8h2b+"])
    import cshogi.CSA
    path = tmp_path / "g.csa"
    exporter = cshogi.CSA.Exporter(str(path))
    exporter.info(cshogi.Board(sfen), ["a", "b"])
    for move in moves:
        exporter.move(move)
    exporter.endgame("%TORYO")
    exporter.close()
    game = read_games(str(path))[0]
    assert game.start_fen.split()[:2] == sfen.split()[:2] and game.moves == ["3c3d", "8h2b+"]
    assert game.result == "1-0" and game.end_comment == "%TORYO"
