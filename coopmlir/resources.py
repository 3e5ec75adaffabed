"""`dense_resource` constants: the weights torch-mlir exports as
`arith.constant dense_resource<key> : tensor<...>`, their bytes in the file's
`{-# dialect_resources: {builtin: {key: "0x..."}} #-}` section.

xDSL keeps those blobs (hex strings) in the builtin dialect's
`OpAsmDialectInterface`, one store per process; `resource_blob` reads it and
`decode_blob` turns a blob into a numpy array without going through Python
numbers. A blob is MLIR's: a little-endian uint32 alignment, then the
elements little-endian and packed (i1, i4 and f8 one byte each).

Pure Python + numpy and xDSL's builtin types; numpy is imported where an
array is asked for (coopmlir-opt's start-up never needs it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects.builtin import IndexType, IntegerType
from xdsl.ir import Attribute

from coopmlir.elements import (
    bf16_from_bits,
    element_of,
    f8_format,
    f8_from_bits,
    is_bf16,
    is_f8,
    is_i4,
    wrap_int4,
)

if TYPE_CHECKING:
    import numpy as np

#: Bytes before the elements: the alignment MLIR wrote the blob with.
ALIGNMENT_PREFIX = 4


def resource_blob(handle: str) -> str | None:
    """The hex blob parsed for builtin resource `handle`; None when the file
    declared none (a `dense_resource` whose section is missing)."""
    from xdsl.dialect_interfaces.op_asm import OpAsmDialectInterface
    from xdsl.dialects.builtin import Builtin

    interface = Builtin.get_interface(OpAsmDialectInterface)
    return (interface.lookup(handle) or None) if interface else None


def _is_i1(t: Attribute) -> bool:
    return isinstance(t, IntegerType) and t.width.data == 1


def _storage_dtype(element_type: Attribute) -> np.dtype:
    import numpy as np

    if isinstance(element_type, IndexType):
        return np.dtype("<i8")
    if _is_i1(element_type):
        return np.dtype(np.uint8)
    return element_of(element_type).bits_dtype.newbyteorder("<")


def decode_blob(
    blob: str, element_type: Attribute, shape: tuple[int, ...]
) -> np.ndarray:
    """The array that hex `blob` holds: `shape` elements of `element_type`,
    as the interpreter holds them (`coopmlir.interpreter.values`). ValueError
    when the blob is not hex or its size does not match."""
    import numpy as np

    if not blob.startswith("0x"):
        raise ValueError("a resource blob is a hex string starting with 0x")
    data = bytes.fromhex(blob[2:])
    dtype = _storage_dtype(element_type)
    count = int(np.prod(shape, dtype=np.int64))
    expected = ALIGNMENT_PREFIX + count * dtype.itemsize
    if len(data) != expected:
        raise ValueError(
            f"the blob holds {len(data)} bytes; {count} elements of "
            f"{element_type} need {expected} (with the 4-byte alignment)"
        )
    array = np.frombuffer(data, dtype, count, ALIGNMENT_PREFIX).reshape(shape)
    if _is_i1(element_type):
        return array != 0
    if is_bf16(element_type):
        return bf16_from_bits(array)
    if is_f8(element_type):
        return f8_from_bits(array, f8_format(element_type))
    if is_i4(element_type):  # MLIR stores an i4 in the low bits of a byte
        return wrap_int4(array, element_of(element_type).kind == "signed")
    return array.astype(dtype.newbyteorder("="))
