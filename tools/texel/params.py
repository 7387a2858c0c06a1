"""The tunable numbers of an evaluation profile, each named by (field, key, slot).

``values["R"][0]`` is ("values", "R", 0), ``king_zone["N"]`` ("king_zone", "N", None),
``passed[3]`` ("passed", None, 3), ``tempo`` ("tempo", None, None); slot "both" ties a
(middlegame, endgame) pair to one number (a game without a phase taper reads only the first).
Piece-square functions, the royal piece's value and the rules' numbers are not tuned.
"""
from __future__ import annotations

import dataclasses

from engine.evaluation import EvalProfile

Param = tuple[str, object, object]


def parameters(prof: EvalProfile, royal: set[str]) -> list[Param]:
    tied = not prof.phase          # no taper: only the middlegame number is ever read
    params: list[Param] = []
    for field in ("values", "mobility"):
        for letter in getattr(prof, field):
            if letter in royal:
                continue
            params += ([(field, letter, "both")] if tied
                       else [(field, letter, 0), (field, letter, 1)])
    for field in ("king_zone", "shield"):
        params += [(field, letter, None) for letter in getattr(prof, field)]
    for letter, seq in prof.hand.items():
        params += [("hand", letter, j) for j in range(len(seq))]
    params.append(("tempo", None, None))
    if prof.pawn_structure:
        params += [("doubled", None, None), ("isolated", None, None)]
        params += [("passed", None, j) for j in range(1, len(prof.passed) - 1)]
    return params


def get_param(prof: EvalProfile, p: Param) -> int:
    field, key, slot = p
    value = getattr(prof, field)
    if key is not None:
        value = value[key]
    if slot == "both":
        return value[0]
    return value if slot is None else value[slot]


def with_params(prof: EvalProfile, updates: dict[Param, int]) -> EvalProfile:
    fields: dict[str, object] = {}
    for (field, key, slot), v in updates.items():
        current = fields.get(field, getattr(prof, field))
        if isinstance(current, dict):
            current = dict(current)
            current[key] = _set_slot(current[key], slot, v)
        else:
            current = _set_slot(current, slot, v)
        fields[field] = current
    return dataclasses.replace(prof, **fields)


def _set_slot(value, slot, v):
    if slot is None:
        return v
    if slot == "both":
        return tuple(v for _ in value)
    items = list(value)
    items[slot] = v
    return tuple(items)


def param_name(p: Param) -> str:
    field, key, slot = p
    text = field + (f"[{key!r}]" if key is not None else "")
    if slot == "both":
        return text + "[mg=eg]"
    return text + (f"[{slot}]" if slot is not None else "")
