"""The record of one played game: what the tournament runner produces and the record writers
(writer.py, shogi_writer.py) and the runner's standings read."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field

from engine.fen_text import first_to_move
from engine.variants import get_variant

# A finished game's points for its first player, by result.
FIRST_POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}
OUTCOMES = ("win", "draw", "loss")  # an engine's side of a finished game, best first


@dataclass
class MoveRecord:
    move: str
    elapsed: float | None = None  # None for opening (book) moves
    score: int | None = None  # centipawns from the mover's view (mates as +-100000 - n)
    depth: int | None = None
    nodes: int | None = None
    pv: list[str] = field(default_factory=list)


@dataclass
class GameResult:
    index: int
    round: int
    pair: int
    variant: str
    start_fen: str | None
    first: str  # engine names
    second: str
    result: str  # '1-0' = first player wins, '0-1', '1/2-1/2', '*' (not played)
    termination: str  # PGN words: normal, adjudication, time forfeit, rules infraction, abandoned
    reason: str  # in words, naming the side
    moves: list[MoveRecord] = field(default_factory=list)
    opening_plies: int = 0
    scores: tuple | None = None
    time_control: str = ""
    started: float = 0.0
    duration: float = 0.0
    host: str = ""
    failed_to_start: str = ""  # the engine that could not start (the runner counts these)

    @property
    def finished(self) -> bool:
        """Played to a result ('*': not played, or not to its end)."""
        return self.result in FIRST_POINTS

    def score_of(self, name: str) -> float:
        """Points for engine ``name`` (1, 0.5, 0)."""
        first_points = FIRST_POINTS.get(self.result)
        if first_points is None:
            return 0.0
        return first_points if name == self.first else 1.0 - first_points

    def outcome_of(self, name: str) -> str:
        """'win', 'draw' or 'loss' for engine ``name`` (a game without a result counts as lost,
        as score_of gives it no points)."""
        points = self.score_of(name)
        return OUTCOMES[0 if points == 1 else 1 if points == 0.5 else 2]

    def movers(self) -> tuple[str, str]:
        """The engines by the parity of the ply they move on: (ply 0's mover, ply 1's mover).
        The first engine plays the first side, which the start FEN may not give the move."""
        first_side = first_to_move(get_variant(self.variant), self.start_fen)
        names = (self.first, self.second)
        return (names[first_side], names[1 - first_side])

    def to_dict(self) -> dict:
        return asdict(self)

    @staticmethod
    def from_dict(data: dict) -> "GameResult":
        """The game ``to_dict`` gave (a match log's line read back)."""
        fields = dict(data)
        fields["moves"] = [MoveRecord(**move) for move in fields.get("moves", [])]
        if fields.get("scores") is not None:
            fields["scores"] = tuple(fields["scores"])
        return GameResult(**fields)
