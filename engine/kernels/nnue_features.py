"""The NNUE input features of a position, as engine/nnue/features.py lays them out.

``squares`` int8[N] piece codes by dense square and ``hands`` int8[2, P] are a training
record's fields (engine/nnue/records.py); ``orient``, ``views``, ``hand_base``, ``slots`` and
``dims`` come from ``scheme_arrays``. The search's accumulators and the trainer both index
features here.
"""
from .jit import BOARD, TABLE, kernel

ORIENT = "int32[:, ::1]"
DIMS = "int64[::1]"
# dims: the scheme's numbers
D_TYPES = 0          # piece types
D_PER_COLOUR = 1     # features of one colour
D_ROYAL = 2          # the royal piece type whose square picks the bucket (0: one bucket)
D_PER_BUCKET = 3     # features of one bucket's block
D_VIRTUAL = 4        # the bucket-free block every feature also lights (-1: none)


@kernel(f"int64({BOARD}, int64, {ORIENT}, {ORIENT}, {DIMS})", inline=True)
def record_view(squares, perspective, orient, views, dims):
    """bucket * 2 + mirrored for ``perspective``'s royal piece in a record's ``squares`` (0
    without buckets): engine/kernels/nnue.py's king_view, for the trainer."""
    royal = dims[D_ROYAL]
    if royal == 0:
        return 0
    own = royal if perspective == 0 else -royal
    for s in range(squares.shape[0]):
        if squares[s] == own:
            seen = orient[perspective, s]
            return views[0, seen] * 2 + views[1, seen]
    return 0


@kernel(f"int64({BOARD}, int8[:, ::1], int64, {ORIENT}, {ORIENT}, {TABLE}, {TABLE}, {DIMS}, "
        f"int32[::1])", inline=True)
def position_features(squares, hands, perspective, orient, views, hand_base, slots, dims, out):
    """The active features of one position (records.py fields ``squares`` int8[N], ``hands``
    int8[2, P]) from ``perspective``, written to ``out``; returns how many. Sorted by nothing."""
    n_squares = squares.shape[0]
    per_colour = dims[D_PER_COLOUR]
    view = record_view(squares, perspective, orient, views, dims)
    block = (view >> 1) * dims[D_PER_BUCKET]
    virtual = dims[D_VIRTUAL] * dims[D_PER_BUCKET] if dims[D_VIRTUAL] >= 0 else -1
    count = 0
    for s in range(n_squares):
        pc = squares[s]
        if pc == 0:
            continue
        colour = 0 if pc > 0 else 1
        pt = pc if pc > 0 else -pc
        seen = orient[perspective, s]
        if view & 1:
            seen = views[2, seen]
        feature = (colour != perspective) * per_colour + (pt - 1) * n_squares + seen
        out[count] = block + feature
        count += 1
        if virtual >= 0:
            out[count] = virtual + feature
            count += 1
    hand_start = dims[D_TYPES] * n_squares
    for colour in range(2):
        for pt in range(1, dims[D_TYPES] + 1):
            have = min(hands[colour, pt - 1], slots[pt])
            for k in range(have):
                feature = (colour != perspective) * per_colour + hand_start + hand_base[pt] + k
                out[count] = block + feature
                count += 1
                if virtual >= 0:
                    out[count] = virtual + feature
                    count += 1
    return count


@kernel(f"void(int8[:, ::1], int8[:, :, ::1], int8[::1], {ORIENT}, {ORIENT}, {TABLE}, {TABLE}, "
        f"{DIMS}, int32[:, :, ::1], int32[:, ::1])", prebuild=False)
def batch_features(squares, hands, stm, orient, views, hand_base, slots, dims, out, counts):
    """For each record b: out[b, 0] the side to move's features, out[b, 1] the other side's,
    padded with -1; counts[b, k] how many."""
    for b in range(squares.shape[0]):
        for k in range(2):
            perspective = stm[b] if k == 0 else 1 - stm[b]
            n = position_features(squares[b], hands[b], perspective, orient, views, hand_base,
                                  slots, dims, out[b, k])
            counts[b, k] = n
            for i in range(n, out.shape[2]):
                out[b, k, i] = -1
