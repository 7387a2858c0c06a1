"""The trainer's kernels for the net of engine/nnue/network.py, in float32.

The net: per perspective ``acc = ft_b + sum of ft_w rows of its active features``, clipped to
[0, 1]; the side to move's half first, then ``raw = out_b + out_w . [a_stm, a_other]``; the
engine's score is ``raw * scale`` centipawns. Training compares ``sigmoid(raw * scale / K)``
with a target win probability (K: the game's WDL scale), by squared error.

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


@kernel(f"float32({F32}, {F32}, {F32})", inline=True, prebuild=False)
def output(acc, out_w, out_b):
    raw = out_b[0]
    for j in range(out_w.shape[0]):           # acc may be longer: a scratch buffer
        a = acc[j]
        if a > 0.0:
            raw += (a if a < 1.0 else 1.0) * out_w[j]
    return raw


@kernel(f"void({FEATS}, {COUNTS}, {F32_2D}, {F32}, {F32}, {F32}, {F32}, {F32})", prebuild=False)
def forward(feats, counts, ft_w, ft_b, out_w, out_b, scratch, raw):
    """raw[b]: the net's output for every position of the batch."""
    for b in range(feats.shape[0]):
        accumulate(feats, counts, b, ft_w, ft_b, scratch)
        raw[b] = output(scratch, out_w, out_b)


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
        raw = output(scratch, out_w, out_b)
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
