"""Variant registry: name -> frozen spec."""
from ..spec import VariantSpec
from .chess import CHESS
from .janggi import JANGGI
from .shogi import SHOGI
from .xiangqi import XIANGQI

VARIANTS: dict[str, VariantSpec] = {spec.name: spec for spec in (XIANGQI, JANGGI, SHOGI, CHESS)}


def get_variant(name: str) -> VariantSpec:
    try:
        return VARIANTS[name.lower()]
    except KeyError:
        raise ValueError(f"unknown variant '{name}' (known: {', '.join(VARIANTS)})") from None
