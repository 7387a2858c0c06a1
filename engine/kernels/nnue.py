"""The learned evaluation in the search: accumulators kept move by move, and the net's output.

The net (engine/nnue/network.py) lives in the eval table E, after the game's own numbers:
E[EV_NNUE] is the offset of its block (0: the game plays with the hand-made evaluation), whose
slots NN_* say where each part is. Its first layer is int16 data stored in int32 slots: E stays
one array, so no kernel signature grows a net argument.

Accumulators live in the search's ``scratch`` (int64), one pair per ply from SC_ACC:
``scratch[SC_ACC + (ply * 2 + perspective) * NN_MAX_L1 + j]``, perspective 0 being side 0's
view (not the side to move's: a move changes both the same way, the side to move only picks which
half goes first). A child's pair is its parent's plus the rows the move turned on, minus those it
turned off (the last undo record says which); a refresh sums every active row, at the root and
for callers outside the search (ACC_FREE), and for the mover's own accumulator when its king's
move changed its bucket (K1 nets: every feature of that view moved). Features as in
engine/nnue/features.py, read from the padded board through NN_ORIENT and NN_VIEWS.

Hot loops run over slices (``acc = scratch[base:base + l1]``, then ``acc[j]``): an index known
to be non-negative needs no wraparound test, so LLVM vectorises them; ``scratch[base + j]``
measured 3.5-7x slower per row here.

A net with hidden layers (NN_L2 > 0) gathers the first one's activations in
``scratch[SC_HIDDEN + i]`` and computes the second one's neuron by neuron into the output; the
integer rounding is engine/nnue/network.py's, so the score equals QuantisedNet.evaluate().
"""
from .jit import BOARD, STATE, TABLE, UNDO, kernel
from .layout import (F_DROPS, H_DEMOTE, H_FLAGS, H_NPLAY, H_PLAY, M_FROM_MASK, M_TO_SHIFT,
                     MAX_TYPES, MF_CASTLE, MF_DROP, MF_PASS, NSQ, S_HAND, S_KING, S_SP, S_STM,
                     U_CAPSQ, U_CAPTURED, U_MOVE, U_MOVED)
from .makemove import castle_targets
from .search_layout import (EV_NNUE, MAXP, NN_FT_B, NN_FT_W, NN_H1, NN_H2, NN_HAND_BASE, NN_L1,
                            NN_L2, NN_L3, NN_MAX_L1, NN_ORIENT, NN_OUT_B, NN_OUT_W, NN_PER_BUCKET,
                            NN_PER_COLOUR, NN_ROYAL, NN_SLOTS, NN_SQUARES, NN_TYPES, NN_VIEWS,
                            SC_ACC, SC_HIDDEN)

EVAL = "int32[::1]"
SCRATCH = "int64[::1]"
ACC_FREE = MAXP + 1          # the accumulator pair a refresh outside the search uses
FT_SCALE = 127               # engine/nnue/network.py's integer scales
HIDDEN_SCALE = 1024
OUT_DIVISOR = 127 * 64


@kernel(f"int64({EVAL}, int64, int64)", inline=True)
def view_at(E, perspective, ksq):
    """bucket * 2 + mirrored for ``perspective`` with its royal piece on padded square ``ksq``
    (0 for a net without buckets, or no royal piece there)."""
    net = E[EV_NNUE]
    if E[net + NN_ROYAL] == 0 or ksq == 0:
        return 0
    seen = E[E[net + NN_ORIENT] + perspective * NSQ + ksq]
    if seen < 0:
        return 0
    views = E[net + NN_VIEWS]
    return E[views + seen] * 2 + E[views + E[net + NN_SQUARES] + seen]


@kernel(f"int64({EVAL}, {STATE}, int64)", inline=True)
def king_view(E, st, perspective):
    """``perspective``'s view (view_at) where its royal piece stands now."""
    return view_at(E, perspective, st[S_KING + perspective])


@kernel(f"int64({EVAL}, int64, int64, int64, int64)", inline=True)
def board_feature(E, perspective, view, pc, sq):
    """The feature of piece code ``pc`` on padded square ``sq`` seen from ``perspective``
    whose king gives ``view``."""
    net = E[EV_NNUE]
    colour = 0 if pc > 0 else 1
    pt = pc if pc > 0 else -pc
    theirs = 1 if colour != perspective else 0
    squares = E[net + NN_SQUARES]
    seen = E[E[net + NN_ORIENT] + perspective * NSQ + sq]
    if view & 1:
        seen = E[E[net + NN_VIEWS] + 2 * squares + seen]
    return ((view >> 1) * E[net + NN_PER_BUCKET] + theirs * E[net + NN_PER_COLOUR]
            + (pt - 1) * squares + seen)


@kernel(f"int64({EVAL}, int64, int64, int64, int64, int64)", inline=True)
def hand_feature(E, perspective, view, colour, pt, k):
    """The k-th (0-based) piece of type pt in colour's hand from ``perspective`` whose king
    gives ``view``; -1 when the scheme has no slot for it (more pieces in hand than the game's
    start holds)."""
    net = E[EV_NNUE]
    if k < 0 or k >= E[E[net + NN_SLOTS] + pt]:
        return -1
    theirs = 1 if colour != perspective else 0
    return ((view >> 1) * E[net + NN_PER_BUCKET] + theirs * E[net + NN_PER_COLOUR]
            + E[net + NN_TYPES] * E[net + NN_SQUARES] + E[E[net + NN_HAND_BASE] + pt] + k)


@kernel(f"void({EVAL}, {SCRATCH}, int64, int64, int64)", inline=True)
def add_row(E, scratch, base, feature, sign):
    if feature < 0:
        return
    net = E[EV_NNUE]
    l1 = E[net + NN_L1]
    row = E[net + NN_FT_W] + feature * l1
    acc = scratch[base:base + l1]
    weights = E[row:row + l1]
    for j in range(l1):
        acc[j] += sign * weights[j]


@kernel(f"void({TABLE}, {EVAL}, {BOARD}, {STATE}, {SCRATCH}, int64, int64)", inline=True)
def refresh_perspective(T, E, board, st, scratch, ply, perspective):
    """One accumulator of ``ply`` from scratch: bias plus every active feature's row."""
    net = E[EV_NNUE]
    l1 = E[net + NN_L1]
    bias = E[net + NN_FT_B]
    view = king_view(E, st, perspective)
    base = SC_ACC + (ply * 2 + perspective) * NN_MAX_L1
    acc = scratch[base:base + l1]
    biases = E[bias:bias + l1]
    for j in range(l1):
        acc[j] = biases[j]
    play = T[H_PLAY]
    for i in range(T[H_NPLAY]):
        sq = T[play + i]
        pc = board[sq]
        if pc != 0:
            add_row(E, scratch, base, board_feature(E, perspective, view, pc, sq), 1)
    for colour in range(2):
        for pt in range(1, MAX_TYPES):
            for k in range(st[S_HAND + colour * MAX_TYPES + pt]):
                add_row(E, scratch, base, hand_feature(E, perspective, view, colour, pt, k), 1)


@kernel(f"void({TABLE}, {EVAL}, {BOARD}, {STATE}, {SCRATCH}, int64)")
def nnue_refresh(T, E, board, st, scratch, ply):
    """The accumulator pair of ``ply`` from scratch."""
    for perspective in range(2):
        refresh_perspective(T, E, board, st, scratch, ply, perspective)


@kernel(f"void({EVAL}, {SCRATCH}, int64)", inline=True)
def nnue_copy(E, scratch, ply):
    """ply + 1 gets ply's pair unchanged (a null move or a pass changes no piece)."""
    l1 = E[E[EV_NNUE] + NN_L1]
    for perspective in range(2):
        src = SC_ACC + (ply * 2 + perspective) * NN_MAX_L1
        dst = src + 2 * NN_MAX_L1
        new = scratch[dst:dst + l1]
        old = scratch[src:src + l1]
        for j in range(l1):
            new[j] = old[j]


@kernel(f"void({EVAL}, {SCRATCH}, int64, int64, int64, int64, int64, int64)", inline=True)
def update_rows(E, scratch, src, dst, add1, sub1, add2, sub2):
    """The accumulator at ``dst``: the one at ``src`` plus row add1 minus row sub1, plus add2 and
    minus sub2 where they are not -1, in one pass over the accumulator (a move's usual shapes:
    a step, a capture, a capture into the hand, castling); other shapes copy, then add row by
    row."""
    net = E[EV_NNUE]
    l1 = E[net + NN_L1]
    w = E[net + NN_FT_W]
    new = scratch[dst:dst + l1]
    old = scratch[src:src + l1]
    if add1 >= 0 and sub1 >= 0 and (add2 < 0 or sub2 >= 0):
        on1 = E[w + add1 * l1:w + (add1 + 1) * l1]
        off1 = E[w + sub1 * l1:w + (sub1 + 1) * l1]
        if sub2 < 0:
            for j in range(l1):
                new[j] = old[j] + on1[j] - off1[j]
            return
        off2 = E[w + sub2 * l1:w + (sub2 + 1) * l1]
        if add2 < 0:
            for j in range(l1):
                new[j] = old[j] + on1[j] - off1[j] - off2[j]
            return
        on2 = E[w + add2 * l1:w + (add2 + 1) * l1]
        for j in range(l1):
            new[j] = old[j] + on1[j] - off1[j] + on2[j] - off2[j]
        return
    for j in range(l1):
        new[j] = old[j]
    add_row(E, scratch, dst, add1, 1)
    add_row(E, scratch, dst, sub1, -1)
    add_row(E, scratch, dst, add2, 1)
    add_row(E, scratch, dst, sub2, -1)


@kernel(f"void({TABLE}, {EVAL}, {BOARD}, {STATE}, {UNDO}, {SCRATCH}, int64)")
def nnue_child(T, E, board, st, undo, scratch, ply):
    """ply + 1's pair from ply's, for the move just made (the last undo record)."""
    u = undo[st[S_SP] - 1]
    mv = u[U_MOVE]
    if mv & MF_PASS:
        nnue_copy(E, scratch, ply)
        return
    frm = mv & M_FROM_MASK
    to = (mv >> M_TO_SHIFT) & M_FROM_MASK
    mover = 1 - st[S_STM]
    castle = (mv & MF_CASTLE) != 0
    king_moved = (mv & MF_DROP) == 0 and (castle or st[S_KING + mover] == to)
    for perspective in range(2):
        view = king_view(E, st, perspective)
        if king_moved and perspective == mover and view != view_at(E, mover, frm):
            # its king changed bucket or side of the middle: every feature of this view moved
            refresh_perspective(T, E, board, st, scratch, ply + 1, perspective)
            continue
        src = SC_ACC + (ply * 2 + perspective) * NN_MAX_L1
        dst = src + 2 * NN_MAX_L1
        if mv & MF_DROP:
            # the piece leaves the hand (its count before the drop was count + 1: slot count)
            count = st[S_HAND + mover * MAX_TYPES + frm]
            update_rows(E, scratch, src, dst, board_feature(E, perspective, view, board[to], to),
                        hand_feature(E, perspective, view, mover, frm, count), -1, -1)
        elif castle:
            kdest, rdest = castle_targets(T, frm, to)
            king = board[kdest]
            rook = board[rdest]
            update_rows(E, scratch, src, dst, board_feature(E, perspective, view, king, kdest),
                        board_feature(E, perspective, view, king, frm),
                        board_feature(E, perspective, view, rook, rdest),
                        board_feature(E, perspective, view, rook, to))
        else:
            captured = u[U_CAPTURED]
            taken, into_hand = -1, -1
            if captured != 0:
                taken = board_feature(E, perspective, view, captured, u[U_CAPSQ])
                if T[H_FLAGS] & F_DROPS:
                    # it joins the mover's hand as its base type (the count already raised)
                    kind = T[T[H_DEMOTE] + (captured if captured > 0 else -captured)]
                    count = st[S_HAND + mover * MAX_TYPES + kind]
                    into_hand = hand_feature(E, perspective, view, mover, kind, count - 1)
            update_rows(E, scratch, src, dst, board_feature(E, perspective, view, board[to], to),
                        board_feature(E, perspective, view, u[U_MOVED], frm), into_hand, taken)


@kernel("int64(int64)", inline=True)
def centipawns(total):
    """An output sum in centipawns: divided by OUT_DIVISOR, rounded toward zero."""
    return total // OUT_DIVISOR if total >= 0 else -((-total) // OUT_DIVISOR)


@kernel("int64(int64)", inline=True)
def hidden_activation(total):
    """A hidden neuron's sum as its activation: floor division, clipped to 0..127 (the half
    step of the rounding is in its bias)."""
    h = total // HIDDEN_SCALE
    return 0 if h < 0 else (h if h < FT_SCALE else FT_SCALE)


@kernel(f"void({EVAL}, {STATE}, {SCRATCH}, int64)", inline=True)
def first_hidden_layer(E, st, scratch, ply):
    """scratch[SC_HIDDEN + i]: the first hidden layer's activations from ply's accumulators,
    summed input by input so that an inactive accumulator skips its whole column."""
    net = E[EV_NNUE]
    l1 = E[net + NN_L1]
    l2 = E[net + NN_L2]
    layer = E[net + NN_H1]
    for i in range(l2):
        scratch[SC_HIDDEN + i] = E[layer + i]
    stm = st[S_STM]
    for half in range(2):
        perspective = stm if half == 0 else 1 - stm
        base = SC_ACC + (ply * 2 + perspective) * NN_MAX_L1
        for j in range(l1):
            a = scratch[base + j]
            if a > 0:
                a = a if a < FT_SCALE else FT_SCALE
                column = layer + l2 + (half * l1 + j) * l2
                for i in range(l2):
                    scratch[SC_HIDDEN + i] += a * E[column + i]
    for i in range(l2):
        scratch[SC_HIDDEN + i] = hidden_activation(scratch[SC_HIDDEN + i])


@kernel(f"int64({EVAL}, {STATE}, {SCRATCH}, int64)", inline=True)
def hidden_output(E, st, scratch, ply):
    """nnue_output of a net with hidden layers: the second one (if any) is computed neuron by
    neuron straight into the output sum."""
    first_hidden_layer(E, st, scratch, ply)
    net = E[EV_NNUE]
    l2 = E[net + NN_L2]
    out_w = E[net + NN_OUT_W]
    total = E[net + NN_OUT_B]
    if E[net + NN_L3] == 0:
        for i in range(l2):
            total += scratch[SC_HIDDEN + i] * E[out_w + i]
        return centipawns(total)
    row = E[net + NN_H2]
    for k in range(E[net + NN_L3]):
        s = E[row]
        for i in range(l2):
            s += scratch[SC_HIDDEN + i] * E[row + 1 + i]
        total += hidden_activation(s) * E[out_w + k]
        row += l2 + 1
    return centipawns(total)


@kernel(f"int64({EVAL}, {STATE}, {SCRATCH}, int64)")
def nnue_output(E, st, scratch, ply):
    """The net's score of ply's position for the side to move, in centipawns."""
    net = E[EV_NNUE]
    if E[net + NN_L2] != 0:
        return hidden_output(E, st, scratch, ply)
    l1 = E[net + NN_L1]
    out_w = E[net + NN_OUT_W]
    total = E[net + NN_OUT_B]
    stm = st[S_STM]
    for half in range(2):
        perspective = stm if half == 0 else 1 - stm
        base = SC_ACC + (ply * 2 + perspective) * NN_MAX_L1
        acc = scratch[base:base + l1]
        weights = E[out_w + half * l1:out_w + (half + 1) * l1]
        for j in range(l1):         # branch-free clip: the loop vectorises
            total += min(max(acc[j], 0), FT_SCALE) * weights[j]
    return centipawns(total)
