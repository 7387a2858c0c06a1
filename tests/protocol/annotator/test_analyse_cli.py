"""`jiangjun analyse` end to end: games recorded by `jiangjun match` (our engine against itself)
and by hand, the annotations, the summary, the progress bar and the PNG's size."""

import os
import re
import sys

import pytest

from protocol.records.reader import read_games
from protocol.annotator.plot import png_size
from protocol.cli import main

OURS = f"{sys.executable} -m protocol"
FSF = "/usr/games/fairy-stockfish"
MOVE_WITH_MARK = re.compile(r"(?<![\w{])([A-Za-z][\w+*@=#-]*?)(\?\?|\?!|\?)(?=\s)")

# Red can take the hanging chariot (a4a7) and plays a4b4 instead.
HANGING_CHARIOT = """[Event "hand-made"]
[White "red"]
[Black "black"]
[Result "*"]
[Variant "xiangqi"]
[FEN "3ak4/9/r8/9/9/R8/9/9/9/3K5 w - - 0 1"]
[SetUp "1"]

1. a4b4 a7a8 *
"""
SCHOLAR = '[White "w"]\n[Black "b"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n'


def run(argv, capsys):
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def pgn_marks(text: str) -> list[tuple[str, str]]:
    movetext = "\n".join(line for line in text.splitlines() if not line.startswith("["))
    movetext = re.sub(r"\{[^}]*\}", " ", movetext)
    return MOVE_WITH_MARK.findall(movetext + " ")


# ---------------------------------------------------------------------- hand-made games
def test_scholars_mate_blunder_in_chess(tmp_path, capsys):
    src = tmp_path / "scholar.pgn"
    src.write_text(SCHOLAR)
    out = tmp_path / "out.pgn"
    code, stdout, stderr = run(["analyse", str(src), "--depth", "4", "--output", str(out)], capsys)
    assert code == 0, stderr
    text = out.read_text()
    assert pgn_marks(text) == [("Nf6", "??")]
    # mate in 1 is proven by the depth-1 iteration, where the search stops (issue 15)
    assert "Nf6??\n{[%eval #1,1] blunder" in text or "Nf6?? {[%eval #1,1] blunder" in text
    assert "Qxf7# {1-0}" in text and "{black is checkmated} 1-0" in text
    assert '[Annotator "jiangjun analyse: Jiangjun (in-process), depth 4"]' in text
    black = next(line for line in stdout.splitlines() if line.startswith("Black"))
    assert "blunders 1" in black and "mistakes 0" in black
    assert "3... Nf6?? blunder, loses" in stdout
    assert "[" in stderr and "8/8" in stderr                  # the progress bar
    # the annotated file reads back as the same game
    assert read_games(str(out))[0].moves == read_games(str(src))[0].moves


def test_hanging_chariot_in_xiangqi_and_thresholds(tmp_path, capsys):
    src = tmp_path / "xq.pgn"
    src.write_text(HANGING_CHARIOT)
    code, stdout, _ = run(["analyse", str(src), "--depth", "4", "--quiet"], capsys)
    assert code == 0
    text = (tmp_path / "xq-annotated.pgn").read_text()
    assert ("a4b4", "??") in pgn_marks(text)
    assert "best +" in text and "a4a7" in text                 # the best line names the capture
    # with the blunder threshold above any possible loss, it is only a mistake
    code, stdout, _ = run(["analyse", str(src), "--depth", "4", "--quiet", "--output", "-",
                           "--thresholds", "50,100,5000"], capsys)
    assert ("a4b4", "?") in pgn_marks(stdout)
    assert "?? 5000" in stdout


def test_position_text_and_moves_options(tmp_path, capsys):
    code, stdout, _ = run(["analyse", "--variant", "janggi", "--moves", "b0c2", "b9c7",
                           "--depth", "2", "--quiet", "--output", str(tmp_path / "j.pgn")], capsys)
    assert code == 0
    game = read_games(str(tmp_path / "j.pgn"))[0]
    assert game.variant == "janggi" and game.moves == ["b0c2", "b9c7"]
    src = tmp_path / "shogi.txt"
    src.write_text("startpos moves 7g7f 3c3d 8h2b+\n")
    code, stdout, _ = run(["analyse", str(src), "--variant", "shogi", "--depth", "2", "--quiet"],
                          capsys)
    assert code == 0 and os.path.exists(tmp_path / "shogi-annotated.kif")
    assert read_games(str(tmp_path / "shogi-annotated.kif"))[0].moves == ["7g7f", "3c3d", "8h2b+"]


def test_errors_are_one_line(tmp_path, capsys, monkeypatch):
    src = tmp_path / "scholar.pgn"
    src.write_text(SCHOLAR.replace("Nf6", "Nf5"))
    code, _, err = run(["analyse", str(src), "--depth", "1"], capsys)
    assert code == 2 and "illegal san: 'Nf5'" in err
    assert err.startswith("jiangjun analyse: error:") and err.count("\n") == 1
    src.write_text(SCHOLAR)
    code, _, err = run(["analyse", str(src), "--depth", "1", "--output", str(tmp_path / "x.kif")],
                       capsys)
    assert code == 2 and "shogi games only" in err
    monkeypatch.setitem(sys.modules, "matplotlib", None)          # as if not installed
    code, _, err = run(["analyse", str(src), "--depth", "1", "--plot", str(tmp_path / "e.png")],
                       capsys)
    assert code == 2 and "pip install 'jiangjun[analysis]'" in err
    assert not os.path.exists(tmp_path / "e.png")


GOOD_KIF = ("手合割：平手\n先手：a\n後手：b\n手数----指手---------消費時間--\n"
            "   1 ７六歩(77)   ( 0:00/00:00:00)\n   2 ３四歩(33)   ( 0:00/00:00:00)\n")
NOT_GAMES = {
    "empty": b"",
    "blank": b"\n  \n\t\n",
    "binary": bytes(range(256)) * 8,
    "undecodable": bytes(range(0x80, 0x100)) * 8,       # no NUL, yet text in no encoding
    "prose": "hello world\nthis is not a game\n".encode(),
}


@pytest.mark.parametrize("ext", [".kif", ".kifu", ".csa", ".pgn", ".txt"])
@pytest.mark.parametrize("kind", sorted(NOT_GAMES))
def test_a_file_that_is_not_a_game_is_an_error(tmp_path, capsys, ext, kind):
    if ext in (".kif", ".kifu", ".csa"):
        pytest.importorskip("cshogi")
    src = tmp_path / f"game{ext}"
    src.write_bytes(NOT_GAMES[kind])
    code, out, err = run(["analyse", str(src), "--variant", "shogi", "--depth", "1", "--quiet",
                          "--output", str(tmp_path / "out.pgn")], capsys)
    assert code == 2, out
    assert err.startswith("jiangjun analyse: error:") and err.count("\n") == 1, err
    assert "plies" not in out and "moves" not in out
    assert not os.path.exists(tmp_path / "out.pgn")


def test_corrupt_kif_move_and_comment_only_text_are_errors(tmp_path, capsys):
    pytest.importorskip("cshogi")
    good = tmp_path / "good.kif"
    good.write_bytes(GOOD_KIF.encode("cp932"))
    assert read_games(str(good))[0].moves == ["7g7f", "3c3d"]
    corrupt = tmp_path / "corrupt.kif"
    corrupt.write_bytes(GOOD_KIF.replace("３四歩(33)", "３四X(3Q)").encode("cp932"))
    code, _, err = run(["analyse", str(corrupt), "--depth", "1", "--quiet"], capsys)
    assert code == 2 and "line 6 of the KIF is not a move" in err
    comments = tmp_path / "comments.txt"
    comments.write_text("# nothing but a comment\n")
    code, _, err = run(["analyse", str(comments), "--variant", "xiangqi", "--depth", "1",
                        "--quiet"], capsys)
    assert code == 2 and "no position in the file" in err


# ---------------------------------------------------------------------- games by `jiangjun match`
MATCHES = {
    "xiangqi": ["--variant", "xiangqi", "--engine", "name=a", f"cmd={OURS}", "proto=ucci",
                "--engine", "name=b", f"cmd={OURS}", "proto=uci", "--max-plies", "16"],
    "janggi": ["--variant", "janggi", "--engine", "name=a", f"cmd={OURS}", "proto=ucci",
               "--engine", "name=b", f"cmd={OURS}", "proto=xboard", "--setup", "smsm", "mssm",
               "--max-plies", "16"],
    "chess": ["--variant", "chess", "--engine", "name=a", f"cmd={OURS}", "proto=uci",
              "--engine", "name=b", f"cmd={OURS}", "proto=xboard", "--random-plies", "2",
              "--max-plies", "16"],
    "shogi": ["--variant", "shogi", "--engine", "name=a", f"cmd={OURS}", "proto=usi",
              "--engine", "name=b", f"cmd={OURS}", "proto=usi", "--max-plies", "16"],
}


@pytest.fixture(scope="module")
def match_files(tmp_path_factory):
    """Record files the tournament runner writes: PGN per game family, CSA and KIF for shogi."""
    from protocol.runner import pool
    from protocol.runner.cli import main as match_main
    root = tmp_path_factory.mktemp("matches")
    files = {}
    try:
        for variant, args in MATCHES.items():
            common = ["--depth", "1", "--games", "2"]
            if variant == "shogi":
                pytest.importorskip("cshogi")
                for fmt in ("csa", "kif"):
                    out = root / f"shogi-{fmt}"
                    assert match_main(args + common + ["--shogi-dir", str(out),
                                                       "--shogi-format", fmt]) == 0
                    files[f"shogi-{fmt}"] = str(out / f"game_0001.{fmt}")
            else:
                out = root / f"{variant}.pgn"
                assert match_main(args + common + ["--pgn", str(out)]) == 0
                files[variant] = str(out)
    finally:
        pool.close_all()
    return files


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["xiangqi", "janggi", "chess", "shogi-csa", "shogi-kif"])
def test_runner_records_annotate_and_plot(kind, match_files, tmp_path, capsys):
    pytest.importorskip("matplotlib")
    src = match_files[kind]
    ext = os.path.splitext(src)[1]
    out = tmp_path / f"annotated{ext}"
    plot = tmp_path / "eval.png"
    code, stdout, stderr = run(["analyse", src, "--game", "1", "--depth", "2", "--output", str(out),
                                "--plot", str(plot), "--plot-size", "640x320"], capsys)
    assert code == 0, stderr
    original, annotated = read_games(src)[0], read_games(str(out))[0]
    assert annotated.moves == original.moves and annotated.start_fen == original.start_fen
    assert annotated.result == original.result
    assert png_size(str(plot)) == (640, 320)
    assert f"{len(original.moves) + 1}/{len(original.moves) + 1}" in stderr
    summary = [line for line in stdout.splitlines() if "average loss" in line]
    assert len(summary) == 2
    blunders = sum(int(re.search(r"blunders (\d+)", line).group(1)) for line in summary)
    mistakes = sum(int(re.search(r"mistakes (\d+)", line).group(1)) for line in summary)
    encoding = "cp932" if ext == ".kif" else "utf-8"
    text = out.read_text(encoding=encoding)
    if ext == ".pgn":
        marks = [mark for _, mark in pgn_marks(text)]
        assert text.count("[%eval ") >= len(original.moves)     # start + every move but a final mate
        assert marks.count("??") == blunders and marks.count("?") == mistakes
    elif ext == ".kif":
        comments = [line for line in text.splitlines() if line.startswith("*[%eval") or
                    line.startswith(("*? ", "*?? ", "*?! "))]
        assert len(comments) == len(original.moves)
        assert sum(line.startswith("*?? ") for line in comments) == blunders
    else:
        evals = [line for line in text.splitlines() if line.startswith("'** ")]
        assert len(evals) == len(original.moves)
        assert sum(line.startswith("'?? ") for line in text.splitlines()) == blunders


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists(FSF), reason="fairy-stockfish not installed")
@pytest.mark.parametrize("kind, protocol", [("xiangqi", "uci"), ("janggi", "uci"),
                                            ("shogi-csa", "usi")])
def test_fsf_as_the_analyst(kind, protocol, match_files, tmp_path, capsys):
    src = match_files[kind]
    out = tmp_path / ("a" + os.path.splitext(src)[1])
    code, stdout, stderr = run(["analyse", src, "--game", "1", "--engine", FSF, "--protocol",
                                protocol, "--depth", "6", "--quiet", "--output", str(out)], capsys)
    assert code == 0, stderr
    assert "analysed by Fairy-Stockfish" in stdout
    assert read_games(str(out))[0].moves == read_games(src)[0].moves


def test_several_games_give_numbered_plots(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    src = tmp_path / "two.pgn"
    src.write_text(SCHOLAR + "\n" + SCHOLAR.replace('"w"', '"w2"'))
    code, stdout, _ = run(["analyse", str(src), "--depth", "1", "--quiet", "--plot",
                           str(tmp_path / "e.png"), "--plot-size", "300x200"], capsys)
    assert code == 0
    assert png_size(str(tmp_path / "e-1.png")) == png_size(str(tmp_path / "e-2.png")) == (300, 200)
    assert stdout.count("average loss") == 4
    assert len(read_games(str(tmp_path / "two-annotated.pgn"))) == 2
