"""A monotonic clock readable inside kernels: an @intrinsic calling libc clock_gettime.

ctypes would make numba refuse to cache the caller; an intrinsic caches and costs
about 21 ns. Nanoseconds of CLOCK_MONOTONIC, the same clock as Python's
``time.clock_gettime_ns(time.CLOCK_MONOTONIC)``, so Python can hand deadlines to kernels.
"""
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from .jit import kernel

CLOCK_MONOTONIC = 1


@intrinsic
def _monotonic_ns(typingctx):
    def codegen(context, builder, signature, args):
        i32 = ir.IntType(32)
        i64 = ir.IntType(64)
        timespec = ir.LiteralStructType([i64, i64])
        fnty = ir.FunctionType(i32, [i32, timespec.as_pointer()])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "clock_gettime")
        ts = cgutils.alloca_once(builder, timespec)
        builder.call(fn, [ir.Constant(i32, CLOCK_MONOTONIC), ts])
        sec = builder.load(builder.gep(ts, [ir.Constant(i32, 0), ir.Constant(i32, 0)]))
        nsec = builder.load(builder.gep(ts, [ir.Constant(i32, 0), ir.Constant(i32, 1)]))
        return builder.add(builder.mul(sec, ir.Constant(i64, 1_000_000_000)), nsec)
    return types.int64(), codegen


@kernel("int64()")
def monotonic_ns():
    return _monotonic_ns()
