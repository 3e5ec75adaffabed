"""IR for per-work-item code: lane functions and cross-lane data movement.

`coopmat-to-simt` works out at compile time, with `coopmlir.layout`, which
lane and component every value comes from, as numpy arrays over the S lanes of
a subgroup. `SimtEmitter` turns such arrays into IR that computes them from
`gpu.lane_id`:

- `lane_function(values)`: a constant, else the value as a sum of bit fields
  of the lane id (`((p >> j) & mask) * c`; the tinytc layout's `p % I`,
  `p / I` are of this form), else a lookup in a constant vector.
- `fetch(vector, lanes, comps)`: component `comps[p]` of `vector` as held by
  lane `lanes[p]`: a local `vector.extract`, or `gpu.shuffle idx` (one per
  distinct component, then `arith.select` on the component).
- `relayout(vector, src, dst)`: the same matrix in another layout.

Lanes outside `care` (padding) may compute anything; their results are
replaced by zero where a matrix slot is padding.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from xdsl.dialects import arith, vector
from xdsl.dialects.builtin import (
    AnyFloat,
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    VectorType,
    i32,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from coopmlir.dialects.gpu_subgroup import LaneIdOp, ShuffleOp
from coopmlir.layout import LaneMap


def zero_attr(t: Attribute) -> IntegerAttr | FloatAttr:
    if isinstance(t, AnyFloat):
        return FloatAttr(0.0, t)
    assert isinstance(t, IntegerType | IndexType)
    return IntegerAttr(0, t)


def bit_fields(
    values: np.ndarray, care: np.ndarray, bits: int
) -> tuple[int, list[tuple[int, int, int]]] | None:
    """Write `values[p]` (for lanes p in `care`) as `c0 + sum(((p >> j) & (2**w
    - 1)) * c)`; returns (c0, [(j, w, c), ...]) or None if it is not of that form.
    """
    lanes = np.arange(values.size)
    lane_bits = (lanes[:, None] >> np.arange(bits)[None, :]) & 1
    design = np.hstack([np.ones((values.size, 1)), lane_bits])[care]
    solution = np.linalg.lstsq(design, values[care].astype(np.float64), rcond=None)[0]
    coeffs = np.rint(solution).astype(np.int64)
    if not np.array_equal(design.astype(np.int64) @ coeffs, values[care]):
        return None
    fields: list[tuple[int, int, int]] = []
    for j, c in enumerate(coeffs[1:].tolist()):
        start, width, coeff = fields[-1] if fields else (0, 0, 0)
        if c == 0:
            continue
        if fields and start + width == j and c == coeff << width:
            fields[-1] = (start, width + 1, coeff)
        else:
            fields.append((j, 1, c))
    return int(coeffs[0]), fields


class SimtEmitter:
    """Inserts SIMT IR before the op that `rewriter` is rewriting."""

    def __init__(self, rewriter: PatternRewriter, subgroup_size: int):
        self.rewriter = rewriter
        self.S = subgroup_size
        self._constants: dict[tuple[Attribute, object], SSAValue] = {}
        self._lane: SSAValue | None = None
        self._lane_i32: SSAValue | None = None

    # --- plain IR ---------------------------------------------------------

    def emit(self, op: Operation) -> SSAValue:
        self.rewriter.insert(op)
        return op.results[0]

    def constant(self, value: int | float, t: Attribute) -> SSAValue:
        key = (t, value)
        if key not in self._constants:
            attr = (
                FloatAttr(value, t)
                if isinstance(t, AnyFloat)
                else IntegerAttr(value, t)
            )
            self._constants[key] = self.emit(arith.ConstantOp(attr))
        return self._constants[key]

    def index(self, value: int) -> SSAValue:
        return self.constant(value, IndexType())

    def zeros(self, t: VectorType) -> SSAValue:
        key = (t, 0)
        if key not in self._constants:
            elem = t.get_element_type()
            data = [0.0 if isinstance(elem, AnyFloat) else 0] * t.get_shape()[0]
            dense = DenseIntOrFPElementsAttr.from_list(t, data)
            self._constants[key] = self.emit(arith.ConstantOp(dense))
        return self._constants[key]

    def extract(self, vec: SSAValue, position: int | SSAValue) -> SSAValue:
        assert isinstance(vec.type, VectorType)
        return self.emit(vector.ExtractOp(vec, [position], vec.type.element_type))

    def from_elements(self, elements: Sequence[SSAValue], t: VectorType) -> SSAValue:
        """A vector built by inserting `elements` into zeros, in order."""
        result = self.zeros(t)
        for v, element in enumerate(elements):
            result = self.emit(vector.InsertOp(element, result, [v]))
        return result

    def select(self, cond: SSAValue | None, value: SSAValue) -> SSAValue:
        """`value` where `cond` holds, else zero; `value` if cond is None."""
        if cond is None:
            return value
        zero = self.constant(zero_attr(value.type).value.data, value.type)
        return self.emit(arith.SelectOp(cond, value, zero))

    # --- the lane id and functions of it -----------------------------------

    def lane(self) -> SSAValue:
        """`gpu.lane_id` (index)."""
        if self._lane is None:
            self._lane = self.emit(LaneIdOp())
        return self._lane

    def lane_i32(self) -> SSAValue:
        if self._lane_i32 is None:
            self._lane_i32 = self.emit(arith.IndexCastOp(self.lane(), i32))
        return self._lane_i32

    def lane_function(
        self, values: np.ndarray, care: np.ndarray | None = None
    ) -> SSAValue:
        """IR (index) that computes `values[lane]` for the lanes in `care`."""
        return self._lane_function(values, care)[0]

    def _lane_function(
        self, values: np.ndarray, care: np.ndarray | None
    ) -> tuple[SSAValue, np.ndarray]:
        """The IR, and what it computes on every lane (also outside `care`)."""
        values = np.asarray(values, dtype=np.int64)
        care = np.ones(self.S, dtype=bool) if care is None else care
        lanes = np.arange(self.S)
        first = int(values[care][0]) if care.any() else 0
        if (values[care] == first).all():
            return self.index(first), np.full(self.S, first)
        bits = self.S.bit_length() - 1
        fit = bit_fields(values, care, bits)
        if fit is None:
            return self._lookup(values), values
        offset, fields = fit
        result: SSAValue | None = None
        computed = np.full(self.S, offset)
        for start, width, coeff in fields:
            computed += (lanes >> start & (1 << width) - 1) * coeff
            term = self.lane()
            if start:
                term = self.emit(arith.ShRUIOp(term, self.index(start)))
            if start + width < bits:
                term = self.emit(arith.AndIOp(term, self.index((1 << width) - 1)))
            if coeff != 1:
                term = self.emit(arith.MuliOp(term, self.index(coeff)))
            result = term if result is None else self.emit(arith.AddiOp(result, term))
        assert result is not None
        if offset:
            result = self.emit(arith.AddiOp(result, self.index(offset)))
        return result, computed

    def _lookup(self, values: np.ndarray) -> SSAValue:
        table_type = VectorType(IndexType(), [self.S])
        table = DenseIntOrFPElementsAttr.from_list(table_type, values.tolist())
        return self.extract(self.emit(arith.ConstantOp(table)), self.lane())

    def lane_mask(self, care: np.ndarray) -> SSAValue | None:
        """An i1 that is true on the lanes in `care`; None if that is all lanes."""
        if care.all():
            return None
        count = int(care.sum())
        if care[:count].all():
            return self.emit(arith.CmpiOp(self.lane(), self.index(count), "ult"))
        indicator = self.lane_function(care.astype(np.int64))
        return self.emit(arith.CmpiOp(indicator, self.index(0), "ne"))

    # --- data movement between lanes ----------------------------------------

    def shuffle(self, value: SSAValue, lanes: np.ndarray, care: np.ndarray) -> SSAValue:
        """`gpu.shuffle idx`: `value` as lane `lanes[p]` holds it."""
        source, computed = self._lane_function(lanes, care)
        if (computed == computed[0]).all():
            width = self.constant(self.S, i32)
            return self.emit(
                ShuffleOp("idx", value, self.constant(int(computed[0]), i32), width)
            )
        if ((computed < 0) | (computed >= self.S)).any():
            # Padding lanes would ask for a lane that does not exist.
            source = self.emit(arith.AndIOp(source, self.index(self.S - 1)))
        source = self.emit(arith.IndexCastOp(source, i32))
        width = self.constant(self.S, i32)
        return self.emit(ShuffleOp("idx", value, source, width))

    def fetch(
        self, vec: SSAValue, lanes: np.ndarray, comps: np.ndarray, care: np.ndarray
    ) -> SSAValue:
        """Component `comps[p]` of `vec` held by lane `lanes[p]`, on every lane p
        in `care`."""
        lanes = np.where(care, lanes, np.arange(self.S))
        wanted = sorted(set(comps[care].tolist())) or [0]
        if (lanes == np.arange(self.S)).all():
            if len(wanted) == 1:
                return self.extract(vec, wanted[0])
            return self.extract(vec, self.lane_function(comps, care))
        taken = [self.shuffle(self.extract(vec, c), lanes, care) for c in wanted]
        if len(taken) == 1:
            return taken[0]
        comp = self.lane_function(comps, care)
        result = taken[0]
        for c, value in zip(wanted[1:], taken[1:], strict=True):
            is_c = self.emit(arith.CmpiOp(comp, self.index(c), "eq"))
            result = self.emit(arith.SelectOp(is_c, value, result))
        return result

    def relayout(
        self, vec: SSAValue, src: LaneMap, dst: LaneMap, result_type: VectorType
    ) -> SSAValue:
        """`vec`, a matrix in layout `src`, as per-lane vectors of layout `dst`
        (same rows and columns); padding slots of `dst` are zero."""
        if (src.M, src.N) != (dst.M, dst.N):
            raise ValueError(f"cannot relayout {src.M}x{src.N} to {dst.M}x{dst.N}")
        rows, cols = dst.element_map()
        if src.V == dst.V and all(
            np.array_equal(a, b)
            for a, b in zip(src.element_map(), (rows, cols), strict=True)
        ):
            return vec
        owner_lane, owner_comp = src.owner_map()
        elements = []
        for v in range(dst.V):
            care = rows[:, v] >= 0
            r, c = np.where(care, rows[:, v], 0), np.where(care, cols[:, v], 0)
            value = self.fetch(vec, owner_lane[r, c], owner_comp[r, c], care)
            elements.append(self.select(self.lane_mask(care), value))
        return self.from_elements(elements, result_type)
