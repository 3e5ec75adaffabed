"""f16 and bf16 activations computed in f32 and rounded once, as PyTorch
computes them.

PyTorch evaluates a half-precision element-wise op such as GELU or SiLU in
float and rounds its result once ("opmath"). torch-mlir decomposes the same
activation into a chain of f16 ops (`fpowi`, `mulf`, `tanh`, ...), each
rounded to f16 in the program's own semantics. Computing that chain in f32
is closer to PyTorch's output: GPT-2's fc1 + GELU as exported is within an
f16 ulp of PyTorch's where the f16 chain is up to 16 off, and its error
halved. The f32 folds of constant_folding.py then apply too. Speed moved
by about a point either way on an H200 (the f16 chain runs two elements
per f16x2 instruction): bench/RESULTS.md "Sixteenth session".

`widen_activations` rewrites the bodies of element-wise `linalg.generic`s
that apply a math function (`FUNCTIONS`: tanh, erf, exp, ...) to f16 or
bf16 values: every float op on those values is computed in f32, the body's
arguments are extended where such an op reads them, and a result goes
back to its type (`truncf`) only where the body yields it or an op that is
not widened reads it. Rounding points stay: a `truncf` the program writes,
and the result of each front-end op that element-wise fusion merged into
the body (`ROUNDED`: PyTorch rounds `torch.log(x.abs() + 1)` to f16 after
each op, and computes inside each op in f32). A tanh that is not GELU's
`1 + tanh(u)` stays an f16 tanh (f16's instruction is faster than its f32
expansion). Other bodies (a dequantize's integer-to-f16 arithmetic, a
plain f16 sum, an absolute value) are left alone. bf16 bodies are computed
in f32 by every kernel already (scalar_expansions.widened_bf16): for them
only the folds and the rounding points are new. The `exact-f16-math`
option of lower-to-coopmat keeps f16 bodies as written.
"""

from __future__ import annotations

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    FloatAttr,
    ModuleOp,
)
from xdsl.dialects.linalg.ops import GenericOp
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from coopmlir.passes.lower_to_coopmat.constant_folding import remove_dead
from coopmlir.passes.lower_to_coopmat.scalar_expansions import FLOAT_ARITH_OPS
from coopmlir.passes.lower_to_coopmat.sigmoid_form import one_plus
from coopmlir.passes.recognize_frontend.elementwise_fusion import ROUNDED

F32 = Float32Type()


def _narrow(t: Attribute, f16: bool) -> bool:
    return isinstance(t, BFloat16Type) or (f16 and isinstance(t, Float16Type))


#: The math functions whose use makes a body an activation: those a GPU
#: evaluates in f32 whatever the type (not absf, fma, floor and the like,
#: which f16 has as instructions).
FUNCTIONS = frozenset(
    f"math.{name}"
    for name in (
        "tanh erf erfc exp exp2 expm1 log log1p log2 log10 sqrt rsqrt powf "
        "fpowi sin cos tan atan atan2 sinh cosh asin acos"
    ).split()
)


def _is_math(op: Operation) -> bool:
    return op.name.startswith("math.")


def _widened_op(op: Operation, f16: bool) -> bool:
    """Whether `op` is computed in f32: an arithmetic or math op that reads or
    yields narrow floats (the second operand of `select` and its result
    decide for it)."""
    if not (_is_math(op) or isinstance(op, FLOAT_ARITH_OPS)):
        return False
    if isinstance(op, math.TanhOp) and not _in_one_plus(op):
        return False  # f16's own tanh instruction is faster (scalar_expansions)
    values = [*op.results, *op.operands]
    return any(_narrow(v.type, f16) for v in values)


def _in_one_plus(tanh: Operation) -> bool:
    """Whether the tanh's only use is `1 + tanh(u)` (sigmoid_form's)."""
    uses = list(tanh.results[0].uses)
    return len(uses) == 1 and one_plus(uses[0].operation, math.TanhOp) is tanh


def applies_math_to_narrow(generic: GenericOp, f16: bool) -> bool:
    """Whether `generic` is element-wise and applies a math function to f16
    (with `f16`) or bf16 values."""
    if any(str(t.data) != "parallel" for t in generic.iterator_types):
        return False
    return any(
        op.name in FUNCTIONS and any(_narrow(r.type, f16) for r in op.results)
        for op in generic.body.block.ops
    )


def widen_activations(module: ModuleOp, f16: bool = True) -> None:
    """Compute the math-applying narrow bodies of `module` in f32 (f16 ones
    only with `f16`); the `ROUNDED` marks of element-wise fusion are
    dropped."""
    for generic in [op for op in module.walk() if isinstance(op, GenericOp)]:
        if applies_math_to_narrow(generic, f16):
            _widen_body(generic.body.block, f16)
        for op in generic.body.block.ops:
            op.attributes.pop(ROUNDED, None)


def _widen_body(block: Block, f16: bool) -> None:
    wide: dict[SSAValue, SSAValue] = {}

    def widened(v: SSAValue, before: Operation) -> SSAValue:
        """`v` in f32: its f32 value, or `v` extended (once)."""
        if not _narrow(v.type, f16):
            return v
        if v not in wide:
            owner = v.owner
            if isinstance(owner, arith.ConstantOp):  # in the body or outside
                value = owner.value.value.data  # pyright: ignore
                made = arith.ConstantOp(FloatAttr(value, F32))  # exact
            else:
                made = arith.ExtFOp(v, F32)
            Rewriter.insert_op(made, InsertPoint.before(before))
            wide[v] = made.results[0]
        return wide[v]

    for op in list(block.ops):
        if (
            isinstance(op, arith.ExtFOp)
            and op.result.type == F32
            and _narrow(op.input.type, f16)
        ):
            op.result.replace_all_uses_with(widened(op.input, op))
            continue
        if not _widened_op(op, f16):
            continue
        operands = [widened(v, op) for v in op.operands]
        computed = op.create(
            operands=operands,
            result_types=[F32 if _narrow(r.type, f16) else r.type for r in op.results],
            properties=dict(op.properties),
            attributes=dict(op.attributes),
        )
        computed.attributes.pop(ROUNDED, None)
        Rewriter.insert_op(computed, InsertPoint.before(op))
        for old, new in zip(op.results, computed.results, strict=True):
            if old.type != new.type:
                rounded = arith.TruncFOp(new, old.type)
                Rewriter.insert_op(rounded, InsertPoint.before(op))
                if ROUNDED not in op.attributes:  # else read rounded
                    wide[rounded.result] = new
                new = rounded.result
            old.replace_all_uses_with(new)
        Rewriter.erase_op(op)
    remove_dead(block)  # roundings only a widened op read, the old constants
