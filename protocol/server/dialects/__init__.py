"""Every dialect of the protocol server, by handshake word: UCI, UCI-cyclone, UCCI, USI, XBoard."""
from .uci import Cyclone, Uci
from .ucci import Ucci
from .usi import Usi
from .xboard import XBoard

__all__ = ["Cyclone", "Uci", "Ucci", "Usi", "XBoard"]
