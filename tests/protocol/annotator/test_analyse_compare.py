"""`jiangjun analyse` scores the move played and the engine's choice by the same search, so a
suggested best move never scores below the move played; the eval plot marks each side's
inaccuracies, mistakes and blunders apart and draws the end markers whole."""
import math
import os
import re

import pytest

from engine.scripting import Engine
from protocol.annotator.annotate import MoveNote, Thresholds, analyse_game
from protocol.annotator.compare import compare_moves
from protocol.annotator.evals import PositionEval
from protocol.records.reader import read_pgn_text
from protocol.annotator.output import pgn_text
from protocol.clients.errors import EngineError

# A club game with loose moves on both sides (Fried Liver, then a king walk).
FRIED_LIVER = """[White "w"]
[Black "b"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Nxd5 6. Nxf7 Kxf7 7. Qf3+ Ke6 8. Nc3 Ncb4
9. a3 Nxc2+ 10. Kd1 Nxa1 11. Nxd5 Qh4 12. Nxc7+ Kd7 *
"""


def scores_of(note):
    sign = 1 if note.mover == 0 else -1
    return sign * note.better.value, sign * note.played.value


def test_best_move_never_scores_below_the_move_played():
    game = read_pgn_text(FRIED_LIVER)[0]
    engine = Engine("chess", hash_mb=16)
    analysis = analyse_game(game, engine, {"depth": 4})
    suggested = [n for n in analysis.notes if n.better is not None]
    assert suggested, "a game with loose moves gets suggestions"
    for note in suggested:
        best, played = scores_of(note)
        assert best > played, (note.move, note.better.label, note.played.label)
        assert note.better.best[0] != note.move
    for note in analysis.notes:
        assert note.loss >= 0 and (note.mark == "" or note.better is not None)
    # what the PGN says agrees: "best S line; played P" with S at least P for the mover
    text = pgn_text(analysis)
    pairs = re.findall(r"best ([+-]\d+\.\d\d|#-?\d+) [^;]*; played ([+-]\d+\.\d\d|#-?\d+)", text)
    assert len(pairs) == len(suggested)


def test_one_search_scores_both_moves():
    engine = Engine("chess", moves=["e2e4", "e7e5"])
    before = engine.fen()
    choice = compare_moves(engine, "g1f3", "a2a3", {"depth": 3})
    assert choice.same_search
    assert choice.engine.best[0] == "g1f3" and choice.played.best[0] == "a2a3"
    assert choice.engine.depth == choice.played.depth
    assert engine.fen() == before


class NoSearchmoves:
    """An analyst like an XBoard engine: no root restriction, no MultiPV."""

    def __init__(self, engine):
        self.engine = engine

    def analyse(self, multipv=1, searchmoves=None, **limit):
        if searchmoves or multipv != 1:
            raise EngineError("XBoard engines take no searchmoves")
        return self.engine.analyse(**limit)

    def __getattr__(self, name):
        return getattr(self.engine, name)


def test_without_searchmoves_both_resulting_positions_are_searched_alike():
    engine = Engine("chess", moves=["e2e4", "e7e5"])
    before = engine.fen()
    choice = compare_moves(NoSearchmoves(engine), "g1f3", "a2a3", {"depth": 3})
    assert not choice.same_search
    assert choice.engine.best[0] == "g1f3" and choice.played.best[0] == "a2a3"
    assert choice.engine.depth == choice.played.depth == 4
    assert engine.fen() == before


def test_analysis_with_an_analyst_lacking_searchmoves_keeps_the_promise():
    game = read_pgn_text(FRIED_LIVER)[0]
    analysis = analyse_game(game, NoSearchmoves(Engine("chess")), {"depth": 3})
    for note in analysis.notes:
        if note.better is not None:
            best, played = scores_of(note)
            assert best > played


FSF = "/usr/games/fairy-stockfish"
needs_fsf = pytest.mark.skipif(not os.access(FSF, os.X_OK), reason="fairy-stockfish not installed")


@needs_fsf
def test_external_uci_engine_scores_both_moves_in_one_search():
    from protocol.scripting import open_engine
    with open_engine(FSF, "uci", "chess") as fsf:
        fsf.set_position(moves=["e2e4", "e7e5"])
        choice = compare_moves(fsf, "g1f3", "a2a3", {"depth": 6})
        assert choice.same_search
        assert choice.engine.best[0] == "g1f3" and choice.played.best[0] == "a2a3"
        assert choice.engine.value > choice.played.value      # white's view: Nf3 is better
        assert fsf.moves == ["e2e4", "e7e5"]


@needs_fsf
def test_ucci_engine_without_searchmoves_gets_both_positions_searched():
    from protocol.scripting import open_engine
    with open_engine(FSF, "ucci", "xiangqi") as fsf:
        choice = compare_moves(fsf, "h2e2", "a3a4", {"depth": 5})
        assert not choice.same_search
        assert choice.engine.best[0] == "h2e2" and choice.played.best[0] == "a3a4"
        assert choice.engine.depth == choice.played.depth
        assert fsf.moves == []


# ---------------------------------------------------------------------- plot
def test_plot_marks_each_sides_errors_apart_and_keeps_end_markers_whole():
    pytest.importorskip("matplotlib")
    from protocol.annotator.annotate import GameAnalysis
    from protocol.annotator.plot import SIDE_COLOURS, eval_figure
    game = read_pgn_text(FRIED_LIVER)[0]
    values = [20, 30, -40, 150, -500, 100_000 - 3]
    values += [0] * (len(game.moves) + 1 - len(values))
    evals = [PositionEval(v, f"{v / 100:+.2f}") for v in values]
    last = len(game.moves) - 1
    marks = {0: "?!", 1: "?", 2: "??", 3: "?!", last - 1: "?", last: "??"}
    notes = [MoveNote(i, m, i % 2, 0, marks.get(i, ""), evals[i], evals[i + 1])
             for i, m in enumerate(game.moves)]
    analysis = GameAnalysis(game, evals, notes, Thresholds.for_variant("chess"), "t", "depth 1")
    fig = eval_figure(analysis, 640, 320)
    fig.canvas.draw()
    ax = fig.axes[0]
    labels = {c.get_label(): c for c in ax.collections if not c.get_label().startswith("_")}
    assert set(labels) == {"White inaccuracy", "White mistake", "White blunder",
                           "Black inaccuracy", "Black mistake", "Black blunder"}
    for label, collection in labels.items():
        colour = tuple(round(x, 3) for x in collection.get_facecolor()[0][:3])
        side = 0 if label.startswith("White") else 1
        expected = tuple(round(int(SIDE_COLOURS[side][i:i + 2], 16) / 255, 3) for i in (1, 3, 5))
        assert colour == expected, label
    box = ax.get_window_extent()
    for collection in labels.values():
        radius = math.sqrt(collection.get_sizes()[0]) / 2 * fig.dpi / 72
        for x, y in ax.transData.transform(collection.get_offsets()):
            assert box.x0 <= x - radius and x + radius <= box.x1, (collection.get_label(), x)
            assert box.y0 <= y - radius and y + radius <= box.y1, (collection.get_label(), y)
