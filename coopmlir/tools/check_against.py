"""coopmlir-run --check-against: the reference function must take the same
argument types and give the same result types, in the same order; arguments
are matched by position (mlir-opt renames them `%arg0`, `%arg1`, ...). A
reference in tensor form, checked against a function on memrefs, is first
bufferized as the pipeline bufferizes it (`bufferized_reference`)."""

from __future__ import annotations

from xdsl.dialects.builtin import MemRefType, TensorType

from coopmlir.diagnostics import CompileError, location_of
from coopmlir.interpreter import find_function
from coopmlir.tools.arguments import Parameter, parameters


def _types(fn) -> tuple[list, list]:
    inputs = [p.type for p in parameters(fn.body.block)]
    return inputs, list(fn.function_type.outputs.data)


def _on_tensors(fn) -> bool:
    args, results = _types(fn)
    return any(isinstance(t, TensorType) for t in args + results)


def _on_memrefs(fn) -> bool:
    return any(isinstance(t, MemRefType) for t in _types(fn)[0])


def bufferized_reference(fn, ref_module, ref_fn, ref_path: str):
    """The reference module and function to run against `fn`: when the
    reference is on tensors and `fn` on memrefs (a lowered program checked
    against its source), a copy of the reference as recognize-frontend
    leaves it, the pass that lower-to-coopmat starts with: the same forms,
    bufferized the same way, so its signature is the lowered one (results
    become out-params). Otherwise the reference itself."""
    if not (_on_tensors(ref_fn) and _on_memrefs(fn)):
        return ref_module, ref_fn
    # The passes are imported for a tensor-form reference only.
    from coopmlir.passes.recognize_frontend import recognize_frontend

    bufferized = ref_module.clone()
    try:
        recognize_frontend(bufferized)
    except CompileError as err:
        raise CompileError(
            f"{err}\nnote: --check-against bufferizes {ref_path} as "
            "lower-to-coopmat does (recognize-frontend) to compare it with a "
            "function on memrefs"
        ) from None
    return bufferized, find_function(bufferized, ref_fn.sym_name.data)


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
    if _on_tensors(ref_fn) and _on_memrefs(fn):
        hint = (
            f"{ref_path} stays in tensor form after recognize-frontend (it "
            "has no op lower-to-coopmat lowers): check against a function on "
            "memrefs"
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
