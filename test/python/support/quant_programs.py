"""Quantized-weight programs (issue 28): x [M, K] times a weight [N, K]
stored quantized and dequantized by element-wise generics feeding the
product, as torch-mlir exports them (int8 per channel, int4 per group in
packed u8 nibbles) or as the documented `coopmlir.dequantize` generic
written by hand (llama.cpp-style blocks of 32: Q4_1 nibbles with a scale
and offset, Q8_0-style codes with a scale and an optional offset; 8-bit
float weights widened by `arith.extf`); their inputs and numpy's exact
dequantization. Used by test_weight_decode.py, test_decode_bits.py, the
pipeline fuzzer's `quant` family (quant_family.py) and bench/quant_gemm.py."""

from __future__ import annotations

import numpy as np

from coopmlir.elements import F8_FORMATS, f8_from_bits

ID = "affine_map<(d0, d1) -> (d0, d1)>"
ID3 = "affine_map<(d0, d1, d2) -> (d0, d1, d2)>"
BCAST3 = "affine_map<(d0, d1, d2) -> (d0, d1, 0)>"


def product(m: int, n: int, k: int, w: str, act: str = "f16") -> str:
    """x (m x k, `act`) times the transpose of `w` (n x k `act`), f32 out."""
    return f"""
  %cst = arith.constant 0.0 : f32
  %t = tensor.empty() : tensor<{k}x{n}x{act}>
  %wt = linalg.transpose ins({w} : tensor<{n}x{k}x{act}>) outs(%t : tensor<{k}x{n}x{act}>) permutation = [1, 0]
  %e = tensor.empty() : tensor<{m}x{n}xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<{m}x{k}x{act}>, tensor<{k}x{n}x{act}>) outs(%f : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  return %y : tensor<{m}x{n}xf32>
}}"""


def int4_parity_generic(n: int, k: int, group: int) -> str:
    """`%wf` [n, k] f16 from `%w` [n, k/2] i8 (two nibbles a byte, the
    even k in the high one) and `%s` [n, k/group] f16: one `coopmlir.dequantize`
    generic picking the nibble by the position's parity, minus 8, times the
    group's scale; `%we` is its empty init."""
    return f"""%wf = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1 floordiv 2)>, affine_map<(d0, d1) -> (d0, d1 floordiv {group})>, {ID}], iterator_types = ["parallel", "parallel"]}} ins(%w, %s : tensor<{n}x{k // 2}xi8>, tensor<{n}x{k // group}xf16>) outs(%we : tensor<{n}x{k}xf16>) attrs = {{coopmlir.dequantize}} {{
  ^bb0(%q: i8, %sc: f16, %o: f16):
    %kk = linalg.index 1 : index
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %odd = arith.remui %kk, %c2 : index
    %even = arith.subi %c1, %odd : index
    %c4 = arith.constant 4 : index
    %sh = arith.muli %even, %c4 : index
    %sh32 = arith.index_cast %sh : index to i32
    %b = arith.extui %q : i8 to i32
    %nib = arith.shrui %b, %sh32 : i32
    %c15 = arith.constant 15 : i32
    %lo = arith.andi %nib, %c15 : i32
    %c8 = arith.constant 8 : i32
    %c = arith.subi %lo, %c8 : i32
    %f = arith.sitofp %c : i32 to f16
    %v = arith.mulf %f, %sc : f16
    linalg.yield %v : f16
  }} -> tensor<{n}x{k}xf16>"""  # noqa: E501


def int8_program(m: int, n: int, k: int) -> str:
    """torch-mlir's `F.linear(x, w_i8.to(f16) * scale[:, None])`."""
    return f"""func.func @forward(%x: tensor<{m}x{k}xf16>, %w: tensor<{n}x{k}xi8>, %s: tensor<{n}xf16>) -> tensor<{m}x{n}xf32> {{
  %0 = tensor.empty() : tensor<{n}x{k}xf16>
  %1 = linalg.generic {{indexing_maps = [{ID}, {ID}], iterator_types = ["parallel", "parallel"]}} ins(%w : tensor<{n}x{k}xi8>) outs(%0 : tensor<{n}x{k}xf16>) {{
  ^bb0(%in: i8, %out: f16):
    %c = arith.sitofp %in : i8 to f16
    linalg.yield %c : f16
  }} -> tensor<{n}x{k}xf16>
  %se = tensor.expand_shape %s [[0, 1]] output_shape [{n}, 1] : tensor<{n}xf16> into tensor<{n}x1xf16>
  %2 = linalg.generic {{indexing_maps = [{ID}, affine_map<(d0, d1) -> (d0, 0)>, {ID}], iterator_types = ["parallel", "parallel"]}} ins(%1, %se : tensor<{n}x{k}xf16>, tensor<{n}x1xf16>) outs(%0 : tensor<{n}x{k}xf16>) {{
  ^bb0(%a: f16, %b: f16, %out: f16):
    %c = arith.mulf %a, %b : f16
    linalg.yield %c : f16
  }} -> tensor<{n}x{k}xf16>{product(m, n, k, "%2")}"""


def int4_program(m: int, n: int, k: int, g: int) -> str:
    """torch-mlir's int4 linear: nibbles `(w >> 4) & 0xF`, `w & 0xF` of u8
    bytes stacked, groups of `g` along K, minus a u8 zero point, times an
    f16 scale per group."""
    h, gs = k // 2, k // g
    unary = (
        f'{{indexing_maps = [{ID}, {ID}], iterator_types = ["parallel", "parallel"]}}'
    )
    par3 = '["parallel", "parallel", "parallel"]'
    return f"""func.func @forward(%x: tensor<{m}x{k}xf16>, %w: tensor<{n}x{h}xi8>, %zp: tensor<{n}x{gs}xi8>, %s: tensor<{n}x{gs}xf16>) -> tensor<{m}x{n}xf32> {{
  %c4 = arith.constant 4 : i32
  %c15 = arith.constant 15 : i32
  %0 = tensor.empty() : tensor<{n}x{h}xi32>
  %1 = linalg.generic {unary} ins(%w : tensor<{n}x{h}xi8>) outs(%0 : tensor<{n}x{h}xi32>) {{
  ^bb0(%in: i8, %out: i32):
    %c = arith.extui %in : i8 to i32
    linalg.yield %c : i32
  }} -> tensor<{n}x{h}xi32>
  %2 = linalg.generic {unary} ins(%1 : tensor<{n}x{h}xi32>) outs(%0 : tensor<{n}x{h}xi32>) {{
  ^bb0(%in: i32, %out: i32):
    %c = arith.shrsi %in, %c4 : i32
    %d = arith.andi %c, %c15 : i32
    linalg.yield %d : i32
  }} -> tensor<{n}x{h}xi32>
  %3 = linalg.generic {unary} ins(%1 : tensor<{n}x{h}xi32>) outs(%0 : tensor<{n}x{h}xi32>) {{
  ^bb0(%in: i32, %out: i32):
    %c = arith.andi %in, %c15 : i32
    linalg.yield %c : i32
  }} -> tensor<{n}x{h}xi32>
  %hi = tensor.expand_shape %2 [[0], [1, 2]] output_shape [{n}, {h}, 1] : tensor<{n}x{h}xi32> into tensor<{n}x{h}x1xi32>
  %lo = tensor.expand_shape %3 [[0], [1, 2]] output_shape [{n}, {h}, 1] : tensor<{n}x{h}xi32> into tensor<{n}x{h}x1xi32>
  %cat = tensor.concat dim(2) %hi, %lo : (tensor<{n}x{h}x1xi32>, tensor<{n}x{h}x1xi32>) -> tensor<{n}x{h}x2xi32>
  %q = tensor.collapse_shape %cat [[0], [1, 2]] : tensor<{n}x{h}x2xi32> into tensor<{n}x{k}xi32>
  %qg = tensor.expand_shape %q [[0], [1, 2]] output_shape [{n}, {gs}, {g}] : tensor<{n}x{k}xi32> into tensor<{n}x{gs}x{g}xi32>
  %z0 = tensor.empty() : tensor<{n}x{gs}xi32>
  %z = linalg.generic {unary} ins(%zp : tensor<{n}x{gs}xi8>) outs(%z0 : tensor<{n}x{gs}xi32>) {{
  ^bb0(%in: i8, %out: i32):
    %c = arith.extui %in : i8 to i32
    linalg.yield %c : i32
  }} -> tensor<{n}x{gs}xi32>
  %ze = tensor.expand_shape %z [[0], [1, 2]] output_shape [{n}, {gs}, 1] : tensor<{n}x{gs}xi32> into tensor<{n}x{gs}x1xi32>
  %i0 = tensor.empty() : tensor<{n}x{gs}x{g}xi32>
  %d = linalg.generic {{indexing_maps = [{ID3}, {BCAST3}, {ID3}], iterator_types = {par3}}} ins(%qg, %ze : tensor<{n}x{gs}x{g}xi32>, tensor<{n}x{gs}x1xi32>) outs(%i0 : tensor<{n}x{gs}x{g}xi32>) {{
  ^bb0(%a: i32, %b: i32, %out: i32):
    %c = arith.subi %a, %b : i32
    linalg.yield %c : i32
  }} -> tensor<{n}x{gs}x{g}xi32>
  %f0 = tensor.empty() : tensor<{n}x{gs}x{g}xf16>
  %fl = linalg.generic {{indexing_maps = [{ID3}, {ID3}], iterator_types = {par3}}} ins(%d : tensor<{n}x{gs}x{g}xi32>) outs(%f0 : tensor<{n}x{gs}x{g}xf16>) {{
  ^bb0(%a: i32, %out: f16):
    %c = arith.sitofp %a : i32 to f16
    linalg.yield %c : f16
  }} -> tensor<{n}x{gs}x{g}xf16>
  %se = tensor.expand_shape %s [[0], [1, 2]] output_shape [{n}, {gs}, 1] : tensor<{n}x{gs}xf16> into tensor<{n}x{gs}x1xf16>
  %sc = linalg.generic {{indexing_maps = [{ID3}, {BCAST3}, {ID3}], iterator_types = {par3}}} ins(%fl, %se : tensor<{n}x{gs}x{g}xf16>, tensor<{n}x{gs}x1xf16>) outs(%f0 : tensor<{n}x{gs}x{g}xf16>) {{
  ^bb0(%a: f16, %b: f16, %out: f16):
    %c = arith.mulf %a, %b : f16
    linalg.yield %c : f16
  }} -> tensor<{n}x{gs}x{g}xf16>
  %wf = tensor.collapse_shape %sc [[0], [1, 2]] : tensor<{n}x{gs}x{g}xf16> into tensor<{n}x{k}xf16>{product(m, n, k, "%wf")}"""


def q4_1_program(m: int, n: int, k: int) -> str:
    """A llama.cpp Q4_1 block format as the documented dequantize generic:
    blocks of 32 weights, 16 bytes each (weight j < 16 the low nibble of
    byte j, weight 16 + j its high nibble), an f16 scale d and offset m per
    block: w = q * d + m."""
    blocks = k // 32
    return f"""func.func @forward(%x: tensor<{m}x{k}xf16>, %w: tensor<{n}x{k // 2}xi8>, %d: tensor<{n}x{blocks}xf16>, %o: tensor<{n}x{blocks}xf16>) -> tensor<{m}x{n}xf32> {{
  %0 = tensor.empty() : tensor<{n}x{k}xf16>
  %wf = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, (d1 floordiv 32) * 16 + d1 mod 16)>, affine_map<(d0, d1) -> (d0, d1 floordiv 32)>, affine_map<(d0, d1) -> (d0, d1 floordiv 32)>, {ID}], iterator_types = ["parallel", "parallel"]}} ins(%w, %d, %o : tensor<{n}x{k // 2}xi8>, tensor<{n}x{blocks}xf16>, tensor<{n}x{blocks}xf16>) outs(%0 : tensor<{n}x{k}xf16>) attrs = {{coopmlir.dequantize}} {{
  ^bb0(%q: i8, %s: f16, %mn: f16, %out: f16):
    %kk = linalg.index 1 : index
    %c32 = arith.constant 32 : index
    %c16 = arith.constant 16 : index
    %c4 = arith.constant 4 : index
    %r = arith.remui %kk, %c32 : index
    %half = arith.divui %r, %c16 : index
    %sh = arith.muli %half, %c4 : index
    %sh8 = arith.index_cast %sh : index to i8
    %b = arith.shrui %q, %sh8 : i8
    %c15 = arith.constant 15 : i8
    %nib = arith.andi %b, %c15 : i8
    %f = arith.uitofp %nib : i8 to f16
    %p = arith.mulf %f, %s : f16
    %v = arith.addf %p, %mn : f16
    linalg.yield %v : f16
  }} -> tensor<{n}x{k}xf16>{product(m, n, k, "%wf")}"""


# -- data and numpy's exact dequantization -----------------------------------


def int8_data(rng, n, k):
    w = rng.integers(-128, 128, (n, k), dtype=np.int8)
    s = rng.uniform(0.001, 0.02, n).astype(np.float16)
    return [w, s], w.astype(np.float16) * s[:, None]


def int4_data(rng, n, k, g=64):
    w = rng.integers(0, 256, (n, k // 2), dtype=np.uint8)
    zp = rng.integers(0, 16, (n, k // g), dtype=np.uint8)
    s = rng.uniform(0.001, 0.02, (n, k // g)).astype(np.float16)
    q = np.stack([w >> 4, w & 15], axis=-1).reshape(n, k).astype(np.int32)
    z = np.repeat(zp.astype(np.int32), g, axis=1)
    deq = (q - z).astype(np.float16) * np.repeat(s, g, axis=1)
    return [w.view(np.int8), zp.view(np.int8), s], deq


def q4_1_data(rng, n, k):
    w = rng.integers(0, 256, (n, k // 2), dtype=np.uint8)
    d = rng.uniform(0.001, 0.02, (n, k // 32)).astype(np.float16)
    o = rng.uniform(-0.1, 0.1, (n, k // 32)).astype(np.float16)
    blocks = w.reshape(n, k // 32, 16)
    q = np.concatenate([blocks & 15, blocks >> 4], axis=-1).reshape(n, k)
    expand = lambda a: np.repeat(a, 32, axis=1)  # noqa: E731
    deq = (q.astype(np.float16) * expand(d)) + expand(o)
    return [w.view(np.int8), d, o], deq


FORMATS = {
    "int8-per-channel": (lambda m, n, k: int8_program(m, n, k), int8_data),
    "int4-group64": (lambda m, n, k: int4_program(m, n, k, 64), int4_data),
    "q4_1": (q4_1_program, q4_1_data),
}


def block_program(m: int, n: int, k: int, offset: bool, act: str = "f16") -> str:
    """A Q8_0-style block format as the documented dequantize generic: i8
    codes, an f16 scale d (and, with `offset`, an f16 offset o) per block of
    32 along K, decoded in `act`: w = q * d (+ o)."""
    blocks = -(-k // 32)
    group = "affine_map<(d0, d1) -> (d0, d1 floordiv 32)>"
    names = ["%w", "%d", *(["%o"] if offset else [])]
    types = [f"tensor<{n}x{k}xi8>", *[f"tensor<{n}x{blocks}xf16>"] * (1 + offset)]
    args = ", ".join(f"{a}: {t}" for a, t in zip(names, types, strict=True))
    body = [f"    %f = arith.sitofp %q : i8 to {act}"]
    scale, shift = "%s", "%mn"
    if act != "f16":
        body.append(f"    %s2 = arith.extf %s : f16 to {act}")
        scale = "%s2"
        if offset:
            body.append(f"    %mn2 = arith.extf %mn : f16 to {act}")
            shift = "%mn2"
    body.append(f"    %p = arith.mulf %f, {scale} : {act}")
    result = "%p"
    if offset:
        body.append(f"    %v = arith.addf %p, {shift} : {act}")
        result = "%v"
    block_args = ", ".join(["%q: i8", "%s: f16", *(["%mn: f16"] if offset else [])])
    maps = ", ".join([ID, group, *([group] if offset else []), ID])
    return f"""func.func @forward(%x: tensor<{m}x{k}x{act}>, {args}) -> tensor<{m}x{n}xf32> {{
  %0 = tensor.empty() : tensor<{n}x{k}x{act}>
  %wf = linalg.generic {{indexing_maps = [{maps}], iterator_types = ["parallel", "parallel"]}} ins({", ".join(names)} : {", ".join(types)}) outs(%0 : tensor<{n}x{k}x{act}>) attrs = {{coopmlir.dequantize}} {{
  ^bb0({block_args}, %out: {act}):
{chr(10).join(body)}
    linalg.yield {result} : {act}
  }} -> tensor<{n}x{k}x{act}>{product(m, n, k, "%wf", act)}"""  # noqa: E501


def f8_program(m: int, n: int, k: int, fmt: str, act: str = "f16") -> str:
    """An 8-bit float weight (`fmt`: f8E4M3FN or f8E5M2) widened to `act`
    by one `arith.extf` generic, as torch-mlir exports `w.to(float16)`."""
    return f"""func.func @forward(%x: tensor<{m}x{k}x{act}>, %w: tensor<{n}x{k}x{fmt}>) -> tensor<{m}x{n}xf32> {{
  %0 = tensor.empty() : tensor<{n}x{k}x{act}>
  %wf = linalg.generic {{indexing_maps = [{ID}, {ID}], iterator_types = ["parallel", "parallel"]}} ins(%w : tensor<{n}x{k}x{fmt}>) outs(%0 : tensor<{n}x{k}x{act}>) {{
  ^bb0(%q: {fmt}, %out: {act}):
    %c = arith.extf %q : {fmt} to {act}
    linalg.yield %c : {act}
  }} -> tensor<{n}x{k}x{act}>{product(m, n, k, "%wf", act)}"""  # noqa: E501


def block_data(rng, n, k, offset: bool, act: str = "f16"):
    """Codes, scales (and offsets) for `block_program`; the weight as its
    body computes it in `act`."""
    blocks = -(-k // 32)
    w = rng.integers(-128, 128, (n, k), dtype=np.int8)
    d = rng.uniform(0.001, 0.02, (n, blocks)).astype(np.float16)
    o = rng.uniform(-0.1, 0.1, (n, blocks)).astype(np.float16)
    dtype = np.dtype(act.replace("f", "float"))
    expand = lambda a: np.repeat(a, 32, axis=1)[:, :k].astype(dtype)  # noqa: E731
    deq = w.astype(dtype) * expand(d)
    if offset:
        deq = deq + expand(o)
    return [w, d, *([o] if offset else [])], deq


def f8_data(rng, n, k, fmt: str, act: str = "f16"):
    """A weight of random finite `fmt` codes (as the interpreter's float
    array) and its exact widening."""
    values = f8_from_bits(rng.integers(0, 256, (n, k)), F8_FORMATS[fmt])
    values = np.where(np.isfinite(values), values, 0).astype(np.float32)
    return [values], values.astype(np.dtype(act.replace("f", "float")))
