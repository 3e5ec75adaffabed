"""Every 1-D vector of a SIMT kernel becomes its components, one scalar SSA
value each, for MLIR 22's SPIR-V conversions.

MLIR converts only vectors of 2-4 components (8 and 16 with the Vector16
capability, which Vulkan lacks), has no public pass in mlir-opt-22 that
unrolls longer ones (`--test-convert-to-spirv=run-vector-unrolling` is a
test pass, for func.func), and lowers `vector.load`/`vector.store` with a
pointer bitcast that spirv-val rejects under Logical addressing. So the
components travel as scalars, and memory is accessed per element:

- `vector.extract`/`vector.insert` at a constant position pick or replace a
  component (no op); at a dynamic position, a chain of `arith.select`s;
- `vector.broadcast` repeats its scalar, an `arith.constant` vector is one
  constant per component;
- arith and math ops apply per component (`vector.fma` as `math.fma`); `gpu.shuffle`
  shuffles each component (its `valid` result is the first one's);
- `vector.load`/`vector.store` are one `memref.load`/`memref.store` per
  component, at the last index plus the component's position;
- `scf.for` iter_args, `scf.if` results and `scf.yield` operands of vector
  type become one per component.

Anything else with a vector operand or result is a located error.
"""

from __future__ import annotations

from xdsl.dialects import arith, math, memref, scf, vector
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    VectorType,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from coopmlir.diagnostics import CompileError, location_of
from coopmlir.dialects.gpu_subgroup import ShuffleOp


def _error(op: Operation, message: str) -> CompileError:
    return CompileError.at(
        location_of(op), f"prepare-gpu-to-spirv: '{op.name}' {message}"
    )


def _is_vector(t: Attribute) -> bool:
    return isinstance(t, VectorType)


def _length(t: VectorType) -> int:
    if t.get_num_dims() != 1:
        raise ValueError(f"only 1-D vectors are scalarized, got {t}")
    return t.get_shape()[0]


def _position(op: vector.ExtractOp | vector.InsertOp) -> int:
    """The one position of an extract or insert on a 1-D vector."""
    positions = op.static_position.get_values()
    if len(positions) != 1:
        raise ValueError(f"only one position is scalarized, got {len(positions)}")
    return positions[0]


def _expanded(types) -> list[Attribute]:
    """`types` with each vector type repeated once per component as its
    element type."""
    out: list[Attribute] = []
    for t in types:
        out += [t.get_element_type()] * _length(t) if _is_vector(t) else [t]
    return out


class Scalarizer:
    """Rewrites one kernel body; `components[v]` are the scalars of vector `v`."""

    def __init__(self) -> None:
        self.components: dict[SSAValue, list[SSAValue]] = {}
        self.dead: list[Operation] = []

    # ------------------------------------------------------------ helpers
    def _insert(self, before: Operation, *ops: Operation) -> None:
        before.parent_block().insert_ops_before(list(ops), before)

    def _index(self, before: Operation, value: int) -> SSAValue:
        c = arith.ConstantOp(IntegerAttr(value, IndexType()))
        self._insert(before, c)
        return c.result

    def _scalars(self, value: SSAValue) -> list[SSAValue]:
        if value in self.components:
            return self.components[value]
        raise ValueError(f"a vector value defined outside the kernel: {value}")

    def _flat(self, values) -> list[SSAValue]:
        out: list[SSAValue] = []
        for v in values:
            out += self._scalars(v) if _is_vector(v.type) else [v]
        return out

    def _bind(self, values, flat) -> None:
        """Map `values` (old results or block arguments) onto the expanded
        `flat` ones: vectors to their components, scalars replaced."""
        it = iter(flat)
        for v in values:
            if _is_vector(v.type):
                self.components[v] = [next(it) for _ in range(_length(v.type))]
            else:
                v.replace_all_uses_with(next(it))

    def _select_component(self, before, parts, index) -> SSAValue:
        """`parts[index]` for a dynamic `index`: a chain of selects."""
        result = parts[0]
        for k in range(1, len(parts)):
            same = arith.CmpiOp(index, self._index(before, k), "eq")
            pick = arith.SelectOp(same, parts[k], result)
            self._insert(before, same, pick)
            result = pick.result
        return result

    # ------------------------------------------------------------ walking
    def run(self, region: Region) -> None:
        for block in region.blocks:
            self._block(block)

    def finish(self) -> None:
        """Erase the replaced ops, all detached first: a replaced op may still
        use another."""
        for op in self.dead:
            op.detach()
        for op in self.dead:
            op.erase(safe_erase=False)

    def _block(self, block: Block) -> None:
        if any(_is_vector(a.type) for a in block.args) and not isinstance(
            block.parent_op(), scf.ForOp
        ):
            raise _error(
                block.parent_op(),
                "a block argument of vector type (only scf.for iter_args are "
                "scalarized)",
            )
        for op in list(block.ops):
            self._op(op)

    def _op(self, op: Operation) -> None:
        if isinstance(op, scf.ForOp | scf.IfOp):
            try:
                return self._for(op) if isinstance(op, scf.ForOp) else self._if(op)
            except ValueError as err:
                raise _error(op, str(err)) from None
        types = [*(v.type for v in op.operands), *op.result_types]
        if not any(_is_vector(t) for t in types):
            for region in op.regions:
                self.run(region)
            return
        handler = {
            vector.ExtractOp: self._extract,
            vector.InsertOp: self._insert_op,
            vector.BroadcastOp: self._broadcast,
            vector.LoadOp: self._load,
            vector.StoreOp: self._store,
            ShuffleOp: self._shuffle,
            scf.YieldOp: self._yield,
            arith.ConstantOp: self._constant,
        }.get(type(op))
        if handler is None and not op.regions:
            if op.dialect_name() in ("arith", "math") or isinstance(op, vector.FMAOp):
                handler = self._elementwise
        if handler is None:
            raise _error(
                op, "on vectors has no scalar form for MLIR's SPIR-V conversion"
            )
        try:
            handler(op)
        except ValueError as err:
            raise _error(op, str(err)) from None
        self.dead.append(op)

    # ------------------------------------------------------------ ops
    def _extract(self, op: vector.ExtractOp) -> None:
        parts = self._scalars(op.vector)
        pos = _position(op)
        if pos == DYNAMIC_INDEX:
            value = self._select_component(op, parts, op.dynamic_position[0])
        else:
            value = parts[pos]
        if _is_vector(op.result.type):  # vector<1xT> from vector<1xT>
            self.components[op.result] = [value]
        else:
            op.result.replace_all_uses_with(value)

    def _insert_op(self, op: vector.InsertOp) -> None:
        parts = list(self._scalars(op.dest))
        source = op.source
        value = self._scalars(source)[0] if _is_vector(source.type) else source
        pos = _position(op)
        if pos != DYNAMIC_INDEX:
            parts[pos] = value
        else:
            index = op.dynamic_position[0]
            for k, old in enumerate(parts):
                same = arith.CmpiOp(index, self._index(op, k), "eq")
                pick = arith.SelectOp(same, value, old)
                self._insert(op, same, pick)
                parts[k] = pick.result
        self.components[op.result] = parts

    def _broadcast(self, op: vector.BroadcastOp) -> None:
        source = op.source
        if _is_vector(source.type):
            (value,) = self._scalars(
                source
            )  # vector<1xT>: a longer one is not 1-D broadcast
        else:
            value = source
        self.components[op.vector] = [value] * _length(op.vector.type)

    def _constant(self, op: arith.ConstantOp) -> None:
        t = op.result.type
        dense = op.value
        if not isinstance(dense, DenseIntOrFPElementsAttr):
            raise ValueError(f"a vector constant must be dense, got {dense}")
        element = t.get_element_type()
        values = list(dense.get_values())
        if len(values) == 1:
            values *= _length(t)
        make = (
            (lambda v: IntegerAttr(int(v), element))
            if isinstance(element, IntegerType)
            else (lambda v: FloatAttr(float(v), element))
        )
        consts = [arith.ConstantOp(make(v)) for v in values]
        self._insert(op, *consts)
        self.components[op.result] = [c.result for c in consts]

    def _elementwise(self, op: Operation) -> None:
        lengths = {
            _length(t)
            for t in [*(v.type for v in op.operands), *op.result_types]
            if _is_vector(t)
        }
        if len(lengths) != 1:
            raise ValueError(f"{op.name} changes the number of components")
        (n,) = lengths
        results = [[] for _ in op.results]
        for k in range(n):
            operands = [
                self._scalars(v)[k] if _is_vector(v.type) else v for v in op.operands
            ]
            result_types = [
                t.get_element_type() if _is_vector(t) else t for t in op.result_types
            ]
            if isinstance(op, vector.FMAOp):  # vector.fma takes vectors only
                new = math.FmaOp(*operands)
            else:
                new = type(op).create(
                    operands=operands,
                    result_types=result_types,
                    properties=dict(op.properties),
                    attributes=dict(op.attributes),
                )
            self._insert(op, new)
            for r, nr in zip(results, new.results, strict=True):
                r.append(nr)
        for old, parts in zip(op.results, results, strict=True):
            if _is_vector(old.type):
                self.components[old] = parts
            else:
                raise ValueError(f"{op.name} mixes scalar and vector results")

    def _shuffle(self, op: ShuffleOp) -> None:
        parts = []
        for value in self._scalars(op.value):
            new = ShuffleOp(op.mode.data, value, op.offset, op.width)
            self._insert(op, new)
            parts.append(new)
        self.components[op.result] = [p.result for p in parts]
        op.valid.replace_all_uses_with(parts[0].valid)

    def _addresses(self, op, indices, n):
        """The indices of the `n` components: the last index plus 0..n-1."""
        *lead, last = indices
        out = []
        for k in range(n):
            if k == 0:
                out.append([*lead, last])
                continue
            add = arith.AddiOp(last, self._index(op, k))
            self._insert(op, add)
            out.append([*lead, add.result])
        return out

    def _load(self, op: vector.LoadOp) -> None:
        n = _length(op.result.type)
        loads = [
            memref.LoadOp.get(op.base, idx)
            for idx in self._addresses(op, op.indices, n)
        ]
        self._insert(op, *loads)
        self.components[op.result] = [ld.res for ld in loads]

    def _store(self, op: vector.StoreOp) -> None:
        parts = self._scalars(op.vector)
        addresses = self._addresses(op, op.indices, len(parts))
        stores = [
            memref.StoreOp.get(v, op.base, idx)
            for v, idx in zip(parts, addresses, strict=True)
        ]
        self._insert(op, *stores)

    def _yield(self, op: scf.YieldOp) -> None:
        self._insert(op, scf.YieldOp(*self._flat(op.operands)))

    def _for(self, op: scf.ForOp) -> None:
        if not any(_is_vector(v.type) for v in op.iter_args):
            self.run(op.body)
            return
        old_body = op.body.block
        body = Block(
            arg_types=[old_body.args[0].type, *_expanded(a.type for a in op.iter_args)]
        )
        for inner in list(old_body.ops):
            inner.detach()
            body.add_op(inner)
        old_body.args[0].replace_all_uses_with(body.args[0])
        self._bind(old_body.args[1:], body.args[1:])
        new = scf.ForOp(op.lb, op.ub, op.step, self._flat(op.iter_args), body)
        self._insert(op, new)
        self._block(body)
        self._bind(op.results, new.results)
        self.dead.append(op)

    def _if(self, op: scf.IfOp) -> None:
        if not any(_is_vector(t) for t in op.result_types):
            for region in op.regions:
                self.run(region)
            return
        regions = []
        for region in (op.true_region, op.false_region):
            moved = Region()
            region.move_blocks(moved)
            regions.append(moved)
        new = scf.IfOp(op.cond, _expanded(op.result_types), regions[0], regions[1])
        self._insert(op, new)
        for region in new.regions:
            self.run(region)
        self._bind(op.results, new.results)
        self.dead.append(op)
