"""The net: features are the same for a position and its colour-exchanged twin, a small net
learns material from a few thousand positions, its integer version agrees with the float one,
and net files that are not whole, not ours or not for this game are refused."""
import numpy as np
import pytest

from engine.kernels.nnue_features import position_features
from engine.nnue.features import scheme_arrays, scheme_for
from engine.nnue.network import FloatNet, NetFileError, read_net, write_net
from engine.nnue.train import TrainConfig, TrainingSet, predict, train
from tests.engine.nnue.nnue_helpers import (gains_without_a_rook, material_records,
                                            random_game_records, twin)

GAMES = ("xiangqi", "janggi", "shogi", "chess")


def features(scheme, record, perspective):
    orient, hand_base, slots = scheme_arrays(scheme)
    out = np.zeros(scheme.max_active + 1, dtype=np.int32)
    n = position_features(record["squares"].copy(), record["hands"].copy(), perspective, orient,
                          hand_base, slots, scheme.piece_types, scheme.per_colour, out)
    return sorted(out[:n].tolist())


def test_schemes_follow_the_rules():
    sizes = {v: (scheme_for(v).size, scheme_for(v).rotate, scheme_for(v).max_active) for v in GAMES}
    assert sizes == {"xiangqi": (2 * 7 * 90, False, 32), "janggi": (2 * 7 * 90, False, 32),
                     "shogi": (2 * (14 * 81 + 38), True, 40), "chess": (2 * 6 * 64, False, 32)}
    assert scheme_for("shogi").hand_slots == (0, 2, 2, 4, 4, 4, 4, 18, 0, 0, 0, 0, 0, 0)


@pytest.mark.parametrize("variant", GAMES)
def test_a_position_and_its_twin_have_the_same_features(variant):
    scheme = scheme_for(variant)
    orient = scheme.orient()
    records = random_game_records(variant, 120, seed=5)
    assert records["hands"].any() == (variant == "shogi")     # drops were played
    for record in records:
        mine = features(scheme, record, int(record["stm"]))
        assert len(mine) == len(set(mine)) <= scheme.max_active
        assert all(0 <= f < scheme.size for f in mine)
        other = twin(record, orient)
        assert features(scheme, other, int(other["stm"])) == mine
        assert features(scheme, other, 1 - int(other["stm"])) == \
            features(scheme, record, 1 - int(record["stm"]))


@pytest.fixture(scope="module")
def material_net():
    records = material_records("chess", 4000, seed=1)
    data = TrainingSet.from_records("chess", records, np.arange(len(records)))
    reports = []
    net = train(data, TrainConfig(l1=16, epochs=10, batch=128, lr=3e-3, result_weight=0.0,
                                  validation=0.1, seed=1), reports.append)
    return net, reports


def test_a_toy_net_learns_material(material_net):
    net, reports = material_net
    assert reports[-1].validation_loss < reports[0].validation_loss / 5
    fresh = material_records("chess", 500, seed=2)
    test = TrainingSet.from_records("chess", fresh, np.arange(len(fresh)))
    cp = predict(net, test) * net.scale
    assert np.corrcoef(cp, test.score)[0, 1] > 0.95
    # taking away one of the opponent's rooks or queens raises the side to move's score
    gains = gains_without_a_rook(net, fresh[:200])
    assert len(gains) > 100 and np.mean(np.array(gains) > 0) > 0.95


def test_training_is_deterministic(material_net):
    net, _ = material_net
    records = material_records("chess", 4000, seed=1)
    data = TrainingSet.from_records("chess", records, np.arange(len(records)))
    again = train(data, TrainConfig(l1=16, epochs=10, batch=128, lr=3e-3, result_weight=0.0,
                                    validation=0.1, seed=1))
    assert np.array_equal(again.ft_w, net.ft_w) and np.array_equal(again.out_w, net.out_w)


@pytest.mark.parametrize("variant", GAMES)
def test_the_integer_net_agrees_with_the_float_net_and_sees_twins_alike(variant):
    scheme = scheme_for(variant)
    net = FloatNet.initial(scheme, 32, seed=4)
    quantised = net.quantised()
    records = random_game_records(variant, 60, seed=9)
    data = TrainingSet.from_records(variant, records, np.zeros(len(records)))
    float_cp = predict(net, data) * net.scale
    for record, expected in zip(records, float_cp):
        got = quantised.evaluate(record["squares"], record["hands"], int(record["stm"]))
        assert abs(got - expected) <= 0.02 * abs(expected) + 25
        other = twin(record, scheme.orient())
        assert quantised.evaluate(other["squares"], other["hands"], int(other["stm"])) == got


def test_net_files_round_trip_and_refuse_what_is_wrong(material_net, tmp_path):
    net, _ = material_net
    quantised = net.quantised()
    quantised.about = {"note": "toy"}
    path = tmp_path / "toy.nnue"
    write_net(path, quantised)
    back = read_net(path, "chess")
    assert back.checksum() == quantised.checksum() and back.about == {"note": "toy"}
    assert np.array_equal(back.ft_w, quantised.ft_w) and back.ft_w.dtype == np.int16
    data = path.read_bytes()
    cases = {"flipped.nnue": data[:-100] + bytes([data[-100] ^ 1]) + data[-99:],
             "cut.nnue": data[:-3], "junk.nnue": b"XJNNUE" + data[6:], "empty.nnue": b""}
    messages = {"flipped.nnue": "checksum", "cut.nnue": "cut or padded",
                "junk.nnue": "not a jiangjun net", "empty.nnue": "not a jiangjun net"}
    for name, content in cases.items():
        (tmp_path / name).write_bytes(content)
        with pytest.raises(NetFileError, match=messages[name]):
            read_net(tmp_path / name, "chess")
    with pytest.raises(NetFileError, match="chess net, not xiangqi"):
        read_net(path, "xiangqi")
    with pytest.raises(NetFileError, match="cannot read"):
        read_net(tmp_path / "missing.nnue", "chess")


def test_the_logistic_scale_is_fitted_to_the_results():
    from engine.nnue.train import fit_scale
    rng = np.random.default_rng(5)
    score = rng.normal(0, 600, 20000).astype(np.int16)
    win = rng.random(20000) < 1 / (1 + np.exp(-score / 400.0))
    result = np.where(win, 1, -1).astype(np.int8)
    assert 360 < fit_scale(score, result) < 440


def test_mirrored_training_positions_are_the_mirrored_games_positions():
    """TrainingSet.mirrored() holds what Position reads from the mirrored FEN (hands, side and
    scores kept); --mirror is refused where the rules are not mirror-symmetric."""
    import random

    from engine.nnue.records import fill_record, playable_squares, record_dtype
    from engine.position import Position
    from engine.variants import get_variant
    from tests.engine.test_variant_facts import mirrored_fen
    rng = random.Random(3)
    for variant in ("xiangqi", "janggi", "shogi"):
        spec = get_variant(variant)
        position = Position(spec)
        squares = playable_squares(spec, position.geo)
        played, mirrors = [], []
        for _ in range(80):
            for board, out in ((position, played), (Position(spec, mirrored_fen(position.fen())),
                                                   mirrors)):
                record = np.zeros((), dtype=record_dtype(spec))
                fill_record(record, board, squares)
                out.append(record)
            position.push(rng.choice(position.legal_moves()))
        played, mirrors = np.array(played), np.array(mirrors)
        data = TrainingSet.from_records(variant, played, np.zeros(len(played), dtype=np.int64))
        assert np.array_equal(data.mirrored().squares, mirrors["squares"])
        assert np.array_equal(data.mirrored().hands, mirrors["hands"])
        assert np.array_equal(data.mirrored().mirrored().squares, data.squares)
        assert np.any(data.mirrored().squares != data.squares)
    chess = material_records("chess", 200, seed=1)
    with pytest.raises(ValueError, match="not mirror-symmetric"):
        train(TrainingSet.from_records("chess", chess, np.arange(len(chess))),
              TrainConfig(l1=8, epochs=1, mirror=True))
