"""The NNUE input features of a position, as engine/nnue/features.py lays them out.

``squares`` int8[N] piece codes by dense square and ``hands`` int8[2, P] are a training
record's fields (engine/nnue/records.py); ``orient``, ``hand_base`` and ``slots`` come from
``scheme_arrays``. The search's accumulators and the trainer both index features here.
"""
from .jit import BOARD, TABLE, kernel

ORIENT = "int32[:, ::1]"


@kernel(f"int64({BOARD}, int8[:, ::1], int64, {ORIENT}, {TABLE}, {TABLE}, int64, int64, "
        f"int32[::1])", inline=True)
def position_features(squares, hands, perspective, orient, hand_base, slots, piece_types,
                      per_colour, out):
    """The active features of one position (records.py fields ``squares`` int8[N], ``hands``
    int8[2, P]) from ``perspective``, written to ``out``; returns how many. Sorted by nothing."""
    n_squares = squares.shape[0]
    count = 0
    for s in range(n_squares):
        pc = squares[s]
        if pc == 0:
            continue
        colour = 0 if pc > 0 else 1
        pt = pc if pc > 0 else -pc
        out[count] = (colour != perspective) * per_colour + (pt - 1) * n_squares \
            + orient[perspective, s]
        count += 1
    hand_start = piece_types * n_squares
    for colour in range(2):
        for pt in range(1, piece_types + 1):
            have = min(hands[colour, pt - 1], slots[pt])
            for k in range(have):
                out[count] = (colour != perspective) * per_colour + hand_start + hand_base[pt] + k
                count += 1
    return count


@kernel(f"void(int8[:, ::1], int8[:, :, ::1], int8[::1], {ORIENT}, {TABLE}, {TABLE}, int64, "
        f"int64, int32[:, :, ::1], int32[:, ::1])", prebuild=False)
def batch_features(squares, hands, stm, orient, hand_base, slots, piece_types, per_colour, out,
                   counts):
    """For each record b: out[b, 0] the side to move's features, out[b, 1] the other side's,
    padded with -1; counts[b, k] how many."""
    for b in range(squares.shape[0]):
        for k in range(2):
            perspective = stm[b] if k == 0 else 1 - stm[b]
            n = position_features(squares[b], hands[b], perspective, orient, hand_base, slots,
                                  piece_types, per_colour, out[b, k])
            counts[b, k] = n
            for i in range(n, out.shape[2]):
                out[b, k, i] = -1
