"""Move spelling per dialect: the pure converters live in engine/dialect_notation.py (so engine/
APIs can use them too); this module keeps the names the dialect loop imports."""
from engine.dialect_notation import (PASS_WORDS, Codec, codec_for, move_to_text,  # noqa: F401
                                     text_to_move)
