"""The SIMT kernel of a 64x48x32 f32 matmul for lavapipe stays small (issue
32 part 4): its SPIR-V under 50,000 bytes, valid, and without the code that
used to dominate it (the fragments rebuilt component by component, the k
loop's private arrays and shuffles, a second interior copy of the body)."""

from __future__ import annotations

import numpy as np
import pytest
from support.lowering import lowered_by, output_of
from support.run_tools import run_opt

from coopmlir.passes import coopmat_to_simt as simt
from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.spirv import tools

F = """\
func.func @matmul(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  return
}
"""


def test_the_64x48x32_lavapipe_kernel_is_under_50_kb_of_valid_spirv(tmp_path):
    source = tmp_path / "f.mlir"
    source.write_text(F)
    out = tmp_path / "f.spv"
    result = run_opt(str(source), "--lower-to-spirv=target=lavapipe", "-o", str(out))
    assert result.returncode == 0, result.stderr
    binary = out.read_bytes()
    tools.validate(binary)
    assert len(binary) < 50_000, len(binary)


def test_its_l2_reads_fragments_from_workgroup_memory_in_one_body(tmp_path):
    source = tmp_path / "f.mlir"
    source.write_text(F)
    l1 = run_opt(str(source), "--lower-to-coopmat=target=lavapipe")
    assert l1.returncode == 0, l1.stderr
    # One checked body (no interior branch), the K tiles' math once.
    assert l1.stdout.count("coopmat.mul_add") == 2
    l2 = run_opt("--coopmat-to-simt", stdin=l1.stdout)
    assert l2.returncode == 0, l2.stderr
    assert "gpu.shuffle" not in l2.stdout
    assert "address_space<private>" not in l2.stdout
    # Each of the 2 accumulators: a lane's 2 rows x 4 runs of 4 columns of
    # B, one vector<4xf32> fma each, in the k loop's body once.
    assert l2.stdout.count("math.fma") == 16
    fmas = [line for line in l2.stdout.splitlines() if "math.fma" in line]
    assert all(line.endswith(": vector<4xf32>") for line in fmas)


RAGGED_F16 = """\
func.func @matmul(%A: memref<40x48xf16>, %B: memref<48x36xf16>, %C: memref<40x36xf32>) {
  linalg.matmul ins(%A, %B : memref<40x48xf16>, memref<48x36xf16>) outs(%C : memref<40x36xf32>)
  return
}
"""


@pytest.mark.parametrize(
    "source, shapes, dtype",
    [
        (F, ((64, 32), (32, 48), (64, 48)), (np.float32, np.float32)),
        (RAGGED_F16, ((40, 48), (48, 36), (40, 36)), (np.float16, np.float32)),
    ],
    ids=["f32", "f16-ragged"],
)
def test_the_workgroup_memory_k_loop_is_bit_identical_to_the_register_one(
    source, shapes, dtype, monkeypatch
):
    """Same accumulation order, same elements: the interpreter gives the
    same bits with the k loop reading workgroup memory and with it switched
    off (the fragments through vectors, private arrays and shuffles)."""
    l1 = lowered_by(source, LowerToCoopmat(target="lavapipe"))
    rng = np.random.default_rng(7)
    operands = [
        rng.uniform(-1, 1, size=s).astype(dtype[i == 2]) for i, s in enumerate(shapes)
    ]
    from_memory = lowered_by(l1, CoopmatToSimt())
    assert "gpu.shuffle" not in str(from_memory)
    monkeypatch.setattr(simt, "plan_memory_k_loop", lambda *args: None)
    in_registers = lowered_by(l1, CoopmatToSimt())
    assert "gpu.shuffle" in str(in_registers)
    np.testing.assert_array_equal(
        output_of(from_memory, "matmul", operands),
        output_of(in_registers, "matmul", operands),
    )
