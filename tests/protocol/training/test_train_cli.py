"""`jiangjun train`: from a self-play folder to a net file the engine reads, with or without
hidden layers; bad arguments and missing data are one error line."""
import numpy as np
import pytest

from engine.nnue.network import read_net
from engine.nnue.records import write_chunk
from engine.nnue.selfplay import SelfplayTask, play_chunk
from protocol.cli import main


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    folder = tmp_path_factory.mktemp("data")
    for chunk in range(2):
        result = play_chunk(SelfplayTask("janggi", chunk, 2, nodes=300, seed=3))
        write_chunk(folder / f"janggi-{chunk:06d}.jjtrain", "janggi", result.records, {})
    return folder


def test_train_writes_a_net_the_engine_reads(data, tmp_path, capsys):
    out = tmp_path / "janggi.nnue"
    assert main(["train", "--variant", "janggi", "--data", str(data), "--out", str(out),
                 "--l1", "8", "--epochs", "2", "--batch", "64", "--validation", "0.25"]) == 0
    err = capsys.readouterr().err
    assert "epoch 2/2: loss" in err and "from 4 games" in err and "quantised minus float" in err
    assert "(layers 2x8-1, sha256" in err and "64 positions a step" in err
    assert "(lowest validation loss, 64 positions a step)" in err
    net = read_net(out, "janggi")
    assert net.l1 == 8 and net.about["games"] == 4 and net.about["config"]["epochs"] == 2
    assert net.about["batch"] == 64
    assert net.hidden == () and net.about["config"]["hidden"] == []


def test_train_without_validation_keeps_the_last_epoch(data, tmp_path, capsys):
    out = tmp_path / "last.nnue"
    assert main(["train", "--variant", "janggi", "--data", str(data), "--out", str(out),
                 "--l1", "8", "--epochs", "2", "--batch", "64", "--validation", "0"]) == 0
    err = capsys.readouterr().err
    assert "epoch 2/2: loss" in err and "validation none held out, lr" in err
    assert "the weights of epoch 2 (the last: no validation games, 64 positions a step)" in err
    assert read_net(out, "janggi").about["epoch"] == 2


@pytest.mark.parametrize("hidden, sizes", [("16,32", (16, 32)), ("32", (32,))])
def test_train_with_hidden_layers(data, tmp_path, capsys, hidden, sizes):
    out = tmp_path / "deep.nnue"
    assert main(["train", "--variant", "janggi", "--data", str(data), "--out", str(out),
                 "--l1", "8", "--hidden", hidden, "--epochs", "2", "--batch", "64"]) == 0
    err = capsys.readouterr().err
    assert f"(layers 2x8-{hidden.replace(',', '-')}-1, sha256" in err
    net = read_net(out, "janggi")
    assert net.hidden_sizes == sizes and net.about["config"]["hidden"] == list(sizes)


def test_train_on_mirror_images_too(data, tmp_path):
    out = tmp_path / "mirror.nnue"
    assert main(["train", "--variant", "janggi", "--data", str(data), "--out", str(out),
                 "--l1", "8", "--epochs", "1", "--batch", "64", "--mirror"]) == 0
    assert read_net(out, "janggi").about["config"]["mirror"] is True


def test_train_with_king_buckets(data, tmp_path, capsys):
    """--features K1: trained factorised, written folded, in the scheme the engine reads."""
    out = tmp_path / "k1.nnue"
    assert main(["train", "--variant", "janggi", "--data", str(data), "--out", str(out),
                 "--l1", "8", "--epochs", "1", "--batch", "64", "--features", "K1",
                 "--mirror"]) == 0
    net = read_net(out, "janggi")
    assert net.scheme.name == "K1:janggi:7560" and net.about["config"]["features"] == "K1"
    with pytest.raises(SystemExit) as stop:       # argparse: usage and the error, exit 2
        main(["train", "--variant", "janggi", "--data", str(data), "--out", str(out),
              "--features", "K2"])
    assert stop.value.code == 2 and "invalid choice: 'K2'" in capsys.readouterr().err
    assert main(["train", "--variant", "janggi", "--data", str(data), "--out", str(out),
                 "--features", "K1", "--bucket-decay", "2000"]) == 2     # 2000 x lr 0.001
    assert "bucket decay from 0 to below 1 / lr" in capsys.readouterr().err
    assert main(["train", "--variant", "janggi", "--data", str(data), "--out", str(out),
                 "--bucket-decay", "5"]) == 2
    assert "it needs --features K1" in capsys.readouterr().err


def test_train_errors_are_one_line(data, tmp_path, capsys):
    assert main(["train", "--variant", "janggi", "--data", str(tmp_path), "--out",
                 str(tmp_path / "x.nnue")]) == 2
    assert "no training files" in capsys.readouterr().err
    assert main(["train", "--variant", "janggi", "--data", str(tmp_path), "--out",
                 str(tmp_path / "x.nnue"), "--epochs", "0"]) == 2
    assert "must be at least 1" in capsys.readouterr().err
    for hidden, message in (("16,32,8", "one or two sizes from 1 to 32"),
                            ("33", "one or two sizes from 1 to 32"),
                            ("0", "one or two sizes from 1 to 32"),
                            ("16;32", "sizes separated by a comma")):
        assert main(["train", "--variant", "janggi", "--data", str(data), "--out",
                     str(tmp_path / "x.nnue"), "--hidden", hidden]) == 2
        err = capsys.readouterr().err
        assert err.startswith("jiangjun train: error: ") and message in err
        assert len(err.strip().splitlines()) == 1


def test_train_from_a_net(data, tmp_path, capsys):
    """--init: the sizes come from the starting net, its file and checksum go in the new net's
    header, and at a learning rate near zero the new net is the old one; a net of another game
    or of other sizes is one error line."""
    first = tmp_path / "first.nnue"
    assert main(["train", "--variant", "janggi", "--data", str(data), "--out", str(first),
                 "--l1", "8", "--hidden", "16", "--epochs", "1", "--batch", "64"]) == 0
    again = tmp_path / "again.nnue"
    assert main(["train", "--variant", "janggi", "--data", str(data), "--out", str(again),
                 "--init", str(first), "--epochs", "1", "--batch", "64", "--lr", "1e-12"]) == 0
    assert "(layers 2x8-16-1, sha256" in capsys.readouterr().err
    start, net = read_net(first, "janggi"), read_net(again, "janggi")
    assert net.about["init"] == {"file": "first.nnue", "sha256": start.checksum()}
    for old, new in zip(start.arrays(), net.arrays()):
        assert np.abs(old.astype(np.int64) - new).max() <= 1
    for extra, message in ((["--l1", "16"], "the starting net has L1 8 and hidden layers [16]"),
                           (["--variant", "xiangqi"], "is a janggi net, not xiangqi")):
        argv = ["train", "--variant", "janggi", "--data", str(data), "--out",
                str(tmp_path / "x.nnue"), "--init", str(first)] + extra
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith("jiangjun train: error: ") and message in err
        assert len(err.strip().splitlines()) == 1
