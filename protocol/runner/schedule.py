"""Who plays whom, with which opening and colours."""

from .config import Adjudication, EngineConfig, GameSpec, TimeControl
from .openings import Opening


def encounters(engines: list[EngineConfig], gauntlet: bool) -> list[tuple[EngineConfig, EngineConfig]]:
    """Round-robin: every pair once. Gauntlet: the first engine against each other one."""
    if gauntlet:
        return [(engines[0], other) for other in engines[1:]]
    return [(a, b) for i, a in enumerate(engines) for b in engines[i + 1:]]


def schedule(engines: list[EngineConfig], variant: str, tc: TimeControl, openings: list[Opening],
             rounds: int = 1, games_per_encounter: int = 2, gauntlet: bool = False,
             adjudication: Adjudication = Adjudication(),
             rule_options: tuple = ()) -> list[GameSpec]:
    """All games in playing order. Consecutive games of an encounter come in pairs that
    share an opening with colours swapped; each pair takes the next opening in the list."""
    if games_per_encounter < 1:
        raise ValueError("games per encounter must be at least 1")
    if len({e.name for e in engines}) != len(engines):
        raise ValueError("engine names must be unique")
    specs: list[GameSpec] = []
    opening_index = 0
    pair_id = 0
    for rnd in range(1, rounds + 1):
        for a, b in encounters(engines, gauntlet):
            for g in range(games_per_encounter):
                if g % 2 == 0:
                    opening = openings[opening_index % len(openings)]
                    opening_index += 1
                    pair_id += 1
                first, second = (a, b) if g % 2 == 0 else (b, a)
                specs.append(GameSpec(len(specs), rnd, pair_id, variant, opening.fen,
                                      opening.moves, first, second, tc, adjudication, rule_options))
    return specs
