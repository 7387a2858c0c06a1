"""`Use NNUE` and `EvalFile` in every dialect: declared with their types, a net file that cannot
evaluate the game is refused with the dialect's error line and the previous file kept, a good one
reaches the search configuration, and bench says which evaluation each game used."""
import pytest

import protocol_fake_search as fake
from engine.nnue.features import scheme_for
from engine.nnue.network import FloatNet, write_net
from protocol_harness import Talk


@pytest.fixture(scope="module")
def nets(tmp_path_factory):
    folder = tmp_path_factory.mktemp("nets")
    paths = {}
    for game in ("xiangqi", "shogi"):
        paths[game] = folder / f"{game}.nnue"
        write_net(paths[game], FloatNet.initial(scheme_for(game), 8, seed=1).quantised())
    broken = folder / "broken.nnue"
    broken.write_bytes(paths["xiangqi"].read_bytes()[:-5])
    paths["broken"] = broken
    return paths


@pytest.mark.parametrize("dialect, hello, use, evalfile", [
    ("uci", ["uci"], "option name Use NNUE type check default true",
     "option name EvalFile type string default <empty>"),
    ("ucci", ["ucci"], "option Use_NNUE type check default true",
     "option EvalFile type string default <empty>"),
    ("usi", ["usi"], "option name Use_NNUE type check default true",
     "option name EvalFile type filename default <empty>"),
    ("xboard", ["xboard", "protover 2"], 'feature option="Use NNUE -check 1"',
     'feature option="EvalFile -file "'),
])
def test_the_options_are_declared_in_every_dialect(dialect, hello, use, evalfile):
    out = Talk().send(*hello)
    assert use in out and evalfile in out


def test_uci_refuses_a_net_for_another_game_or_a_broken_file(nets):
    talk = Talk()
    talk.send("uci", "setoption name UCI_Variant value xiangqi")
    assert talk.send(f"setoption name EvalFile value {nets['xiangqi']}") == []
    out = talk.send(f"setoption name EvalFile value {nets['shogi']}")
    assert out == [f"info string error: {nets['shogi']} is a shogi net, not xiangqi; "
                   f"EvalFile stays {nets['xiangqi']}"]
    out = talk.send(f"setoption name EvalFile value {nets['broken']}")
    assert out[0].startswith("info string error:") and "cut or padded" in out[0]
    talk.send("position startpos", "go depth 1")
    config = talk.loop.dialect.session.search_config()
    assert config.eval_file == str(nets["xiangqi"]) and config.use_nnue
    talk.send("setoption name Use NNUE value false")
    assert talk.loop.dialect.session.search_config().use_nnue is False


def test_usi_and_xboard_refusals_use_their_own_error_forms(nets):
    talk = Talk()
    talk.send("usi")
    assert talk.send(f"setoption name EvalFile value {nets['shogi']}") == []
    out = talk.send("setoption name EvalFile value /no/such/file.nnue")
    assert out[0].startswith("info string error: cannot read /no/such/file.nnue")
    talk = Talk()
    talk.send("xboard", "protover 2", "variant xiangqi")
    out = talk.send(f"option EvalFile={nets['shogi']}")
    assert out[0].startswith("Error (") and "shogi net, not xiangqi" in out[0]
    assert talk.loop.dialect.session.options["EvalFile"] == ""


def test_bench_says_when_a_game_plays_the_built_in_evaluation(capsys, no_shipped_nets):
    from protocol.cli import main
    assert main(["bench", "--variant", "janggi", "--depth", "2"]) == 0
    err = capsys.readouterr().err
    assert "janggi: built-in evaluation (no net ships for this game)" in err


def test_bench_names_the_shipped_net_a_game_played_with(capsys):
    from engine.nnue.nets import shipped_net
    from protocol.cli import main
    assert main(["bench", "--variant", "xiangqi", "--depth", "2"]) == 0
    name = shipped_net("xiangqi").name
    checksum = name.removeprefix("xiangqi-").removesuffix(".nnue")
    assert f"xiangqi: net {name} (sha256 {checksum})" in capsys.readouterr().err
