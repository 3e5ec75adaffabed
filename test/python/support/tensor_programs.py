"""Programs on tensors as a frontend writes them: dynamic-size matmuls and
convolutions whose result sizes come from tensor.dim."""

from __future__ import annotations

#: For each form: (A and B ranks' letters, where M and N are read from).
_RESULT_SIZES = {
    "matmul": [("A", 0), ("B", 1)],
    "ab": [("A", 1), ("B", 0)],  # A stored K x M, B stored N x K
    "batch": [("A", 0), ("A", 1), ("B", 2)],
}


def dynamic_source(form: str, fill: bool) -> str:
    """@matmul on f16 x f16 -> f32 tensors with every size dynamic: with
    `fill`, the result is a fresh `tensor.empty` of sizes read by
    `tensor.dim`, filled with zero; else it accumulates into argument %C."""
    rank = 3 if form == "batch" else 2
    t = f"tensor<{'?x' * rank}f16>"
    c = f"tensor<{'?x' * rank}f32>"
    maps = ""
    if form == "ab":
        maps = (
            "indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, "
            "affine_map<(d0, d1, d2) -> (d1, d2)>, "
            "affine_map<(d0, d1, d2) -> (d0, d1)>] "
        )
    name = "linalg.batch_matmul" if form == "batch" else "linalg.matmul"
    if not fill:
        return (
            f"func.func @matmul(%A: {t}, %B: {t}, %C: {c}) -> {c} {{\n"
            f"  %r = {name} {maps}ins(%A, %B : {t}, {t}) outs(%C : {c}) -> {c}\n"
            f"  func.return %r : {c}\n}}\n"
        )
    lines = [f"func.func @matmul(%A: {t}, %B: {t}) -> {c} {{"]
    sizes = []
    for i, (operand, axis) in enumerate(_RESULT_SIZES[form]):
        lines.append(f"  %c{i} = arith.constant {axis} : index")
        lines.append(f"  %d{i} = tensor.dim %{operand}, %c{i} : {t}")
        sizes.append(f"%d{i}")
    lines += [
        "  %zero = arith.constant 0.0 : f32",
        f"  %e = tensor.empty({', '.join(sizes)}) : {c}",
        f"  %f = linalg.fill ins(%zero : f32) outs(%e : {c}) -> {c}",
        f"  %r = {name} {maps}ins(%A, %B : {t}, {t}) outs(%f : {c}) -> {c}",
        f"  func.return %r : {c}",
        "}",
    ]
    return "\n".join(lines) + "\n"


DYNAMIC_CONV = """\
func.func @conv(%x: tensor<?x?x?x16xf16>, %w: tensor<3x3x16x8xf16>) -> tensor<?x?x?x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = tensor.dim %x, %c0 : tensor<?x?x?x16xf16>
  %h = tensor.dim %x, %c1 : tensor<?x?x?x16xf16>
  %wd = tensor.dim %x, %c2 : tensor<?x?x?x16xf16>
  %oh = arith.subi %h, %c2 : index
  %ow = arith.subi %wd, %c2 : index
  %e = tensor.empty(%n, %oh, %ow) : tensor<?x?x?x8xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?x?x8xf32>) -> tensor<?x?x?x8xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<?x?x?x16xf16>, tensor<3x3x16x8xf16>) outs(%f : tensor<?x?x?x8xf32>) -> tensor<?x?x?x8xf32>
  func.return %r : tensor<?x?x?x8xf32>
}
"""  # noqa: E501


TENSOR_DYNAMIC = """\
func.func @matmul(%A: tensor<?x?xf16>, %B: tensor<?x?xf16>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf16>
  %n = tensor.dim %B, %c1 : tensor<?x?xf16>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %D = linalg.matmul ins(%A, %B : tensor<?x?xf16>, tensor<?x?xf16>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %D : tensor<?x?xf32>
}
"""
