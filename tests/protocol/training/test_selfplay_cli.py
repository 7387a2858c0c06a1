"""`jiangjun selfplay`: chunk files in the folder, resuming plays only what is missing, the same
arguments make the same data, a folder of other settings is refused."""
import numpy as np
import pytest

from engine.nnue.records import chunk_files, load_folder, read_header
from protocol.cli import main

ARGS = ["selfplay", "--variant", "xiangqi", "--nodes", "300", "--chunk-games", "1",
        "--concurrency", "1", "--random-plies", "6"]


def test_selfplay_writes_resumes_and_refuses_mixing(tmp_path, capsys):
    out = tmp_path / "data"
    assert main(ARGS + ["--games", "2", "--out", str(out)]) == 0
    first = chunk_files(out)
    assert [p.name for p in first] == ["xiangqi-000000.jjtrain", "xiangqi-000001.jjtrain"]
    made = {p.name: p.read_bytes() for p in first}
    header, _ = read_header(first[0])
    assert header["task"]["nodes"] == 300 and header["games"] == 1
    # more games: the two chunks there are kept as they are, one more is played
    assert main(ARGS + ["--games", "3", "--out", str(out)]) == 0
    assert "1 chunk(s) to play, 2 already" in capsys.readouterr().err
    assert {p.name: p.read_bytes() for p in chunk_files(out)[:2]} == made
    # the same arguments elsewhere give the same data
    twin = tmp_path / "twin"
    assert main(ARGS + ["--games", "3", "--out", str(twin)]) == 0
    assert np.array_equal(load_folder(out, "xiangqi"), load_folder(twin, "xiangqi"))
    # other settings in the same folder: refused, nothing written
    assert main(ARGS[:4] + ["600"] + ARGS[5:] + ["--games", "4", "--out", str(out)]) == 2
    assert "other settings (nodes)" in capsys.readouterr().err
    assert len(chunk_files(out)) == 3


def test_selfplay_argument_errors_are_one_line(capsys):
    assert main(["selfplay", "--variant", "go", "--games", "1"]) == 2
    assert "unknown variant" in capsys.readouterr().err


def test_selfplay_with_a_net_records_which_net(tmp_path, capsys):
    from engine.nnue.features import scheme_for
    from engine.nnue.network import FloatNet, write_net
    net = tmp_path / "x.nnue"
    write_net(net, FloatNet.initial(scheme_for("xiangqi"), 8, seed=2).quantised())
    out = tmp_path / "data"
    assert main(ARGS + ["--games", "1", "--out", str(out), "--net", str(net)]) == 0
    header, _ = read_header(chunk_files(out)[0])
    assert header["task"]["evaluation"] != "built-in" and "net" not in header["task"]
    assert main(ARGS + ["--games", "2", "--out", str(out), "--net", "builtin"]) == 2
    assert "other settings (evaluation)" in capsys.readouterr().err
    other = tmp_path / "shogi.nnue"
    write_net(other, FloatNet.initial(scheme_for("shogi"), 8, seed=2).quantised())
    assert main(ARGS + ["--games", "1", "--out", str(tmp_path / "o"), "--net", str(other)]) == 2
    assert "shogi net, not xiangqi" in capsys.readouterr().err


def test_selfplay_on_a_dask_cluster_makes_the_same_data(tmp_path):
    """Chunks played by Dask workers (processes, no shared disk needed) are the chunks this
    machine plays from the same arguments."""
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1",
                                       dashboard_address=None, processes=True)
    try:
        assert main(ARGS + ["--games", "2", "--out", str(tmp_path / "dask"),
                            "--scheduler", cluster.scheduler_address]) == 0
    finally:
        cluster.close()
    assert main(ARGS + ["--games", "2", "--out", str(tmp_path / "here")]) == 0
    assert np.array_equal(load_folder(tmp_path / "dask", "xiangqi"),
                          load_folder(tmp_path / "here", "xiangqi"))
