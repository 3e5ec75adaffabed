"""Build test modules around hand-written kernel bodies."""

from __future__ import annotations

import numpy as np

from coopmlir.dialects.registry import parse_module
from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from support.lowering import interpreted


def kernel_module(args: str, body: str, block: int, *, attrs: str = ""):
    """A module whose gpu.module holds kernel `@k(args)` with `body`."""
    text = f"""
builtin.module attributes {{gpu.container_module}} {{
  gpu.module @kernels {{
    gpu.func @k({args}) kernel attributes {{gpu.known_block_size = array<i32: {block}, 1, 1>{attrs}}} {{
{body}
      gpu.return
    }}
  }}
}}
"""
    module = parse_module(text)
    module.verify()
    return module


def conversion_source(m: int, n: int, s: int) -> str:
    """A kernel that moves matrices through per-invocation vectors: B = A^T
    by to_vector (packed) -> bitcast_array -> from_vector, D = A B + C, each
    invocation's row of D to %V, and D back through from_vector to %C."""
    a = f"!coopmat.matrix<{m}x16xf16, a>"
    b = f"!coopmat.matrix<16x{m}xf16, b>"
    acc = f"!coopmat.matrix<{m}x{n}xf32, acc>"
    assert n == m
    return f"""
builtin.module attributes {{gpu.container_module}} {{
  func.func @conv(%A: memref<{m}x16xf16>, %C: memref<{m}x{n}xf32>, %V: memref<{s}x{n}xf32>, %H: memref<{s}x8xf32>) {{
    %c1 = arith.constant 1 : index
    %cs = arith.constant {s} : index
    gpu.launch_func @kernels::@conv blocks in (%c1, %c1, %c1) threads in (%cs, %c1, %c1) args(%A : memref<{m}x16xf16>, %C : memref<{m}x{n}xf32>, %V : memref<{s}x{n}xf32>, %H : memref<{s}x8xf32>)
    func.return
  }}
  gpu.module @kernels {{
    gpu.func @conv(%A: memref<{m}x16xf16>, %C: memref<{m}x{n}xf32>, %V: memref<{s}x{n}xf32>, %H: memref<{s}x8xf32>) kernel attributes {{gpu.known_block_size = array<i32: {s}, 1, 1>, coopmat.layout = #coopmat.layout<tinytc, subgroup = {s}>}} {{
      %c0 = arith.constant 0 : index
      %lane = gpu.thread_id x
      %ma = coopmat.load %A[%c0, %c0] row_major : memref<{m}x16xf16> -> {a}
      %words = coopmat.to_vector %ma : {a} -> vector<8xi32>
      %row = coopmat.bitcast_array %words : vector<8xi32> -> vector<16xf16>
      %mb = coopmat.from_vector %row : vector<16xf16> -> {b}
      %mc = coopmat.load %C[%c0, %c0] row_major : memref<{m}x{n}xf32> -> {acc}
      %md = coopmat.mul_add %ma, %mb, %mc : {a}, {b} -> {acc}
      %d = coopmat.to_vector %md : {acc} -> vector<{n}xf32>
      vector.store %d, %V[%lane, %c0] : memref<{s}x{n}xf32>, vector<{n}xf32>
      %half = coopmat.bitcast_array %row : vector<16xf16> -> vector<8xf32>
      vector.store %half, %H[%lane, %c0] : memref<{s}x8xf32>, vector<8xf32>
      %back = coopmat.from_vector %d : vector<{n}xf32> -> {acc}
      coopmat.store %back, %C[%c0, %c0] row_major : {acc}, memref<{m}x{n}xf32>
      gpu.return
    }}
  }}
}}
"""


def conversion_operands(m: int, n: int, s: int):
    rng = np.random.default_rng(3)
    A = rng.standard_normal((m, 16)).astype(np.float16)
    C = rng.standard_normal((m, n)).astype(np.float32)
    V = np.full((s, n), 7.0, np.float32)
    H = np.full((s, 8), 7.0, np.float32)
    return [A, C, V, H]


# Three subgroups run the same tile (and write the same values). Not one: the
# interpreter cannot tell a uniform vector<L x T> from a per-lane scalar when
# L equals the number of launched work-items, and V or a row length equals S
# often; 3*S never is.
SUBGROUPS = 3


def both_levels(args: str, body: str, S: int, inputs: list[np.ndarray]):
    """Run the kernel at L1 and after coopmat-to-simt; return both results."""
    attrs = f", coopmat.layout = #coopmat.layout<tinytc, subgroup = {S}>"
    results = []
    for lower in (False, True):
        module = kernel_module(args, body, block=SUBGROUPS * S, attrs=attrs)
        if lower:
            CoopmatToSimt().apply(None, module)  # type: ignore[arg-type]
            module.verify()
            assert "coopmat." not in str(module).replace("coopmat.layout", "")
        results.append(interpreted(module, "k", inputs, subgroup_size=S))
    return results
