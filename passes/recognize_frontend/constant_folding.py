"""Weight preprocessing at compile time (`FoldConstantOps`): an all-parallel
linalg op on tensors whose inputs are all constants is evaluated by the
interpreter into one `arith.constant`.

torch-mlir exports an eval-mode BatchNorm's 1/sqrt(var + eps) as generics
on the weights, one with a `cf.assert` that no element is zero:

    %9 = linalg.generic ins(%cst_15 : tensor<16xf32>) ... { math.sqrt ... }
    %10 = linalg.generic ins(%9 : tensor<16xf32>) ... {
      %z = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %z, "unimplemented: tensor with zero element"
      %r = arith.divf %cst_1, %in : f32
      linalg.yield %r : f32
    }

becomes `%10 = arith.constant dense<[...]> : tensor<16xf32>` (at the top
of its block, where MLIR's canonicalizer puts constants), walked from
the first op so that a chain of them folds to its end. The assert is
checked then: a failing one is a located compile error. An op whose body
reads its output (a `tensor.empty` has no defined value) or a value from
outside that is not a scalar constant, or that makes more than
`MAX_FOLDED_ELEMENTS` elements, is left as it is. It runs after the
products read their operands' narrow or untransposed sources, so the
casts and transposes of weights they fold away are not evaluated.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    TensorType,
)
from xdsl.dialects.linalg.abstract_ops import LinalgStructuredOperation
from xdsl.dialects.linalg.ops import GenericOp, IndexOp
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint

from coopmlir.diagnostics import CompileError, location_of
from coopmlir.passes.recognize_frontend.dequantize import MARK as DEQUANTIZE
from coopmlir.passes.recognize_frontend.unused import erase_unused

if TYPE_CHECKING:
    import numpy as np


def _tensor_constant(value: SSAValue) -> bool:
    owner = value.owner
    return isinstance(owner, arith.ConstantOp) and isinstance(
        owner.value, DenseIntOrFPElementsAttr | DenseResourceAttr
    )


def _scalar_constant(value: SSAValue) -> bool:
    owner = value.owner
    return isinstance(owner, arith.ConstantOp) and isinstance(
        owner.value, FloatAttr | IntegerAttr
    )


def _outside_values(op: Operation) -> list[SSAValue]:
    """The values the body of `op` reads from outside it."""
    inside = set(op.walk())
    return [
        v
        for inner in op.walk()
        if inner is not op
        for v in inner.operands
        if v.owner not in inside and getattr(v, "block", None) not in op.body.blocks
    ]


#: The most elements a folded result may have: a larger one (a whole
#: weight tensor converted) stays a kernel rather than a constant in the IR.
MAX_FOLDED_ELEMENTS = 1 << 16


def foldable(op: LinalgStructuredOperation) -> bool:
    """Whether `op` computes a constant from constants (module doc)."""
    if not op.res or not op.inputs or not all(map(_tensor_constant, op.inputs)):
        return False
    if DEQUANTIZE in op.attributes:  # the product reads the stored width
        return False
    if any(
        not isinstance(r.type, TensorType)
        or r.type.element_count() > MAX_FOLDED_ELEMENTS
        for r in op.res
    ):
        return False
    kinds = {str(t.data) for t in op.get_iterator_types().data}
    if kinds != {"parallel"} or any(isinstance(o, IndexOp) for o in op.walk()):
        return False
    outputs = op.body.block.args[len(op.inputs) :]
    if any(arg.uses for arg in outputs):
        return False
    return all(_scalar_constant(v) for v in _outside_values(op))


class FoldConstantOps(RewritePattern):
    """An all-parallel linalg op on constant tensors -> `arith.constant` of
    its value (module doc); a failing `cf.assert` is a located error."""

    def __init__(self, pass_name: str):
        self.pass_name = pass_name

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: LinalgStructuredOperation, rewriter: PatternRewriter
    ) -> None:
        if not isinstance(op, GenericOp) and not op.name.startswith("linalg."):
            return
        if not foldable(op):
            return
        values = _evaluate(op, self.pass_name)
        if values is None:
            return
        constants = [
            arith.ConstantOp(_dense(result.type, value))  # type: ignore[arg-type]
            for result, value in zip(op.res, values, strict=True)
        ]
        # At the top of the block, as MLIR's canonicalizer hoists constants:
        # their globals then come before the kernels that read them.
        block = op.parent_block()
        assert block is not None
        for constant in constants:
            constant.location = op.location
            rewriter.insert(constant, InsertPoint.at_start(block))
        producers = [v.owner for v in (*op.operands, *_outside_values(op))]
        rewriter.replace(op, [], [c.result for c in constants])
        for producer in dict.fromkeys(producers):
            if isinstance(producer, Operation):
                erase_unused(rewriter, producer)


def _evaluate(op: LinalgStructuredOperation, pass_name: str) -> list[np.ndarray] | None:
    """The results of `op` on its constant operands, by the interpreter;
    None where the interpreter cannot run it (the op stays a kernel)."""
    # Loaded here, where a constant op is evaluated: a lowering of other
    # programs does not pay for the interpreter's import.
    import numpy as np

    from coopmlir.interpreter import make_interpreter
    from coopmlir.interpreter.cf import AssertionFailed

    module = op.get_toplevel_object()
    assert isinstance(module, ModuleOp)
    interp = make_interpreter(module)
    for value in dict.fromkeys([*op.inputs, *_outside_values(op)]):
        owner = value.owner
        assert isinstance(owner, arith.ConstantOp)
        interp.set_values(zip(owner.results, interp.run_op(owner, ()), strict=True))
    # The outputs' values are never read (`foldable`): zeros stand for them.
    for value in op.outputs:
        t = value.type
        assert isinstance(t, TensorType)
        if not t.has_static_shape():  # sized at run time: no constant
            return None
        interp.set_values([(value, np.zeros(t.get_shape()))])
    try:
        results = interp.run_op(op, interp.get_values(op.operands))
    except AssertionFailed as err:
        raise CompileError.at(
            err.location or location_of(op),
            f"{pass_name}: '{op.name}' on constants, evaluated at compile time: {err}",
        ) from None
    except Exception:  # noqa: BLE001 - what the interpreter cannot run stays a kernel
        return None
    return [np.asarray(v) for v in results]


def _dense(t: TensorType, value: np.ndarray) -> DenseIntOrFPElementsAttr:
    """`value` as a constant of type `t`; integers wrap to the element's
    width as the arithmetic that made them does (the interpreter may hand
    back wider or floating-point arrays), written as signed (signless) values."""
    import numpy as np

    flat = np.broadcast_to(value, t.get_shape()).reshape(-1)
    element = t.get_element_type()
    if isinstance(element, IntegerType):
        width = element.width.data
        ints = flat.astype(np.int64)
        if width == 1:
            flat = ints & 1
        elif width >= 64:
            flat = ints
        else:
            half = 1 << (width - 1)
            flat = (ints + half) % (2 * half) - half
    return DenseIntOrFPElementsAttr.from_list(t, flat.tolist())
