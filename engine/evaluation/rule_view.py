"""The search's view of a game's end rules, read from its spec (the arbiter remains the judge).

The numbers and policies are the ones ``engine/rules`` applies, declared once in the variant's
module: the spec's rule list, ``clock_draw_plies``, ``ply_limit``, ``perpetual_check_loses``,
``bikjang``, ``double_pass_ends``, the pieces' ``points`` and ``points_bonus``.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..spec import VariantSpec


@dataclass(frozen=True)
class RuleView:
    perpetual_check_loses: bool    # the side that checked on every move of a repetition loses
    perpetual_chase_loses: bool    # ... or chased (xiangqi's repetition_check_chase)
    repetition_points: bool        # a repetition ends the game by points (else a draw)
    pass_points: bool              # two passes end the game by points
    bikjang_points: bool           # facing generals (after a capture) left unbroken: points
    clock_draw_plies: int          # halfmove clock that draws; 0 = none
    ply_limit_points: int          # game plies after which points decide; 0 = none
    points: dict[str, int]         # letter -> points in centipawns (janggi 13 -> 1300)
    second_player_bonus: int       # centipawns added to the second player's count
    mating_material: tuple[str, ...]   # none left on either side: a dead draw
    no_moves_loses: bool           # no legal move and no check loses (else a draw)


def rule_view(spec: VariantSpec) -> RuleView:
    counted = {p.letter: round(p.points * 100) for p in spec.pieces if p.points}
    attackers = ()
    if "no_attacking_material" in spec.end_rules:
        attackers = tuple(p.letter for p in spec.pieces if not p.royal and not p.confined)
    return RuleView(
        perpetual_check_loses=spec.perpetual_check_loses,
        perpetual_chase_loses=(spec.perpetual_check_loses
                               and "repetition_check_chase" in spec.end_rules),
        repetition_points="repetition_points" in spec.end_rules,
        pass_points=spec.double_pass_ends and bool(counted),
        bikjang_points=spec.bikjang,
        clock_draw_plies=spec.clock_draw_plies,
        ply_limit_points=spec.ply_limit if "ply_limit_points" in spec.end_rules else 0,
        points=counted,
        second_player_bonus=round(100 * (spec.points_bonus[1] - spec.points_bonus[0])),
        mating_material=attackers,
        no_moves_loses=spec.no_moves_result == "loss",
    )


def mate_and_draws_only(view: RuleView) -> RuleView:
    """The view with its rule wins and point counts taken out: a perpetual check or chase is
    the repetition (a draw) such a GUI sees, and bikjang, two passes or the ply limit end
    nothing."""
    return replace(view, perpetual_check_loses=False, perpetual_chase_loses=False,
                   repetition_points=False, pass_points=False, bikjang_points=False,
                   ply_limit_points=0)
