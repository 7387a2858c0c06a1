"""Each game fact is declared once, in its variant module, and every reader takes it from the
spec: the arbiter's rules and the search's eval table see the same numbers, the profile is the
module the spec names, and the kernels' Zobrist layout is the one engine/tables.py fills."""
from __future__ import annotations

import importlib
import random
import re
import shutil
from dataclasses import replace

from engine import cache
from engine.evaluation import eval_table, profile
from engine.kernels import layout as L
from engine.kernels import search_layout as S
from engine.position import Position
from engine.rules import judge_position
from engine.tables import compile_tables
from engine.variants import VARIANTS, XIANGQI, get_variant


def test_the_eval_table_reads_the_rule_numbers_of_the_spec():
    for spec in VARIANTS.values():
        E = eval_table(spec)
        assert E[S.EV_CLOCK_DRAW] == spec.clock_draw_plies
        assert E[S.EV_SECOND_BONUS] == round(100 * (spec.points_bonus[1] - spec.points_bonus[0]))
        letters = [p.letter for p in spec.pieces]
        for piece in spec.pieces:
            assert E[E[S.EV_POINTS] + letters.index(piece.letter) + 1] == \
                round(100 * (piece.points or 0))
        assert bool(E[S.EV_FLAGS] & S.EVF_PERPETUAL_LOSES) == spec.perpetual_check_loses
        assert bool(E[S.EV_FLAGS] & S.EVF_BIKJANG) == spec.bikjang
    assert eval_table(get_variant("janggi"))[S.EV_PLY_POINTS] == get_variant("janggi").ply_limit


def test_a_changed_rule_number_reaches_the_arbiter_and_the_search_alike():
    spec = replace(XIANGQI, clock_draw_plies=10)
    position = Position(spec, "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 9 1")
    assert judge_position(position).ongoing
    position.push(position.legal_moves()[0])
    verdict = judge_position(position)
    assert verdict.termination == "no_capture" and "10 plies" in verdict.reason
    assert eval_table(spec)[S.EV_CLOCK_DRAW] == 10


def test_each_spec_names_its_evaluation_profile():
    for spec in VARIANTS.values():
        assert profile(spec) is importlib.import_module(spec.evaluation).PROFILE


def test_janggi_setups_come_from_the_spec():
    janggi = get_variant("janggi")
    assert janggi.setups.default in janggi.setups.names
    assert janggi.setups.fen("") == janggi.start_fen
    fen = janggi.setup_fen("han=sang-ma-sang-ma,cho=ma-sang-ma-sang")
    assert janggi.setups.of_fen(fen) == ("sang-ma-sang-ma", "ma-sang-ma-sang")
    assert all(spec.setups is None for spec in VARIANTS.values() if spec is not janggi)


def test_the_zobrist_layout_is_the_one_the_tables_fill():
    for spec in VARIANTS.values():
        Z = compile_tables(spec).Z
        assert len(Z) == L.Z_SIZE
        assert not Z[L.Z_HAND: L.Z_SIZE: L.HAND_KEYS].any()      # no piece in hand: no key
        assert Z[L.Z_SIDE] and Z[L.Z_EP] and Z[L.Z_PIECE]


def test_the_kernel_cache_key_follows_a_layout_constant(tmp_path, monkeypatch):
    kernels = tmp_path / "kernels"
    shutil.copytree(cache._KERNEL_DIR, kernels)
    monkeypatch.setattr(cache, "_KERNEL_DIR", kernels)
    before = cache.kernel_fingerprint()
    layout = kernels / "layout.py"
    layout.write_text(layout.read_text().replace("Z_SIDE = 0", "Z_SIDE = 1"))
    assert cache.kernel_fingerprint() != before


def mirrored_fen(fen: str) -> str:
    """The FEN (or SFEN) of the position with its files mirrored."""
    board, rest = fen.split(" ", 1)
    ranks = ["".join(reversed(re.findall(r"\+?[A-Za-z]|\d+", rank))) for rank in board.split("/")]
    return "/".join(ranks) + " " + rest


def mirrored_move(geo, mv: int) -> int:
    """``mv`` on the mirrored board: its squares mirrored (a drop's "from" is its piece)."""
    def mirror(sq: int) -> int:
        return geo.square(geo.files - 1 - geo.file_of(sq), geo.rank_of(sq))
    frm, to = mv & L.M_FROM_MASK, (mv >> L.M_TO_SHIFT) & L.M_FROM_MASK
    rest = mv & ~(L.M_FROM_MASK | (L.M_FROM_MASK << L.M_TO_SHIFT))
    return rest | (mirror(to) << L.M_TO_SHIFT) | (frm if mv & L.MF_DROP else mirror(frm))


def test_mirror_symmetry_is_read_from_the_rules_and_the_move_generator_agrees():
    """xiangqi, janggi and shogi read the same mirrored (NNUE training doubles its data with
    mirror images there); chess does once no side can castle. Along random games (chess's
    with its castling rights taken away) the mirrored position's legal moves are exactly the
    mirrored legal moves."""
    assert {name for name, spec in VARIANTS.items() if spec.mirror_symmetric} == \
        {"xiangqi", "janggi", "shogi"}
    assert all(spec.mirror_symmetric_without_castling for spec in VARIANTS.values())
    rng = random.Random(7)
    for name, spec in VARIANTS.items():
        for _ in range(3):
            position = Position(spec)
            if spec.castling:
                fields = position.fen().split(" ")
                position = Position(spec, " ".join(fields[:2] + ["-"] + fields[3:]))
            for _ in range(60):
                legal = position.legal_moves()
                if not legal:
                    break
                mirror = Position(spec, mirrored_fen(position.fen()))
                assert sorted(mirrored_move(position.geo, mv) for mv in legal) == \
                    sorted(mirror.legal_moves()), (name, position.fen())
                position.push(rng.choice(legal))
