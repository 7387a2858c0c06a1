"""Failures of an external engine, as the runner needs to tell them apart."""


class EngineError(Exception):
    """The engine broke the protocol or cannot do what was asked."""


class EngineTimeout(EngineError):
    """The engine did not answer in time (a hang, or a loss on time)."""


class EngineCrashed(EngineError):
    """The engine process exited or closed its output."""


class IllegalMoveText(EngineError):
    """The engine sent a move text that cannot be read in its dialect."""


class EngineNotStarted(EngineError):
    """The engine's command could not be run at all (missing, not executable, bad quoting)."""
