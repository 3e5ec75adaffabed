"""The run-time shapes of an entry point's arguments: static ones from the
type, dynamic ones (`memref<?x?xf16>`) from `--shape NAME=DIMS` or from the
array given with `--input`; checked before anything is allocated."""

from __future__ import annotations

import numpy as np
from xdsl.ir import Operation

from coopmlir.diagnostics import CompileError, location_of
from coopmlir.tools.arguments import ArgumentError, Parameter


def parse_shapes(specs: list[str], params: list[Parameter]) -> dict[str, tuple]:
    """`--shape NAME=AxBxC` items by argument name: a known argument, one
    non-negative size per dimension, equal to the type's static sizes."""
    by_name = {p.name: p for p in params}
    shapes: dict[str, tuple] = {}
    for spec in specs:
        name, eq, text = spec.partition("=")
        name = name.lstrip("%")
        if not eq:
            raise ArgumentError(f"--shape {spec}: expected NAME=DIMS, as A=33x45")
        param = by_name.get(name)
        if param is None:
            raise ArgumentError(
                f"--shape {spec}: no argument %{name} (arguments: "
                + ", ".join(f"%{n}" for n in sorted(by_name))
                + ")"
            )
        if name in shapes:
            raise ArgumentError(f"--shape {spec}: %{name} is given twice")
        try:
            dims = tuple(int(d) for d in text.split("x"))
        except ValueError:
            dims = (-1,)
        if not dims or min(dims) < 0:
            raise ArgumentError(
                f"--shape {spec}: sizes must be integers >= 0 joined by 'x'"
            )
        if len(dims) != len(param.shape) or any(
            want >= 0 and want != got
            for want, got in zip(param.shape, dims, strict=False)
        ):
            raise ArgumentError(f"--shape {spec}: does not fit {param.describe()}")
        shapes[name] = dims
    return shapes


def run_time_shapes(
    fn: Operation,
    params: list[Parameter],
    shapes: dict[str, tuple],
    inputs: dict[str, np.ndarray],
) -> dict[str, tuple]:
    """Every argument's shape at run time: `--input`'s array, else `--shape`,
    else the static type. A dynamic argument with neither is a located error
    at the function."""
    resolved: dict[str, tuple] = {}
    for param in params:
        if param.name in inputs and param.name in shapes:
            raise ArgumentError(
                f"--shape {param.name}=...: %{param.name} comes from --input"
            )
        if param.name in inputs:
            resolved[param.name] = np.shape(inputs[param.name])
        elif param.name in shapes:
            resolved[param.name] = shapes[param.name]
        elif any(d < 0 for d in param.shape):
            raise CompileError.at(
                location_of(fn),
                f"{param.describe()} has a dynamic shape: give its sizes with "
                f"--shape {param.name}=DIMS ({len(param.shape)} sizes joined by "
                f"'x') or an array with --input {param.name}=FILE.npy",
            )
        else:
            resolved[param.name] = param.shape
    return resolved
