"""UCI-family dialects by handshake word."""
from .uci import Cyclone, Uci
from .ucci import Ucci
from .usi import Usi

__all__ = ["Cyclone", "Uci", "Ucci", "Usi"]
