"""engine/game.py: the one "start + moves" record, and engine/squares.py's square styles."""
import pytest

from engine.game import Game
from engine.squares import respell, square_labels
from engine.variants import get_variant


def test_moves_follow_pushes_pops_and_direct_board_moves():
    game = Game("xiangqi", moves=["h2e2", "h9g7"])
    assert game.moves == ["h2e2", "h9g7"] and game.turn == 0
    game.board.push_str("h0g2")                # moved on the board, not through the game
    assert game.moves == ["h2e2", "h9g7", "h0g2"]
    assert game.pop() == "h0g2" and game.moves == ["h2e2", "h9g7"]
    with pytest.raises(ValueError):
        game.push("a0a5")


def test_alias_name_kept_rules_of_its_game():
    game = Game("janggimodern", rule_options={"claim_draw": True})
    assert game.variant == "janggimodern" and game.spec.name == "janggi"
    assert game.verdict().ongoing and game.declaration_verdict() is None


def test_shogi_declaration_is_judged_by_the_rules():
    game = Game("shogi")
    verdict = game.declaration_verdict()
    assert verdict is not None and verdict.result == "0-1"     # sente cannot declare at the start


def test_square_styles_respell_both_ways():
    assert respell("7g7f", "usi", "one", 9, 9) == "c3c4"
    assert respell("P@e5", "one", "usi", 9, 9) == "P*5e"
    assert respell("h2e2", "zero", "one", 9, 10) == "h3e3"
    with pytest.raises(ValueError):
        respell("P*e5", "one", "usi", 9, 9)           # chess-style drops are written with @
    assert square_labels(get_variant("shogi"))[0][:2] == ["9", "8"]
