"""MLP programs on tensors (matmul -> element-wise -> matmul ...), as a
frontend writes them: `mlp_program(rows, widths, ty, out, activation)`
gives `func.func @mlp(%x, %w0, %w1, ...) -> Y`."""

from __future__ import annotations

import numpy as np

from coopmlir.elements import round_bf16

#: Activation bodies on %a: f32 (the generic's input), yielding %act: f32.
ACTIVATIONS = {
    "relu": """
    %zero = arith.constant 0.0 : f32
    %act = arith.maximumf %a, %zero : f32""",
    "gelu-tanh": """
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %c = arith.constant 0.7978845608 : f32
    %k = arith.constant 0.044715 : f32
    %x3 = arith.mulf %a, %a : f32
    %x3b = arith.mulf %x3, %a : f32
    %t0 = arith.mulf %x3b, %k : f32
    %t1 = arith.addf %a, %t0 : f32
    %t2 = arith.mulf %t1, %c : f32
    %t3 = math.tanh %t2 : f32
    %t4 = arith.addf %t3, %one : f32
    %t5 = arith.mulf %t4, %half : f32
    %act = arith.mulf %a, %t5 : f32""",
}

_ID = "affine_map<(i, j) -> (i, j)>"


def mlp_program(rows, widths, ty="f16", out="f32", activation="relu") -> str:
    """X [rows, widths[0]] through len(widths) - 1 products."""
    x_t = f"tensor<{rows}x{widths[0]}x{ty}>"
    w_ts = [f"tensor<{a}x{b}x{ty}>" for a, b in zip(widths, widths[1:], strict=False)]
    args = ", ".join([f"%x: {x_t}"] + [f"%w{i}: {t}" for i, t in enumerate(w_ts)])
    lines, h, h_t = [], "%x", x_t
    last = len(w_ts) - 1
    for i, w_t in enumerate(w_ts):
        c = out if i == last else "f32"
        c_t = f"tensor<{rows}x{widths[i + 1]}x{c}>"
        lines += [
            f"%z{i} = arith.constant 0.0 : {c}",
            f"%e{i} = tensor.empty() : {c_t}",
            f"%f{i} = linalg.fill ins(%z{i} : {c}) outs(%e{i} : {c_t}) -> {c_t}",
            f"%p{i} = linalg.matmul ins({h}, %w{i} : {h_t}, {w_t}) outs(%f{i} : {c_t}) -> {c_t}",
        ]
        if i == last:
            break
        n_t = f"tensor<{rows}x{widths[i + 1]}x{ty}>"
        body = ACTIVATIONS[activation].replace("\n", "\n  ")
        lines += [
            f"%g{i}e = tensor.empty() : {n_t}",
            f"%g{i} = linalg.generic {{indexing_maps = [{_ID}, {_ID}], iterator_types = "
            f'["parallel", "parallel"]}} ins(%p{i} : {c_t}) outs(%g{i}e : {n_t}) {{',
            f"^bb0(%a: f32, %unused: {ty}):{body}",
            f"    %narrow = arith.truncf %act : f32 to {ty}",
            f"    linalg.yield %narrow : {ty}",
            f"}} -> {n_t}",
        ]
        h, h_t = f"%g{i}", n_t
    y_t = f"tensor<{rows}x{widths[-1]}x{out}>"
    text = "\n  ".join(lines)
    return f"""func.func @mlp({args}) -> {y_t} {{
  {text}
  func.return %p{last} : {y_t}
}}
"""


def mlp_inputs(rng, rows, widths, ty="f16") -> list[np.ndarray]:
    def make(shape, scale):
        x = (rng.standard_normal(shape) * scale).astype(np.float32)
        return round_bf16(x) if ty == "bf16" else x.astype(ty.replace("f", "float"))

    arrays = [make((rows, widths[0]), 1.0)]
    arrays += [make((a, b), a**-0.5) for a, b in zip(widths, widths[1:], strict=False)]
    return arrays
