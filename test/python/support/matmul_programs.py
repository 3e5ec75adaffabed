"""Matmul programs at L0 (linalg.matmul, transposed operands, batch_matmul, the tensor
form) for every type combination, and random operands for them."""

from __future__ import annotations

import numpy as np

from coopmlir.elements import round_bf16

# (A element, C element, linalg.matmul attributes) per type combination.
TYPES = {
    "f16-f32": ("f16", "f32", ""),
    "f16-f16": ("f16", "f16", ""),
    "bf16-f32": ("bf16", "f32", ""),
    "s8-s32": ("i8", "i32", ""),
    "u8-u32": ("i8", "i32", "{cast = #linalg.type_fn<cast_unsigned>} "),
    "f32-f32": ("f32", "f32", ""),
}


def matmul_source(m: int, n: int, k: int, types: str, fill: bool) -> str:
    a, c, attrs = TYPES[types]
    zero = "0.0" if c.startswith("f") else "0"
    fill_ops = (
        f"  %zero = arith.constant {zero} : {c}\n"
        f"  linalg.fill ins(%zero : {c}) outs(%C : memref<{m}x{n}x{c}>)\n"
        if fill
        else ""
    )
    return (
        f"func.func @matmul(%A: memref<{m}x{k}x{a}>, %B: memref<{k}x{n}x{a}>, "
        f"%C: memref<{m}x{n}x{c}>) {{\n{fill_ops}"
        f"  linalg.matmul {attrs}ins(%A, %B : memref<{m}x{k}x{a}>, "
        f"memref<{k}x{n}x{a}>) outs(%C : memref<{m}x{n}x{c}>)\n"
        "  func.return\n}\n"
    )


def operand_shapes(m, n, k, transposed="", batch=None) -> list[tuple[int, ...]]:
    """Shapes of A, B and C; a transposed one (letter in `transposed`) is
    stored k x m, n x k or n x m."""
    a = (k, m) if "a" in transposed else (m, k)
    b = (n, k) if "b" in transposed else (k, n)
    c = (n, m) if "c" in transposed else (m, n)
    lead = () if batch is None else (batch,)
    return [lead + s for s in (a, b, c)]


def indexing_maps(transposed: str, batched: bool) -> str:
    """MLIR's `indexing_maps = [...]` for a (batch) matmul with the operands
    named in `transposed` stored transposed."""
    dims = ["d0", "d1", "d2", "d3"] if batched else ["d0", "d1", "d2"]
    *lead, m, n, k = dims
    pairs = {"a": (m, k), "b": (k, n), "c": (m, n)}
    maps = []
    for letter in "abc":
        first, second = pairs[letter]
        if letter in transposed:
            first, second = second, first
        results = ", ".join([*lead, first, second])
        maps.append(f"affine_map<({', '.join(dims)}) -> ({results})>")
    return f"indexing_maps = [{', '.join(maps)}] "


def contraction_source(
    m: int,
    n: int,
    k: int,
    types: str,
    *,
    transposed: str = "",
    named: bool = False,
    batch: int | None = None,
    fill: bool = False,
    tensor: str | None = None,
) -> str:
    """Function @matmul with one contraction: `linalg.matmul` or
    `linalg.batch_matmul` (with `indexing_maps` when `transposed`), or with
    `named`, `linalg.matmul_transpose_a|b`. `tensor`: see `check_source`."""
    a, c, attrs = TYPES[types]
    ta, tb, tc = (
        "x".join(map(str, s)) + f"x{e}"
        for s, e in zip(
            operand_shapes(m, n, k, transposed, batch), (a, a, c), strict=True
        )
    )
    kind = "tensor" if tensor else "memref"
    ta, tb, tc = (f"{kind}<{t}>" for t in (ta, tb, tc))
    if named:
        name, maps = f"matmul_transpose_{transposed}", ""
    else:
        name = "batch_matmul" if batch is not None else "matmul"
        maps = indexing_maps(transposed, batch is not None) if transposed else ""
    zero = "0.0" if c.startswith("f") else "0"
    ins = f"ins(%A, %B : {ta}, {tb})"
    if tensor is None:
        body = (
            f"  %zero = arith.constant {zero} : {c}\n"
            f"  linalg.fill ins(%zero : {c}) outs(%C : {tc})\n"
            if fill
            else ""
        )
        body += f"  linalg.{name} {maps}{attrs}{ins} outs(%C : {tc})\n"
        head = f"%A: {ta}, %B: {tb}, %C: {tc}) {{"
        ret = "  func.return\n"
    elif tensor == "empty":
        body = (
            f"  %zero = arith.constant {zero} : {c}\n"
            f"  %empty = tensor.empty() : {tc}\n"
            f"  %init = linalg.fill ins(%zero : {c}) outs(%empty : {tc}) -> {tc}\n"
            f"  %D = linalg.{name} {maps}{attrs}{ins} outs(%init : {tc}) -> {tc}\n"
        )
        head = f"%A: {ta}, %B: {tb}) -> {tc} {{"
        ret = f"  func.return %D : {tc}\n"
    else:
        body = f"  %D = linalg.{name} {maps}{attrs}{ins} outs(%C : {tc}) -> {tc}\n"
        head = f"%A: {ta}, %B: {tb}, %C: {tc}) -> {tc} {{"
        ret = f"  func.return %D : {tc}\n"
    return f"func.func @matmul({head}\n{body}{ret}}}\n"


def random_operands_of(shapes, types, rng) -> list[np.ndarray]:
    a, c, _ = TYPES[types]
    if a == "i8":
        ops = [rng.integers(-128, 128, size=s).astype(np.int8) for s in shapes[:2]]
        return [*ops, rng.integers(-1000, 1000, size=shapes[2]).astype(np.int32)]
    cast = {
        "f16": lambda x: x.astype(np.float16),
        "bf16": lambda x: round_bf16(x.astype(np.float32)),
        "f32": lambda x: x.astype(np.float32),
    }
    return [
        cast[t](rng.uniform(-1, 1, size=s))
        for t, s in zip((a, a, c), shapes, strict=True)
    ]


def matmul_source_by_element(
    m: int, n: int, k: int, a: str, c: str, unsigned: bool = False
) -> str:
    """@matmul on memrefs of elements `a` (A, B) and `c` (C), no fill."""
    cast = " {cast = #linalg.type_fn<cast_unsigned>}" if unsigned else ""
    return f"""
func.func @matmul(%A: memref<{m}x{k}x{a}>, %B: memref<{k}x{n}x{a}>, %C: memref<{m}x{n}x{c}>) {{
  linalg.matmul{cast} ins(%A, %B : memref<{m}x{k}x{a}>, memref<{k}x{n}x{a}>) outs(%C : memref<{m}x{n}x{c}>)
  func.return
}}
"""
