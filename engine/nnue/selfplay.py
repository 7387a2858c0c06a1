"""Self-play for training data: our engine against itself at a fixed node count.

``play_chunk(task)`` is a pure function of its task (game, seeds, node budget), so a chunk can be
played anywhere (this process, a process pool, a Dask worker) and played again to the same
records: the search is single-threaded and limited by nodes, never by time.

Each game starts from the game's start position (a random named set-up where the game has them,
as janggi does), plays ``random_plies`` random legal moves (one more in half the games, so both
sides get the move after the random part), then lets the search choose every move. A position is
recorded when the search chose a quiet move, the side to move is not in check and the score is
not a mate: captures pending, checks and mates are what the search resolves, not what a static
evaluation should learn. The game's result, from the arbiter (engine/rules), is then stamped on
every record from its side to move's point of view.

Games are adjudicated to save time once both sides agree on the outcome: a mate (or rule end)
found by the side to move and confirmed by the reply, or ``resign_score`` for ``resign_plies``
plies in a row from both sides' views. ``max_plies`` without an end is recorded as a draw.
"""
from __future__ import annotations

import hashlib
import os
import random
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..game import Game
from ..kernels import layout as L
from ..search import Searcher
from ..search_records import Limits, SearchConfig
from ..variants import get_variant
from .records import fill_record, playable_squares, record_dtype


@dataclass(frozen=True)
class SelfplayTask:
    variant: str
    chunk: int                 # the chunk's number: games seeds derive from (seed, chunk, game)
    games: int
    nodes: int = 5000
    seed: int = 1
    random_plies: int = 8
    max_plies: int = 400
    resign_score: int = 2000
    resign_plies: int = 6
    score_limit: int = 3000    # positions scored beyond this are not recorded
    hash_mb: int = 16
    net: bytes = b""           # the net file's bytes the search evaluates with; b"": built-in

    @property
    def evaluation(self) -> str:
        """What evaluated the positions: "built-in" or the net's SHA-256 (first 12 digits)."""
        return hashlib.sha256(self.net).hexdigest()[:12] if self.net else "built-in"

    def about(self) -> dict:
        """The task as a chunk header keeps it (the net by its hash, not its bytes)."""
        fields = {k: v for k, v in self.__dict__.items() if k != "net"}
        return {**fields, "evaluation": self.evaluation}


@dataclass
class ChunkResult:
    task: SelfplayTask
    records: np.ndarray
    games: int = 0
    wins: int = 0              # first player
    draws: int = 0
    losses: int = 0
    plies: int = 0
    nodes: int = 0
    seconds: float = 0.0
    endings: dict = field(default_factory=dict)   # termination word -> games


def game_rng(task: SelfplayTask, game: int) -> random.Random:
    # random.Random hashes a string seed with SHA-512: the same games in every process and run
    return random.Random(f"{get_variant(task.variant).name}/{task.seed}/{task.chunk}/{game}")


def opening(task: SelfplayTask, rng: random.Random) -> Game:
    """A start (a random named set-up where the game has them) plus random legal plies; lines
    in which the game ends are drawn again."""
    spec = get_variant(task.variant)
    while True:
        fen = None
        if spec.setups is not None:
            fen = spec.setup_fen({side: rng.choice(spec.setups.names)
                                  for side in spec.setups.sides})
        game = Game(spec, fen)
        plies = task.random_plies + rng.randrange(2)
        for _ in range(plies):
            legal = sorted(game.board.legal_moves)
            if not legal or not game.verdict().ongoing:
                break
            game.push(rng.choice(legal))
        if game.verdict().ongoing and game.board.legal_moves:
            return game


def _quiet(position, mv: int) -> bool:
    """Neither a capture nor a promotion (castling's "king takes rook" is quiet)."""
    if mv & (L.MF_EP | L.M_PROMO_MASK << L.M_PROMO_SHIFT):
        return False
    if mv & (L.MF_DROP | L.MF_PASS | L.MF_CASTLE):
        return True
    return position.board[(mv >> L.M_TO_SHIFT) & L.M_FROM_MASK] == 0


def net_file(net: bytes) -> str:
    """A file holding ``net`` (written once per process and net: workers get bytes, not paths,
    so a cluster needs no shared disk)."""
    folder = Path(tempfile.gettempdir()) / f"jiangjun-nets-{os.getpid()}"
    path = folder / f"{hashlib.sha256(net).hexdigest()}.nnue"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(net)
        os.replace(tmp, path)
    return str(path)


def play_chunk(task: SelfplayTask, searcher: Searcher | None = None) -> ChunkResult:
    """Play ``task.games`` games; their recorded positions in one record array."""
    spec = get_variant(task.variant)
    config = SearchConfig(hash_mb=task.hash_mb, use_nnue=bool(task.net),
                          eval_file=net_file(task.net) if task.net else "")
    searcher = searcher or Searcher(config)
    searcher.configure(config)
    out = ChunkResult(task, np.zeros(0, dtype=record_dtype(spec)))
    parts = []
    t0 = time.monotonic()
    for number in range(task.games):
        records, verdict_word, winner, plies, nodes = _play_game(task, number, searcher)
        parts.append(records)
        out.games += 1
        out.plies += plies
        out.nodes += nodes
        if winner is None:
            out.draws += 1
        elif winner == 0:
            out.wins += 1
        else:
            out.losses += 1
        out.endings[verdict_word] = out.endings.get(verdict_word, 0) + 1
    out.records = np.concatenate(parts) if parts else out.records
    out.seconds = time.monotonic() - t0
    return out


def _play_game(task: SelfplayTask, number: int, searcher: Searcher):
    """(records, how it ended, winner or None, plies, nodes searched) of one game."""
    spec = get_variant(task.variant)
    game = opening(task, game_rng(task, number))
    searcher.clear_hash()
    position = game.board.position
    squares = playable_squares(spec, position.geo)
    dtype = record_dtype(spec)
    kept = []
    first_views: list[int] = []      # each searched ply's score, from the first player's side
    last_mate: int | None = None     # the previous ply's mate claim, from its mover's side
    nodes = 0
    while True:
        verdict = game.verdict()
        if not verdict.ongoing:
            winner, word = verdict.winner, verdict.termination or "rule"
            break
        if len(game.board.move_stack) >= task.max_plies:
            winner, word = None, "max plies"
            break
        best = searcher.run(position, Limits(nodes=task.nodes))
        if best.move is None:
            raise RuntimeError(f"the search found no move in an ongoing game: {position.fen()}")
        stm = position.turn
        nodes += task.nodes
        if best.mate_plies is not None:
            if last_mate is not None and (last_mate > 0) != (best.mate_plies > 0):
                winner, word = (stm if best.mate_plies > 0 else 1 - stm), "adjudicated mate"
                break
            last_mate = best.mate_plies
            first_views.clear()
        else:
            last_mate = None
            score = int(best.score_cp)
            first_views.append(score if stm == 0 else -score)
            if abs(score) <= task.score_limit and _quiet(position, best.move) \
                    and not position.in_check():
                record = np.zeros((), dtype=dtype)
                fill_record(record, position, squares)
                record["score"] = score
                record["ply"] = min(len(game.board.move_stack), 32767)
                record["move"] = best.move
                record["game"] = number
                kept.append(record)
            winner = _agreed_winner(first_views, task)
            if winner is not None:
                word = "adjudicated score"
                break
        game.push(best.move)
    records = np.array(kept, dtype=dtype) if kept else np.zeros(0, dtype=dtype)
    if winner is not None:
        records["result"] = np.where(records["stm"] == winner, 1, -1)
    return records, word, winner, len(game.board.move_stack), nodes


def _agreed_winner(first_views: list[int], task: SelfplayTask) -> int | None:
    """The side both players have called won by ``resign_score`` for ``resign_plies`` plies."""
    recent = first_views[-task.resign_plies:]
    if len(recent) < task.resign_plies:
        return None
    if min(recent) >= task.resign_score:
        return 0
    if max(recent) <= -task.resign_score:
        return 1
    return None
