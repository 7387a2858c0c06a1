"""The trainer's kernels for the net of engine/nnue/network.py, in float32.

The net: per perspective ``acc = ft_b + sum of ft_w rows of its active features``, clipped to
[0, 1]; the side to move's half first, then ``raw = out_b + out_w . [a_stm, a_other]``; the
engine's score is ``raw * scale`` centipawns. Training compares ``sigmoid(raw * scale / K)``
with a target win probability (K: the game's WDL scale), by squared error.

With hidden layers (``hidden_forward``, ``hidden_gradients``) the clipped accumulators go
through one or two dense layers, ``h = clip(w . x + b, 0, 1)``, before the output, which then
reads the last of them. A net without them keeps the kernels ``forward`` and ``gradients``
unchanged, so it trains exactly as before hidden layers existed.

``feats`` int32[B, 2, M] and ``counts`` int32[B, 2] come from nnue_features.batch_features.
The first layer's gradient is dense (king-less feature sets are a few thousand rows), so one
Adam step updates every weight the same way and training is deterministic for a seed.
"""
import math

from .jit import kernel

F32 = "float32[::1]"
F32_2D = "float32[:, ::1]"
FEATS = "int32[:, :, ::1]"
COUNTS = "int32[:, ::1]"


@kernel(f"void({FEATS}, {COUNTS}, int64, {F32_2D}, {F32}, {F32})", inline=True, prebuild=False)
def accumulate(feats, counts, b, ft_w, ft_b, acc):
    """acc[k * L1 + j]: perspective k's (0: side to move) first-layer sum, before clipping."""
    l1 = ft_b.shape[0]
    for k in range(2):
        for j in range(l1):
            acc[k * l1 + j] = ft_b[j]
        for i in range(counts[b, k]):
            row = feats[b, k, i]
            for j in range(l1):
                acc[k * l1 + j] += ft_w[row, j]


@kernel(f"float32({F32}, int64, {F32}, {F32})", inline=True, prebuild=False)
def output_at(buf, start, out_w, out_b):
    """The net's raw output from the clipped sums of its last layer, buf[start:start + len(out_w)]
    (buf may be longer: a scratch buffer)."""
    raw = out_b[0]
    for j in range(out_w.shape[0]):
        a = buf[start + j]
        if a > 0.0:
            raw += (a if a < 1.0 else 1.0) * out_w[j]
    return raw


@kernel(f"void({FEATS}, {COUNTS}, {F32_2D}, {F32}, {F32}, {F32}, {F32}, {F32})", prebuild=False)
def forward(feats, counts, ft_w, ft_b, out_w, out_b, scratch, raw):
    """raw[b]: the net's output for every position of the batch."""
    for b in range(feats.shape[0]):
        accumulate(feats, counts, b, ft_w, ft_b, scratch)
        raw[b] = output_at(scratch, 0, out_w, out_b)


@kernel(f"float64({FEATS}, {COUNTS}, {F32}, {F32_2D}, {F32}, {F32}, {F32}, float64, "
        f"{F32_2D}, {F32}, {F32}, {F32}, {F32})", prebuild=False)
def gradients(feats, counts, targets, ft_w, ft_b, out_w, out_b, scale_over_k,
              g_ft_w, g_ft_b, g_out_w, g_out_b, scratch):
    """Add the batch's mean-loss gradients to the g_* arrays (zeroed by the caller); returns
    the batch's mean squared error in win probability. ``scratch`` holds 4 * L1 floats."""
    batch = feats.shape[0]
    l1 = ft_b.shape[0]
    loss = 0.0
    for b in range(batch):
        accumulate(feats, counts, b, ft_w, ft_b, scratch)
        raw = output_at(scratch, 0, out_w, out_b)
        p = 1.0 / (1.0 + math.exp(-raw * scale_over_k))
        err = p - targets[b]
        loss += err * err
        g = 2.0 * err * p * (1.0 - p) * scale_over_k / batch
        g_out_b[0] += g
        for k in range(2):
            for j in range(l1):
                a = scratch[k * l1 + j]
                d = 0.0
                if a >= 1.0:
                    g_out_w[k * l1 + j] += g
                elif a > 0.0:            # the clip passes gradient only between 0 and 1
                    g_out_w[k * l1 + j] += g * a
                    d = g * out_w[k * l1 + j]
                    g_ft_b[j] += d
                scratch[2 * l1 + k * l1 + j] = d
            for i in range(counts[b, k]):
                row = feats[b, k, i]
                for j in range(l1):
                    g_ft_w[row, j] += scratch[2 * l1 + k * l1 + j]
    return loss / batch


# --- hidden layers -----------------------------------------------------------------------
# A position's values sit in one float32 buffer: every layer's sums before their clip,
# [accumulators 2 * L1][first hidden L2][second hidden L3], then at ``width`` (their total) the
# loss's gradient with respect to each of them, in the same order.
HIDDEN_ARGS = f"{F32_2D}, {F32}, {F32_2D}, {F32}"     # w1, b1, w2, b2 (w2 [0, L2]: one layer)


@kernel(f"void({F32}, int64, {F32_2D}, {F32}, int64)", inline=True, prebuild=False)
def dense(buf, src, weight, bias, dst):
    """buf[dst + i] = bias[i] + weight[i] . clip(buf[src:src + inputs]), before its own clip."""
    for i in range(weight.shape[0]):
        s = bias[i]
        for j in range(weight.shape[1]):
            a = buf[src + j]
            if a > 0.0:
                s += (a if a < 1.0 else 1.0) * weight[i, j]
        buf[dst + i] = s


@kernel(f"float32({FEATS}, {COUNTS}, int64, {F32_2D}, {F32}, {HIDDEN_ARGS}, {F32}, {F32}, {F32})",
        inline=True, prebuild=False)
def hidden_raw(feats, counts, b, ft_w, ft_b, w1, b1, w2, b2, out_w, out_b, buf):
    """The output for position b, every layer's sums left in ``buf``."""
    accumulate(feats, counts, b, ft_w, ft_b, buf)
    first = 2 * ft_b.shape[0]
    dense(buf, 0, w1, b1, first)
    if w2.shape[0] == 0:
        return output_at(buf, first, out_w, out_b)
    dense(buf, first, w2, b2, first + b1.shape[0])
    return output_at(buf, first + b1.shape[0], out_w, out_b)


@kernel(f"void({FEATS}, {COUNTS}, {F32_2D}, {F32}, {HIDDEN_ARGS}, {F32}, {F32}, {F32}, {F32})",
        prebuild=False)
def hidden_forward(feats, counts, ft_w, ft_b, w1, b1, w2, b2, out_w, out_b, buf, raw):
    """``forward`` for a net with hidden layers."""
    for b in range(feats.shape[0]):
        raw[b] = hidden_raw(feats, counts, b, ft_w, ft_b, w1, b1, w2, b2, out_w, out_b, buf)


@kernel(f"void({F32}, int64, int64, {F32}, float64, {F32})", inline=True, prebuild=False)
def output_backward(buf, start, width, out_w, g, g_out_w):
    """The output weights' gradients for an output gradient g, and the gradients of the sums
    it reads (zero where their clip is flat)."""
    for i in range(out_w.shape[0]):
        a = buf[start + i]
        d = 0.0
        if a >= 1.0:
            g_out_w[i] += g
        elif a > 0.0:
            g_out_w[i] += g * a
            d = g * out_w[i]
        buf[width + start + i] = d


@kernel(f"void({F32}, int64, {F32_2D}, int64, int64, {F32_2D}, {F32})", inline=True,
        prebuild=False)
def dense_backward(buf, src, weight, dst, width, g_w, g_b):
    """``dense`` backwards: from its sums' gradients (buf[width + dst + i]), its weights' and
    biases' gradients and its inputs' (zero where their clip is flat)."""
    for j in range(weight.shape[1]):
        buf[width + src + j] = 0.0
    for i in range(weight.shape[0]):
        d = buf[width + dst + i]
        if d == 0.0:
            continue
        g_b[i] += d
        for j in range(weight.shape[1]):
            a = buf[src + j]
            if a >= 1.0:
                g_w[i, j] += d
            elif a > 0.0:
                g_w[i, j] += d * a
                buf[width + src + j] += d * weight[i, j]


@kernel(f"void({FEATS}, {COUNTS}, int64, {F32}, int64, {F32_2D}, {F32})", inline=True,
        prebuild=False)
def first_layer_backward(feats, counts, b, buf, width, g_ft_w, g_ft_b):
    """The first layer's gradients from its accumulators' (buf[width + k * L1 + j])."""
    l1 = g_ft_b.shape[0]
    for k in range(2):
        for j in range(l1):
            g_ft_b[j] += buf[width + k * l1 + j]
        for i in range(counts[b, k]):
            row = feats[b, k, i]
            for j in range(l1):
                g_ft_w[row, j] += buf[width + k * l1 + j]


@kernel(f"float64({FEATS}, {COUNTS}, {F32}, {F32_2D}, {F32}, {HIDDEN_ARGS}, {F32}, {F32}, "
        f"float64, {F32_2D}, {F32}, {HIDDEN_ARGS}, {F32}, {F32}, {F32})", prebuild=False)
def hidden_gradients(feats, counts, targets, ft_w, ft_b, w1, b1, w2, b2, out_w, out_b,
                     scale_over_k, g_ft_w, g_ft_b, g_w1, g_b1, g_w2, g_b2, g_out_w, g_out_b,
                     buf):
    """``gradients`` for a net with hidden layers; ``buf`` holds 2 * (2 * L1 + L2 + L3)
    floats."""
    batch = feats.shape[0]
    first = 2 * ft_b.shape[0]
    second = first + b1.shape[0]
    width = second + b2.shape[0]
    last = second if w2.shape[0] > 0 else first
    loss = 0.0
    for b in range(batch):
        raw = hidden_raw(feats, counts, b, ft_w, ft_b, w1, b1, w2, b2, out_w, out_b, buf)
        p = 1.0 / (1.0 + math.exp(-raw * scale_over_k))
        err = p - targets[b]
        loss += err * err
        g = 2.0 * err * p * (1.0 - p) * scale_over_k / batch
        g_out_b[0] += g
        output_backward(buf, last, width, out_w, g, g_out_w)
        if w2.shape[0] > 0:
            dense_backward(buf, first, w2, second, width, g_w2, g_b2)
        dense_backward(buf, 0, w1, first, width, g_w1, g_b1)
        first_layer_backward(feats, counts, b, buf, width, g_ft_w, g_ft_b)
    return loss / batch


@kernel(f"void({F32}, {F32}, {F32}, {F32}, float64, float64, float64, float64, float64, "
        f"float64)", prebuild=False)
def adam_step(param, grad, m, v, lr, beta1, beta2, eps, step, clip):
    """One Adam step (bias-corrected) on flat arrays, then clip to [-clip, clip]."""
    c1 = 1.0 - beta1 ** step
    c2 = 1.0 - beta2 ** step
    for i in range(param.shape[0]):
        g = grad[i]
        m[i] = beta1 * m[i] + (1.0 - beta1) * g
        v[i] = beta2 * v[i] + (1.0 - beta2) * g * g
        x = param[i] - lr * (m[i] / c1) / (math.sqrt(v[i] / c2) + eps)
        param[i] = min(max(x, -clip), clip)
