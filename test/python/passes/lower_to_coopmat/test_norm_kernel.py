"""Row norms (recognize_frontend/norm.py, norm_plan.py, norm_kernel.py):
LayerNorm and RMSNorm chains as torch-mlir writes them, and the named ops,
become one row kernel each, which computes on the interpreter what the
unfused program computes (and numpy in f64), and runs on lavapipe with
spirv-val accepting its SPIR-V. Near misses stay loop kernels, correct."""

from __future__ import annotations

import numpy as np
import pytest
from support.error_model import assert_close
from support.lowering import lowered, lowered_by, output_of, parse, returned
from support.norm_programs import (
    NP,
    norm_inputs,
    norm_op_program,
    norm_program,
    norm_reference,
)
from support.vulkan_device import require_vulkan
from xdsl.dialects import gpu

from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.launch import run_host_function
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.spirv.tools import validate

EPS = 1e-5
#: Against f64: the kernel computes in f32; an f16 output adds its rounding
#: (|y| up to about 4 here).
TOLERANCE = {"f32": 2e-5, "f16": 4e-3}


def _kernels(module) -> list[gpu.FuncOp]:
    return [op for op in module.walk() if isinstance(op, gpu.FuncOp)]


def _fused(kind, shape, ty, affine=True, target="lavapipe", **program):
    """The chain lowered for `target` (one kernel), its output on the
    interpreter, and the unfused program's, on the same inputs."""
    text = norm_program(kind, shape, ty, affine, EPS, **program)
    arrays = norm_inputs(kind, shape, ty, affine, seed=sum(shape))
    (unfused,) = returned(parse(text), "norm", arrays)
    module = lowered_by(text, LowerToCoopmat(target=target))
    out = output_of(module, "norm", [*arrays, np.zeros(shape, NP[ty])])
    return module, arrays, unfused, out


@pytest.mark.parametrize(
    "kind, shape, ty, affine",
    [
        ("layer", (3, 40), "f32", True),
        ("layer", (2, 3, 40), "f16", True),
        ("layer", (4, 768), "f16", True),
        ("layer", (5, 24), "f32", False),
        ("rms", (3, 40), "f32", True),
        ("rms", (2, 5, 40), "f16", True),
        ("rms", (4, 768), "f32", True),
        ("rms", (6, 8), "f16", False),
    ],
    ids=lambda v: "x".join(map(str, v)) if isinstance(v, tuple) else str(v),
)
def test_chain_is_one_kernel_matching_the_unfused_program(kind, shape, ty, affine):
    module, arrays, unfused, out = _fused(kind, shape, ty, affine)
    (kernel,) = _kernels(module)
    assert kernel.sym_name.data == "norm_norm"
    assert not [op for op in module.walk() if op.dialect_name() == "linalg"]
    exact = norm_reference(kind, arrays, EPS)
    assert_close(unfused, exact, TOLERANCE[ty], "unfused")
    assert_close(out, exact, TOLERANCE[ty], "fused")


def test_rows_per_subgroup_and_the_grid():
    """GPT-2's benchmark size: 8192 rows of 768, a subgroup (32 work-items
    on h100-vulkan) per row, 4 rows per workgroup: 2048 workgroups of 128."""
    text = norm_op_program("layer", (8, 1024, 768), "f16", EPS)
    module = lowered_by(text, LowerToCoopmat(target="h100-vulkan"))
    (launch,) = [op for op in module.walk() if isinstance(op, gpu.LaunchFuncOp)]
    sizes = [v.owner.value.value.data for v in launch.operands[:6]]
    assert sizes == [2048, 1, 1, 128, 1, 1]
    (kernel,) = _kernels(module)
    names = [op.name for op in kernel.walk()]
    # Two passes over the row (statistics, output), 16 bytes per access
    # (768 = 3 x 32 lanes x 8 f16); two butterflies of 5 shuffles (s1, s2);
    # no guard (4 divides the rows).
    assert names.count("scf.for") == 2
    assert names.count("gpu.shuffle") == 10
    assert "scf.if" not in names
    loads = [op for op in kernel.walk() if op.name == "vector.load"]
    assert {str(op.results[0].type) for op in loads} == {"vector<8xf16>"}
    assert len(loads) == 4  # x twice, gamma, beta


def test_output_is_written_16_bytes_at_a_time():
    """The output, which the kernel never reads, is stored through a uvec4
    view of its binding (one 16-byte store per 8 f16, not 8 scalar stores:
    the scalar stores ran the GPT-2 norm at a quarter of the copy bandwidth);
    x, gamma and beta are read through their views, and the module validates."""
    text = norm_op_program("layer", (8, 1024, 768), "f16", EPS)
    module = lowered_by(text, LowerToCoopmat(target="h100-vulkan"))
    (kernel,) = compile_kernels(module)
    validate(kernel.spirv)
    spirv = str(lowered(text, "lower-to-coopmat{target=h100-vulkan},convert-to-spirv"))
    for arg in range(4):
        assert f"@norm_norm_arg{arg}_uvec4 bind(0, {arg})" in spirv
    stores = [line for line in spirv.splitlines() if "spirv.Store" in line]
    assert stores and all("vector<4xi32>" in line for line in stores)


@pytest.mark.parametrize("kind", ["layer", "rms"])
def test_named_op_on_memrefs(kind):
    """The op written directly (L0) lowers to the same kernel; rows that
    4 does not divide are guarded."""
    shape = (7, 40)
    text = norm_op_program(kind, shape, "f32", EPS)
    arrays = norm_inputs(kind, shape, "f32", seed=1)
    exact = norm_reference(kind, arrays, EPS)
    interpreted_op = output_of(
        parse(text), "norm", [*arrays, np.zeros(shape, np.float32)]
    )
    assert_close(interpreted_op, exact, 1e-6, "op")
    module = lowered_by(text, LowerToCoopmat(target="lavapipe"))
    (kernel,) = _kernels(module)
    assert "scf.if" in [op.name for op in kernel.walk()]
    out = output_of(module, "norm", [*arrays, np.zeros(shape, np.float32)])
    assert_close(out, exact, TOLERANCE["f32"], "fused")


@pytest.mark.parametrize(
    "near_miss, reason",
    [
        ({"axis": 0}, "read through (d0, d1) -> (0, d1), not one per row"),
        ({"count": 20}, "a mean over 20 elements of a row of 40"),
    ],
    ids=["other-dimension", "other-count"],
)
def test_near_misses_stay_loop_kernels(near_miss, reason, capfd):
    text = norm_program("layer", (6, 40), "f32", True, EPS, **near_miss)
    arrays = norm_inputs("layer", (6, 40), "f32", seed=2)
    if near_miss.get("axis") == 0:
        arrays[1:] = [np.resize(a, 6) for a in arrays[1:]]
    (unfused,) = returned(parse(text), "norm", arrays)
    module = lowered_by(text, LowerToCoopmat(target="lavapipe", explain=True))
    assert reason in capfd.readouterr().err
    assert len(_kernels(module)) > 1
    assert not [op for op in module.walk() if "norm" in op.name]
    out = output_of(module, "norm", [*arrays, np.zeros((6, 40), np.float32)])
    assert_close(out, unfused, 1e-5, "loop kernels")


def test_kernels_validate_and_run_on_lavapipe():
    require_vulkan()
    for kind, shape, ty in (("layer", (5, 768), "f16"), ("rms", (2, 3, 40), "f32")):
        module, arrays, _, interpreted = _fused(kind, shape, ty)
        kernels = {k.name: k for k in compile_kernels(module)}
        (kernel,) = kernels.values()
        validate(kernel.spirv)
        out = np.zeros(shape, NP[ty])
        with VulkanDevice(
            needs=kernel.features, extensions=kernel.extensions
        ) as device:
            run_host_function(module, "norm", kernels, [*arrays, out], device)
        exact = norm_reference(kind, arrays, EPS)
        assert_close(out, exact, TOLERANCE[ty], "lavapipe")
        assert_close(out, interpreted, TOLERANCE[ty], "lavapipe vs interpreter")


def test_an_f64_chain_stays_loop_kernels(capfd):
    """The row kernel computes in f32: a norm of f64 rows is left to the
    loop kernels (which compute f64), with a remark."""
    text = norm_program("rms", (3, 16), "f32", True, EPS).replace("f32", "f64")
    arrays = [a.astype(np.float64) for a in norm_inputs("rms", (3, 16), "f32")]
    module = lowered_by(text, LowerToCoopmat(target="lavapipe", explain=True))
    assert "elements the row kernel does not take" in capfd.readouterr().err
    assert not [op for op in module.walk() if "norm" in op.name]
    out = output_of(module, "norm", [*arrays, np.zeros((3, 16))])
    assert_close(out, norm_reference("rms", arrays, EPS), 1e-12, "loop kernels")
