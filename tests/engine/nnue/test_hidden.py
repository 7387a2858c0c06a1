"""Hidden dense layers (issue 18): the integer net agrees with the float one, the search kernel's
score is the reference net's exactly, the trainer's gradients are the loss's, a toy net with
hidden layers learns material and trains the same twice, and net files carry the layers
(version 2) while version-1 files still load and broken ones are refused."""
import hashlib
import json
import struct

import numpy as np
import pytest

from engine import Engine
from engine.evaluation import eval_table
from engine.kernels import search_layout as S
from engine.nnue.features import scheme_for
from engine.nnue.network import (HIDDEN_CLIP, MAGIC, FloatNet, NetFileError, pack_net,
                                 read_net, write_net)
from engine.nnue.train import (TrainConfig, TrainingSet, _Batcher, batch_gradients, parameters,
                               predict, scratch_for, train)
from engine.variants import get_variant
from tests.engine.nnue.nnue_helpers import (gains_without_a_rook, material_records,
                                            random_game_records, twin)
from tests.engine.nnue.test_accumulators import kernel_scores_as_reference

GAMES = ("xiangqi", "janggi", "shogi", "chess")
SHAPES = ((16,), (16, 32))


def wide_net(variant, hidden, seed):
    """A random net whose hidden weights are three times the initial ones: the hidden sums
    then reach below 0 and past 1 as well as between, so every branch of the clip is used."""
    net = FloatNet.initial(scheme_for(variant), 32, seed, hidden)
    net.hidden = tuple((np.clip(3 * weight, -HIDDEN_CLIP, HIDDEN_CLIP), bias)
                       for weight, bias in net.hidden)
    return net


def test_without_hidden_layers_a_seed_draws_the_nets_it_always_drew():
    scheme = scheme_for("chess")
    rng = np.random.default_rng(5)
    ft_w = rng.normal(0.0, 1.0 / np.sqrt(scheme.max_active), (scheme.size, 8))
    out_w = rng.normal(0.0, 1.0 / np.sqrt(16), 16)
    plain = FloatNet.initial(scheme, 8, 5)
    assert np.array_equal(plain.ft_w, ft_w.astype(np.float32)) and plain.hidden == ()
    assert np.array_equal(plain.out_w, out_w.astype(np.float32))
    deep = FloatNet.initial(scheme, 8, 5, hidden=(4, 3))
    assert np.array_equal(deep.ft_w, plain.ft_w) and deep.hidden_sizes == (4, 3)
    assert [w.shape for w, _ in deep.hidden] == [(4, 16), (3, 4)] and deep.out_w.shape == (3,)


@pytest.mark.parametrize("hidden", SHAPES)
@pytest.mark.parametrize("variant", GAMES)
def test_the_integer_net_agrees_with_the_float_net(variant, hidden):
    scheme = scheme_for(variant)
    net = FloatNet.initial(scheme, 32, seed=4, hidden=hidden)
    quantised = net.quantised()
    assert quantised.hidden[0][0].dtype == np.int16 and quantised.hidden[0][1].dtype == np.int32
    records = random_game_records(variant, 60, seed=9)
    data = TrainingSet.from_records(variant, records, np.zeros(len(records)))
    float_cp = predict(net, data) * net.scale
    errors = []
    for record, expected in zip(records, float_cp):
        got = quantised.evaluate(record["squares"], record["hands"], int(record["stm"]))
        assert abs(got - expected) <= 0.02 * abs(expected) + 25
        errors.append(abs(got - expected))
        other = twin(record, scheme.orient())
        assert quantised.evaluate(other["squares"], other["hands"], int(other["stm"])) == got
    assert np.mean(errors) < 10


@pytest.mark.parametrize("hidden", SHAPES)
@pytest.mark.parametrize("variant", GAMES)
def test_the_kernel_scores_as_the_reference_net(variant, hidden):
    net = wide_net(variant, hidden, seed=8).quantised()
    spec = get_variant(variant)
    E = pack_net(eval_table(spec), net)
    assert (E[E[S.EV_NNUE] + S.NN_L2], E[E[S.EV_NNUE] + S.NN_L3]) == (hidden + (0,))[:2]
    activations = set()

    def seen(scratch):
        activations.update(scratch[S.SC_HIDDEN:S.SC_HIDDEN + hidden[0]].tolist())
    kernel_scores_as_reference(variant, net, E, seen)
    assert {0, 127} <= activations and len(activations) > 20


def test_the_gradients_are_the_losss():
    """Against central differences of the loss the kernel returns, for the largest gradients
    of every parameter group."""
    records = material_records("chess", 48, seed=6)
    data = TrainingSet.from_records("chess", records, np.arange(len(records)))
    net = FloatNet.initial(scheme_for("chess"), 8, seed=2, hidden=(6, 5))
    feats, counts = _Batcher(data, net.scheme, len(data)).features(np.arange(len(data)))
    targets = data.targets(0.0, 400.0)
    arrays, _ = parameters(net)
    scratch = scratch_for(net)

    def loss_and_gradients():
        grads = [np.zeros_like(a) for a in arrays]
        return batch_gradients(net, feats, counts, targets, net.scale / 400.0, grads,
                               scratch), grads

    _, grads = loss_and_gradients()
    for array, grad in zip(arrays, grads):
        flat, flat_grad = array.reshape(-1), grad.reshape(-1)
        for i in np.argsort(-np.abs(flat_grad))[:3]:
            kept, eps = flat[i], 1e-3            # small: a wider step crosses clip kinks
            flat[i] = kept + eps
            up, _ = loss_and_gradients()
            flat[i] = kept - eps
            down, _ = loss_and_gradients()
            flat[i] = kept
            numeric = (up - down) / (2 * eps)
            assert numeric == pytest.approx(float(flat_grad[i]), rel=0.05, abs=1e-4)


TOY = TrainConfig(l1=16, hidden=(16, 32), epochs=10, batch=128, lr=3e-3, result_weight=0.0,
                  validation=0.1, seed=1)


@pytest.fixture(scope="module")
def material_net():
    records = material_records("chess", 4000, seed=1)
    data = TrainingSet.from_records("chess", records, np.arange(len(records)))
    reports = []
    return train(data, TOY, reports.append), reports, data


def test_a_toy_net_with_hidden_layers_learns_material(material_net):
    """As test_network's toy net, but only near equality does a lost rook have to show: the
    results are material's sign, so K is fitted small and targets saturate a few pawns from
    even. There a linear net extrapolates; clipped hidden layers flatten."""
    net, reports, _ = material_net
    assert net.hidden_sizes == (16, 32)
    assert reports[-1].validation_loss < reports[0].validation_loss / 10
    fresh = material_records("chess", 500, seed=2)
    test = TrainingSet.from_records("chess", fresh, np.arange(len(fresh)))
    cp = predict(net, test) * net.scale
    assert np.corrcoef(cp, test.score)[0, 1] > 0.94
    quantised = net.quantised()
    int_cp = [quantised.evaluate(r["squares"], r["hands"], int(r["stm"])) for r in fresh[:100]]
    assert np.mean(np.abs(np.array(int_cp) - cp[:100])) < 5
    # taking away one of the opponent's rooks or queens raises the side to move's score
    gains = gains_without_a_rook(net, fresh[np.abs(fresh["score"]) < 1000][:150])
    assert len(gains) > 100 and np.mean(np.array(gains) > 0) > 0.95


def test_training_with_hidden_layers_is_deterministic(material_net):
    net, _, data = material_net
    again = train(data, TOY)
    for mine, theirs in zip(parameters(net)[0], parameters(again)[0]):
        assert np.array_equal(mine, theirs)


def test_the_search_plays_with_a_hidden_layer_net(tmp_path):
    path = tmp_path / "deep.nnue"
    write_net(path, FloatNet.initial(scheme_for("chess"), 16, seed=1, hidden=(8, 4)).quantised())
    with Engine("chess", eval_file=str(path)) as engine:
        info = engine.analyse(depth=3)[0]
    assert info.score.cp is not None and info.pv


def rewritten(data: bytes, **changes) -> bytes:
    """A net file's bytes with header fields changed (None: removed), the checksum kept."""
    size = struct.unpack("<I", data[len(MAGIC):len(MAGIC) + 4])[0]
    start = len(MAGIC) + 4 + size
    header = json.loads(data[len(MAGIC) + 4:start])
    for key, value in changes.items():
        header.pop(key) if value is None else header.__setitem__(key, value)
    text = json.dumps(header, sort_keys=True).encode()
    return MAGIC + struct.pack("<I", len(text)) + text + data[start:]


def test_version_1_files_still_load_and_nets_without_hidden_layers_write_them(tmp_path):
    quantised = FloatNet.initial(scheme_for("shogi"), 8, seed=3).quantised()
    payload = b"".join(a.astype(a.dtype.newbyteorder("<")).tobytes()
                       for a in (quantised.ft_w, quantised.ft_b, quantised.out_w,
                                 quantised.out_b))
    header = json.dumps({"format": "jiangjun-nnue", "version": 1, "variant": "shogi",
                         "features": quantised.scheme.name, "l1": 8, "about": {},
                         "feature_count": quantised.scheme.size,
                         "sha256": hashlib.sha256(payload).hexdigest()}, sort_keys=True).encode()
    old = MAGIC + struct.pack("<I", len(header)) + header + payload
    (tmp_path / "old.nnue").write_bytes(old)
    back = read_net(tmp_path / "old.nnue", "shogi")
    assert back.hidden == () and back.checksum() == quantised.checksum()
    write_net(tmp_path / "new.nnue", quantised)
    assert (tmp_path / "new.nnue").read_bytes() == old


def test_hidden_layers_round_trip_and_broken_files_are_refused(tmp_path):
    quantised = wide_net("chess", (16, 32), seed=2).quantised()
    path = tmp_path / "deep.nnue"
    write_net(path, quantised)
    back = read_net(path, "chess")
    assert back.hidden_sizes == (16, 32) and back.checksum() == quantised.checksum()
    for (weight, bias), (w, b) in zip(back.hidden, quantised.hidden):
        assert np.array_equal(weight, w) and weight.dtype == np.int16
        assert np.array_equal(bias, b) and bias.dtype == np.int32
    data = path.read_bytes()
    one_layer = tmp_path / "one.nnue"
    write_net(one_layer, wide_net("chess", (32,), seed=2).quantised())
    assert read_net(one_layer, "chess").hidden_sizes == (32,)
    weights = len(data) - (32 * 4 + 32 * 4 + 4) - 2      # a second-layer weight's low byte
    cases = {
        "flipped.nnue": (data[:weights] + bytes([data[weights] ^ 1]) + data[weights + 1:],
                         "checksum"),
        "cut.nnue": (data[:-3], "cut or padded"),
        "other-sizes.nnue": (rewritten(data, hidden=[32, 16]), "cut or padded"),
        "no-sizes.nnue": (rewritten(data, hidden=None), "cut or padded"),
        "as-version-1.nnue": (rewritten(data, version=1), "cut or padded"),
        "three.nnue": (rewritten(data, hidden=[16, 32, 1]), "hidden layers"),
        "too-wide.nnue": (rewritten(data, hidden=[33, 32]), "hidden layers"),
        "zero.nnue": (rewritten(data, hidden=[0, 32]), "hidden layers"),
        "text.nnue": (rewritten(data, hidden="16,32"), "hidden layers"),
        "future.nnue": (rewritten(data, version=3), "net format 3"),
    }
    for name, (content, message) in cases.items():
        (tmp_path / name).write_bytes(content)
        with pytest.raises(NetFileError, match=message):
            read_net(tmp_path / name, "chess")


def test_what_does_not_fit_the_integers_is_refused():
    net = FloatNet.initial(scheme_for("chess"), 8, seed=1, hidden=(4,))
    weight, bias = net.hidden[0]
    weight[0, 0] = HIDDEN_CLIP + 0.01
    with pytest.raises(ValueError, match="hidden weights beyond 1.984"):
        net.quantised()
    weight[0, 0] = 0.0
    bias[0] = 2e4
    with pytest.raises(ValueError, match="hidden bias beyond int32"):
        net.quantised()
    wide = FloatNet.initial(scheme_for("chess"), 8, seed=1, hidden=(33,)).quantised()
    with pytest.raises(ValueError, match="at most two"):
        pack_net(eval_table(get_variant("chess")), wide)
