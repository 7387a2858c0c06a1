"""Playing levels (engine/levels.py, engine/level_guards.py and the weakened search): a level
spends the nodes its budget allows, plays legal moves, makes more mistakes the lower it is and the
more complicated the position, never misses or allows a mate in one from the middle levels on,
and leaves analysis at full strength."""
import random
from dataclasses import replace

import pytest

from engine import Engine
from engine import levels
from engine.level_guards import allows_mate_at_once, mates_at_once
from engine.levels import Level, choice_weights, choose
from engine.position import Position
from engine.search import Limits, Searcher

GAMES = ("xiangqi", "janggi", "shogi", "chess")
# Mates in one: white's rook to d8 (the only one), red's rook to the ninth rank.
CHESS_MATE_IN_ONE = "6k1/5ppp/8/8/8/8/r4PPP/3R2K1 w - - 0 1"
XIANGQI_MATE_IN_ONE = "4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1"
# Positions from random games where some moves let the opponent mate at once and others do not
# (9 of black's 21 moves open e1-h4 to the queen; 3 of red's 41 unguard its general).
LETTING_MATE = [
    ("chess", "rnbqkbnr/1p1pp2p/2p2p2/pB4p1/NP2P3/8/P1PP1PPP/R1BQK1NR b KQkq - 1 6"),
    ("xiangqi", "1n2kac2/rc7/5a2r/p1p3C2/2b1p1b2/9/P1P1P1P1P/B2CB4/R3NK2R/1N1A1A3 w - - 5 28"),
]

def test_a_level_weakens_every_knob_as_it_drops():
    skills = range(0, 20)
    budgets = [Level(s).node_budget for s in skills]
    temperatures = [Level(s).temperature_cp for s in skills]
    depths = [Level(s).depth_cap for s in skills]
    assert budgets == sorted(budgets) and budgets[0] < 100 < 50_000 < budgets[-1]
    assert temperatures == sorted(temperatures, reverse=True)
    assert depths == sorted(depths) and depths[0] == 1
    assert all(Level(s).candidates >= levels.BASE_CANDIDATES for s in skills)
    assert Level(20).full_strength and not Level(19.5).full_strength
    assert not Level(5).guards_mates and Level(levels.MATE_GUARD_SKILL).guards_mates


def test_the_best_line_is_likelier_at_higher_levels_and_in_simpler_positions():
    scores = [40, 10, -20, -90]
    best_share = [choice_weights(scores, Level(s), 0.5)[0] for s in (0, 5, 10, 15, 19)]
    assert best_share == sorted(best_share) and best_share[-1] > 0.9 and best_share[0] < 0.4
    simple, sharp = (choice_weights(scores, Level(8), hardness)[0] for hardness in (0.0, 1.0))
    assert simple > sharp
    assert levels.complexity(0, 0) == 0.0 and levels.complexity(500, 20) == 1.0
    assert levels.complexity(30, 1) < levels.complexity(120, 4)
    # a mate or rule win is never traded for an ordinary score, even at the weakest level
    assert choice_weights([29_990, 300, 290], Level(0), 1.0)[0] == pytest.approx(1.0)
    rng = random.Random(3)
    picks = {choose(scores, Level(0), 1.0, rng) for _ in range(200)}
    assert picks == {0, 1, 2, 3}


def test_elo_maps_onto_skills_by_the_calibration(monkeypatch):
    monkeypatch.setitem(levels.CALIBRATION, "testgame", ((0.0, 600.0), (10.0, 1400.0),
                                                         (20.0, 2600.0)))
    assert levels.skill_for_elo("testgame", 1000) == pytest.approx(5.0)
    assert levels.skill_for_elo("testgame", 2000) == pytest.approx(15.0)
    assert levels.skill_for_elo("testgame", 100) == 0.0
    assert levels.skill_for_elo("testgame", 3000) == 20.0
    assert levels.elo_range("testgame") == (600, 2600)
    assert levels.level_for("testgame", 7, False, 2000).skill == 7.0
    assert levels.level_for("testgame", 7, True, 2000).skill == pytest.approx(15.0)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_ships_a_rising_calibration(game):
    points = levels.CALIBRATION[game]
    skills = [s for s, _ in points]
    elos = [e for _, e in points]
    assert skills == sorted(skills) and elos == sorted(elos) and len(set(elos)) == len(elos)
    assert skills[0] == 0 and skills[-1] == levels.FULL_SKILL
    low, high = levels.elo_range(game)
    assert levels.ELO_OPTION_RANGE[0] <= low < high <= levels.ELO_OPTION_RANGE[1]
    assert levels.ELO_OPTION_RANGE[0] <= levels.ELO_DEFAULT <= levels.ELO_OPTION_RANGE[1]


def _play(searcher, position, limits, skill, seed=None):
    searcher.configure(replace(searcher.config, skill=skill, level_seed=seed))
    infos, done = [], []
    searcher.start(position, limits, infos.append, done.append)
    searcher.wait()
    return done[0], infos


@pytest.mark.parametrize("game", GAMES)
def test_a_low_level_plays_legal_moves_within_its_budget(game):
    searcher = Searcher()
    position = Position(game)
    legal = set(position.legal_moves())
    for skill in (0, 4, 9):
        best, infos = _play(searcher, position, Limits(time_ms=(600_000.0, 600_000.0)), skill)
        assert best.move in legal
        first_iteration = infos[0].nodes
        # the budget binds from the second iteration on; the kernel polls every 1024 nodes
        assert infos[-1].nodes <= max(first_iteration, Level(skill).node_budget) + 2048
        assert all(info.multipv == 1 for info in infos)     # the GUI asked for one line
        assert max(info.depth for info in infos) <= Level(skill).depth_cap


def test_analysis_and_full_strength_are_not_weakened():
    searcher = Searcher()
    searcher.configure(replace(searcher.config, skill=0))
    position = Position("xiangqi")
    from engine.search import _Job
    assert _Job(position, Limits(infinite=True), None, None, searcher.config).level is None
    assert _Job(position, Limits(depth=3), None, None, searcher.config).level == Level(0)
    assert _Job(position, Limits(depth=3), None, None,
                replace(searcher.config, skill=20)).level is None


def test_a_seed_makes_a_level_repeat_itself():
    searcher = Searcher()
    position = Position("chess", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    runs = [[_play(searcher, position, Limits(nodes=10**6), 3, seed)[0].move for seed in range(12)]
            for _ in range(2)]
    assert runs[0] == runs[1] and len(set(runs[0])) > 1


def test_the_guard_sees_mates_in_one():
    position = Position("chess", CHESS_MATE_IN_ONE)
    before = position.fen()
    assert len([m for m in position.legal_moves() if mates_at_once(position, m)]) == 1
    position = Position("chess", LETTING_MATE[0][1])
    assert len([m for m in position.legal_moves() if allows_mate_at_once(position, m)]) == 9
    assert Position("chess", CHESS_MATE_IN_ONE).fen() == before     # the probes undo their moves


@pytest.mark.parametrize("game, fen", [("chess", CHESS_MATE_IN_ONE),
                                       ("xiangqi", XIANGQI_MATE_IN_ONE)])
def test_middle_levels_always_take_a_mate_in_one(game, fen):
    searcher = Searcher()
    position = Position(game, fen)
    mating = {m for m in position.legal_moves() if mates_at_once(position, m)}
    assert mating
    for seed in range(10):
        best, _ = _play(searcher, position, Limits(nodes=10**6), levels.MATE_GUARD_SKILL, seed)
        assert best.move in mating


@pytest.mark.parametrize("game, fen", LETTING_MATE)
def test_middle_levels_never_allow_a_mate_in_one(game, fen):
    searcher = Searcher()
    position = Position(game, fen)
    letting = {m for m in position.legal_moves() if allows_mate_at_once(position, m)}
    for skill in (levels.MATE_GUARD_SKILL, 10):
        for seed in range(12):
            best, _ = _play(searcher, position, Limits(nodes=10**6), skill, seed)
            assert best.move not in letting


def _agreement(searcher, positions, reference, skill, seeds) -> float:
    same = 0
    for position, best in zip(positions, reference):
        for seed in seeds:
            same += _play(searcher, position, Limits(nodes=10**6), skill, seed)[0].move == best
    return same / (len(positions) * len(seeds))


def test_agreement_with_full_strength_drops_with_the_level():
    rng = random.Random(7)
    positions = []
    while len(positions) < 10:
        position = Position("xiangqi")
        for _ in range(rng.randrange(6, 14)):
            position.push(rng.choice(position.legal_moves()))
        if position.legal_moves():
            positions.append(position)
    searcher = Searcher()
    reference = [_play(searcher, p, Limits(nodes=200_000), 20)[0].move for p in positions]
    shares = [_agreement(searcher, positions, reference, skill, range(4))
              for skill in (0, 6, 12, 18)]
    assert shares == sorted(shares) and shares[0] < shares[-1] - 0.25, shares


def test_the_python_api_plays_at_a_level_and_analyses_at_full_strength():
    eng = Engine("shogi", skill_level=2, level_seed=1)
    result = eng.play(movetime=5.0)
    assert result.move in eng.legal_moves()
    assert eng.level().skill == 2.0
    lines = eng.analyse(depth=3)
    assert lines[0].depth == 3                   # a level's depth cap would stop at 2
    levels_elo = Engine("xiangqi", elo=levels.elo_range("xiangqi")[0])
    assert levels_elo.level().skill == levels.CALIBRATION["xiangqi"][0][0]
