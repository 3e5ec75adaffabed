"""Kernels around coopmat.reduce, coopmat.apply and coopmat.transpose, shared
by the interpreter, differential and lavapipe tests: each loads X (M x N,
accumulator, row-major), applies one op and stores the result to OUT."""

from __future__ import annotations

import numpy as np

from coopmlir.elements import BY_MLIR, round_bf16

#: How the interpreter holds each element type's values (bf16: float32).
NUMPY = {t: BY_MLIR[t].value_dtype for t in ("f16", "bf16", "f32", "i8", "i32")}


def mat(rows: int, cols: int, ty: str, use: str) -> str:
    return f"!coopmat.matrix<{rows}x{cols}x{ty}, {use}>"


def data(rng: np.random.Generator, shape, ty: str) -> np.ndarray:
    if ty.startswith("i"):
        low, high = (-128, 128) if ty == "i8" else (-100000, 100000)
        return rng.integers(low, high, size=shape).astype(NUMPY[ty])
    values = rng.uniform(-4, 4, size=shape).astype(np.float32)
    return round_bf16(values) if ty == "bf16" else values.astype(NUMPY[ty])


def reduce_shape(m: int, n: int, mode: str, compact: bool) -> tuple[int, int]:
    """The result shape: compact (M x 1, 1 x N, 1 x 1) or broadcast (M x N);
    quads (2x2 blocks) is always M/2 x N/2."""
    if mode == "quads":
        return m // 2, n // 2
    if not compact:
        return m, n
    return {"rows": (m, 1), "cols": (1, n), "both": (1, 1)}[mode]


def reduce_kernel(m, n, ty, kind, mode, result, unsigned=False):
    """(args, body) of a kernel: OUT = reduce kind mode X."""
    rm, rn = result
    src, dst = mat(m, n, ty, "acc"), mat(rm, rn, ty, "acc")
    flag = " {unsigned}" if unsigned else ""
    body = f"""
      %c0 = arith.constant 0 : index
      %x = coopmat.load %X[%c0, %c0] row_major : memref<{m}x{n}x{ty}> -> {src}
      %r = coopmat.reduce {kind} {mode} %x{flag} : {src} -> {dst}
      coopmat.store %r, %OUT[%c0, %c0] row_major : {dst}, memref<{rm}x{rn}x{ty}>"""
    args = f"%X: memref<{m}x{n}x{ty}>, %OUT: memref<{rm}x{rn}x{ty}>"
    return args, body


def reduce_reference(x, ty, kind, mode, result, unsigned=False) -> np.ndarray:
    """numpy's reduction, broadcast to the result shape (floats summed in f64)."""
    if mode == "quads":  # each 2x2 block: axes 1 and 3 of (M/2, 2, N/2, 2)
        x = x.reshape(x.shape[0] // 2, 2, x.shape[1] // 2, 2)
    axis = {"rows": (1,), "cols": (0,), "both": (0, 1), "quads": (1, 3)}[mode]
    if kind == "add":
        wide = np.int64 if ty.startswith("i") else np.float64
        value = x.astype(wide).sum(axis=axis, keepdims=True)
    else:
        view = x.view(f"u{x.itemsize}") if unsigned else x
        value = (np.max if kind == "max" else np.min)(view, axis=axis, keepdims=True)
        value = value.astype(x.dtype) if unsigned else value
    if ty.startswith("i"):
        value = value.astype(NUMPY[ty])  # wraps around
    elif ty == "bf16":
        value = round_bf16(value.astype(np.float32))
    else:
        value = value.astype(NUMPY[ty])
    if mode == "quads":
        return value.reshape(result)
    return np.broadcast_to(value, result).copy()


#: An apply body per element type family: a causal mask with a captured
#: scale, then (floats) an activation from math, (integers) a clamp.
APPLY_FLOAT = """
      ^bb0(%b_i: index, %b_j: index, %b_v: {ty}, %b_s: {ty}):
        %b_x = arith.mulf %b_v, %b_s : {ty}
        %b_e = math.tanh %b_x : {ty}
        %b_le = arith.cmpi ule, %b_j, %b_i : index
        %b_jt = arith.index_cast %b_j : index to i32
        %b_jf = arith.sitofp %b_jt : i32 to {ty}
        %b_masked = arith.select %b_le, %b_e, %b_jf : {ty}
        coopmat.yield %b_masked : {ty}"""
APPLY_INT = """
      ^bb0(%b_i: index, %b_j: index, %b_v: {ty}, %b_s: {ty}):
        %b_x = arith.muli %b_v, %b_s : {ty}
        %b_le = arith.cmpi ule, %b_j, %b_i : index
        %b_it = arith.index_cast %b_i : index to {ty}
        %b_masked = arith.select %b_le, %b_x, %b_it : {ty}
        coopmat.yield %b_masked : {ty}"""


def apply_kernel(m, n, ty):
    """(args, body): OUT = apply X with the scale S[0] captured."""
    t = mat(m, n, ty, "acc")
    region = (APPLY_INT if ty.startswith("i") else APPLY_FLOAT).format(ty=ty)
    body = f"""
      %c0 = arith.constant 0 : index
      %x = coopmat.load %X[%c0, %c0] row_major : memref<{m}x{n}x{ty}> -> {t}
      %s = memref.load %S[%c0] : memref<1x{ty}>
      %r = coopmat.apply %x captures(%s : {ty}) : {t} {{{region}
      }}
      coopmat.store %r, %OUT[%c0, %c0] row_major : {t}, memref<{m}x{n}x{ty}>"""
    args = f"%X: memref<{m}x{n}x{ty}>, %S: memref<1x{ty}>, %OUT: memref<{m}x{n}x{ty}>"
    return args, body


def to_type(value, ty: str) -> np.ndarray:
    """`value` rounded to element type `ty` (integers wrap around)."""
    if ty == "bf16":
        return round_bf16(np.asarray(value).astype(np.float32))
    return np.asarray(value).astype(NUMPY[ty])


def apply_reference(x, s, ty) -> np.ndarray:
    """The apply bodies above on numpy, rounding after each op."""
    i, j = np.indices(x.shape)
    if ty.startswith("i"):
        scaled = to_type(x.astype(np.int64) * int(s), ty)
        return np.where(j <= i, scaled, to_type(i, ty))
    scaled = to_type(x.astype(np.float64) * float(s), ty)
    activated = to_type(np.tanh(scaled.astype(np.float64)), ty)
    return np.where(j <= i, activated, to_type(j, ty))


def transpose_kernel(m, n, ty):
    """(args, body): OUT (N x M, row-major) = transpose X."""
    src, dst = mat(m, n, ty, "acc"), mat(n, m, ty, "b")
    body = f"""
      %c0 = arith.constant 0 : index
      %x = coopmat.load %X[%c0, %c0] row_major : memref<{m}x{n}x{ty}> -> {src}
      %t = coopmat.transpose %x : {src} -> {dst}
      coopmat.store %t, %OUT[%c0, %c0] row_major : {dst}, memref<{n}x{m}x{ty}>"""
    args = f"%X: memref<{m}x{n}x{ty}>, %OUT: memref<{n}x{m}x{ty}>"
    return args, body


def host_module(args: str, body: str, S: int) -> str:
    """A module whose host function @k launches the kernel @k (`args`,
    `body`) on one subgroup of S work-items, with the tinytc layout for S."""
    types = [a.split(": ", 1)[1] for a in args.split(", %")]
    names = [a.split(":", 1)[0].lstrip("%") for a in args.split(", %")]
    launch_args = ", ".join(f"%{n} : {t}" for n, t in zip(names, types, strict=True))
    return f"""
builtin.module attributes {{gpu.container_module}} {{
  func.func @k({args}) {{
    %c1 = arith.constant 1 : index
    %cs = arith.constant {S} : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%cs, %c1, %c1) args({launch_args})
    func.return
  }}
  gpu.module @kernels {{
    gpu.func @k({args}) kernel attributes {{gpu.known_block_size = array<i32: {S}, 1, 1>, coopmat.layout = #coopmat.layout<tinytc, subgroup = {S}>}} {{
{body}
      gpu.return
    }}
  }}
}}
"""
