"""coopmlir-run --check-against: the reference function must take the same
argument types and give the same result types, in the same order; arguments
are matched by position (mlir-opt renames them `%arg0`, `%arg1`, ...)."""

from __future__ import annotations

from xdsl.dialects.builtin import MemRefType, TensorType

from coopmlir.diagnostics import CompileError, location_of
from coopmlir.tools.arguments import Parameter, parameters


def _types(fn) -> tuple[list, list]:
    inputs = [p.type for p in parameters(fn.body.block)]
    return inputs, list(fn.function_type.outputs.data)


def _difference(ref: list, ours: list, what: str, paths, params) -> str | None:
    """What differs between the reference's and our types of `what`."""
    ref_path, path = paths
    if len(ref) != len(ours):
        return f"{len(ref)} {what}(s) in {ref_path}, {len(ours)} in {path}"
    for i, (theirs, mine) in enumerate(zip(ref, ours, strict=True)):
        if theirs != mine:
            name = f" (%{params[i].name})" if what == "argument" else ""
            return f"{what} {i}{name} is {theirs} in {ref_path}, {mine} in {path}"
    return None


def check_same_signature(fn, path: str, ref_fn, ref_path: str) -> None:
    """Raise a `CompileError` at the reference function saying what differs
    from `fn`, with a hint."""
    (args, results), (ref_args, ref_results) = _types(fn), _types(ref_fn)
    params = parameters(fn.body.block)
    paths = (ref_path, path)
    why = _difference(ref_args, args, "argument", paths, params) or _difference(
        ref_results, results, "result", paths, params
    )
    if why is None:
        return
    name = fn.sym_name.data
    tensors = any(isinstance(t, TensorType) for t in ref_args + ref_results)
    memrefs = any(isinstance(t, MemRefType) for t in args)
    if tensors and memrefs:
        hint = (
            f"the reference is in tensor form: bufferize it first "
            f"(coopmlir-opt {ref_path} --bufferize-matmul -o REF.mlir) and "
            "check against that"
        )
    else:
        hint = "check against a function with the same argument and result types"
    raise CompileError.at(
        location_of(ref_fn),
        f"@{name} differs from @{name} of {path}: {why}",
        f"{location_of(fn)}: note: @{name} of {path} is here\n"
        f"note: --check-against runs both on the same inputs; {hint}",
    )


def renamed_arguments(params: list[Parameter], ref_params: list[Parameter]) -> str:
    """A note when the reference names its arguments differently ('' if not)."""
    pairs = zip(params, ref_params, strict=True)
    listed = ", ".join(f"%{r.name} as %{p.name}" for p, r in pairs if p.name != r.name)
    if not listed:
        return ""
    return (
        "note: the reference names its arguments differently; "
        f"matched by position: {listed}"
    )
