"""The SIMT kernel of a 64x48x32 f32 matmul for lavapipe stays small (issue
32 part 4): its SPIR-V under 50,000 bytes, valid, and without the code that
used to dominate it (the fragments rebuilt component by component, the k
loop's private arrays and shuffles, a second interior copy of the body)."""

from __future__ import annotations

from support.run_tools import run_opt

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
