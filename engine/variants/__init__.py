"""Variant registry: name -> frozen spec."""
from ..spec import VariantSpec
from .chess import CHESS
from .janggi import JANGGI
from .shogi import SHOGI
from .xiangqi import XIANGQI

VARIANTS: dict[str, VariantSpec] = {spec.name: spec for spec in (XIANGQI, JANGGI, SHOGI, CHESS)}

# The other names Fairy-Stockfish's UCI_Variant uses for our four games (src/variant.cpp), each
# played under our own rules of that game: GUIs built around FSF (LiGround, Fairyground) send
# them. README "Fairy-Stockfish's variant names" says how FSF's rule sets differ from ours.
ALIASES: dict[str, str] = {
    "normal": "chess",
    "janggimodern": "janggi",
    "janggicasual": "janggi",
    "janggitraditional": "janggi",
}


def variant_choices() -> tuple[str, ...]:
    """Every name a GUI may set: ours first, then the aliases."""
    return tuple(VARIANTS) + tuple(ALIASES)


def get_variant(name: str) -> VariantSpec:
    key = name.lower()
    try:
        return VARIANTS[ALIASES.get(key, key)]
    except KeyError:
        raise ValueError(f"unknown variant '{name}' (known: {', '.join(variant_choices())})") \
            from None
