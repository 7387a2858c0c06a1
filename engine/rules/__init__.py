"""Game-end rules by name; a variant's spec lists the names it uses, in priority order."""
from __future__ import annotations

from typing import Callable

from ..verdict import ONGOING, Verdict

RULES: dict[str, Callable] = {}


def rule(name: str):
    def register(function):
        RULES[name] = function
        return function
    return register


def judge_position(position, **rule_options) -> Verdict:
    """The first verdict of the spec's end rules on ``position``, else ONGOING."""
    for name in position.spec.end_rules:
        verdict = RULES[name](position, rule_options)
        if verdict is not None:
            return verdict
    return ONGOING


from . import basic  # noqa: E402,F401  (registers rules)
from . import janggi  # noqa: E402,F401
from . import chess  # noqa: E402,F401
from . import shogi  # noqa: E402,F401
from . import xiangqi  # noqa: E402,F401
