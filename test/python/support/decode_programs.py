"""Decoding-attention programs (`coopmlir.decode_attention` on memrefs),
their inputs, and an independent reference: a loop over query rows in
numpy f64, written apart from the interpreter's vectorized semantics."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from coopmlir.elements import F8_FORMATS, round_f8

NP = {"f16": np.float16, "f32": np.float32, "i8": np.int8}
#: Quantized K/V types (codes with scales): f8 held as float32 values.
QUANTIZED = ("i8", "f8E4M3FN", "f8E5M2")
#: Against f64: Q and K/V are exact in f32, the kernel sums in f32; an f16
#: output adds its rounding (|O| < 4).
TOLERANCE = {"f32": 2e-5, "f16": 4e-3}


@dataclass(frozen=True)
class DecodeCase:
    batch: int
    hq: int
    hkv: int
    s: int
    lmax: int
    d: int
    dv: int
    causal: bool = False
    kv: str = "f16"  # or "i8", "f8E4M3FN", "f8E5M2" (with scales)
    per_position: tuple[bool, bool] = (True, True)  # i8: the scales' shapes
    out: str = "f32"
    scale: float = 0.25

    @property
    def quantized(self) -> bool:
        return self.kv in QUANTIZED

    @property
    def shapes(self) -> list[tuple[int, ...]]:
        """Q, K, V, length, [K scale, V scale], O."""
        b, hkv = self.batch, self.hkv
        shapes = [
            (b, self.hq, self.s, self.d),
            (b, hkv, self.lmax, self.d),
            (b, hkv, self.lmax, self.dv),
            (1,),
        ]
        if self.quantized:
            shapes += [
                (b, hkv, self.lmax) if p else (b, hkv) for p in self.per_position
            ]
        return [*shapes, (b, self.hq, self.s, self.dv)]

    def types(self) -> list[str]:
        elements = ["f16", self.kv, self.kv, "i32"]
        if self.quantized:
            elements += ["f32", "f16"]
        elements.append(self.out)
        return [
            f"memref<{'x'.join(map(str, shape))}x{e}>"
            for shape, e in zip(self.shapes, elements, strict=True)
        ]

    def program(self) -> str:
        """`@step(q, k, v, n[, ks, vs], o)`."""
        types = self.types()
        names = ["%q", "%k", "%v", "%n", *(["%ks", "%vs"] if self.quantized else [])]
        args = ", ".join(
            f"{n}: {t}" for n, t in zip([*names, "%o"], types, strict=True)
        )
        scales = ""
        if self.quantized:
            scales = f" scales(%ks, %vs : {types[4]}, {types[5]})"
        causal = ", causal" if self.causal else ""
        return (
            f"func.func @step({args}) {{\n"
            f"  coopmlir.decode_attention {{scale = {self.scale} : f32{causal}}} "
            f"ins(%q, %k, %v : {', '.join(types[:3])}) length(%n : {types[3]})"
            f"{scales} outs(%o : {types[-1]})\n"
            "  func.return\n}\n"
        )

    def inputs(self, length: int, seed: int = 0) -> list[np.ndarray]:
        """Q, K, V, the length, [scales,] a zero output; K/V past `length`
        hold NaN (f16; i8: the largest code, per-position scales NaN): the
        kernel must not read them into the result."""
        rng = np.random.default_rng(seed)
        shapes = self.shapes
        q = rng.standard_normal(shapes[0]).astype(np.float16)
        if self.quantized:
            if self.kv == "i8":
                k, v = (rng.integers(-127, 128, s).astype(np.int8) for s in shapes[1:3])
                k[:, :, length:], v[:, :, length:] = 127, 127
            else:
                fmt = F8_FORMATS[self.kv]
                k, v = (
                    round_f8(rng.standard_normal(s).astype(np.float32) * 8, fmt)
                    for s in shapes[1:3]
                )
                k[:, :, length:], v[:, :, length:] = np.nan, np.nan
            scales = [
                rng.uniform(0.005, 0.02, s).astype(t)
                for s, t in zip(shapes[4:6], (np.float32, np.float16), strict=True)
            ]
            for scale in scales:
                if scale.ndim == 3:
                    scale[:, :, length:] = np.nan
        else:
            k, v = (rng.standard_normal(s).astype(np.float16) for s in shapes[1:3])
            k[:, :, length:], v[:, :, length:] = np.nan, np.nan
            scales = []
        n = np.array([length], np.int32)
        return [q, k, v, n, *scales, np.zeros(shapes[-1], NP[self.out])]

    def reference(self, arrays: list[np.ndarray]) -> np.ndarray:
        """O in f64, one query row at a time: its head's K/V rows up to its
        last visible position, decoded, a softmax, the weighted sum."""
        q, k, v, n = arrays[:4]
        length = min(max(int(n[0]), 0), self.lmax)
        k, v = k.astype(np.float64), v.astype(np.float64)
        if self.quantized:
            for cache, scale in zip((k, v), arrays[4:6], strict=True):
                s = scale.astype(np.float64)
                cache *= s[..., None] if s.ndim == 3 else s[..., None, None]
        group = self.hq // self.hkv
        out = np.empty(self.shapes[-1])
        for b, h, i in np.ndindex(self.batch, self.hq, self.s):
            last = length - self.s + i if self.causal else length - 1
            visible = max(last + 1, 0)  # a negative end would count from Lmax
            keys = k[b, h // group, :visible]
            values = v[b, h // group, :visible]
            if len(keys) == 0:
                out[b, h, i] = np.nan
                continue
            scores = self.scale * keys @ q[b, h, i].astype(np.float64)
            p = np.exp(scores - scores.max())
            out[b, h, i] = p @ values / p.sum()
        return out
