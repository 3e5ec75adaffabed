"""128-bit memory accesses for vectors of 8- and 16-bit elements.

A `vector<8xf16>` (or `vector<16xi8>`, `vector<8xbf16>`...) has no SPIR-V
vector type in Vulkan (at most 4 components), so `kernel.py` keeps it
as an array and would move it element by element. When the access is
provably aligned to 16 bytes, this module lets it move as ONE `uvec4`
(`vector<4xi32>`) load or store instead, the way hand-written Vulkan GEMMs
(vk_cooperative_matrix_perf's shmem.comp) do:

- a storage buffer gets a second variable at the same set and binding, a
  block `{uvec4[]}` (a view of the same bytes), used only for buffers the
  kernel never writes or never reads, so the two views never need
  `Aliased` (stores through two views can only be reordered, and they
  write different elements);
- a workgroup array whose every use is a 128-bit vector access or an
  unchecked KHR cooperative-matrix load/store at 16-byte-aligned offsets and
  strides is declared as `uvec4[]` outright (cooperative-matrix loads take a
  pointer to any scalar or vector type, offsets and strides in its units);
- the value itself stays packed (`vector<4xi32>`) from load to store, also
  through `scf.for` iter_args, and is unpacked (bitcasts) only where an op
  needs the elements.

Alignment is proven on the kernel's index arithmetic (`known_multiple`) or
claimed by the access's `alignment` attribute (MLIR's, in bytes: a run-time
branch of lower-to-coopmat checked the row lengths); anything unproven takes
the element-wise path.
"""

from __future__ import annotations

import math

import numpy as np
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import (
    BFloat16Type,
    DenseIntOrFPElementsAttr,
    Float16Type,
    Float32Type,
    IntegerAttr,
    IntegerType,
    MemRefType,
    VectorType,
    i32,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue

from coopmlir.elements import bf16_bits, is_f8
from coopmlir.tiling import ACCESS_BYTES

#: The SPIR-V type of a packed 128-bit value.
PACKED = VectorType(i32, [4])

_MULTIPLE_OPS: dict[str, str] = {
    "arith.addi": "gcd",
    "arith.subi": "gcd",
    "arith.minui": "gcd",
    "arith.maxui": "gcd",
    "arith.minsi": "gcd",
    "arith.maxsi": "gcd",
    "arith.remui": "gcd",
    "arith.muli": "product",
    "arith.index_cast": "same",
    # XOR keeps the low zero bits both operands share (an XOR swizzle of
    # 16-byte chunks keeps a vector aligned).
    "arith.xori": "low bits",
    # x / c for a constant c dividing x's multiple q: a multiple of q / c.
    "arith.divui": "quotient",
}


def element_bits(t: Attribute) -> int | None:
    """Width of an 8- or 16-bit scalar type (8-bit floats are their byte
    in SPIR-V: 16 codes move as one uvec4) or of f32 (a `vec4` bitcast to
    and from `uvec4`: `KernelLowering._bitcast_f32_wide`), else None."""
    if isinstance(t, Float32Type):
        return 32
    if is_f8(t):
        return 8
    if isinstance(t, Float16Type | BFloat16Type):
        return 16
    if isinstance(t, IntegerType) and t.width.data in (8, 16):
        return t.width.data
    return None


def is_wide_vector(t: Attribute) -> bool:
    """A 1-D `vector` of 8-, 16- or 32-bit (f32) elements that is exactly
    128 bits."""
    if not isinstance(t, VectorType) or t.get_num_dims() != 1:
        return False
    bits = element_bits(t.get_element_type())
    return bits is not None and bits * t.get_shape()[0] == 8 * ACCESS_BYTES


def elements_per_wide(t: Attribute) -> int:
    """How many elements of scalar type `t` fill 16 bytes."""
    bits = element_bits(t)
    assert bits is not None  # callers checked is_wide_vector / element_bits
    return 8 * ACCESS_BYTES // bits


def known_multiple(value: SSAValue, memo: dict[SSAValue, int] | None = None) -> int:
    """A number that `value` (an index or integer of the kernel, before
    lowering) is always a multiple of; 0 when it is the constant 0 (a
    multiple of everything). Follows constants, add/sub/mul/min/max/rem/xor,
    unsigned division by a constant dividing the dividend's multiple (a
    packed run's `k floordiv 2`) and scf.for induction variables; anything
    else is a multiple of 1."""
    memo = {} if memo is None else memo
    if value in memo:
        return memo[value]
    memo[value] = 1  # cycles (loop-carried values) stay unknown
    owner = value.owner
    result = 1
    if isinstance(owner, Block):
        loop = owner.parent_op()
        if isinstance(loop, scf.ForOp) and value is owner.args[0]:
            result = math.gcd(
                known_multiple(loop.lb, memo), known_multiple(loop.step, memo)
            )
    elif isinstance(owner, arith.ConstantOp):
        if isinstance(owner.value, IntegerAttr):
            result = abs(owner.value.value.data)
    else:
        rule = _MULTIPLE_OPS.get(owner.name)
        parts = [known_multiple(v, memo) for v in owner.operands]
        if rule == "gcd":
            result = math.gcd(*parts)
        elif rule == "product":
            result = parts[0] * parts[1]
        elif rule == "same":
            result = parts[0]
        elif rule == "quotient":
            result = _quotient_multiple(parts[0], owner.operands[1])
        elif rule == "low bits":
            shared = math.gcd(*parts)
            result = shared & -shared  # its largest power-of-two factor
    memo[value] = result
    return result


def _quotient_multiple(dividend: int, divisor: SSAValue) -> int:
    owner = divisor.owner
    if not isinstance(owner, arith.ConstantOp) or not isinstance(
        owner.value, IntegerAttr
    ):
        return 1
    c = owner.value.value.data
    if c <= 0 or dividend % c != 0:
        return 1
    return dividend // c


def aligned_offset(
    t: MemRefType,
    strides: tuple[int | SSAValue, ...],
    offset: int,
    indices: list[SSAValue],
    unit: int,
    memo: dict[SSAValue, int],
) -> bool:
    """Whether the linear element offset of `indices` into a memref of type
    `t` (`strides`, static `offset`) is always a multiple of `unit`; a
    run-time stride (an SSA value) is only known to be a multiple of 1."""
    total = offset
    for index, stride in zip(indices, strides, strict=True):
        known = stride if isinstance(stride, int) else 1
        total = math.gcd(total, known_multiple(index, memo) * known)
    return total % unit == 0


def claims_alignment(access: Operation) -> bool:
    """Whether a vector.load/store carries MLIR's `alignment` attribute (in
    bytes) of at least 16: its producer proved the address aligned."""
    alignment = access.attributes.get("alignment")
    return isinstance(alignment, IntegerAttr) and alignment.value.data >= ACCESS_BYTES


def packed_constant(op: Operation) -> list[int] | None:
    """The four 32-bit words of a 128-bit `arith.constant dense<...>`."""
    if not isinstance(op, arith.ConstantOp) or not is_wide_vector(op.result.type):
        return None
    value = op.value
    if not isinstance(value, DenseIntOrFPElementsAttr):
        return None
    t = op.result.type
    assert isinstance(t, VectorType)
    values = list(value.get_values())
    if len(values) == 1:
        values *= t.get_shape()[0]
    element = t.get_element_type()
    if is_f8(element):
        return None  # no 8-bit float constant is packed (the element path)
    if isinstance(element, Float32Type):
        raw = np.asarray(values, dtype=np.float32).view(np.uint32)
    elif isinstance(element, Float16Type):
        raw = np.asarray(values, dtype=np.float16).view(np.uint16)
    elif isinstance(element, BFloat16Type):
        raw = bf16_bits(values)
    else:
        bits = element_bits(element)
        raw = np.asarray([int(v) for v in values], dtype=np.int64).astype(
            np.uint8 if bits == 8 else np.uint16
        )
    words = np.ascontiguousarray(raw).view(np.uint32)
    return [int(w) - (1 << 32) if w >= 1 << 31 else int(w) for w in words]
