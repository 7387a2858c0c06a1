"""tools/texel: quiet-position extraction from runner logs, the error going down under tuning,
and tuned numbers written into a game's weights file that reads back the same."""
import dataclasses
import json

import numpy as np

from engine.evaluation import chess as chess_eval
from engine.evaluation import weights
from engine.kernels import layout as L
from engine.kernels.jit import REGISTRY
from engine.notation import parse_move
from engine.position import Position
from tools.texel import descent, error, logs, params, positions, store

SCHOLAR = ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]   # 4. Qxf7#


def _record(moves, result, variant="chess", start_fen=None):
    """A game as the match runner's RecordWriter logs it (GameResult.to_dict())."""
    return {"index": 0, "round": 1, "pair": 1, "variant": variant, "start_fen": start_fen,
            "first": "a", "second": "b", "result": result, "termination": "normal",
            "reason": "", "moves": [{"move": m, "elapsed": None, "score": None, "depth": None,
                                     "nodes": None, "pv": []} for m in moves]}


def _log(tmp_path, records):
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records) + '{"unfinished": ')
    return str(path)


def test_extraction_keeps_quiet_positions_labelled_for_the_first_player(tmp_path):
    log = _log(tmp_path, [_record(SCHOLAR, "1-0"), _record(["d2d4", "d7d5", "c1f4"], "0-1"),
                          _record(["e2e4"], "1/2-1/2", variant="xiangqi"),    # other game
                          _record(["e2e4"], "*")])                             # unfinished
    games = logs.read_games([log], "chess")
    assert len(games) == 2
    data = positions.extract(games, "chess", skip=2)
    plies = [int(st[L.S_PLY]) for st in data.sts]
    # Scholar's mate: plies 2-5 are quiet; at ply 6 Qxf7 wins a pawn (not quiet), ply 7 is
    # the mate (in check). The second game: plies 2 and 3 (nothing to capture).
    assert plies == [2, 3, 4, 5, 2, 3]
    assert data.results.tolist() == [1.0] * 4 + [0.0] * 2
    assert data.n_games == 2
    # the stored arrays are the positions themselves
    pos = Position("chess")
    for mv in SCHOLAR[:2]:
        pos.push(parse_move(pos, mv))
    assert np.array_equal(data.boards[0], pos.board)


def _toy_data():
    """White a knight up wins, black a knight up loses, equal material draws."""
    fens = {1.0: ["4k3/pppppppp/8/8/8/8/PPPPPPPP/1N2K3 w - - 0 1",
                  "4k3/pppppppp/8/8/8/8/PPPPPPPP/1N2K3 b - - 0 1"],
            0.0: ["1n2k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
                  "1n2k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 b - - 0 1"],
            0.5: ["4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1"]}
    boards, sts, results = [], [], []
    for result, group in fens.items():
        for fen in group:
            pos = Position("chess", fen)
            boards.append(pos.board.copy())
            sts.append(pos.st.copy())
            results.append(result)
    return positions.Dataset(np.array(boards), np.array(sts), np.array(results),
                      np.arange(len(results)), len(results))


def test_tuning_lowers_the_error_on_a_toy_set():
    obj = error.Objective("chess", _toy_data())
    weak = params.with_params(chess_eval.PROFILE, {("values", "N", 0): 40,
                                                   ("values", "N", 1): 40})
    knight = [("values", "N", 0), ("values", "N", 1)]
    before = obj.error(weak, 100.0)
    tuned, after = descent.tune(obj, weak, knight, 100.0, steps=(32, 8), max_passes=3,
                                max_change=10.0, log=lambda *_: None)
    assert after < before
    assert after == obj.error(tuned, 100.0)
    assert params.get_param(tuned, ("values", "N", 0)) > 40
    K = error.fit_k(obj.evals(tuned), obj.data.results)
    assert error.mse(obj.evals(tuned), obj.data.results, K) <= after


def test_the_tuning_kernels_stay_out_of_the_engines_cold_build():
    for name in ("engine.kernels.tuning.quiescence", "engine.kernels.tuning.evaluate_all"):
        assert not REGISTRY[name].prebuild


def test_written_values_read_back(tmp_path):
    source = weights.path_for(chess_eval.__file__)
    assert store.weights_path("chess") == source
    text = source.read_text()
    changed = params.with_params(chess_eval.PROFILE, {("values", "Q", 0): 1011,
                                                      ("values", "P", 1): 97,
                                                      ("king_zone", "N", None): 13,
                                                      ("passed", None, 3): 27,
                                                      ("tempo", None, None): 7})
    changed = dataclasses.replace(changed, wdl_scale=95.0)
    fields = {"values", "king_zone", "passed", "tempo", "wdl_scale"}
    out = tmp_path / "chess.json"
    out.write_text(text)
    store.write_weights("chess", changed, fields, path=out)
    back = dataclasses.replace(chess_eval.PROFILE, **weights.load(out))
    for field in dataclasses.fields(back):
        if field.name != "pst":
            assert getattr(back, field.name) == getattr(changed, field.name), field.name
    # every other field of the file is untouched, line for line
    old_lines, new_lines = text.splitlines(), out.read_text().splitlines()
    assert len(old_lines) == len(new_lines)
    differing = {old.split(":")[0].strip() for old, new in zip(old_lines, new_lines) if old != new}
    assert differing == {f'"{name}"' for name in fields}
