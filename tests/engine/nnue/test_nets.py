"""Which net a search uses: the shipped one (every game has one), EvalFile's when it
fits the game, the built-in evaluation (said once on stderr) when it does not, and the search's
score comes from the net."""
import pytest

from engine import Engine
from engine.evaluation import eval_table
from engine.kernels import search_layout as S
from engine.nnue.features import scheme_for
from engine.nnue.nets import load_net, shipped_net
from engine.nnue.network import FloatNet, write_net
from engine.search import evaluation_table
from engine.search_records import SearchConfig
from engine.variants import get_variant


@pytest.mark.parametrize("game, l1", [("shogi", 128), ("chess", 64), ("xiangqi", 64),
                                     ("janggi", 64)])
def test_every_game_ships_a_net(game, l1):
    """A shipped net (named by its weights' checksum, king-less A1 features) plays a default
    search of its game; ``Use NNUE`` off plays the hand-made evaluation."""
    spec = get_variant(game)
    net = load_net(spec)
    assert shipped_net(game).name == f"{game}-{net.checksum()[:12]}.nnue"
    assert net.scheme == scheme_for(game, "A1") and net.l1 == l1
    E = evaluation_table(spec, SearchConfig())
    assert E is not eval_table(spec) and E[E[S.EV_NNUE] + S.NN_L1] == l1
    assert evaluation_table(spec, SearchConfig(use_nnue=False)) is eval_table(spec)


@pytest.mark.parametrize("game", ["xiangqi", "janggi", "shogi", "chess"])
def test_a_game_without_a_net_plays_the_built_in_evaluation(game, no_shipped_nets):
    spec = get_variant(game)
    assert shipped_net(game) is None and load_net(spec) is None
    assert evaluation_table(spec, SearchConfig()) is eval_table(spec)


def test_a_fitting_eval_file_is_packed_and_a_foreign_one_falls_back(tmp_path, capsys):
    path = tmp_path / "x.nnue"
    write_net(path, FloatNet.initial(scheme_for("xiangqi"), 16, seed=1).quantised())
    xiangqi, chess = get_variant("xiangqi"), get_variant("chess")
    E = evaluation_table(xiangqi, SearchConfig(eval_file=str(path)))
    assert E[S.EV_NNUE] == len(eval_table(xiangqi)) and E[E[S.EV_NNUE] + S.NN_L1] == 16
    assert evaluation_table(xiangqi, SearchConfig(eval_file=str(path))) is E     # cached
    assert evaluation_table(xiangqi, SearchConfig(eval_file=str(path), use_nnue=False)) \
        is eval_table(xiangqi)
    for _ in range(2):
        assert evaluation_table(chess, SearchConfig(eval_file=str(path))) is eval_table(chess)
    err = capsys.readouterr().err
    assert err.count("is a xiangqi net, not chess; chess plays with the built-in evaluation") == 1


def test_the_search_scores_with_the_net(tmp_path):
    """A net that counts only rooks (32 cp each, ours minus theirs: activation 32/127 per rook,
    output weight one centipawn per activation step): the search's scores are its multiples,
    and a rook up shows."""
    scheme = scheme_for("xiangqi")
    net = FloatNet.initial(scheme, 8, seed=1)
    for weights in (net.ft_w, net.ft_b, net.out_w):
        weights[:] = 0
    rook = 5                                        # K A B N R C P
    for square in range(scheme.squares):            # "a rook of this side here" lights neuron 0
        net.ft_w[(rook - 1) * scheme.squares + square, 0] = 32 / 127
    step = 127 / net.scale                          # side to move's half minus the other's
    net.out_w[0], net.out_w[net.l1] = step, -step
    path = tmp_path / "rooks.nnue"
    write_net(path, net.quantised())
    black_rook_gone = "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    with Engine("xiangqi", eval_file=str(path)) as engine:
        assert engine.analyse(depth=2)[0].score.cp % 32 == 0
        engine.set_position(black_rook_gone)
        score = engine.analyse(depth=2)[0].score.cp
    assert score >= 32 and score % 32 == 0


def test_the_search_plays_with_a_king_bucket_net(tmp_path):
    """A K1 net (shogi: 15 king buckets, views mirrored past the middle file) drives a real
    search whose tree is full of king moves; its moves are legal and its scores the net's,
    not the built-in evaluation's."""
    path = tmp_path / "k1.nnue"
    write_net(path, FloatNet.initial(scheme_for("shogi", "K1"), 16, seed=3).quantised())
    walks = ("5i4h", "3c3d", "4h3h", "5a4b", "7g7f", "4b3b")       # both kings cross buckets
    scores = {}
    for eval_file, use_nnue in ((str(path), True), ("", False)):   # not "": a net may ship
        with Engine("shogi", eval_file=eval_file, use_nnue=use_nnue) as engine:
            engine.set_position(None, walks)
            lines = engine.analyse(depth=4)
            assert lines[0].pv[0] in engine.legal_moves()
            scores[use_nnue] = lines[0].score.cp
    assert scores[True] != scores[False]
