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

from coopmlir.elements import bf16_bits, bf16_from_bits, is_bf16


def to_device(array, memref_type):
    """The bytes the kernel sees: bf16 values (held in float32 by the
    interpreter's convention) travel as their top 16 bits."""
    if is_bf16(memref_type) and array.dtype == np.float32:
        return bf16_bits(array)
    return array


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
            if out is not array:  # bf16 comes back as bits
                array[...] = bf16_from_bits(out)

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
