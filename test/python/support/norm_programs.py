"""LayerNorm and RMSNorm programs on tensors, as torch-mlir decomposes them
(one generic per step: sum reductions into [..., 1], broadcasts back, eps,
rsqrt, scale, shift; an f16 model widened to f32 and narrowed at the end),
or as the named op; their inputs; and the reference (numpy, f64)."""

from __future__ import annotations

import numpy as np

from coopmlir.interpreter.norm import row_norm

NP = {"f16": np.float16, "f32": np.float32}


def norm_program(
    kind: str,
    shape: tuple[int, ...],
    ty: str = "f32",
    affine: bool = True,
    eps: float = 1e-5,
    axis: int = -1,
    count: int | None = None,
) -> str:
    """`@norm(x[, scale, shift]) -> y` of `kind` ("layer" or "rms") over
    `axis` (a near miss unless the last), dividing the sums by `count`
    (default: the row length; another count is a near miss)."""
    rank = len(shape)
    axis %= rank
    n = count or shape[axis]
    dims = ", ".join(f"d{i}" for i in range(rank))
    full = f"affine_map<({dims}) -> ({dims})>"
    stat_idx = ", ".join("0" if i == axis else f"d{i}" for i in range(rank))
    stat = f"affine_map<({dims}) -> ({stat_idx})>"
    vec = f"affine_map<({dims}) -> (d{axis})>"
    par = ", ".join(['"parallel"'] * rank)
    red = ", ".join('"reduction"' if i == axis else '"parallel"' for i in range(rank))
    shape_s = "x".join(map(str, shape))
    stat_shape = "x".join("1" if i == axis else str(d) for i, d in enumerate(shape))
    T, S = f"tensor<{shape_s}xf32>", f"tensor<{stat_shape}xf32>"
    X = f"tensor<{shape_s}x{ty}>"
    V = f"tensor<{shape[axis]}x{ty}>"
    lines: list[str] = []
    counter = iter(range(1000))

    typed: dict[str, str] = {"%x": X, "%scale": V, "%shift": V}

    def element(t: str) -> str:
        return t.rsplit("x", 1)[-1].rstrip(">")

    def generic(maps, iters, ins, out_type, body, init=None) -> str:
        """A linalg.generic reading `ins` (names) into `out_type`."""
        name = f"%v{next(counter)}"
        if init is None:
            init = f"%e{name[1:]}"
            lines.append(f"{init} = tensor.empty() : {out_type}")
        args = ", ".join(f"%a{i}: {element(typed[v])}" for i, v in enumerate(ins))
        lines.append(
            f"{name} = linalg.generic {{indexing_maps = [{', '.join(maps)}], "
            f"iterator_types = [{iters}]}} ins({', '.join(ins)} : "
            f"{', '.join(typed[v] for v in ins)}) outs({init} : {out_type}) {{\n"
            f"^bb0({args}, %o: {element(out_type)}):\n{body}\n}} -> {out_type}"
        )
        typed[name] = out_type
        return name

    x = "%x"
    if ty != "f32":
        x = generic(
            [full, full],
            par,
            [x],
            T,
            "%w = arith.extf %a0 : f16 to f32\nlinalg.yield %w : f32",
        )

    def mean(value: str) -> str:
        lines.append(
            f"%z{next(counter)} = linalg.fill ins(%zero : f32) outs(%es : {S}) -> {S}"
        )
        zero = lines[-1].split(" ")[0]
        total = generic(
            [full, stat],
            red,
            [value],
            S,
            "%w = arith.addf %a0, %o : f32\nlinalg.yield %w : f32",
            init=zero,
        )
        return generic(
            [full, full],
            par,
            [total],
            S,
            "%w = arith.divf %a0, %n : f32\nlinalg.yield %w : f32",
        )

    def binary(op: str, a: str, b: str, b_map: str = full, widen: bool = False):
        """`a op b` over the rows, b read through `b_map` (widened from f16)."""
        extf = "%b = arith.extf %a1 : f16 to f32\n" if widen else ""
        b_arg = "%b" if widen else "%a1"
        return generic(
            [full, b_map, full],
            par,
            [a, b],
            T,
            f"{extf}%w = arith.{op} %a0, {b_arg} : f32\nlinalg.yield %w : f32",
        )

    lines.append(f"%es = tensor.empty() : {S}")
    row = binary("subf", x, mean(x), stat) if kind == "layer" else x
    var = mean(binary("mulf", row, row))
    rstd = generic(
        [full, full],
        par,
        [var],
        S,
        "%w = arith.addf %a0, %eps : f32\n%r = math.rsqrt %w : f32\nlinalg.yield %r : f32",
    )
    y = binary("mulf", row, rstd, stat)
    if affine:
        y = binary("mulf", y, "%scale", vec, widen=ty != "f32")
        if kind == "layer":
            y = binary("addf", y, "%shift", vec, widen=ty != "f32")
    if ty != "f32":
        y = generic(
            [full, full],
            par,
            [y],
            X,
            "%w = arith.truncf %a0 : f32 to f16\nlinalg.yield %w : f16",
        )
    params = ["%x: " + X]
    if affine:
        params.append(f"%scale: {V}")
        if kind == "layer":
            params.append(f"%shift: {V}")
    body = "\n".join(lines)
    return (
        f"func.func @norm({', '.join(params)}) -> {X} {{\n"
        f"%zero = arith.constant 0.0 : f32\n%n = arith.constant {float(n)!r} : f32\n"
        f"%eps = arith.constant {eps:e} : f32\n{body}\nfunc.return {y} : {X}\n}}\n"
    )


def norm_op_program(kind: str, shape: tuple[int, ...], ty: str, eps: float) -> str:
    """`@norm` as the named op, on memrefs (the output last)."""
    X = f"memref<{'x'.join(map(str, shape))}x{ty}>"
    V = f"memref<{shape[-1]}x{ty}>"
    vectors = ["%scale", "%shift"] if kind == "layer" else ["%scale"]
    ins = ", ".join(["%x", *vectors])
    types = ", ".join([X] + [V] * len(vectors))
    params = ", ".join([f"%x: {X}"] + [f"{v}: {V}" for v in vectors] + [f"%y: {X}"])
    op = "layer_norm" if kind == "layer" else "rms_norm"
    return (
        f"func.func @norm({params}) {{\n"
        f"  coopmlir.{op} {{epsilon = {eps:e} : f32}} ins({ins} : {types}) "
        f"outs(%y : {X})\n  func.return\n}}\n"
    )


def norm_inputs(
    kind: str, shape: tuple[int, ...], ty: str, affine: bool = True, seed: int = 0
) -> list[np.ndarray]:
    """x with an offset per row (LayerNorm must center it), scale and shift."""
    rng = np.random.default_rng(seed)
    offset = rng.uniform(-4, 4, shape[:-1] + (1,))
    x = (rng.standard_normal(shape) * 2 + offset).astype(NP[ty])
    arrays = [x]
    if affine:
        arrays.append(rng.uniform(0.5, 1.5, shape[-1]).astype(NP[ty]))
        if kind == "layer":
            arrays.append(rng.uniform(-0.5, 0.5, shape[-1]).astype(NP[ty]))
    return arrays


def norm_reference(kind: str, arrays, eps: float) -> np.ndarray:
    return row_norm(arrays[0], eps, kind == "layer", *arrays[1:])
