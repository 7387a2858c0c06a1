"""Game-end rules by name; a variant's spec lists the names it uses, in priority order."""
from __future__ import annotations

from typing import Callable

RULES: dict[str, Callable] = {}


def rule(name: str):
    def register(function):
        RULES[name] = function
        return function
    return register


from . import basic  # noqa: E402,F401  (registers rules)
from . import janggi  # noqa: E402,F401
from . import chess  # noqa: E402,F401
from . import shogi  # noqa: E402,F401
from . import xiangqi  # noqa: E402,F401
