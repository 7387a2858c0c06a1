"""Software prefetch inside kernels: an @intrinsic emitting llvm.prefetch (numba has none).

The search asks for the child's transposition-table bucket and evaluation-cache slot right after
making a move, so the loads at the child overlap the work done in between.
"""
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic


@intrinsic
def prefetch(typingctx, array, index):
    """llvm.prefetch of array[index]: start loading its cache line without waiting for it."""
    def codegen(context, builder, signature, args):
        data = context.make_array(signature.args[0])(context, builder, args[0]).data
        i8p = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0")
        address = builder.bitcast(builder.gep(data, [args[1]]), i8p)
        builder.call(fn, [address, ir.Constant(i32, 0), ir.Constant(i32, 3), ir.Constant(i32, 1)])
        return context.get_dummy_value()
    return types.void(array, types.int64), codegen
