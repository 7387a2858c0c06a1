"""The game-end rules by name (``RULES``), filled by the ``@rule`` decorator of each rules
module, and ``judge_position``, which runs a spec's rules in its order."""
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
