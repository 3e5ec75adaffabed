"""The host side of a device run (coopmlir/runtime/launch.py) on what
bufferization leaves: constants' globals, reshapes that alias their root
buffer, static allocs and whole-buffer copies, run in order around the
launches on buffers resident on the device. A fake device stands for
Vulkan: it records what each launch got, adds its second buffer into its
first, and counts what crosses between host and device."""

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
    """Adds buffer 1 into buffer 0, as the kernel `add` would; its buffers
    are flat byte arrays, and `uploads`/`downloads` list the bytes moved."""

    def __init__(self):
        self.seen: list[list[np.ndarray]] = []
        self.uploads: list[np.ndarray] = []
        self.downloads: list[np.ndarray] = []
        self.constants: dict = {}

    def buffer(self, nbytes):
        return np.full(nbytes, 0xFF, np.uint8)  # not zeros: `zero` must run

    def upload(self, buffer, array):
        self.uploads.append(np.array(array))
        buffer[...] = np.ascontiguousarray(array).view(np.uint8).ravel()

    def download(self, buffer, array):
        self.downloads.append(buffer.view(array.dtype).copy())
        array[...] = buffer.view(array.dtype).reshape(array.shape)

    def zero(self, buffer):
        buffer[...] = 0

    def copy(self, source, target):
        target[...] = source

    def dispatch(self, _binary, buffers, _grid, **_options):
        floats = [b.view(np.float32) for b in buffers]
        self.seen.append([np.array(f) for f in floats])
        floats[0] += floats[1]
        return [0.0]


def _kernels():
    module = parse_module(_HOST)
    gpu_func = next(op for op in module.walk() if op.name == "gpu.func")
    types = list(gpu_func.function_type.inputs.data)
    add = SimpleNamespace(
        binary=lambda *_: b"", arg_types=types, push_constant_sizes=[], spec_ids=()
    )
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


def test_buffers_stay_on_the_device_for_the_run():
    """The constant both launches read is uploaded once, so is the input;
    the intermediate %tmp is never uploaded or read back; the output is
    read back once at the end (and %x, an argument, too). A second run on
    the same device reuses the constant's buffer."""
    module = parse_module(_HOST)
    x = np.arange(8, dtype=np.float32)
    w = np.arange(1, 9, dtype=np.float32)
    device = _AddingDevice()
    for run in range(2):
        out = np.full(8, np.nan, np.float32)
        device.uploads.clear()
        device.downloads.clear()
        run_host_function(module, "forward", _kernels(), [x, out], device)
        np.testing.assert_array_equal(out, x + 2 * w)
        uploaded = [u.ravel().tolist() for u in device.uploads]
        assert uploaded == ([x.tolist()] if run else [x.tolist(), w.tolist()])
        read = sorted(d.tolist() for d in device.downloads)
        assert read == sorted([x.tolist(), (x + 2 * w).tolist()])


def test_an_alloc_starts_as_zeros_on_the_device():
    """A launch on an alloc that no copy filled sees zeros (as the
    interpreter's alloc does), made on the device: nothing is uploaded for it."""
    text = _HOST.replace(
        "    memref.copy %x, %tmp : memref<8xf32> to memref<8xf32>\n", ""
    )
    device = _AddingDevice()
    out = np.full(8, np.nan, np.float32)
    x = np.arange(8, dtype=np.float32)
    run_host_function(parse_module(text), "forward", _kernels(), [x, out], device)
    np.testing.assert_array_equal(device.seen[0][0], np.zeros(8, np.float32))
    np.testing.assert_array_equal(out, 2 * np.arange(1, 9, dtype=np.float32))
    assert len(device.uploads) == 1  # the constant only


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
