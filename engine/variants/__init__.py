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


def setup_fen(variant: str | VariantSpec, setup) -> str:
    """The start FEN of a named set-up (``VariantSpec.setups``); ValueError naming the games that
    have them if this one has none."""
    spec = get_variant(variant) if isinstance(variant, str) else variant
    if spec.setups is None:
        having = " and ".join(v.name for v in VARIANTS.values() if v.setups)
        raise ValueError(f"named setups are {having}'s; {spec.name} has none")
    return spec.setup_fen(setup)
