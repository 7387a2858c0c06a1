"""Canonical <-> dialect move spelling, from the conventions in shared/vectors/conventions.json."""

import pytest

from protocol.clients.errors import IllegalMoveText
from protocol.clients.generals import GeneralTracker
from protocol.clients.notation import from_dialect, to_dialect
from protocol.clients.positions import sfen_to_fsf


@pytest.mark.parametrize("canon, dialect, text", [
    ("h2e2", "uci", "h3e3"), ("b2b9", "uci", "b3b10"), ("b0c2", "uci", "b1c3"),
    ("h2e2", "ucci", "h2e2"), ("h2e2", "ucicyclone", "h2e2"), ("h2e2", "xboard", "h2e2"),
])
def test_xiangqi_ranks(canon, dialect, text):
    assert to_dialect(canon, "xiangqi", dialect) == text
    assert from_dialect(text, "xiangqi", dialect) == canon


@pytest.mark.parametrize("canon, dialect, text", [
    ("7g7f", "usi", "7g7f"), ("7g7f", "uci", "c3c4"), ("3c3d", "xboard", "g7g6"),
    ("8h2b+", "xboard", "b2h8+"), ("P*5e", "xboard", "P@e5"), ("B*8f", "uci", "B@b4"),
])
def test_shogi_chess_style(canon, dialect, text):
    assert to_dialect(canon, "shogi", dialect) == text
    assert from_dialect(text, "shogi", dialect) == canon


def test_shogi_declined_promotion_mark_is_dropped():
    assert from_dialect("c3c4=", "shogi", "xboard") == "7g7f"


def test_chess_is_uci_everywhere():
    for dialect in ("uci", "xboard", "ucci"):
        assert to_dialect("e7e8q", "chess", dialect) == "e7e8q"
    assert from_dialect("e7e8Q", "chess", "xboard") == "e7e8q"


def test_janggi_pass_spellings():
    assert to_dialect("e1e1", "janggi", "uci") == "e2e2"
    assert to_dialect("e1e1", "janggi", "ucci") == "e1e1"
    assert to_dialect("e1e1", "janggi", "xboard") == "@@@@"
    assert to_dialect("e1e1", "janggi", "xboard", xboard_pass="king") == "e1e1"
    for word in ("@@@@", "pass", "0000"):
        assert from_dialect(word, "janggi", "xboard", pass_square="e8") == "e8e8"
    with pytest.raises(IllegalMoveText):
        from_dialect("@@@@", "xiangqi", "xboard", pass_square="e8")


def test_general_tracker_follows_moves_and_passes():
    tracker = GeneralTracker("janggi", None, ["e1e1", "e8d8", "e1f2"])
    assert tracker.squares == ["f2", "d8"]
    assert tracker.mover_square() == "d8"


def test_bad_text_is_rejected():
    for text in ("z9z9", "h2", "i0j0", "h2e2e2"):
        with pytest.raises(IllegalMoveText):
            from_dialect(text, "xiangqi", "ucci")


def test_sfen_to_fsf():
    start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
    assert sfen_to_fsf(start) == "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - - 0 1"
    assert sfen_to_fsf("9/9/9/9/9/9/9/9/9 w 2Pb 4").startswith("9/9/9/9/9/9/9/9/9[PPb] b")
