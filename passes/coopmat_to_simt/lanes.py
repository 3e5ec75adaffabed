"""IR for per-work-item code: lane functions and cross-lane data movement.

`coopmat-to-simt` works out at compile time, with `coopmlir.layout`, which
lane and component every value comes from, as numpy arrays over the S lanes of
a subgroup. `SimtEmitter` turns such arrays into IR that computes them from
`gpu.lane_id`:

- `lane_function(values)`: a constant, else the value as a sum of bit fields
  of the lane id (`((p >> j) & mask) * c`; the tinytc layout's `p % I`,
  `p / I` are of this form), else a lookup in a constant vector.
- `Gather`: component `comps[p]` of a vector as held by lane `lanes[p]`, for
  many such requests at once: a local `vector.extract`; `gpu.shuffle idx` of
  the whole vector when at least half of its components are taken from the
  same source lanes (one shuffle instead of one per component); else
  `gpu.shuffle idx` of the component (one per distinct component, then
  `arith.select` on the component). `assemble` builds a vector of requested
  values (the shuffled vector itself where it already is that vector).
- `relayout(vector, src, dst)`: the same matrix in another layout.
- `indices` (an `IndexEmitter`): `coopmlir.layout`'s index formulas as
  `arith` ops on the lane id, e.g. each component's matrix row and column
  for loads and stores.

Every lane function, extract and shuffle is emitted once per emitter (one
rewritten op). Lanes outside `care` (padding) may compute anything; their
results are replaced by zero where a matrix slot is padding.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

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
    i1,
    i32,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from coopmlir.constant_cache import ConstantCache, arith_constant
from coopmlir.dialects.gpu_subgroup import LaneIdOp, ShuffleOp
from coopmlir.layout import IndexArithmetic, LaneMap


def zero_attr(t: Attribute) -> IntegerAttr | FloatAttr:
    """The zero of a float, integer or index type `t`, as an attribute."""
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


#: How IR computes a per-lane index: ("const", c), ("fields", offset,
#: ((start, width, coeff), ...)) or ("table", (values...)).
LaneKey = tuple

_FITS: dict[tuple[bytes, bytes, int], tuple[LaneKey, np.ndarray]] = {}


def fit_lanes(
    values: np.ndarray, care: np.ndarray, S: int
) -> tuple[LaneKey, np.ndarray]:
    """The formula that gives `values[p]` on the lanes p in `care`, and what it
    computes on every lane (also outside `care`)."""
    values = np.asarray(values, dtype=np.int64)
    key = (values.tobytes(), care.tobytes(), S)
    if key in _FITS:
        return _FITS[key]
    first = int(values[care][0]) if care.any() else 0
    lanes = np.arange(S)
    if (values[care] == first).all():
        result: tuple[LaneKey, np.ndarray] = (("const", first), np.full(S, first))
    else:
        fit = bit_fields(values, care, S.bit_length() - 1)
        if fit is None:
            result = (("table", tuple(values.tolist())), values)
        else:
            offset, fields = fit
            computed = np.full(S, offset)
            for start, width, coeff in fields:
                computed += (lanes >> start & (1 << width) - 1) * coeff
            result = (("fields", offset, tuple(fields)), computed)
    _FITS[key] = result
    return result


def unsigned_less(x: SSAValue, y: SSAValue) -> arith.CmpiOp:
    """`arith.cmpi ult, x, y` (an op builder for `SimtEmitter.binary`)."""
    return arith.CmpiOp(x, y, "ult")


@dataclass(frozen=True)
class BoundedIndex:
    """An index value known to lie in [0, bound), e.g. `gpu.lane_id` in [0, S)."""

    value: SSAValue
    bound: int


#: A value of `IndexEmitter`: an int is a constant, emitted only where used.
EmittedIndex = int | BoundedIndex


class IndexEmitter(IndexArithmetic[EmittedIndex, SSAValue]):
    """`coopmlir.layout.IndexArithmetic` as `arith` ops on index values.

    Values are ints (constants, emitted only where an op uses them) and
    `BoundedIndex`es. Folds what constants and bounds decide: constant
    operands, x + 0, x * 0 and x * 1, x % c and x / c for x < c, and x < c
    where x's bound is at most c (then `less` gives None). Every op is
    emitted once per emitter (`SimtEmitter.binary`).
    """

    def __init__(self, em: SimtEmitter):
        self.em = em

    def lane(self) -> BoundedIndex:
        """`gpu.lane_id`, in [0, S)."""
        return BoundedIndex(self.em.lane(), self.em.S)

    def value(self, x: EmittedIndex) -> SSAValue:
        """The IR value of `x` (a constant is emitted here)."""
        return self.em.index(x) if isinstance(x, int) else x.value

    @staticmethod
    def _bound(x: EmittedIndex) -> int:
        return x + 1 if isinstance(x, int) else x.bound

    def _emit(
        self,
        op_type: Callable[[SSAValue, SSAValue], Operation],
        x: BoundedIndex,
        c: int,
        bound: int,
    ) -> BoundedIndex:
        return BoundedIndex(self.em.binary(op_type, x.value, self.em.index(c)), bound)

    def constant(self, value: int) -> EmittedIndex:
        return value

    def add(self, x: EmittedIndex, y: EmittedIndex) -> EmittedIndex:
        if isinstance(x, int) and isinstance(y, int):
            return x + y
        if y == 0:
            return x
        if x == 0:
            return y
        bound = self._bound(x) + self._bound(y) - 1
        return BoundedIndex(self.em.add(self.value(x), self.value(y)), bound)

    def mul(self, x: EmittedIndex, c: int) -> EmittedIndex:
        if isinstance(x, int):
            return x * c
        if c in (0, 1):
            return 0 if c == 0 else x
        return self._emit(arith.MuliOp, x, c, (x.bound - 1) * c + 1)

    # x % 1 and x / 1 stay ops (not 0 and x): the tinytc layout with I = 1
    # is emitted as the documentation's pseudo-code writes it.
    def rem(self, x: EmittedIndex, c: int) -> EmittedIndex:
        if isinstance(x, int):
            return x % c
        if x.bound <= c:
            return x
        return self._emit(arith.RemUIOp, x, c, min(x.bound, c))

    def div(self, x: EmittedIndex, c: int) -> EmittedIndex:
        if isinstance(x, int):
            return x // c
        if x.bound <= c:
            return 0
        return self._emit(arith.DivUIOp, x, c, (x.bound - 1) // c + 1)

    def less(self, x: EmittedIndex, c: int) -> SSAValue | None:
        if self._bound(x) <= c:
            return None
        if isinstance(x, int):
            return self.em.constant(0, i1)  # x >= c
        return self.em.binary(unsigned_less, x.value, self.em.index(c))


class SimtEmitter:
    """Inserts SIMT IR before the op that `rewriter` is rewriting."""

    def __init__(self, rewriter: PatternRewriter, subgroup_size: int):
        self.rewriter = rewriter
        self.S = subgroup_size
        self._constants = ConstantCache(arith_constant, self.rewriter.insert)
        self._lane_masks: dict[bytes, SSAValue] = {}
        self._lane: SSAValue | None = None
        self._lane_values: dict[LaneKey, SSAValue] = {}
        self._terms: dict[tuple[SSAValue, int, int, int, int], SSAValue] = {}
        self._extracts: dict[tuple[SSAValue, int | SSAValue], SSAValue] = {}
        self._shuffles: dict[tuple[SSAValue, LaneKey], SSAValue] = {}
        self._arith: dict[tuple[object, SSAValue, SSAValue], SSAValue] = {}
        self.indices = IndexEmitter(self)

    # --- plain IR ---------------------------------------------------------

    def emit(self, op: Operation) -> SSAValue:
        self.rewriter.insert(op)
        return op.results[0]

    def constant(self, value: int | float, t: Attribute) -> SSAValue:
        """One `arith.constant` per value and type (scalar or splat vector)."""
        return self._constants.get(value, t)

    def index(self, value: int) -> SSAValue:
        return self.constant(value, IndexType())

    def zeros(self, t: VectorType) -> SSAValue:
        return self.splat(0, t)

    def splat(self, value: int | float, t: VectorType) -> SSAValue:
        """A constant vector with every component `value`."""
        return self._constants.get(value, t)

    def binary(
        self,
        op_type: Callable[[SSAValue, SSAValue], Operation],
        x: SSAValue,
        y: SSAValue,
    ) -> SSAValue:
        """`op_type(x, y)`, emitted once per operator and operands."""
        key = (op_type, x, y)
        if key not in self._arith:
            self._arith[key] = self.emit(op_type(x, y))
        return self._arith[key]

    def add(self, x: SSAValue, y: SSAValue) -> SSAValue:
        return self.binary(arith.AddiOp, x, y)

    def extract(self, vec: SSAValue, position: int | SSAValue) -> SSAValue:
        """`vector.extract` (emitted once per vector and position)."""
        assert isinstance(vec.type, VectorType)
        key = (vec, position)
        if key not in self._extracts:
            extract = vector.ExtractOp(vec, [position], vec.type.element_type)
            self._extracts[key] = self.emit(extract)
        return self._extracts[key]

    def from_elements(
        self, elements: Sequence[SSAValue | None], t: VectorType
    ) -> SSAValue:
        """A vector built by inserting `elements` into zeros, in order (None:
        the component stays zero)."""
        result = self.zeros(t)
        for v, element in enumerate(elements):
            if element is not None:
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

    def lane_function(
        self, values: np.ndarray, care: np.ndarray | None = None
    ) -> SSAValue:
        """IR (index) that computes `values[lane]` for the lanes in `care`."""
        care = np.ones(self.S, dtype=bool) if care is None else care
        return self.lane_value(fit_lanes(values, care, self.S)[0])

    def lane_value(self, key: LaneKey) -> SSAValue:
        """The IR of a `fit_lanes` formula (emitted once per formula)."""
        if key not in self._lane_values:
            self._lane_values[key] = self._emit_lane_value(key)
        return self._lane_values[key]

    def _emit_lane_value(self, key: LaneKey) -> SSAValue:
        kind, *args = key
        if kind == "const":
            return self.index(args[0])
        if kind == "table":
            table_type = VectorType(IndexType(), [self.S])
            table = DenseIntOrFPElementsAttr.from_list(table_type, list(args[0]))
            return self.extract(self.emit(arith.ConstantOp(table)), self.lane())
        offset, fields = args
        return self.bit_fields(self.lane(), self.S, offset, fields)

    def bit_fields(
        self,
        x: SSAValue,
        bound: int,
        offset: int,
        fields: Sequence[tuple[int, int, int]],
    ) -> SSAValue:
        """IR (index) of a `fit_lanes` bit-field formula, `offset + sum(((x >>
        start) & (2**width - 1)) * coeff)`, on an index `x` below the power
        of two `bound` (the lane id, or a loop's k)."""
        result: SSAValue | None = None
        for field in fields:
            term = self._term(x, bound, *field)
            result = term if result is None else self.emit(arith.AddiOp(result, term))
        assert result is not None  # fit_lanes gives "const" without fields
        if offset:
            result = self.emit(arith.AddiOp(result, self.index(offset)))
        return result

    def _term(
        self, x: SSAValue, bound: int, start: int, width: int, coeff: int
    ) -> SSAValue:
        """`((x >> start) & (2**width - 1)) * coeff`, the mask left out where
        the field is x's top bits (x < bound)."""
        key = (x, bound, start, width, coeff)
        if key not in self._terms:
            bits = bound.bit_length() - 1
            term = x
            if start:
                term = self.emit(arith.ShRUIOp(term, self.index(start)))
            if start + width < bits:
                term = self.emit(arith.AndIOp(term, self.index((1 << width) - 1)))
            if coeff != 1:
                term = self.emit(arith.MuliOp(term, self.index(coeff)))
            self._terms[key] = term
        return self._terms[key]

    def lane_mask(self, care: np.ndarray) -> SSAValue | None:
        """An i1 that is true on the lanes in `care`; None if that is all lanes."""
        if care.all():
            return None
        key = care.tobytes()
        if key not in self._lane_masks:
            self._lane_masks[key] = self._lane_mask(care)
        return self._lane_masks[key]

    def _lane_mask(self, care: np.ndarray) -> SSAValue:
        count = int(care.sum())
        if care[:count].all():
            return self.emit(arith.CmpiOp(self.lane(), self.index(count), "ult"))
        indicator = self.lane_function(care.astype(np.int64))
        return self.emit(arith.CmpiOp(indicator, self.index(0), "ne"))

    # --- data movement between lanes ----------------------------------------

    def shuffle(
        self, value: SSAValue, lanes: LaneKey, computed: np.ndarray
    ) -> SSAValue:
        """`gpu.shuffle idx`: `value` (a scalar or a whole vector) as the lane
        that formula `lanes` (computing `computed`) names holds it."""
        key = (value, lanes)
        if key in self._shuffles:
            return self._shuffles[key]
        width = self.constant(self.S, i32)
        if lanes[0] == "const":
            source = self.constant(lanes[1], i32)
        else:
            source = self.lane_value(lanes)
            if ((computed < 0) | (computed >= self.S)).any():
                # Padding lanes would ask for a lane that does not exist.
                source = self.emit(arith.AndIOp(source, self.index(self.S - 1)))
            source = self.emit(arith.IndexCastOp(source, i32))
        result = self.emit(ShuffleOp("idx", value, source, width))
        self._shuffles[key] = result
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
        return self.gather_elements(vec, src, rows, cols, result_type)

    def gather_elements(
        self,
        vec: SSAValue,
        src: LaneMap,
        rows: np.ndarray,
        cols: np.ndarray,
        result_type: VectorType,
    ) -> SSAValue:
        """A vector whose component v on lane p is element (rows[p, v],
        cols[p, v]) of `vec`, a matrix in layout `src`; zero where rows is
        -1 (padding). `rows` and `cols` are (S, V) arrays."""
        owner_lane, owner_comp = src.owner_map()
        gather = Gather(self, vec)
        requests = []
        for v in range(rows.shape[1]):
            care = rows[:, v] >= 0
            r, c = np.where(care, rows[:, v], 0), np.where(care, cols[:, v], 0)
            requests.append(gather.request(owner_lane[r, c], owner_comp[r, c], care))
        elements: list[SSAValue | None] = []
        for v, request in enumerate(requests):
            if request is None:
                elements.append(None)
                continue
            care = rows[:, v] >= 0
            elements.append(self.select(self.lane_mask(care), gather.value(request)))
        return self.from_elements(elements, result_type)


@dataclass(frozen=True)
class Request:
    """A value every lane p takes: component comps[p] of lane lanes[p]'s vector."""

    lanes: LaneKey
    lanes_computed: tuple[int, ...]
    comps: LaneKey
    comps_in_range: bool  # the comps formula stays in the vector on every lane
    wanted: tuple[int, ...]  # the components asked for, on the lanes that care
    local: bool  # every lane takes its own component


class Gather:
    """Requested components of one vector `vec` (requests first, then values).

    A source-lane formula from which at least half of the vector's components
    are requested gets one `gpu.shuffle` of the whole vector; the others one
    shuffle per component.
    """

    def __init__(self, em: SimtEmitter, vec: SSAValue):
        assert isinstance(vec.type, VectorType)
        self.em = em
        self.vec = vec
        self.V = vec.type.get_shape()[0]
        self._wanted: dict[LaneKey, set[int]] = {}

    def request(
        self, lanes: np.ndarray, comps: np.ndarray, care: np.ndarray
    ) -> Request | None:
        """Record a request; None when no lane cares (the value is free)."""
        if not care.any():
            return None
        S = self.em.S
        own = np.arange(S)
        lanes = np.where(care, lanes, own)
        lane_key, computed = fit_lanes(lanes, care, S)
        comp_key, comps_computed = fit_lanes(comps, care, S)
        in_range = bool(((comps_computed >= 0) & (comps_computed < self.V)).all())
        wanted = tuple(sorted(set(comps[care].tolist())))
        local = bool((computed == own).all())
        if not local:
            self._wanted.setdefault(lane_key, set()).update(wanted)
        lanes_computed = tuple(computed.tolist())
        return Request(lane_key, lanes_computed, comp_key, in_range, wanted, local)

    def _whole(self, request: Request) -> bool:
        return 2 * len(self._wanted[request.lanes]) >= self.V

    def source(self, request: Request) -> SSAValue | None:
        """The vector that holds the value in every lane's own components
        (`vec`, or its whole-vector shuffle); None for a per-component shuffle."""
        if request.local:
            return self.vec
        if not self._whole(request):
            return None
        return self.em.shuffle(
            self.vec, request.lanes, np.array(request.lanes_computed)
        )

    def value(self, request: Request) -> SSAValue:
        em = self.em
        source = self.source(request)
        if source is not None:
            if request.comps[0] == "const":
                return em.extract(source, request.comps[1])
            comp = em.lane_value(request.comps)
            if not request.comps_in_range:
                # Lanes that do not care would index past the vector.
                comp = em.binary(arith.MinUIOp, comp, em.index(self.V - 1))
            return em.extract(source, comp)
        computed = np.array(request.lanes_computed)
        taken = [
            em.shuffle(em.extract(self.vec, c), request.lanes, computed)
            for c in request.wanted
        ]
        if len(taken) == 1:
            return taken[0]
        comp = em.lane_value(request.comps)
        result = taken[0]
        for c, value in zip(request.wanted[1:], taken[1:], strict=True):
            is_c = em.emit(arith.CmpiOp(comp, em.index(c), "eq"))
            result = em.emit(arith.SelectOp(is_c, value, result))
        return result

    def is_source(self, requests: Sequence[Request | None]) -> bool:
        """Whether `requests` (one per component) are exactly the components
        of one source vector, in order."""
        live = [r for r in requests if r is not None]
        return (
            len(requests) == self.V
            and bool(live)
            and all(r.lanes == live[0].lanes and r.local == live[0].local for r in live)
            and all(
                r is None or r.comps == ("const", v) for v, r in enumerate(requests)
            )
            and (live[0].local or self._whole(live[0]))
        )

    def assemble_cost(self, requests: Sequence[Request | None]) -> int:
        """Ops `assemble` emits besides the values themselves."""
        live = [r for r in requests if r is not None]
        if not live or self.is_source(requests):
            return 0
        return 1 + len(live) - Counter(live).most_common(1)[0][1]

    def assemble(self, requests: Sequence[Request | None], t: VectorType) -> SSAValue:
        """A vector of type `t` whose component v is `requests[v]`'s value
        (anything where it is None)."""
        em = self.em
        live = [r for r in requests if r is not None]
        if not live:
            return em.zeros(t)
        if self.is_source(requests):
            source = self.source(live[0])
            # is_source holds only where source() gives the whole vector
            assert source is not None and source.type == t
            return source
        common = Counter(live).most_common(1)[0][0]
        result = em.emit(vector.BroadcastOp(self.value(common), t))
        for v, request in enumerate(requests):
            if request is not None and request != common:
                result = em.emit(vector.InsertOp(self.value(request), result, [v]))
        return result


def fill_padding(
    em: SimtEmitter, vec: SSAValue, lanes: LaneMap, fill: int | float = 0
) -> SSAValue:
    """`vec` with `fill` in its padding components (lane by lane: xDSL's
    `arith.select` takes no vector condition)."""
    assert isinstance(vec.type, VectorType)
    element_type = vec.type.element_type
    padding = lanes.padding_mask()
    for v in range(lanes.V):
        in_matrix = em.lane_mask(~padding[:, v])
        if in_matrix is None:
            continue
        value = em.extract(vec, v)
        value = em.emit(
            arith.SelectOp(in_matrix, value, em.constant(fill, element_type))
        )
        vec = em.emit(vector.InsertOp(value, vec, [v]))
    return vec
