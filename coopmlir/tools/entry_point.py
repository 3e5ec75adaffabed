"""Which functions coopmlir-run can run directly, and a located error for
the others.

coopmlir-run makes every argument on the host (random data or a .npy file)
and reads every result back. A cooperative matrix lives in the registers of
a subgroup, and a function that uses coopmat ops directly runs as one
subgroup in which each work-item holds its own vectors: neither can cross
that boundary. Such functions run when called from a kernel or a host
function that loads their inputs from memrefs and stores their results.
"""

from __future__ import annotations

from xdsl.dialects import func, gpu
from xdsl.dialects.builtin import VectorType
from xdsl.ir import Attribute

from coopmlir.diagnostics import CompileError, location_of
from coopmlir.dialects.coopmat import MatrixType
from coopmlir.interpreter import runs_as_subgroup
from coopmlir.tools.arguments import parameters


def _refusal(fn, why: str, hint: str) -> CompileError:
    name = fn.sym_name.data
    return CompileError.at(
        location_of(fn), f"@{name} cannot be run directly: {why}; {hint}"
    )


def _per_work_item(t: Attribute, subgroup: bool) -> str | None:
    """What makes values of type `t` impossible to pass from the host."""
    if isinstance(t, MatrixType):
        return "a cooperative matrix, held in the registers of a subgroup"
    if subgroup and isinstance(t, VectorType):
        return "a per-work-item vector (each work-item of the subgroup holds its own)"
    return None


def check_runnable(fn: func.FuncOp | gpu.FuncOp, subgroup_size: int | None) -> None:
    """Raise a `CompileError` at `fn` when coopmlir-run cannot supply its
    arguments or read its results."""
    if isinstance(fn, gpu.FuncOp):
        return  # a kernel: memref arguments, launched on its known block size
    subgroup = subgroup_size is not None or runs_as_subgroup(fn)
    hint = (
        "run a kernel, or a function whose arguments and results are memrefs "
        "and scalars (coopmat.load and coopmat.store move matrices in and out)"
    )
    for param in parameters(fn.body.block):
        why = _per_work_item(param.type, subgroup)
        if why is not None:
            raise _refusal(fn, f"argument %{param.name} : {param.type} is {why}", hint)
    for i, result in enumerate(fn.function_type.outputs.data):
        why = _per_work_item(result, subgroup)
        if why is not None:
            raise _refusal(fn, f"result {i} : {result} is {why}", hint)
