"""The host side of a device run (coopmlir/runtime/launch.py) on what
bufferization leaves: constants' globals, reshapes that alias their root
buffer, static allocs and whole-buffer copies, run in order around the
launches. A fake device stands for Vulkan: it records what each launch got
and adds its second buffer into its first."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.registry import parse_module
from coopmlir.runtime.launch import run_host_function

_KERNELS = """
  gpu.module @k {
    gpu.func @add(%a: memref<2x4xf32>, %b: memref<2x4xf32>) kernel {
      gpu.return
    }
  }
"""

_HOST = """
builtin.module attributes {gpu.container_module} {
  memref.global "private" constant @w : memref<2x4xf32> = dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> {alignment = 64 : i64}
  func.func @forward(%x: memref<8xf32>, %out: memref<8xf32>) {
    %one = arith.constant 1 : index
    %w = memref.get_global @w : memref<2x4xf32>
    %tmp = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    memref.copy %x, %tmp : memref<8xf32> to memref<8xf32>
    %view = memref.expand_shape %tmp [[0, 1]] output_shape [2, 4] : memref<8xf32> into memref<2x4xf32>
    gpu.launch_func @k::@add blocks in (%one, %one, %one) threads in (%one, %one, %one) args(%view : memref<2x4xf32>, %w : memref<2x4xf32>)
    gpu.launch_func @k::@add blocks in (%one, %one, %one) threads in (%one, %one, %one) args(%view : memref<2x4xf32>, %w : memref<2x4xf32>)
    memref.copy %tmp, %out : memref<8xf32> to memref<8xf32>
    func.return
  }
KERNELS
}
""".replace("KERNELS", _KERNELS)


class _AddingDevice:
    """Adds buffer 1 into buffer 0, as the kernel `add` would."""

    def __init__(self):
        self.seen: list[list[np.ndarray]] = []

    def run(self, _binary, buffers, _grid, **_options):
        self.seen.append([np.array(b) for b in buffers])
        buffers[0] += buffers[1]
        return [0.0]


def _kernels():
    module = parse_module(_HOST)
    gpu_func = next(op for op in module.walk() if op.name == "gpu.func")
    types = list(gpu_func.function_type.inputs.data)
    add = SimpleNamespace(binary=lambda: b"", arg_types=types, push_constant_sizes=[])
    return {"add": add}


def test_globals_views_allocs_and_copies_run_in_order():
    module = parse_module(_HOST)
    x = np.arange(8, dtype=np.float32)
    out = np.full(8, np.nan, np.float32)
    device = _AddingDevice()
    run_host_function(module, "forward", _kernels(), [x, out], device)
    w = np.arange(1, 9, dtype=np.float32)
    # The copy into %tmp ran before the first launch; the view aliases %tmp,
    # so the second launch saw the first's result; the global is the same
    # data both times; the last copy ran after both launches.
    np.testing.assert_array_equal(device.seen[0][0].ravel(), x)
    np.testing.assert_array_equal(device.seen[1][0].ravel(), x + w)
    np.testing.assert_array_equal(device.seen[1][1].ravel(), w)
    np.testing.assert_array_equal(out, x + 2 * w)
    np.testing.assert_array_equal(x, np.arange(8, dtype=np.float32))


@pytest.mark.parametrize(
    ("host_op", "message"),
    [
        (
            "%s = memref.subview %x[0] [4] [1] : memref<8xf32> to "
            "memref<4xf32, strided<[1]>>\n"
            "    %h = memref.alloc() : memref<4xf32>\n"
            "    memref.copy %s, %h : memref<4xf32, strided<[1]>> to memref<4xf32>",
            "'memref.subview': host code other than kernel launches",
        ),
        (
            "%h = memref.alloc() : memref<4x2xf32>\n"
            "    %f = memref.collapse_shape %h [[0, 1]] : memref<4x2xf32> into memref<8xf32>\n"
            "    memref.copy %x, %h : memref<8xf32> to memref<4x2xf32>",
            "'memref.copy': the host copies whole buffers of the same shape only",
        ),
    ],
    ids=["strided-view", "shapes-differ"],
)
def test_other_host_ops_are_refused_where_they_are(host_op, message):
    text = _HOST.replace(
        "    %one = arith.constant 1 : index\n",
        f"    %one = arith.constant 1 : index\n    {host_op}\n",
    )
    module = parse_module(text, "host.mlir")
    device = _AddingDevice()
    x = np.zeros(8, np.float32)
    with pytest.raises(CompileError, match=rf"host.mlir:\d+:5: error: {message}"):
        run_host_function(module, "forward", _kernels(), [x, x.copy()], device)
    assert not device.seen
