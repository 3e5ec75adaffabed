"""Zero-padded convolutions with a dynamic batch and image at L0, on memrefs
(a padded buffer and a subview) or on tensors (tensor.pad), and their operands."""

from __future__ import annotations

from support.convolution_programs import random_operands, reference


def _unpack(case):
    (dims, static, c, f, k, s, d, pads), (layout, a, acc), _ = case
    return dims, static, c, f, k, s, d, pads, layout, a, acc


def out_size(case, h: int, w: int) -> tuple[int, int]:
    _, _, _, _, (kh, kw), s, d, (top, left, bottom, right), *_ = _unpack(case)
    return (
        (h + top + bottom - d[0] * (kh - 1) - 1) // s[0] + 1,
        (w + left + right - d[1] * (kw - 1) - 1) // s[1] + 1,
    )


def _shape(case, sizes, channels) -> str:
    """`AxBxCxD` with the dynamic dims of `case` as `?`."""
    dims = case[0][0]
    lead = [
        "?" if axis in dims else str(v) for axis, v in zip("nhw", sizes, strict=True)
    ]
    return "x".join([*lead, str(channels)])


def _types(case):
    dims, (n, h, w), c, f, (kh, kw), s, d, pads, layout, a, acc = _unpack(case)
    top, left, bottom, right = pads
    oh, ow = out_size(case, h, w)
    x = _shape(case, (n, h, w), c)
    padded = _shape(case, (n, h + top + bottom, w + left + right), c)
    y = _shape(case, (n, oh, ow), f)
    weights = f"{kh}x{kw}x{c}x{f}" if layout == "hwcf" else f"{f}x{kh}x{kw}x{c}"
    return x, padded, weights, y


def _conv(case, source: str, kind: str, result: str = "") -> str:
    dims, _, c, f, k, s, d, pads, layout, a, acc = _unpack(case)
    x, padded, weights, y = _types(case)
    attrs = (
        f"{{dilations = dense<[{d[0]}, {d[1]}]> : tensor<2xi64>, "
        f"strides = dense<[{s[0]}, {s[1]}]> : tensor<2xi64>}}"
    )
    p_t, w_t, y_t = (
        f"{kind}<{t}x{ty}>" for t, ty in ((padded, a), (weights, a), (y, acc))
    )
    return (
        f"  {result}linalg.conv_2d_nhwc_{layout} {attrs} ins({source}, %w : "
        f"{p_t}, {w_t}) outs(%y : {y_t})" + (f" -> {y_t}" if result else "")
    )


def memref_source(case) -> str:
    """@conv(%x, %w, %y) on memrefs, the padded buffer written by hand: its
    run-time sizes `memref.dim` of %x plus the pads (`arith.addi`, the
    constant first on the width), freed after the convolution."""
    dims, (n, h, w), c, f, k, s, d, pads, layout, a, acc = _unpack(case)
    top, left, bottom, right = pads
    x, padded, weights, y = _types(case)
    x_t, p_t = f"memref<{x}x{a}>", f"memref<{padded}x{a}>"
    zero = "0" if a == "i8" else "0.0"
    lines = [
        f"func.func @conv(%x: {x_t}, %w: memref<{weights}x{a}>, "
        f"%y: memref<{y}x{acc}>) {{",
        f"  %zero = arith.constant {zero} : {a}",
    ]
    alloc_sizes, view_sizes = [], []
    for axis, (name, grow) in enumerate(
        (("n", 0), ("h", top + bottom), ("w", left + right))
    ):
        if name not in dims:
            view_sizes.append(str((n, h, w)[axis]))
            continue
        lines += [
            f"  %c{axis} = arith.constant {axis} : index",
            f"  %d{name} = memref.dim %x, %c{axis} : {x_t}",
        ]
        view_sizes.append(f"%d{name}")
        if not grow:
            alloc_sizes.append(f"%d{name}")
            continue
        operands = f"%d{name}, %g{axis}" if name != "w" else f"%g{axis}, %d{name}"
        lines += [
            f"  %g{axis} = arith.constant {grow} : index",
            f"  %d{name}p = arith.addi {operands} : index",
        ]
        alloc_sizes.append(f"%d{name}p")
    view_t = f"memref<{x}x{a}, strided<{_view_layout(case)}>>"
    lines += [
        f"  %p = memref.alloc({', '.join(alloc_sizes)}) : {p_t}",
        f"  linalg.fill ins(%zero : {a}) outs(%p : {p_t})",
        f"  %v = memref.subview %p[0, {top}, {left}, 0] "
        f"[{', '.join(view_sizes)}, {c}] [1, 1, 1, 1] : {p_t} to {view_t}",
        f"  memref.copy %x, %v : {x_t} to {view_t}",
        _conv(case, "%p", "memref"),
        f"  memref.dealloc %p : {p_t}",
        "  func.return",
        "}",
    ]
    return "\n".join(lines) + "\n"


def _view_layout(case) -> str:
    """The strided layout of the padded buffer's interior: strides and
    offset static where the padded sizes they need are."""
    dims, (n, h, w), c, _, _, _, _, (top, left, bottom, right), *_ = _unpack(case)
    row = None if "w" in dims else (w + left + right) * c
    image = None if "h" in dims or row is None else (h + top + bottom) * row
    offset = None if top and row is None else top * (row or 0) + left * c

    def shown(v):
        return "?" if v is None else str(v)

    return f"[{shown(image)}, {shown(row)}, {c}, 1], offset: {shown(offset)}"


def tensor_source(case) -> str:
    """@conv(%x, %w, %y) on tensors: `tensor.pad` of zero, the convolution
    accumulating into %y."""
    dims, _, c, f, k, s, d, pads, layout, a, acc = _unpack(case)
    top, left, bottom, right = pads
    x, padded, weights, y = _types(case)
    x_t, y_t = f"tensor<{x}x{a}>", f"tensor<{y}x{acc}>"
    zero = "0" if a == "i8" else "0.0"
    return "\n".join(
        [
            f"func.func @conv(%x: {x_t}, %w: tensor<{weights}x{a}>, %y: {y_t})"
            f" -> {y_t} {{",
            f"  %zero = arith.constant {zero} : {a}",
            f"  %p = tensor.pad %x low[0, {top}, {left}, 0] "
            f"high[0, {bottom}, {right}, 0] {{",
            "  ^bb0(%i: index, %j: index, %k: index, %l: index):",
            f"    tensor.yield %zero : {a}",
            f"  }} : {x_t} to tensor<{padded}x{a}>",
            _conv(case, "%p", "tensor", "%r = "),
            f"  func.return %r : {y_t}",
            "}",
            "",
        ]
    )


def static_case(case, size):
    """The static test's case tuple (pads as a 4-tuple) for `reference`
    and `check`."""
    _, _, c, f, k, s, d, pads, layout, a, acc = _unpack(case)
    return (*size, c, f, k, s, d, pads, layout, a, acc)


def operands(case, size, seed=0):
    """x, w, y at run-time size (N, H, W), and numpy's result."""
    _, _, c, f, (kh, kw), _, _, _, layout, a, acc = _unpack(case)
    n, h, w = size
    oh, ow = out_size(case, h, w)
    w_shape = (kh, kw, c, f) if layout == "hwcf" else (f, kh, kw, c)
    shapes = ((n, h, w, c), w_shape, (n, oh, ow, f))
    arrays = random_operands(zip(shapes, (a, a, acc), strict=True), seed)
    return arrays, reference(static_case(case, size), *arrays)
