"""A host function's arrays kept on the device for one run (runtime/launch.py).

Each root array (a host argument, a `memref.alloc`, a `memref.get_global`;
a reshape views its root's bytes) gets one device buffer for the whole run,
made at its first use: an argument or a global is uploaded then, an alloc
is zeroed on the device (the interpreter's zeros), and a buffer whose first
use is a whole-buffer copy's target is left as it is. Launches and host
copies then run on the device buffers only; `finish` reads back the
arguments, the only arrays the caller sees. A constant global's buffer is
kept in `device.constants` (when the device has one), so repeated runs of
a module on one device upload each constant once.

The device is a `VulkanDevice`, or anything with its `buffer`, `upload`,
`download`, `zero`, `copy` and `dispatch` (tests count the transfers so).
"""

from __future__ import annotations

import numpy as np
from xdsl.dialects import memref
from xdsl.ir import BlockArgument, SSAValue
from xdsl.traits import SymbolTable

from coopmlir.elements import (
    bf16_bits,
    bf16_from_bits,
    element_of,
    f8_bits,
    f8_format,
    f8_from_bits,
    is_bf16,
    is_f8,
    is_i4,
    pack_i4,
    unpack_i4,
)


def to_device(array, memref_type):
    """The bytes the kernel sees: bf16 and f8 values (held in float32 by the
    interpreter's convention) travel as their bits (bf16's top 16), 4-bit
    integers two per byte, the even index in the low nibble."""
    if is_bf16(memref_type) and array.dtype == np.float32:
        return bf16_bits(array)
    if is_f8(memref_type) and array.dtype == np.float32:
        return f8_bits(array, f8_format(memref_type))
    if is_i4(memref_type):
        return pack_i4(array)
    return array


def from_device(data: np.ndarray, memref_type, like: np.ndarray) -> np.ndarray:
    """The values of bytes `data` that `to_device` made from an array `like`."""
    if is_bf16(memref_type):
        return bf16_from_bits(data)
    if is_f8(memref_type):
        return f8_from_bits(data, f8_format(memref_type))
    if is_i4(memref_type):
        signed = element_of(memref_type.element_type).kind == "signed"
        return unpack_i4(data, like.size, signed).reshape(like.shape)
    return data


class ResidentArrays:
    """Device buffers of one run's root arrays, by root value."""

    def __init__(self, device):
        self.device = device
        self._buffers: dict[SSAValue, object] = {}
        self._arrays: dict[SSAValue, np.ndarray] = {}

    def buffer(self, root: SSAValue, array: np.ndarray, *, overwritten=False):
        """The device buffer of `root` (host array `array`), made and filled
        at the first use unless that use `overwritten` it whole."""
        if root in self._buffers:
            return self._buffers[root]
        data = to_device(array, root.type)
        cached = self._constant_key(root)
        constants = getattr(self.device, "constants", None)
        if cached is not None and constants is not None and cached in constants:
            buffer = constants[cached]
        else:
            buffer = self.device.buffer(data.nbytes)
            if isinstance(root.owner, memref.AllocOp):
                if not overwritten:
                    self.device.zero(buffer)
            elif not overwritten:
                self.device.upload(buffer, data)
            if cached is not None and constants is not None:
                constants[cached] = buffer
        self._buffers[root] = buffer
        self._arrays[root] = array
        return buffer

    def copy(self, source: tuple, target: tuple) -> None:
        """A whole-buffer copy between two roots, each `(root, array)`."""
        from_buffer = self.buffer(*source)
        self.device.copy(from_buffer, self.buffer(*target, overwritten=True))

    def finish(self) -> None:
        """Read the arguments' buffers back into the caller's arrays."""
        for root, buffer in self._buffers.items():
            if not isinstance(root, BlockArgument):
                continue
            array = self._arrays[root]
            data = to_device(array, root.type)
            out = np.empty_like(data) if data is not array else array
            self.device.download(buffer, out)
            if out is not array:  # bf16, f8 and i4 come back as bits
                array[...] = from_device(out, root.type, array)

    @staticmethod
    def _constant_key(root: SSAValue):
        """The `memref.global constant` that `root` reads, else None: its
        data never changes, so its buffer outlives the run."""
        op = root.owner
        if not isinstance(op, memref.GetGlobalOp):
            return None
        found = SymbolTable.lookup_symbol(op, op.name_)
        # By name: coopmlir's dialects/memref_global.py has its own GlobalOp.
        if found is not None and found.name == "memref.global":
            if getattr(found, "constant", None) is not None:
                return found
        return None
