"""Drive external engines (uci, ucicyclone, ucci, usi, xboard) with canonical moves.

    with open_engine("/usr/games/fairy-stockfish", "ucci", "xiangqi") as eng:
        eng.new_game()
        res = eng.play(None, ["h2e2"], Limit(depth=3))
        res.move, res.info.score
"""

from .base import EngineClient
from .errors import EngineCrashed, EngineError, EngineNotStarted, EngineTimeout, IllegalMoveText
from .limits import Info, Limit, PlayResult, Score
from .notation import DIALECTS
from .uci_family import UciFamilyClient
from .xboard import XBoardClient


def make_engine(command: str | list[str], protocol: str, variant: str, **kw) -> EngineClient:
    """An unstarted client for ``command`` speaking ``protocol`` (one of DIALECTS)."""
    if protocol == "xboard":
        return XBoardClient(command, variant, **kw)
    if protocol in DIALECTS:
        return UciFamilyClient(command, variant, protocol, **kw)
    raise ValueError(f"unknown protocol {protocol!r}; expected one of {', '.join(DIALECTS)}")


def open_engine(command: str | list[str], protocol: str, variant: str, **kw) -> EngineClient:
    """A started client (handshake done, options set, engine ready)."""
    return make_engine(command, protocol, variant, **kw).start()


__all__ = ["DIALECTS", "EngineClient", "EngineCrashed", "EngineError", "EngineNotStarted",
           "EngineTimeout", "IllegalMoveText", "Info", "Limit", "PlayResult", "Score", "UciFamilyClient",
           "XBoardClient", "make_engine", "open_engine"]
