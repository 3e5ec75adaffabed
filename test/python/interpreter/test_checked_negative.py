"""`coopmat.load ... checked(...)` at any start position, negative included:
elements outside the checked memref dimensions read as zero (tinytc's
semantics). The same kernel runs on the interpreter at L1 and after
coopmat-to-simt (L2), as SIMT SPIR-V on the Vulkan driver (lavapipe), and
validates with spirv-val as KHR cooperative-matrix SPIR-V; numpy says what
each fragment must hold."""

from __future__ import annotations

import numpy as np
import pytest
from support.kernel_modules import kernel_module
from support.vulkan_device import require_vulkan

from coopmlir.interpreter import run_function
from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.spirv.tools import validate

ROWS, COLS = 12, 20  # the memref read
FRAG = 8  # fragment rows and cols
S = 8  # subgroup size (lavapipe's)

# (row, col) starts: before the memref, straddling either edge, wholly
# outside, inside. Matrix coordinates; col_major reads memref [col, row].
STARTS = [(-3, -5), (-8, 0), (0, -8), (-20, 30), (5, 14), (-2, 16), (2, 3)]


def _module(mode: str, layout: str, starts):
    """Kernel @k: fragment f is loaded at starts[f] from %X and stored
    unchecked to %OUT[f]; a host @host launches it once."""
    mem = (ROWS, COLS) if layout == "row_major" else (COLS, ROWS)
    t = f"!coopmat.matrix<{FRAG}x{FRAG}xf16, a>"
    out = f"memref<{len(starts) * FRAG}x{FRAG}xf16>"
    lines = ["      %c0 = arith.constant 0 : index"]
    for f, (r, c) in enumerate(starts):
        i, j = (r, c) if layout == "row_major" else (c, r)
        lines += [
            f"      %i{f} = arith.constant {i} : index",
            f"      %j{f} = arith.constant {j} : index",
            f"      %o{f} = arith.constant {f * FRAG} : index",
            f"      %m{f} = coopmat.load %X[%i{f}, %j{f}] {layout} checked({mode}) "
            f": memref<{mem[0]}x{mem[1]}xf16> -> {t}",
            f"      coopmat.store %m{f}, %OUT[%o{f}, %c0] row_major : {t}, {out}",
        ]
    args = f"%X: memref<{mem[0]}x{mem[1]}xf16>, %OUT: {out}"
    attrs = f", coopmat.layout = #coopmat.layout<tinytc, subgroup = {S}>"
    module = kernel_module(args, "\n".join(lines), block=S, attrs=attrs)
    return module, mem, out


def _expected(x: np.ndarray, layout: str, starts) -> np.ndarray:
    """Each fragment's elements, zero outside the memref."""
    matrix = x if layout == "row_major" else x.T
    frags = []
    for r, c in starts:
        frag = np.zeros((FRAG, FRAG), np.float16)
        for dr in range(FRAG):
            for dc in range(FRAG):
                rr, cc = r + dr, c + dc
                if 0 <= rr < matrix.shape[0] and 0 <= cc < matrix.shape[1]:
                    frag[dr, dc] = matrix[rr, cc]
        frags.append(frag)
    return np.concatenate(frags)


def _host(module_text: str, mem, out) -> str:
    """A host function around the kernel so that the runtime has a grid."""
    host = f"""
  func.func @host(%X: memref<{mem[0]}x{mem[1]}xf16>, %OUT: {out}) {{
    %c1 = arith.constant 1 : index
    %s = arith.constant {S} : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%s, %c1, %c1) args(%X : memref<{mem[0]}x{mem[1]}xf16>, %OUT : {out})
    func.return
  }}"""
    head, rest = module_text.split("\n", 1)
    return f"{head}\n{host}\n{rest}"


@pytest.mark.parametrize("layout", ["row_major", "col_major"])
def test_both_checked_reads_zero_outside(layout):
    module, mem, _ = _module("both", layout, STARTS)
    x = np.random.default_rng(3).uniform(-1, 1, mem).astype(np.float16)
    want = _expected(x, layout, STARTS)
    for lower in (False, True):
        m = module.clone()
        if lower:
            CoopmatToSimt().apply(None, m)  # type: ignore[arg-type]
            m.verify()
        got = np.zeros_like(want)
        run_function(m, "k", [x, got], subgroup_size=S)
        np.testing.assert_array_equal(got, want, err_msg=f"simt={lower}")


def test_rows_checked_with_negative_rows():
    """checked(rows): only the row axis is bounded; the columns stay inside."""
    starts = [(-5, 0), (-8, 12), (7, 4), (-30, 6)]
    module, mem, _ = _module("rows", "row_major", starts)
    x = np.random.default_rng(4).uniform(-1, 1, mem).astype(np.float16)
    want = _expected(x, "row_major", starts)
    for lower in (False, True):
        m = module.clone()
        if lower:
            CoopmatToSimt().apply(None, m)  # type: ignore[arg-type]
        got = np.zeros_like(want)
        run_function(m, "k", [x, got], subgroup_size=S)
        np.testing.assert_array_equal(got, want, err_msg=f"simt={lower}")


def _with_host(layout: str, lower: bool):
    from coopmlir.dialects.registry import parse_module

    module, mem, out = _module("both", layout, STARTS)
    module = parse_module(_host(str(module), mem, out))
    if lower:
        CoopmatToSimt().apply(None, module)  # type: ignore[arg-type]
    return module, mem


@pytest.mark.parametrize("layout", ["row_major", "col_major"])
def test_khr_spirv_validates(layout):
    """KHR: the uniform fast path must not take a negative start (the
    per-element path reads it); spirv-val accepts the module."""
    module, _ = _with_host(layout, lower=False)
    (kernel,) = compile_kernels(module, coopmat="khr")
    validate(kernel.spirv)
    assert "CooperativeMatrixKHR" in kernel.capabilities


@pytest.mark.parametrize("layout", ["row_major", "col_major"])
def test_simt_runs_on_vulkan(layout):
    require_vulkan()
    module, mem = _with_host(layout, lower=True)
    (kernel,) = compile_kernels(module)
    validate(kernel.spirv)
    x = np.random.default_rng(5).uniform(-1, 1, mem).astype(np.float16)
    got = np.zeros((len(STARTS) * FRAG, FRAG), np.float16)
    with VulkanDevice(needs=kernel.features, extensions=kernel.extensions) as gpu:
        if not gpu.report.min_subgroup_size <= S <= gpu.report.max_subgroup_size:
            pytest.skip("the driver has no subgroups of 8")
        gpu.run(kernel.binary(), [x, got], grid=(1, 1, 1))
    np.testing.assert_array_equal(got, _expected(x, layout, STARTS))
