"""XBoard 4.9.1 under Xvfb runs the engine to a finished game: against maxqi in xiangqi and
against Fairy-Stockfish in shogi and janggi. A screenshot of the board is kept as an artifact
(artifacts/xboard-<variant>.png) and the saved game must end with a result, not an engine error.
"""
from __future__ import annotations

import os
import re
import struct
import zlib
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from repo_paths import ROOT

XBOARD = "/usr/games/xboard"
OPPONENTS = {"xiangqi": "/usr/games/maxqi", "shogi": "/usr/games/fairy-stockfish",
             "janggi": "/usr/games/fairy-stockfish"}
ARTIFACTS = ROOT / "artifacts"
ENGINE_ERRORS = ("illegal", "false", "crash", "exit", "forfeit", "disconnect", "error")


def _screenshots(fbdir: Path, keep: Path, done: threading.Event) -> None:
    """Xvfb keeps the screen in an XWD file; copy it while XBoard runs, so the last copy shows
    the final board even though XBoard closes its window when the match ends."""
    source = fbdir / "Xvfb_screen0"
    while not done.wait(0.5):
        if source.exists():
            shutil.copyfile(source, keep)


def xwd_to_png(source: Path, target: Path) -> None:
    """Convert Xvfb's 24/32-bit ZPixmap XWD screen file to PNG (no ImageMagick needed)."""
    data = source.read_bytes()
    fields = struct.unpack(">25I", data[:100])
    header_size, width, height = fields[0], fields[4], fields[5]
    byte_order, bits_per_pixel, bytes_per_line = fields[7], fields[11], fields[12]
    ncolors = fields[19]
    if bits_per_pixel != 32:
        raise ValueError(f"unsupported XWD depth {bits_per_pixel}")
    start = header_size + 12 * ncolors
    rows = []
    for y in range(height):
        row = data[start + y * bytes_per_line: start + y * bytes_per_line + 4 * width]
        if byte_order == 0:       # LSBFirst: B G R X
            pixels = bytes(c for i in range(0, len(row), 4) for c in (row[i + 2], row[i + 1], row[i]))
        else:                     # MSBFirst: X R G B
            pixels = bytes(c for i in range(0, len(row), 4) for c in row[i + 1:i + 4])
        rows.append(b"\x00" + pixels)

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(b"".join(rows), 6)) + chunk(b"IEND", b"")
    target.write_bytes(png)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["xiangqi", "shogi", "janggi"])
def test_xboard_runs_a_game_to_its_end(tmp_path, variant):
    opponent = OPPONENTS[variant]
    if not (os.access(XBOARD, os.X_OK) and shutil.which("xvfb-run") and os.access(opponent, os.X_OK)):
        pytest.skip("xboard, xvfb-run or the opponent engine is not installed")
    game = tmp_path / "game.pgn"
    debug = tmp_path / "xboard.debug"
    ours = f"{sys.executable} -m protocol"
    command = ["xvfb-run", "-a", "-s", f"-screen 0 1024x768x24 -fbdir {tmp_path}", XBOARD,
               "-variant", variant, "-fcp", ours, "-fd", str(ROOT),
               "-scp", opponent, "-sd", str(tmp_path), "-mg", "1", "-searchDepth", "3",
               "-tc", "1", "-autoCallFlag", "true", "-sgf", str(game), "-debug", "-nameOfDebugFile", str(debug),
               "-popupExitMessage", "false", "-saveSettingsOnExit", "false"]
    if variant == "janggi":
        # XBoard 4.9.1 plays janggi as an engine-defined variant on a xiangqi parent and cannot
        # check janggi's own game ends (counting, bikjang), so it must trust the engines' claims.
        # Fairy-Stockfish 11.1 also reads bikjang without our rules' "after a capture" condition
        # and then stalls; the 1-minute clock makes such a stall a time loss.
        # Neither engine claims janggi's 200-ply points end under XBoard (its own board would
        # rule the claim false), so a quiet game ran past 400 plies; XBoard's own move limit
        # ends it as a draw ("Xboard adjudication: long game"), as a tournament director would.
        command += ["-testClaims", "false", "-adjudicateDrawMoves", "100"]
    done = threading.Event()
    shot = tmp_path / "screen.xwd"
    watcher = threading.Thread(target=_screenshots, args=(tmp_path, shot, done), daemon=True)
    watcher.start()
    try:
        subprocess.run(command, capture_output=True, text=True, timeout=600)
    finally:
        done.set()
        watcher.join()
    assert game.exists(), debug.read_text()[-3000:] if debug.exists() else "no xboard log"
    text = game.read_text()
    assert re.search(r'\[Result "(1-0|0-1|1/2-1/2)"\]', text), text[-2000:]
    final = text.strip().splitlines()[-1]
    assert re.search(r"(1-0|0-1|1/2-1/2)$", final), text[-2000:]
    comment = re.findall(r"\{([^{}]*)\}\s*(?:1-0|0-1|1/2-1/2)\s*$", text)
    assert comment, text[-2000:]
    if any(word in comment[-1].lower() for word in ENGINE_ERRORS + ("time",)):
        # an engine failed: it must be the opponent, so the result is our win (we are White)
        assert '[White "Jiangjun' in text and final.endswith("1-0"), (comment, text[-1500:])
    assert shot.exists(), "no screenshot of the board was taken"
    ARTIFACTS.mkdir(exist_ok=True)
    picture = ARTIFACTS / f"xboard-{variant}.png"
    xwd_to_png(shot, picture)
    assert picture.stat().st_size > 1000
