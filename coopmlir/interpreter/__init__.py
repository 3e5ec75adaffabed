"""The xDSL interpreter as coopmlir's oracle: runs L0 (linalg), L1 (coopmat
kernels) and L2 (SIMT kernels) on numpy data.

    from coopmlir.interpreter import run_function
    run_function(module, "matmul", [A, B, C])   # A, B, C: numpy arrays, C updated

See `spmd` for the kernel execution model and `values` for how MLIR values
are held; docs/kernels.md for the kernel conventions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

# Aliased: the submodules coopmlir.interpreter.func/.gpu would shadow them.
from xdsl.dialects import func as func_dialect
from xdsl.dialects import gpu as gpu_dialect
from xdsl.dialects.builtin import ModuleOp
from xdsl.interpreter import Interpreter
from xdsl.utils.exceptions import InterpretationError

from coopmlir.diagnostics import location_of
from coopmlir.dialects.coopmat import SpecConstantOp
from coopmlir.interpreter.specialize import specialize_matrices
from coopmlir.interpreter.spmd import Launch
from coopmlir.interpreter.values import InterpretationFailure

DEFAULT_SUBGROUP_SIZE = 32


@dataclass
class CoopInterpreter(Interpreter):
    """An xDSL interpreter that knows the current kernel launch, if any."""

    launch: Launch | None = None
    default_subgroup_size: int = DEFAULT_SUBGROUP_SIZE
    #: The values of `coopmat.spec_constant`s by name (the others: defaults).
    spec_values: dict[str, int] = field(default_factory=dict)

    def _run_op(self, op, inputs):
        """xDSL's, with each failure located at the innermost op that failed."""
        try:
            return super()._run_op(op, inputs)
        except InterpretationFailure as err:
            if err.location is None:
                err.location = location_of(op)
            raise
        except InterpretationError as err:  # e.g. an op without an implementation
            failure = InterpretationFailure(str(err))
            failure.location = location_of(op)
            raise failure from err


def make_interpreter(
    module: ModuleOp,
    subgroup_size: int = DEFAULT_SUBGROUP_SIZE,
    spec_values: dict[str, int] | None = None,
) -> CoopInterpreter:
    from coopmlir.interpreter.arith import ArithFunctions, MathFunctions
    from coopmlir.interpreter.attention import AttentionFunctions
    from coopmlir.interpreter.cf import CfFunctions
    from coopmlir.interpreter.chain import ChainFunctions
    from coopmlir.interpreter.coopmat import CoopmatFunctions
    from coopmlir.interpreter.decode_attention import DecodeAttentionFunctions
    from coopmlir.interpreter.func import FuncFunctions
    from coopmlir.interpreter.gpu import GpuFunctions
    from coopmlir.interpreter.grouped_matmul import GroupedMatmulFunctions
    from coopmlir.interpreter.linalg import LinalgFunctions
    from coopmlir.interpreter.matvec import MatvecFunctions
    from coopmlir.interpreter.memref import MemRefFunctions
    from coopmlir.interpreter.norm import NormFunctions
    from coopmlir.interpreter.scf import ScfFunctions
    from coopmlir.interpreter.tensor import TensorFunctions
    from coopmlir.interpreter.vector import VectorFunctions

    interp = CoopInterpreter(
        module, default_subgroup_size=subgroup_size, spec_values=dict(spec_values or {})
    )
    for functions in (
        ArithFunctions(),
        CfFunctions(),
        AttentionFunctions(),
        ChainFunctions(),
        MathFunctions(),
        CoopmatFunctions(),
        DecodeAttentionFunctions(),
        FuncFunctions(),
        GpuFunctions(),
        GroupedMatmulFunctions(),
        MatvecFunctions(),
        LinalgFunctions(),
        MemRefFunctions(),
        NormFunctions(),
        ScfFunctions(),
        TensorFunctions(),
        VectorFunctions(),
    ):
        interp.register_implementations(functions)
    return interp


def find_function(module: ModuleOp, name: str):
    """The func.func or gpu.func (inside any gpu.module) called `name`."""
    functions = [
        op
        for op in module.walk()
        if isinstance(op, func_dialect.FuncOp | gpu_dialect.FuncOp)
    ]
    for op in functions:
        if op.sym_name.data == name:
            return op
    known = ", ".join(f"@{op.sym_name.data}" for op in functions) or "none"
    raise InterpretationFailure(f"no function @{name} in the module ({known})")


def runs_as_subgroup(fn: func_dialect.FuncOp) -> bool:
    """A func.func using coopmat or gpu id ops directly runs as one subgroup
    (a host function's `coopmat.spec_constant`s are host values)."""
    return any(
        (op.dialect_name() == "coopmat" and not isinstance(op, SpecConstantOp))
        or (op.dialect_name() == "gpu" and not isinstance(op, gpu_dialect.LaunchFuncOp))
        for op in fn.walk()
    )


def run_function(
    module: ModuleOp,
    name: str,
    args: Sequence,
    *,
    subgroup_size: int | None = None,
    grid: Sequence[int] = (1, 1, 1),
    block: Sequence[int] | None = None,
    spec_values: dict[str, int] | None = None,
) -> tuple:
    """Run function `name` of `module` on `args` (numpy arrays and scalars;
    memrefs are updated in place) and return its results.

    A host `func.func` runs as written (kernels it launches run on the SPMD
    model). A `gpu.func` kernel runs on `grid` x `block` (default: its
    `known_block_size`). A `func.func` that uses coopmat or gpu id ops
    directly, or any `func.func` that launches no kernel when `subgroup_size`
    is given, runs as a single subgroup of `subgroup_size` work-items
    (default: its own, `kernel_abi.subgroup_size_of`, else 32): per-lane
    arguments then have a leading axis of that length. The kernels a host
    function launches run with subgroups of `subgroup_size` (default: their
    own, else 32). Raises `InterpretationFailure` for undefined
    behaviour or unsupported ops. `spec_values`: the values of the module's
    `coopmat.spec_constant`s by name (the rest take their defaults).
    """
    from coopmlir.interpreter.gpu import kernel_subgroup_size, run_kernel

    if spec_values:  # matrix sizes: the types of a copy (a driver's job)
        module = specialize_matrices(module, spec_values)
    interp = make_interpreter(
        module, subgroup_size or DEFAULT_SUBGROUP_SIZE, spec_values
    )
    target = find_function(module, name)
    try:
        with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
            if isinstance(target, gpu_dialect.FuncOp):
                if block is None:
                    known = target.known_block_size
                    if known is None:
                        raise InterpretationFailure(
                            f"@{name}: give `block` or known_block_size"
                        )
                    block = known.get_values()
                run_kernel(interp, target, grid, block, args)
                return ()
            launches = any(
                isinstance(op, gpu_dialect.LaunchFuncOp) for op in target.walk()
            )
            if isinstance(target, func_dialect.FuncOp) and (
                (subgroup_size is not None and not launches) or runs_as_subgroup(target)
            ):
                size = subgroup_size or kernel_subgroup_size(
                    target, DEFAULT_SUBGROUP_SIZE
                )
                interp.launch = Launch((1, 1, 1), (size, 1, 1), size)
            return interp.call_op(target, tuple(args))
    except InterpretationFailure as err:
        if err.location is None:  # about the launch as a whole: at the function
            err.location = location_of(target)
        raise
    except InterpretationError as err:
        failure = InterpretationFailure(str(err))
        failure.location = location_of(target)
        raise failure from err
    finally:
        interp.launch = None


__all__ = [
    "InterpretationFailure",
    "make_interpreter",
    "run_function",
    "runs_as_subgroup",
]
