"""`kernels_from_binaries`: another compiler's SPIR-V of an L2 module's
kernels, with what the runtime needs read off the module and the binary
(`capabilities_of`). Runs on lavapipe: test/python/pipeline/test_l2_through_mlir.py."""

from __future__ import annotations

import pytest

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.registry import parse_module
from coopmlir.runtime.compile import compile_kernels, kernels_from_binaries
from coopmlir.spirv.binary import capabilities_of

KERNEL = """builtin.module attributes {{gpu.container_module}} {{
  func.func @host(%a: {t}) {{
    %one = arith.constant 1 : index
    %two = arith.constant 2 : index
    gpu.launch_func @k::@f blocks in (%two, %one, %one) threads in (%one, %one, %one) args(%a : {t})
    func.return
  }}
  gpu.module @k {{
    gpu.func @f(%a: {t}) kernel attributes {{known_block_size = array<i32: 8, 1, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = 8>}} {{
      %lane = gpu.lane_id
      %x = memref.load %a[%lane] : {t}
      %w = arith.constant 8 : i32
      %o = arith.constant 1 : i32
      %y, %ok = gpu.shuffle idx %x, %o, %w : f16
      memref.store %y, %a[%lane] : {t}
      gpu.return
    }}
  }}
}}
"""


def test_the_binary_names_its_capabilities_as_the_grammar_does():
    (ours,) = compile_kernels(parse_module(KERNEL.format(t="memref<8xf16>")))
    # StorageBuffer16BitAccess, not its alias StorageUniformBufferBlock16.
    assert set(capabilities_of(ours.spirv)) == set(ours.capabilities)
    assert "StorageBuffer16BitAccess" in capabilities_of(ours.spirv)
    with pytest.raises(ValueError, match="not a little-endian SPIR-V binary"):
        capabilities_of(b"\0" * 20)


def test_launch_facts_come_from_the_module_and_the_binary():
    module = parse_module(KERNEL.format(t="memref<8xf16>"))
    (ours,) = compile_kernels(module)
    theirs = kernels_from_binaries(module, {"k": ours.spirv})["f"]
    assert (theirs.workgroup_size, theirs.grid) == ((8, 1, 1), (2, 1, 1))
    assert theirs.required_subgroup_size == 8
    assert (theirs.features, theirs.extensions) == (ours.features, ours.extensions)


def test_a_missing_binary_or_a_dynamic_shape_is_an_error():
    module = parse_module(KERNEL.format(t="memref<8xf16>"))
    (ours,) = compile_kernels(module)
    with pytest.raises(CompileError, match="no SPIR-V binary given for gpu.module @k"):
        kernels_from_binaries(module, {})
    with pytest.raises(CompileError, match="binary of gpu.module @k: not a little"):
        kernels_from_binaries(module, {"k": b"\0" * 20})
    dynamic = parse_module(KERNEL.format(t="memref<?xf16>"))
    with pytest.raises(CompileError, match="takes static memrefs only"):
        kernels_from_binaries(dynamic, {"k": ours.spirv})
