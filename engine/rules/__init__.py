"""Game-end rules by name; a variant's spec lists the names it uses, in priority order.

Importing the package registers every rule (each module below decorates its rules with
``registry.rule``)."""
from . import basic, chess, janggi, shogi, xiangqi  # noqa: F401  (registers the rules)
from .registry import RULES, judge_position, rule

__all__ = ["RULES", "judge_position", "rule"]
