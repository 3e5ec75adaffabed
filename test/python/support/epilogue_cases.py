"""L0 programs of a matmul with a fused epilogue, their random arguments and
their float64 reference: the differential tests of lower-to-coopmat's
epilogue fusion, the pipeline fuzzer and bench/gemm_epilogue.py build on it.

    case = EpilogueCase(64, 48, 32, bias="row", activation="gelu-tanh")
    source = case.source()                 # func.func @epilogue(%A, %B, %bias, %C)
    args = case.arguments(np.random.default_rng(0))
    want = case.reference(args)            # float64, before rounding to C's type

A is M x K and B K x N in f16 (or bf16: `inputs`), the product accumulates in f32 (a
`memref.alloc`/`tensor.empty` temporary), then: a bias (an N-vector added to
every row, or an M-vector to every column; through an indexing map or a
`linalg.broadcast` + `linalg.add`), an activation, `alpha * acc + beta * C`
(C read), and the cast to C's type (f16 or f32). On tensors (`tensor=True`)
the function returns C; bufferized, it takes the same arguments as the memref
form.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

#: Activation bodies on `%x: f32` (their last value is the result), with
#: their numpy meaning. `%zero` is a constant from outside the body.
ACTIVATIONS = {
    "relu": (
        ["%r = arith.maximumf %x, %zero : f32"],
        lambda x: np.maximum(x, 0),
    ),
    "gelu-tanh": (
        [
            "%c0 = arith.constant 0.7978845608028654 : f32",
            "%c1 = arith.constant 0.044715 : f32",
            "%half = arith.constant 0.5 : f32",
            "%one = arith.constant 1.0 : f32",
            "%x2 = arith.mulf %x, %x : f32",
            "%x3 = arith.mulf %x2, %x : f32",
            "%p = arith.mulf %c1, %x3 : f32",
            "%s = arith.addf %x, %p : f32",
            "%u = arith.mulf %c0, %s : f32",
            "%t = math.tanh %u : f32",
            "%t1 = arith.addf %one, %t : f32",
            "%h = arith.mulf %half, %x : f32",
            "%r = arith.mulf %h, %t1 : f32",
        ],
        lambda x: 0.5 * x * (1 + np.tanh(0.7978845608028654 * (x + 0.044715 * x**3))),
    ),
    "gelu-tanh-fpowi": (  # as torch-mlir exports it: x ** 3 by math.fpowi
        [
            "%three = arith.constant 3 : i64",
            "%c0 = arith.constant 0.7978845608028654 : f32",
            "%c1 = arith.constant 0.044715 : f32",
            "%half = arith.constant 0.5 : f32",
            "%one = arith.constant 1.0 : f32",
            "%x3 = math.fpowi %x, %three : f32, i64",
            "%p = arith.mulf %x3, %c1 : f32",
            "%s = arith.addf %x, %p : f32",
            "%u = arith.mulf %s, %c0 : f32",
            "%t = math.tanh %u : f32",
            "%t1 = arith.addf %t, %one : f32",
            "%h = arith.mulf %x, %half : f32",
            "%r = arith.mulf %h, %t1 : f32",
        ],
        lambda x: 0.5 * x * (1 + np.tanh(0.7978845608028654 * (x + 0.044715 * x**3))),
    ),
    "gelu-tanh-exp": (  # tanh(u) written as 1 - 2 / (exp(2u) + 1)
        [
            "%c0 = arith.constant 0.7978845608028654 : f32",
            "%c1 = arith.constant 0.044715 : f32",
            "%half = arith.constant 0.5 : f32",
            "%one = arith.constant 1.0 : f32",
            "%two = arith.constant 2.0 : f32",
            "%x2 = arith.mulf %x, %x : f32",
            "%x3 = arith.mulf %x2, %x : f32",
            "%p = arith.mulf %c1, %x3 : f32",
            "%s = arith.addf %x, %p : f32",
            "%u = arith.mulf %c0, %s : f32",
            "%u2 = arith.mulf %two, %u : f32",
            "%e = math.exp %u2 : f32",
            "%e1 = arith.addf %e, %one : f32",
            "%q = arith.divf %two, %e1 : f32",
            "%t = arith.subf %one, %q : f32",
            "%t1 = arith.addf %one, %t : f32",
            "%h = arith.mulf %half, %x : f32",
            "%r = arith.mulf %h, %t1 : f32",
        ],
        lambda x: 0.5 * x * (1 + np.tanh(0.7978845608028654 * (x + 0.044715 * x**3))),
    ),
    "gelu-erf": (
        [
            "%c = arith.constant 0.7071067811865476 : f32",
            "%half = arith.constant 0.5 : f32",
            "%one = arith.constant 1.0 : f32",
            "%u = arith.mulf %x, %c : f32",
            "%e = math.erf %u : f32",
            "%e1 = arith.addf %e, %one : f32",
            "%h = arith.mulf %x, %half : f32",
            "%r = arith.mulf %h, %e1 : f32",
        ],
        lambda x: 0.5 * x * (1 + np.vectorize(math.erf)(x / math.sqrt(2))),
    ),
    "silu": (
        [
            "%one = arith.constant 1.0 : f32",
            "%n = arith.negf %x : f32",
            "%e = math.exp %n : f32",
            "%d = arith.addf %one, %e : f32",
            "%r = arith.divf %x, %d : f32",
        ],
        lambda x: x / (1 + np.exp(-x)),
    ),
    "clamp": (
        [
            "%lo = arith.constant -0.5 : f32",
            "%hi = arith.constant 0.5 : f32",
            "%a = arith.maximumf %x, %lo : f32",
            "%r = arith.minimumf %a, %hi : f32",
        ],
        lambda x: np.clip(x, -0.5, 0.5),
    ),
    "leaky-relu": (
        [
            "%slope = arith.constant 0.125 : f32",
            "%pos = arith.cmpf ogt, %x, %zero : f32",
            "%y = arith.mulf %x, %slope : f32",
            "%r = arith.select %pos, %x, %y : f32",
        ],
        lambda x: np.where(x > 0, x, 0.125 * x),
    ),
}

#: Host arrays per element type; bf16 values are held in float32 (the
#: runtime's convention), rounded to bf16 (`_rounded`).
NUMPY = {"f16": np.float16, "f32": np.float32, "bf16": np.float32}

#: The unit roundoff of C's type.
UNIT_ROUNDOFF = {"f16": 2.0**-10, "bf16": 2.0**-7, "f32": 2.0**-23}


def _rounded(values: np.ndarray, element: str) -> np.ndarray:
    """`values` as host values of `element` (bf16: rounded, in float32)."""
    array = values.astype(NUMPY[element])
    if element != "bf16":
        return array
    from coopmlir.elements import round_bf16

    return round_bf16(array)


@dataclass(frozen=True)
class EpilogueCase:
    m: int
    n: int
    k: int
    out: str = "f16"
    #: A's and B's element type: f16 or bf16.
    inputs: str = "f16"
    #: None, "row" (an N-vector added to every row: torch's addmm bias) or
    #: "col" (an M-vector added to every column).
    bias: str | None = None
    #: The bias through linalg.broadcast + linalg.add instead of a map.
    broadcast: bool = False
    #: The bias vector's element type (f16 is extended in the body).
    bias_type: str = "f32"
    activation: str | None = None
    #: C = alpha * epilogue(A B) + beta * C.
    alpha_beta: tuple[float, float] | None = None
    tensor: bool = False
    #: B given as N x K (nn.Linear's weight, as torch-mlir exports a linear
    #: layer): the product is A B^T.
    transpose_b: bool = False

    # -- the program ---------------------------------------------------------

    def _t(self, shape: str, element: str) -> str:
        kind = "tensor" if self.tensor else "memref"
        return f"{kind}<{shape}x{element}>"

    def source(self) -> str:
        m, n, k = self.m, self.n, self.k
        acc = self._t(f"{m}x{n}", "f32")
        out = self._t(f"{m}x{n}", self.out)
        b_shape = f"{n}x{k}" if self.transpose_b else f"{k}x{n}"
        ta, tb = self._t(f"{m}x{k}", self.inputs), self._t(b_shape, self.inputs)
        params = [f"%A: {ta}", f"%B: {tb}"]
        if self.bias:
            length = n if self.bias == "row" else m
            params.append(f"%bias: {self._t(str(length), self.bias_type)}")
        if self.alpha_beta or not self.tensor:
            params.append(f"%C: {out}")
        lines = ["%zero = arith.constant 0.0 : f32"]
        object.__setattr__(self, "_fresh", 0)  # SSA names, per source()
        current = self._buffer(lines, acc)
        lines.append(
            self._op(f"linalg.fill ins(%zero : f32) outs({current} : {acc})", acc)
        )
        current = self._last(current)
        maps = ""
        if self.transpose_b:
            maps = (
                "indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, "
                "affine_map<(d0, d1, d2) -> (d1, d2)>, "
                "affine_map<(d0, d1, d2) -> (d0, d1)>] "
            )
        lines.append(
            self._op(
                f"linalg.matmul {maps}ins(%A, %B : {ta}, {tb}) outs({current} : {acc})",
                acc,
            )
        )
        current = self._last(current)
        if self.bias:
            current = self._bias(lines, current, acc)
        if self.activation:
            body, _ = ACTIVATIONS[self.activation]
            current = self._generic(lines, [current], [acc], None, acc, "f32", body)
        current = self._final(lines, current, acc, out)
        ret = f"  func.return {current} : {out}\n" if self.tensor else "  func.return\n"
        result = f" -> {out}" if self.tensor else ""
        text = "\n".join(f"  {line}" for line in lines)
        return f"func.func @epilogue({', '.join(params)}){result} {{\n{text}\n{ret}}}\n"

    def _buffer(self, lines: list[str], t: str) -> str:
        """A fresh temporary of type `t` (an alloc, or tensor.empty)."""
        name = f"%tmp{self._next()}"
        op = "tensor.empty()" if self.tensor else "memref.alloc()"
        lines.append(f"{name} = {op} : {t}")
        return name

    def _op(self, text: str, result: str | None) -> str:
        """`text` as a statement: on tensors it defines the next value (of
        type `result`; None where the syntax implies it)."""
        if not self.tensor:
            return text
        suffix = f" -> {result}" if result else ""
        return f"%v{self._next()} = {text}{suffix}"

    def _next(self) -> int:
        object.__setattr__(self, "_fresh", self._fresh + 1)
        return self._fresh

    def _last(self, current: str) -> str:
        return f"%v{self._fresh}" if self.tensor else current

    def _out(self, lines: list[str], current: str, t: str) -> str:
        """Where an element-wise op writes: in place on memrefs, a fresh
        tensor on tensors (bufferize-matmul gives it a temporary)."""
        return self._buffer(lines, t) if self.tensor else current

    def _bias(self, lines: list[str], current: str, acc: str) -> str:
        m, n = self.m, self.n
        vector = self._t(str(n if self.bias == "row" else m), self.bias_type)
        if self.broadcast:
            assert self.bias_type == "f32", "linalg.add takes one element type"
            spread = self._buffer(lines, acc)
            dims = 0 if self.bias == "row" else 1
            lines.append(
                self._op(
                    f"linalg.broadcast ins(%bias : {vector}) outs({spread} : {acc}) "
                    f"dimensions = [{dims}]",
                    None,
                )
            )
            spread = self._last(spread)
            target = self._out(lines, current, acc)
            lines.append(
                self._op(
                    f"linalg.add ins({current}, {spread} : {acc}, {acc}) "
                    f"outs({target} : {acc})",
                    acc,
                )
            )
            return self._last(target)
        body = ["%r = arith.addf %x, %b : f32"]
        if self.bias_type != "f32":
            body = [f"%b = arith.extf %b0 : {self.bias_type} to f32", *body]
        vmap = "(d1)" if self.bias == "row" else "(d0)"
        return self._generic(
            lines,
            [current, "%bias"],
            [acc, vector],
            vmap,
            acc,
            "f32",
            body,
            names=["%x", "%b0" if self.bias_type != "f32" else "%b"],
        )

    def _final(self, lines: list[str], current: str, acc: str, out: str) -> str:
        body = []
        value = "%x"
        if self.alpha_beta:
            alpha, beta = self.alpha_beta
            c = "%c"
            if self.out != "f32":
                body.append(f"%cw = arith.extf %c : {self.out} to f32")
                c = "%cw"
            body += [
                f"%alpha = arith.constant {alpha} : f32",
                f"%beta = arith.constant {beta} : f32",
                "%ax = arith.mulf %alpha, %x : f32",
                f"%bc = arith.mulf %beta, {c} : f32",
                "%s = arith.addf %ax, %bc : f32",
            ]
            value = "%s"
        if self.out != "f32":
            body.append(f"%r = arith.truncf {value} : f32 to {self.out}")
        elif body:
            body.append(f"%r = arith.addf {value}, %zero : f32")
        if not body:
            target = "%C" if not self.tensor else self._buffer(lines, out)
            lines.append(
                self._op(
                    f"linalg.copy ins({current} : {acc}) outs({target} : {out})", out
                )
            )
            return self._last(target)
        target = (
            "%C" if (self.alpha_beta or not self.tensor) else self._buffer(lines, out)
        )
        return self._generic(
            lines, [current], [acc], None, out, self.out, body, ["%x"], "%c", target
        )

    def _generic(
        self,
        lines: list[str],
        inputs: list[str],
        types: list[str],
        vector_map: str | None,
        out_type: str,
        out_element: str,
        body: list[str],
        names: tuple | list = ("%x",),
        out_name: str = "%o",
        target: str | None = None,
    ) -> str:
        """An element-wise linalg.generic of `inputs` (the second one through
        `vector_map` if given) into `target` (default: `_out`); its body ends
        with `%r`."""
        target = target or self._out(lines, inputs[0], out_type)
        ident = "affine_map<(d0, d1) -> (d0, d1)>"
        maps = [ident] + [
            f"affine_map<(d0, d1) -> {vector_map}>" if vector_map else ident
            for _ in inputs[1:]
        ]
        maps.append(ident)
        args = ", ".join(
            f"{name}: {self._element(t)}" for name, t in zip(names, types, strict=True)
        )
        args += f", {out_name}: {out_element}"
        text = (
            f"linalg.generic {{indexing_maps = [{', '.join(maps)}], "
            'iterator_types = ["parallel", "parallel"]} '
            f"ins({', '.join(inputs)} : {', '.join(types)}) "
            f"outs({target} : {out_type}) {{\n"
            f"  ^bb0({args}):\n"
            + "".join(f"    {line}\n" for line in body)
            + f"    linalg.yield %r : {out_element}\n  }}"
        )
        lines.append(self._op(text, out_type))
        return self._last(target)

    @staticmethod
    def _element(t: str) -> str:
        return t.rsplit("x", 1)[1].rstrip(">")

    # -- data and reference --------------------------------------------------

    def b_matrix(self, b):
        """The K x N matrix the argument B stands for (numpy or torch)."""
        return b.T if self.transpose_b else b

    def arguments(self, rng: np.random.Generator) -> list[np.ndarray]:
        """A, B, [bias], C as the lowered (memref) function takes them."""
        m, n, k = self.m, self.n, self.k
        args = [
            _rounded(rng.uniform(-1, 1, (m, k)), self.inputs),
            _rounded(
                rng.uniform(-1, 1, (n, k) if self.transpose_b else (k, n)), self.inputs
            ),
        ]
        if self.bias:
            length = n if self.bias == "row" else m
            args.append(_rounded(rng.uniform(-1, 1, length), self.bias_type))
        args.append(_rounded(rng.uniform(-1, 1, (m, n)), self.out))
        return args

    def reference(
        self, args: list[np.ndarray], product: np.ndarray | None = None
    ) -> np.ndarray:
        """The exact result in float64 (before rounding to C's type);
        `product`: A @ B in float64 if already computed (e.g. on a GPU)."""
        a, b = (x.astype(np.float64) for x in args[:2])
        acc = a @ self.b_matrix(b) if product is None else product
        if self.bias == "row":
            acc = acc + args[2].astype(np.float64)[None, :]
        elif self.bias == "col":
            acc = acc + args[2].astype(np.float64)[:, None]
        if self.activation:
            acc = ACTIVATIONS[self.activation][1](acc)
        if self.alpha_beta:
            alpha, beta = self.alpha_beta
            acc = alpha * acc + beta * args[-1].astype(np.float64)
        return acc

    def tolerance(
        self, args: list[np.ndarray], reference: np.ndarray, magnitude=None
    ) -> np.ndarray:
        """|got - reference| allowed per element: the f32 accumulation and
        epilogue (activations change errors by at most ~1.2x; the erf
        expansion adds 1.5e-7), then rounding to C's type. `magnitude`:
        |A| @ |B| in float64 if already computed."""
        if magnitude is None:
            a, b = (np.abs(x.astype(np.float64)) for x in args[:2])
            magnitude = a @ self.b_matrix(b)
        scale = magnitude + 1
        if self.alpha_beta:
            scale = abs(self.alpha_beta[0]) * scale + abs(self.alpha_beta[1])
        eps_out = UNIT_ROUNDOFF[self.out]
        return 2 * (self.k + 8) * 2.0**-23 * scale + eps_out * np.abs(reference) + 1e-6

    def error_ratio(self, got, args, reference, magnitude=None) -> float:
        """max |got - reference| / tolerance: <= 1 is correct."""
        error = np.abs(got.astype(np.float64) - reference)
        return float((error / self.tolerance(args, reference, magnitude)).max())

    def check(self, got: np.ndarray, args: list[np.ndarray], what: str) -> None:
        reference = self.reference(args)
        error = np.abs(got.astype(np.float64) - reference)
        bound = self.tolerance(args, reference)
        worst = np.unravel_index(np.argmax(error - bound), error.shape)
        assert np.all(error <= bound), (
            f"{what}: error {error[worst]} > {bound[worst]} at {worst}"
        )
