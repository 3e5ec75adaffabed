"""compile_kernels: each kernel's binary holds that kernel alone (its entry
point, its function, its variables), not every kernel of its gpu.module, and
is valid SPIR-V."""

from __future__ import annotations

import subprocess

from coopmlir.dialects.registry import parse_module
from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.launch import lower
from coopmlir.targets import get_target

# Three kernels in one gpu.module: a product on the matrix units (workgroup
# memory), a fill and an f64 loop kernel.
_PROGRAM = """
func.func @f(%a: memref<32x16xf16>, %b: memref<16x32xf16>, %c: memref<32x32xf32>,
    %d: memref<64xf64>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<32x32xf32>)
  linalg.matmul ins(%a, %b : memref<32x16xf16>, memref<16x32xf16>)
      outs(%c : memref<32x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%d : memref<64xf64>) {
  ^bb0(%o: f64):
    %q = arith.mulf %o, %o : f64
    linalg.yield %q : f64
  }
  return
}
"""

_OP_FUNCTION, _OP_VARIABLE = 54, 59


def _opcodes(binary: bytes) -> list[int]:
    words = [
        int.from_bytes(binary[i : i + 4], "little") for i in range(0, len(binary), 4)
    ]
    opcodes, at = [], 5  # after the header
    while at < len(words):
        opcodes.append(words[at] & 0xFFFF)
        at += words[at] >> 16
    return opcodes


def test_each_binary_holds_one_kernel_and_validates(tmp_path):
    kernels = compile_kernels(lower(parse_module(_PROGRAM), get_target("h100-vulkan")))
    assert len(kernels) >= 2
    variables = {}
    for kernel in kernels:
        opcodes = _opcodes(kernel.spirv)
        assert opcodes.count(_OP_FUNCTION) == 1, kernel.name
        variables[kernel.name] = opcodes.count(_OP_VARIABLE)
        path = tmp_path / f"{kernel.name}.spv"
        path.write_bytes(kernel.spirv)
        check = subprocess.run(
            ["spirv-val", "--target-env", "vulkan1.3", str(path)],
            capture_output=True,
            text=True,
        )
        assert check.returncode == 0, check.stderr
    # The product's workgroup memory and buffers are its own: the loop
    # kernels' binaries declare fewer variables.
    product = max(variables, key=variables.get)
    assert all(variables[k] < variables[product] for k in variables if k != product)
