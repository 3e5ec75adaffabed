"""Tensor constants as module-level globals, as one-shot-bufferize writes them.

    %w = arith.constant dense_resource<torch_tensor_8_torch.float32> : tensor<8xf32>

becomes, at the top of the module (once per distinct value and type),

    memref.global "private" constant @__constant_8xf32 : memref<8xf32> =
        dense_resource<torch_tensor_8_torch.float32> {alignment = 64 : i64}

and in the function `%w = memref.get_global @__constant_8xf32 : memref<8xf32>`.
The resource blob stays in the file's `{-# dialect_resources #-}` section.
"""

from __future__ import annotations

from xdsl.dialects import arith, memref
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    MemRefType,
    ModuleOp,
    TensorType,
)
from xdsl.ir import Attribute, Operation
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import SymbolTable

from coopmlir.dialects.memref_global import GlobalOp

#: MLIR's alignment of the globals one-shot-bufferize makes.
GLOBAL_ALIGNMENT = 64


def is_tensor_constant(op: Operation) -> bool:
    return isinstance(op, arith.ConstantOp) and isinstance(
        op.value, DenseIntOrFPElementsAttr | DenseResourceAttr
    )


def _type_name(t: TensorType) -> str:
    """`8x32xf32` for tensor<8x32xf32> (MLIR's global names)."""
    return "x".join([*(str(n) for n in t.get_shape()), str(t.element_type)])


class ModuleConstants:
    """The globals of one module's tensor constants, made on demand."""

    def __init__(self, module: ModuleOp):
        self.module = module
        # Constant globals already there (another function's) are reused.
        self.made: dict[tuple[Attribute, Attribute], GlobalOp] = {
            (op.initial_value, op.tensor_type()): op
            for op in module.body.block.ops
            if isinstance(op, GlobalOp) and op.constant and op.initial_value
        }

    def _new_name(self, t: TensorType) -> str:
        base = f"__constant_{_type_name(t)}"
        name, n = base, 0
        while SymbolTable.lookup_symbol(self.module, name) is not None:
            name, n = f"{base}_{n}", n + 1
        return name

    def global_of(self, value: Attribute, t: TensorType) -> GlobalOp:
        """The global holding `value` (a new one before the first function
        the first time it is asked for)."""
        key = (value, t)
        if key not in self.made:
            data = value
            if isinstance(value, DenseResourceAttr):
                data = DenseResourceAttr.from_params(value.resource_handle, t)
            made = GlobalOp(
                self._new_name(t),
                MemRefType(t.element_type, t.get_shape()),
                data,
                alignment=GLOBAL_ALIGNMENT,
            )
            block = self.module.body.block
            firsts = [op for op in block.ops if not isinstance(op, GlobalOp)]
            where = (
                InsertPoint.before(firsts[0]) if firsts else InsertPoint.at_end(block)
            )
            Rewriter.insert_op(made, where)
            self.made[key] = made
        return self.made[key]

    def replace(self, op: arith.ConstantOp) -> memref.GetGlobalOp:
        """`op` replaced by the `memref.get_global` of its value's global."""
        t = op.result.type
        assert isinstance(t, TensorType)
        made = self.global_of(op.value, t)
        get = memref.GetGlobalOp(made.sym_name.data, made.type)
        get.location = op.location
        Rewriter.replace_op(op, get)
        return get
