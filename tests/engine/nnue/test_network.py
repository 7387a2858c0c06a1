"""The net: features are the same for a position and its colour-exchanged twin, a small net
learns material from a few thousand positions, its integer version agrees with the float one,
and net files that are not whole, not ours or not for this game are refused."""
import numpy as np
import pytest

from engine.kernels.nnue_features import position_features
from engine.nnue.features import KINDS, scheme_arrays, scheme_for
from engine.nnue.network import FloatNet, NetFileError, read_net, write_net
from engine.nnue.train import TrainConfig, TrainingSet, predict, train
from tests.engine.nnue.nnue_helpers import (gains_without_a_rook, material_records,
                                            random_game_records, twin)

GAMES = ("xiangqi", "janggi", "shogi", "chess")


def features(scheme, record, perspective):
    out = np.zeros(scheme.active + 1, dtype=np.int32)
    n = position_features(record["squares"].copy(), record["hands"].copy(), perspective,
                          *scheme_arrays(scheme), out)
    return sorted(out[:n].tolist())


def test_schemes_follow_the_rules():
    sizes = {v: (scheme_for(v).size, scheme_for(v).rotate, scheme_for(v).max_active) for v in GAMES}
    assert sizes == {"xiangqi": (2 * 7 * 90, False, 32), "janggi": (2 * 7 * 90, False, 32),
                     "shogi": (2 * (14 * 81 + 38), True, 40), "chess": (2 * 6 * 64, False, 32)}
    assert scheme_for("shogi").hand_slots == (0, 2, 2, 4, 4, 4, 4, 18, 0, 0, 0, 0, 0, 0)


def test_king_buckets_follow_the_rules():
    """K1: the king's file, folded where the rules are mirror-symmetric, times rank zones 0, 1,
    2+, over the squares it can stand on (the palace in xiangqi and janggi)."""
    buckets = {v: (scheme_for(v, "K1").buckets, scheme_for(v, "K1").fold) for v in GAMES}
    assert buckets == {"xiangqi": (6, True), "janggi": (6, True), "shogi": (15, True),
                       "chess": (24, False)}
    for v in GAMES:
        kingless, bucketed = scheme_for(v), scheme_for(v, "K1")
        assert bucketed.size == bucketed.buckets * kingless.size
        assert bucketed.training().size == bucketed.size + kingless.size
        assert bucketed.name == f"K1:{v}:{bucketed.size}" and kingless.name.startswith("A1:")
    shogi = np.array(scheme_for("shogi", "K1").bucket_of).reshape(9, 9)
    assert np.array_equal(shogi, shogi[:, ::-1]) and len(set(shogi[0])) == 5
    assert np.array_equal(shogi[3:], np.repeat(shogi[2:3], 6, axis=0))
    with pytest.raises(ValueError, match="unknown feature scheme"):
        scheme_for("shogi", "Z9")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("variant", GAMES)
def test_a_position_and_its_twin_have_the_same_features(variant, kind):
    scheme = scheme_for(variant, kind)
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


@pytest.mark.parametrize("variant", ("xiangqi", "janggi", "shogi"))
def test_a_king_right_of_the_middle_sees_the_mirror_image(variant):
    """K1 where the rules are mirror-symmetric: from a perspective whose king stands off the
    middle file, a position and its mirror image light the same features."""
    scheme = scheme_for(variant, "K1")
    records = random_game_records(variant, 200, seed=7)
    data = TrainingSet.from_records(variant, records, np.zeros(len(records), dtype=np.int64))
    mirrored = data.mirrored()
    royal_files = set()
    checked = 0
    for i, record in enumerate(records):
        other = record.copy()
        other["squares"] = mirrored.squares[i]
        for perspective in (0, 1):
            king = np.flatnonzero(record["squares"] == (1 if perspective == 0 else -1) * scheme.royal)
            file = int(king[0]) % scheme.files
            royal_files.add(file)
            if 2 * file != scheme.files - 1:
                assert features(scheme, other, perspective) == features(scheme, record, perspective)
                checked += 1
    assert checked > 100 and len(royal_files) >= 3


@pytest.mark.parametrize("variant", GAMES)
def test_factorised_training_folds_into_the_net_the_engine_reads(variant):
    """In training every K1 feature also lights its bucket-free twin; folded() adds the twins
    into each bucket's rows, so the folded net scores every position as the factorised one."""
    scheme = scheme_for(variant, "K1")
    training = scheme.training()
    assert training.factorised and training.active == 2 * scheme.max_active
    records = random_game_records(variant, 60, seed=4)
    for record in records[:10]:
        lit = features(training, record, 0)
        real = [f for f in lit if f < scheme.size]
        twins = [f - scheme.size for f in lit if f >= scheme.size]
        assert real == features(scheme, record, 0)
        assert sorted(f % scheme.per_bucket for f in real) == twins
    net = FloatNet.initial(training, 16, seed=5)
    assert not net.ft_w[:scheme.size].any()        # the buckets start alike
    rng = np.random.default_rng(1)
    net.ft_w[:scheme.size] = rng.normal(0, 0.1, (scheme.size, 16))
    data = TrainingSet.from_records(variant, records, np.zeros(len(records), dtype=np.int64))
    folded = net.folded()
    assert folded.scheme == scheme and folded.ft_w.shape == (scheme.size, 16)
    assert np.allclose(predict(folded, data), predict(net, data), atol=1e-4)
    with pytest.raises(ValueError, match="folded"):
        net.quantised()


def test_bucket_decay_pulls_the_buckets_toward_their_shared_twins():
    """K1 training learns bucket-specific rows; a strong --bucket-decay keeps every bucket close
    to the king-less twins, so the folded blocks nearly agree."""
    records = material_records("chess", 1500, seed=3)
    data = TrainingSet.from_records("chess", records, np.arange(len(records)))
    scheme = scheme_for("chess", "K1")

    def spread(decay):
        net = train(data, TrainConfig(l1=8, epochs=3, batch=128, lr=3e-3, result_weight=0.0,
                                      validation=0.0, seed=2, features="K1",
                                      bucket_decay=decay))
        blocks = net.ft_w.reshape(scheme.buckets, scheme.per_bucket, 8)
        return float(np.abs(blocks - blocks.mean(axis=0)).max())

    free, held = spread(0.0), spread(100.0)
    assert free > 0.01 and held < free / 5


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


def test_king_bucket_nets_round_trip_and_name_their_scheme(tmp_path):
    net = FloatNet.initial(scheme_for("shogi", "K1"), 8, seed=2).quantised()
    write_net(tmp_path / "k1.nnue", net)
    back = read_net(tmp_path / "k1.nnue", "shogi")
    assert back.scheme == scheme_for("shogi", "K1") and back.checksum() == net.checksum()
    data = (tmp_path / "k1.nnue").read_bytes()
    (tmp_path / "z9.nnue").write_bytes(data.replace(b'"K1:shogi', b'"Z9:shogi'))
    with pytest.raises(NetFileError, match="uses A1:shogi:2344 or K1:shogi:35160"):
        read_net(tmp_path / "z9.nnue", "shogi")


def test_the_default_batch_gives_an_epoch_about_2048_steps():
    from engine.nnue.train import auto_batch
    assert auto_batch(830_000) == 405            # a half-million-position set, mirrored
    assert auto_batch(1_000) == 256              # a small set still learns from whole batches
    assert auto_batch(100_000_000) == 16384      # the largest sets: Stockfish's batch


def test_the_logistic_scale_is_fitted_to_the_results():
    from engine.nnue.train import fit_scale
    rng = np.random.default_rng(5)
    score = rng.normal(0, 600, 20000).astype(np.int16)
    win = rng.random(20000) < 1 / (1 + np.exp(-score / 400.0))
    result = np.where(win, 1, -1).astype(np.int8)
    assert 360 < fit_scale(score, result) < 440


def test_mirrored_training_positions_are_the_mirrored_games_positions():
    """TrainingSet.mirrored() holds what Position reads from the mirrored FEN (hands, side and
    scores kept)."""
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


def test_chess_mirrors_the_positions_where_no_side_can_castle():
    """A chess position mirrors only where no side can castle (the rules read the same there):
    exactly those whose FEN has no castling right and whose kings or rooks have left home are
    mirrored, each into what Position reads from the mirrored FEN."""
    import random

    from engine.nnue.records import fill_record, playable_squares, record_dtype
    from engine.nnue.train import castling_impossible
    from engine.position import Position
    from engine.variants import get_variant
    from tests.engine.test_variant_facts import mirrored_fen
    spec = get_variant("chess")
    rng = random.Random(11)
    played, mirrors, rights = [], [], []
    for _ in range(6):
        position = Position(spec)
        squares = playable_squares(spec, position.geo)
        for _ in range(120):
            legal = position.legal_moves()
            if not legal:
                break
            record = np.zeros((), dtype=record_dtype(spec))
            fill_record(record, position, squares)
            played.append(record)
            rights.append(position.fen().split(" ")[2])
            mirror = np.zeros((), dtype=record_dtype(spec))
            fill_record(mirror, Position(spec, mirrored_fen(position.fen())), squares)
            mirrors.append(mirror)
            position.push(rng.choice(legal))
    played, mirrors = np.array(played), np.array(mirrors)
    impossible = castling_impossible(spec, played["squares"])
    assert 0 < impossible.sum() < len(played)
    assert all(right == "-" for right, gone in zip(rights, impossible) if gone)
    data = TrainingSet.from_records("chess", played, np.zeros(len(played), dtype=np.int64))
    assert np.array_equal(data.mirrored().squares, mirrors["squares"][impossible])
    net = train(data, TrainConfig(l1=8, epochs=1, mirror=True, validation=0))
    assert np.isfinite(net.ft_w).all()


@pytest.mark.parametrize("hidden", [(), (16,), (16, 32)])
def test_a_dequantised_net_rounds_back_to_the_same_integers(hidden):
    """Where --init starts: the float net an integer one rounds, which rounds back exactly."""
    from tests.engine.nnue.test_hidden import wide_net
    quantised = wide_net("shogi", hidden, seed=6).quantised()
    again = quantised.dequantised().quantised()
    assert again.checksum() == quantised.checksum()


def test_warm_start_lays_a_net_out_for_the_scheme_it_trains():
    """Same scheme: the weights as they are; a king-less net starting a K1 one: its rows in the
    bucket-free twins, the buckets empty, so the folded start scores as the king-less net (on
    the mirror image where the king's bucket folds the board); a K1
    net cannot start a king-less one, nor a net of other sizes."""
    from engine.nnue.train import warm_start
    a1 = FloatNet.initial(scheme_for("janggi"), 8, seed=3).quantised()
    config = TrainConfig(l1=8)
    same = warm_start(a1, scheme_for("janggi").training(), config)
    assert same.quantised().checksum() == a1.checksum()
    k1 = scheme_for("janggi", "K1")
    bucketed = warm_start(a1, k1.training(), TrainConfig(l1=8, features="K1"))
    rows = bucketed.ft_w.reshape(k1.buckets + 1, k1.per_bucket, 8)
    assert not rows[:-1].any() and np.array_equal(rows[-1], a1.dequantised().ft_w)
    records = random_game_records("janggi", 40, seed=2)
    data = TrainingSet.from_records("janggi", records, np.zeros(len(records)))
    # a king right of the middle sees the board mirrored (the K1 fold): compare where both
    # generals stand on the middle file
    files = np.nonzero(np.abs(data.squares) == k1.royal)[1] % k1.files
    unfolded = np.all(files.reshape(-1, 2) == k1.files // 2, axis=1)
    assert unfolded.sum() >= 5
    assert np.allclose(predict(bucketed.folded(), data)[unfolded],
                       predict(a1.dequantised(), data)[unfolded], atol=1e-5)
    with pytest.raises(ValueError, match="features K1 cannot start one with A1"):
        warm_start(bucketed.folded().quantised(), scheme_for("janggi").training(), config)
    with pytest.raises(ValueError, match="L1 8 and hidden layers none; the net to train, L1 16"):
        warm_start(a1, scheme_for("janggi").training(), TrainConfig(l1=16))
