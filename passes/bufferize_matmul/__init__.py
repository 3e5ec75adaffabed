"""bufferize-matmul: the tensor form of a matmul function to its memref form.

In: a `func.func` that a frontend writes on tensors, e.g.

    func.func @mm(%A: tensor<64x32xf16>, %B: tensor<32x48xf16>) -> tensor<64x48xf32> {
      %zero = arith.constant 0.0 : f32
      %0 = tensor.empty() : tensor<64x48xf32>
      %1 = linalg.fill ins(%zero : f32) outs(%0 : tensor<...>) -> tensor<...>
      %2 = linalg.matmul ins(%A, %B : ...) outs(%1 : tensor<...>) -> tensor<...>
      func.return %2 : tensor<64x48xf32>
    }

Out: what MLIR's `one-shot-bufferize{bufferize-function-boundaries
function-boundary-type-conversion=identity-layout-map}`, then
`drop-equivalent-buffer-results` and
`buffer-results-to-out-params{hoist-static-allocs}` give:

    func.func @mm(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
      %zero = arith.constant 0.0 : f32
      linalg.fill ins(%zero : f32) outs(%C : memref<64x48xf32>)
      linalg.matmul ins(%A, %B : ...) outs(%C : memref<64x48xf32>)
      func.return
    }

- Tensor arguments become memrefs of the same shape (identity layout),
  dynamic sizes included (`tensor<?x?xf16>` -> `memref<?x?xf16>`).
- Tensor constants (`arith.constant dense<...>` / `dense_resource<...>`)
  become module-level `memref.global "private" constant @__constant_<shape>`
  (one per distinct value and type, alignment 64) read through
  `memref.get_global` (constants.py); a global is never written.
- `tensor.expand_shape`/`collapse_shape` become `memref.expand_shape`/
  `collapse_shape` views and `tensor.extract_slice` a `memref.subview`
  (static offsets, sizes and strides; strided result layouts as MLIR writes
  them, views.py); a collapse that cannot be a view copies its source into
  a new buffer first. `tensor.insert_slice` copies its source into a
  subview of its destination's buffer.
- Every destination-style op (destinations.py: structured linalg ops,
  `linalg.broadcast`, `linalg.softmax`, `coopmlir.attention`/`chain`)
  writes each `outs` buffer in place when that is safe (placement.py: no
  value living in that buffer is read afterwards; an element-wise op may
  read it at the element it writes; a constant never, an argument only as
  a whole). Otherwise the result gets a new `memref.alloc`, holding first
  what the op reads of its output: the value of the `linalg.fill` that made
  the output (filled again) or a `memref.copy` of it. An element-wise
  epilogue written in place is what lower-to-coopmat fuses into the
  matmul's kernel.
- A returned tensor that is a whole `tensor.empty` (or new) buffer becomes
  a new trailing memref argument (the caller passes the result buffer; no
  copy). A returned view, constant or unwritten argument is copied
  (`memref.copy`) into a new out-param at the return. A returned tensor
  that lives in an argument's buffer (`outs(%C)` with `%C` an argument) is
  dropped from the results: the caller finds it in that argument, as after
  `drop-equivalent-buffer-results`. Note that this writes the argument in
  place (one-shot-bufferize's default for writable function arguments).
- `tensor.extract` becomes `memref.load` of its tensor's buffer, also in
  a linalg body that gathers from a tensor defined outside it (torch-mlir's
  indexing); the op whose body reads a buffer so counts as reading all of
  it, so nothing writes that buffer before it (placement.py).
- A `tensor.empty` that is not returned becomes `memref.alloc` (with its
  dynamic sizes). `tensor.dim` becomes `memref.dim` of the buffer, or goes
  away when only the sizes of a `tensor.empty` used it (a returned dynamic
  `tensor.empty(%d0, %d1)` is the out-param, whose sizes the caller chose).
- `tensor.pad` with static amounts and a padding value that does not depend
  on the position (`tensor.yield %zero`), of a static or dynamic shape,
  becomes what one-shot-bufferize makes of it, with `linalg.fill` where
  MLIR writes the value with an equivalent `linalg.map`, and what
  lower-to-coopmat reads as a convolution's zero padding
  (`lower_to_coopmat/padding.py`): a buffer of the padded shape (a
  `memref.alloc`, or the out-param if returned), filled with the value, and
  `memref.copy` of the source into a `memref.subview` of its interior.
  Run-time sizes are the source's `memref.dim`s, the buffer's those plus
  both pads (`arith.addi` where MLIR writes `affine.apply`).

Bad input (another op on tensors, a slice with run-time offsets or a
rank-reducing one, a `tensor.pad` with dynamic amounts or a
position-dependent value, the same buffer returned twice, a function that is
called, since callers would need the new signature) is a located error and
the module is left unchanged.

plan.py checks a function and decides where each tensor lives (with
placement.py); apply.py rewrites it (with padding.py for `tensor.pad`).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from coopmlir.dialects.linalg_mixed_precision import require_coopmlir_contractions
from coopmlir.passes.bufferize_matmul.apply import apply_plan
from coopmlir.passes.bufferize_matmul.plan import (
    FunctionPlan,
    plan_function,
    result_arguments,
)


def plan_module(module: ModuleOp) -> list[FunctionPlan]:
    """Check every function; raise at the first unsupported one."""
    plans = []
    for op in module.body.block.ops:
        if isinstance(op, func.FuncOp):
            plan = plan_function(op, module)
            if plan is not None:
                plans.append(plan)
    return plans


def bufferize_module(module: ModuleOp) -> None:
    """Check every function, then bufferize those on tensors."""
    for plan in plan_module(module):
        apply_plan(plan)


@dataclass(frozen=True)
class BufferizeMatmul(ModulePass):
    """`--bufferize-matmul`: functions on tensors (constants, views,
    `tensor.empty`, `tensor.pad`, destination-style ops) to memrefs,
    results as out-params (module doc).
    recognize-frontend runs it (as lower-to-coopmat's first step) on the
    functions whose ops lower-to-coopmat lowers."""

    name = "bufferize-matmul"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        require_coopmlir_contractions(op, self.name)
        bufferize_module(op)


__all__ = [
    "BufferizeMatmul",
    "FunctionPlan",
    "apply_plan",
    "bufferize_module",
    "plan_function",
    "plan_module",
    "result_arguments",
]
