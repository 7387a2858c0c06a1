"""Move spelling per dialect: the pure converters live in engine/dialect_notation.py (so engine/
APIs can use them too); this module keeps the names the dialect loop imports."""
from engine.dialect_notation import (PASS_WORDS, Codec, MoveReader, codec_for,  # noqa: F401
                                     move_to_text, text_to_move)
