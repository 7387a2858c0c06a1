"""`jiangjun train`: from a self-play folder to a net file the engine reads; bad arguments and
missing data are one error line."""
from engine.nnue.network import read_net
from engine.nnue.records import write_chunk
from engine.nnue.selfplay import SelfplayTask, play_chunk
from protocol.cli import main


def test_train_writes_a_net_the_engine_reads(tmp_path, capsys):
    data = tmp_path / "data"
    data.mkdir()
    for chunk in range(2):
        result = play_chunk(SelfplayTask("janggi", chunk, 2, nodes=300, seed=3))
        write_chunk(data / f"janggi-{chunk:06d}.jjtrain", "janggi", result.records, {})
    out = tmp_path / "janggi.nnue"
    assert main(["train", "--variant", "janggi", "--data", str(data), "--out", str(out),
                 "--l1", "8", "--epochs", "2", "--batch", "64", "--validation", "0.25"]) == 0
    err = capsys.readouterr().err
    assert "epoch 2/2: loss" in err and "from 4 games" in err and "quantised minus float" in err
    net = read_net(out, "janggi")
    assert net.l1 == 8 and net.about["games"] == 4 and net.about["config"]["epochs"] == 2


def test_train_errors_are_one_line(tmp_path, capsys):
    assert main(["train", "--variant", "janggi", "--data", str(tmp_path), "--out",
                 str(tmp_path / "x.nnue")]) == 2
    assert "no training files" in capsys.readouterr().err
    assert main(["train", "--variant", "janggi", "--data", str(tmp_path), "--out",
                 str(tmp_path / "x.nnue"), "--epochs", "0"]) == 2
    assert "must be at least 1" in capsys.readouterr().err
