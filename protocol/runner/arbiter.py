"""The referee of a tournament game: an engine Game (engine/game.py) checks each move's legality
and judges every automatic game end by the engine's own rules, under the rule options that
tournaments use."""

from engine.game import Game

# Engine tournaments end games at the claimable draws (chess: 50 moves, threefold repetition)
# once they have happened on the board, as cutechess does; `--rule` overrides these.
TOURNAMENT_RULE_OPTIONS = {"claim_draw": True, "claim_next_move": False}


def make_arbiter(variant: str, start_fen: str | None, rule_options: dict | None = None):
    """The Game a tournament game is played on: ``push`` raises ValueError on an illegal move,
    ``verdict()`` judges the current position (the runner asks after every move, so an earlier
    end would already have stopped the game), ``declaration_verdict()`` a USI 'bestmove win'."""
    return Game(variant, start_fen,
                rule_options={**TOURNAMENT_RULE_OPTIONS, **(rule_options or {})})
