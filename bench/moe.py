"""A Mixtral-like mixture-of-experts layer (issue 29 part 6): 8 experts,
top-2, d 4096, hidden 14336, f16, 512 and 4096 tokens. Not run here; on
the H100:

    bash bench/h100.sh python3 -P bench/moe.py --out $OUT
    bash bench/h100.sh python3 -P bench/moe.py --variants --out $OUT
    bash bench/h100.sh python3 -P bench/moe.py --variants --out $OUT \
        --grouped-options "grouped-row-registers=false grouped-stages=2"
    python bench/moe.py --tokens 16 --d 64 --hidden 96    # small, e.g. lavapipe

The layer's two grouped products (docs/features/grouped-products.md) as
coopmlir L0, each one launch: gate/up with the SwiGLU fused
(`grouped_matmul` of Wg, Wu: h = silu(x Wg^T) * (x Wu^T), rows in the
experts' sorted order), then down (`grouped_matmul` of Wd over h's rows,
the identity permutation). The router's top-2 choices are seeded random
ids, sorted by expert on the host (rows and offsets are inputs, as
vLLM's moe_align step makes them); the routing weights and the sum of the
two experts' rows are left out on both sides (an element-wise epilogue).

Against, on the same inputs (CUDA events, median of --repeat):
- PyTorch eager: a loop over the experts (gather the rows, two matmuls,
  silu * up, matmul), f16;
- `torch._grouped_mm` where this torch has it (bf16 copies: it takes bf16);
- coopmlir's dense GEMM at equal FLOPs: `linalg.matmul` of [R, d] x
  [d, 2 * hidden] and [R, hidden] x [hidden, d] (the target: grouped >=
  0.8x dense, issue 29), on f16 accumulators (linalg.matmul on f16) and,
  like the grouped products, on f32 ones rounded to f16 in a fused
  epilogue (docs/kernels.md: the accumulators bound the tile), the latter
  also with B stored N x K like the experts' weights.
Every output is compared with the expert loop in f32 on the same values
(scaled error, coopmlir-run's measure). `--variants` also times the two
grouped products with the op's opt-in `f16_sums` (f16 accumulators, so
the f16 -> f16 GEMM's larger tiles; dialects/grouped_matmul.py), against
the same dense GEMMs, with its error. Each `--grouped-options` string
(lower-to-coopmat options, e.g. `grouped-tile=128x256x32` or
`grouped-tails=false grouped-row-registers=false grouped-split-k=1
grouped-stages=2`, the plan and kernel before 2026-11-29) times the two grouped products once more, compiled
with it (with `--variants`, the f16-sum ones too): an A/B in one run. A
product that refuses a string (a located error, e.g. a tile whose gated
form does not fit) runs its default in that row, which says so.

The weights (2.8 GB at full size) are made once, by torch on the GPU
(numpy's generator took about a minute per token count), every program is
compiled before the first run, and all of them run on one Vulkan device
(each launch timed in place: one upload of the weights, not one per
repeat). Each row says where its time went (`seconds`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from model_blocks import (  # noqa: E402
    compile_coopmlir,
    run_compiled,
    scaled_error,
)
from torch_cuda import cuda_timed  # noqa: E402


def routing(tokens: int, experts: int, top_k: int, seed: int = 0):
    """Seeded top-k ids per token (distinct per token), sorted by expert:
    (rows [R] int32 token ids, offsets [E + 1] int32)."""
    rng = np.random.default_rng(seed)
    ids = np.argsort(rng.random((tokens, experts)), axis=1)[:, :top_k]
    flat = ids.reshape(-1)
    order = np.argsort(flat, kind="stable")
    rows = (order // top_k).astype(np.int32)
    counts = np.bincount(flat, minlength=experts)
    offsets = np.concatenate([[0], np.cumsum(counts)]).astype(np.int32)
    return rows, offsets


def grouped_program(
    tokens: int,
    d: int,
    hidden: int,
    experts: int,
    r: int,
    gated: bool,
    f16_sums: bool = False,
) -> str:
    """`forward` of the gate/up (gated) or the down product, on tensors
    (`f16_sums`: with the op's opt-in f16 accumulation)."""
    k, n = (d, hidden) if gated else (hidden, d)
    rows_in = tokens if gated else r
    w = f"tensor<{experts}x{n}x{k}xf16>"
    weights = [w, w] if gated else [w]
    types = [f"tensor<{rows_in}x{k}xf16>", *weights, f"tensor<{r}xi32>"]
    types.append(f"tensor<{experts + 1}xi32>")
    names = [f"%a{i}" for i in range(len(types))]
    args = ", ".join(f"{a}: {t}" for a, t in zip(names, types, strict=True))
    out = f"tensor<{r}x{n}xf16>"
    return f"""func.func @forward({args}) -> {out} {{
  %e = tensor.empty() : {out}
  %y = coopmlir.grouped_matmul{" {f16_sums}" if f16_sums else ""} ins({", ".join(names)} : {", ".join(types)}) outs(%e : {out}) -> {out}
  func.return %y : {out}
}}
"""


def dense_program(
    m: int, k: int, n: int, accumulate: str = "f16", nk: bool = False
) -> str:
    """`forward` of a dense f16 x f16 -> f16 product, accumulated in
    `accumulate`: f16 (linalg.matmul on f16: f16 accumulators, so 256x256
    tiles fit the registers) or f32 as the grouped products accumulate
    (grouped_matmul's definition), rounded to f16 by a fused epilogue.
    `nk`: B stored N x K, as the experts' weights are."""
    b_shape = (n, k) if nk else (k, n)
    a, b, c = (f"tensor<{x}x{y}xf16>" for x, y in ((m, k), b_shape, (m, n)))
    maps = ""
    if nk:
        maps = (
            " indexing_maps = [affine_map<(i, j, l) -> (i, l)>, "
            "affine_map<(i, j, l) -> (j, l)>, affine_map<(i, j, l) -> (i, j)>]"
        )
    acc = f"tensor<{m}x{n}x{accumulate}>"
    rounded = ""
    if accumulate != "f16":
        rounded = f"""
  %h = tensor.empty() : {c}
  %r = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}} ins(%y : {acc}) outs(%h : {c}) {{
  ^bb0(%v: {accumulate}, %o: f16):
    %t = arith.truncf %v : {accumulate} to f16
    linalg.yield %t : f16
  }} -> {c}"""
    result = "%r" if rounded else "%y"
    return f"""func.func @forward(%a: {a}, %b: {b}) -> {c} {{
  %zero = arith.constant 0.0 : {accumulate}
  %e = tensor.empty() : {acc}
  %z = linalg.fill ins(%zero : {accumulate}) outs(%e : {acc}) -> {acc}
  %y = linalg.matmul{maps} ins(%a, %b : {a}, {b}) outs(%z : {acc}) -> {acc}{rounded}
  func.return {result} : {c}
}}
"""


def reference(x, wg, wu, wd, rows, offsets):
    """The expert loop in f32 (torch, on the GPU where there is one): h in
    the sorted order, then y = h @ Wd[e]^T."""
    import torch

    h = torch.empty(len(rows), wg.shape[1], device=x.device)
    y = torch.empty(len(rows), wd.shape[1], device=x.device)
    for e in range(len(offsets) - 1):
        lo, hi = int(offsets[e]), int(offsets[e + 1])
        xs = x[rows[lo:hi]].float()
        g, u = xs @ wg[e].float().T, xs @ wu[e].float().T
        h[lo:hi] = torch.nn.functional.silu(g) * u
        y[lo:hi] = h[lo:hi] @ wd[e].float().T
    return h, y


def expert_loop(x, wg, wu, wd, rows, offsets):
    """PyTorch eager, f16: the usual loop over experts."""
    import torch

    y = torch.empty(len(rows), wd.shape[1], device=x.device, dtype=x.dtype)
    for e in range(len(offsets) - 1):
        lo, hi = int(offsets[e]), int(offsets[e + 1])
        xs = x[rows[lo:hi]]
        h = torch.nn.functional.silu(xs @ wg[e].T) * (xs @ wu[e].T)
        y[lo:hi] = h @ wd[e].T
    return y


def grouped_mm(x, wg, wu, wd, rows, offsets):
    """torch._grouped_mm (bf16): offs are the experts' cumulative ends."""
    import torch

    offs = offsets[1:].to(torch.int32)
    xs = x[rows]
    g = torch._grouped_mm(xs, wg.transpose(-2, -1), offs=offs)
    u = torch._grouped_mm(xs, wu.transpose(-2, -1), offs=offs)
    h = torch.nn.functional.silu(g) * u
    return torch._grouped_mm(h, wd.transpose(-2, -1), offs=offs)


def random_f16(shape: tuple[int, ...], scale: float, seed: int):
    """Seeded normal values times `scale`, f16, as a torch tensor on the GPU
    where there is one (seconds for the weights, where numpy takes a minute)."""
    import torch

    device = "cuda" if torch.cuda.is_available() else "cpu"
    generator = torch.Generator(device=device).manual_seed(seed)
    values = torch.randn(shape, generator=generator, device=device)
    return (values * scale).half()


def layer_weights(args) -> list:
    """Wg, Wu [E, hidden, d] and Wd [E, d, hidden], f16, scaled by 1/sqrt(K)."""
    e, d, hidden = args.experts, args.d, args.hidden
    shapes = ((e, hidden, d), (e, hidden, d), (e, d, hidden))
    return [
        random_f16(shape, 1 / np.sqrt(shape[2]), seed)
        for seed, shape in enumerate(shapes)
    ]


def prepare(tokens: int, args, target) -> dict:
    """The routing, the activations and the four programs of one token
    count, compiled for `target`."""
    d, hidden, experts = args.d, args.hidden, args.experts
    r = tokens * args.top_k
    rng = np.random.default_rng(tokens)
    rows, offsets = routing(tokens, experts, args.top_k)
    work = Path(args.out or "/tmp") / "moe-programs"
    work.mkdir(parents=True, exist_ok=True)
    programs = {
        "gate_up": grouped_program(tokens, d, hidden, experts, r, True),
        "down": grouped_program(tokens, d, hidden, experts, r, False),
        "dense_gate_up": dense_program(r, d, 2 * hidden),
        "dense_down": dense_program(r, hidden, d),
        "dense_gate_up_f32acc": dense_program(r, d, 2 * hidden, "f32"),
        "dense_down_f32acc": dense_program(r, hidden, d, "f32"),
        "dense_gate_up_f32acc_nk": dense_program(r, d, 2 * hidden, "f32", True),
        "dense_down_f32acc_nk": dense_program(r, hidden, d, "f32", True),
    }
    if args.variants:
        for name, gated in (("gate_up", True), ("down", False)):
            programs[f"{name}_f16_sums"] = grouped_program(
                tokens, d, hidden, experts, r, gated, f16_sums=True
            )
    from coopmlir.diagnostics import CompileError

    compiled = {}
    for name, text in programs.items():
        path = work / f"{name}-{tokens}.mlir"
        path.write_text(text)
        compiled[name] = compile_coopmlir(path, target)
    for index, options in enumerate(args.grouped_options):
        sums = (False, True) if args.variants else (False,)
        for f16_sums in sums:
            for product in ("gate_up", "down"):
                name = product + "_f16_sums" * f16_sums
                path = work / f"{name}-{tokens}.mlir"
                try:
                    compiled[f"{name}@{index}"] = compile_coopmlir(
                        path, target, options
                    )
                except CompileError as err:  # that product runs its default
                    compiled[f"{name}@{index}"] = {
                        **compiled[name],
                        "refused": str(err).splitlines()[0],
                    }
    return {
        "tokens": tokens,
        "x": rng.standard_normal((tokens, d)).astype(np.float16),
        "rows": rows,
        "offsets": offsets,
        "compiled": compiled,
    }


def run(case: dict, weights: list, args, gpu) -> dict:
    """One token count's row: coopmlir's grouped and dense products on `gpu`
    (a VulkanDevice), PyTorch's on CUDA where there is one."""
    import torch

    tokens, x, rows, offsets = (case[k] for k in ("tokens", "x", "rows", "offsets"))
    compiled = case["compiled"]
    d, hidden = args.d, args.hidden
    r = tokens * args.top_k
    seconds = {"compile": sum(c["compile_s"] for c in compiled.values())}
    started = time.perf_counter()
    wg, wu, wd = (w.cpu() for w in weights)
    identity = np.arange(r, dtype=np.int32)
    t = torch.from_numpy

    def ours(name: str, first, rest) -> dict:
        return run_compiled(compiled[name], first, rest, args.repeat, "launch", gpu)

    gate_up = ours("gate_up", t(x), [wg, wu, t(rows), t(offsets)])
    h = gate_up["output"].astype(np.float16)
    down = ours("down", t(h), [wd, t(identity), t(offsets)])
    dense = [
        ours(
            f"dense_{name}{acc}",
            random_f16((r, k), 1.0, seed).cpu(),
            [random_f16((n, k) if acc.endswith("nk") else (k, n), 1.0, seed + 1).cpu()],
        )
        for acc in ("", "_f32acc", "_f32acc_nk")
        for name, k, n, seed in (
            ("gate_up", d, 2 * hidden, 10),
            ("down", hidden, d, 12),
        )
    ]
    variant = {}
    if args.variants:  # the f16-sum products, down on their own h
        variant["gate_up"] = ours(
            "gate_up_f16_sums", t(x), [wg, wu, t(rows), t(offsets)]
        )
        h16 = variant["gate_up"]["output"].astype(np.float16)
        variant["down"] = ours("down_f16_sums", t(h16), [wd, t(identity), t(offsets)])
    # (options, f16_sums, gate/up result, down result, why each refused)
    optioned = []
    for index, options in enumerate(args.grouped_options):
        for suffix in ("", "_f16_sums") if args.variants else ("",):
            up = ours(f"gate_up{suffix}@{index}", t(x), [wg, wu, t(rows), t(offsets)])
            h_opt = t(up["output"].astype(np.float16))
            down_opt = ours(
                f"down{suffix}@{index}", h_opt, [wd, t(identity), t(offsets)]
            )
            refused = [
                compiled[f"{product}{suffix}@{index}"].get("refused")
                for product in ("gate_up", "down")
            ]
            optioned.append((options, bool(suffix), up, down_opt, refused))
    seconds["coopmlir"] = time.perf_counter() - started
    flops = 2 * r * d * hidden * 3
    row = {
        "tokens": tokens,
        "rows": r,
        "counts": np.diff(offsets).tolist(),
        "device": gate_up["device"],
        "coopmlir_gate_up_ms": gate_up["ms"],
        "coopmlir_down_ms": down["ms"],
        "coopmlir_ms": gate_up["ms"] + down["ms"],
        "dense_gate_up_ms": dense[0]["ms"],
        "dense_down_ms": dense[1]["ms"],
        "dense_ms": dense[0]["ms"] + dense[1]["ms"],
        # The same with f32 accumulators, as the grouped products accumulate.
        "dense_f32acc_gate_up_ms": dense[2]["ms"],
        "dense_f32acc_down_ms": dense[3]["ms"],
        "dense_f32acc_ms": dense[2]["ms"] + dense[3]["ms"],
        # And with B stored N x K, as the experts' weights are.
        "dense_f32acc_nk_gate_up_ms": dense[4]["ms"],
        "dense_f32acc_nk_down_ms": dense[5]["ms"],
        "dense_f32acc_nk_ms": dense[4]["ms"] + dense[5]["ms"],
        # (kernel, grid, ms) of each launch: the grids show the tiles chosen.
        "kernels": [
            k
            for result in (gate_up, down, *dense, *variant.values())
            for k in result["kernels"]
        ],
    }
    row["optioned"] = [
        {
            "options": options,
            "f16_sums": f16_sums,
            "gate_up_ms": up["ms"],
            "down_ms": down_opt["ms"],
            "tflops": flops / (up["ms"] + down_opt["ms"]) / 1e9,
            "vs_dense": row["dense_ms"] / (up["ms"] + down_opt["ms"]),
            "kernels": [*up["kernels"], *down_opt["kernels"]],
            # Why a product refused the options (it ran its default), or None.
            "refused": {"gate_up": refused[0], "down": refused[1]},
        }
        for options, f16_sums, up, down_opt, refused in optioned
    ]
    if variant:
        row["f16_sums_gate_up_ms"] = variant["gate_up"]["ms"]
        row["f16_sums_down_ms"] = variant["down"]["ms"]
        row["f16_sums_ms"] = row["f16_sums_gate_up_ms"] + row["f16_sums_down_ms"]
        row["f16_sums_tflops"] = flops / row["f16_sums_ms"] / 1e9
        row["f16_sums_vs_dense"] = row["dense_ms"] / row["f16_sums_ms"]
    row["coopmlir_tflops"] = flops / row["coopmlir_ms"] / 1e9
    row["dense_tflops"] = flops / row["dense_ms"] / 1e9
    row["grouped_vs_dense"] = row["dense_ms"] / row["coopmlir_ms"]
    row["dense_f32acc_tflops"] = flops / row["dense_f32acc_ms"] / 1e9
    row["grouped_vs_dense_f32acc"] = row["dense_f32acc_ms"] / row["coopmlir_ms"]
    row["dense_f32acc_nk_tflops"] = flops / row["dense_f32acc_nk_ms"] / 1e9
    started = time.perf_counter()
    cuda = torch.cuda.is_available()
    device = "cuda" if cuda else "cpu"
    tensors = [torch.from_numpy(x).to(device), *weights]
    rows_t, offsets_t = (torch.from_numpy(v).long().to(device) for v in (rows, offsets))
    with torch.no_grad():
        h_ref, y_ref = reference(*tensors, rows_t, offsets_t)
        h_ref, y_ref = h_ref.cpu().numpy(), y_ref.cpu().numpy()
        row["coopmlir_gate_up_error"] = scaled_error(gate_up["output"], h_ref)
        row["coopmlir_error"] = scaled_error(down["output"], y_ref)
        for entry, (_, _, _, down_opt, _) in zip(
            row["optioned"], optioned, strict=True
        ):
            entry["error"] = scaled_error(down_opt["output"], y_ref)
        if variant:
            row["f16_sums_gate_up_error"] = scaled_error(
                variant["gate_up"]["output"], h_ref
            )
            row["f16_sums_error"] = scaled_error(variant["down"]["output"], y_ref)
        if cuda:
            out, ms = cuda_timed(
                lambda: expert_loop(*tensors, rows_t, offsets_t), args.repeat
            )
            row["loop_ms"] = ms
            row["loop_error"] = scaled_error(out.float().cpu().numpy(), y_ref)
            if hasattr(torch, "_grouped_mm"):
                bf16 = [v.bfloat16() for v in tensors]
                try:
                    out, ms = cuda_timed(
                        lambda: grouped_mm(*bf16, rows_t, offsets_t), args.repeat
                    )
                    row["grouped_mm_ms"] = ms
                    row["grouped_mm_error"] = scaled_error(
                        out.float().cpu().numpy(), y_ref
                    )
                except RuntimeError as err:  # not on this GPU or build
                    row["grouped_mm"] = str(err).splitlines()[0]
    seconds["reference_and_torch"] = time.perf_counter() - started
    row["seconds"] = {k: round(v, 1) for k, v in seconds.items()}
    return row


def report(row: dict) -> str:
    lines = [
        f"## {row['tokens']} tokens ({row['rows']} rows, per expert "
        f"{row['counts']}) on {row['device']}",
        f"coopmlir grouped: gate/up {row['coopmlir_gate_up_ms']:.3f} ms + down "
        f"{row['coopmlir_down_ms']:.3f} ms = {row['coopmlir_tflops']:.0f} TFLOP/s, "
        f"scaled error {row['coopmlir_error']:.2e}",
        f"coopmlir dense GEMM at equal FLOPs: {row['dense_ms']:.3f} ms = "
        f"{row['dense_tflops']:.0f} TFLOP/s; grouped / dense "
        f"{row['grouped_vs_dense']:.2f}x (target 0.8x)",
        f"coopmlir dense GEMM accumulating in f32 (as the grouped products): "
        f"{row['dense_f32acc_ms']:.3f} ms = {row['dense_f32acc_tflops']:.0f} "
        f"TFLOP/s; grouped / dense {row['grouped_vs_dense_f32acc']:.2f}x; with B "
        f"stored N x K as the experts' weights: {row['dense_f32acc_nk_ms']:.3f} ms "
        f"= {row['dense_f32acc_nk_tflops']:.0f} TFLOP/s",
    ]
    if "f16_sums_ms" in row:
        lines.append(
            f"coopmlir grouped, f16_sums: gate/up {row['f16_sums_gate_up_ms']:.3f} ms "
            f"+ down {row['f16_sums_down_ms']:.3f} ms = "
            f"{row['f16_sums_tflops']:.0f} TFLOP/s; / dense "
            f"{row['f16_sums_vs_dense']:.2f}x; scaled error "
            f"{row['f16_sums_error']:.2e}"
        )
    for o in row["optioned"]:
        sums = "f16_sums" if o["f16_sums"] else "f32 sums"
        lines.append(
            f"coopmlir grouped, {sums}, {o['options']}: gate/up "
            f"{o['gate_up_ms']:.3f} ms + down {o['down_ms']:.3f} ms = "
            f"{o['tflops']:.0f} TFLOP/s; / dense {o['vs_dense']:.2f}x; scaled "
            f"error {o['error']:.2e}"
        )
        for product, why in o["refused"].items():
            if why:
                lines.append(f"  ({product} refused them, ran its default: {why})")
    if "loop_ms" in row:
        lines.append(
            f"PyTorch expert loop: {row['loop_ms']:.3f} ms, error {row['loop_error']:.2e}"
        )
    if "grouped_mm_ms" in row:
        lines.append(
            f"torch._grouped_mm (bf16): {row['grouped_mm_ms']:.3f} ms, "
            f"error {row['grouped_mm_error']:.2e}"
        )
    lines.append(f"seconds: {row['seconds']}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tokens", type=int, nargs="+", default=[512, 4096])
    parser.add_argument("--d", type=int, default=4096)
    parser.add_argument("--hidden", type=int, default=14336)
    parser.add_argument("--experts", type=int, default=8)
    parser.add_argument("--top-k", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--out", help="folder for moe.json (and the programs)")
    parser.add_argument(
        "--variants",
        action="store_true",
        help="also the grouped products with f16_sums (f16 accumulators)",
    )
    parser.add_argument(
        "--grouped-options",
        nargs="*",
        default=[],
        help="lower-to-coopmat options to time the grouped products with too "
        "(one string each, e.g. 'grouped-row-registers=false grouped-stages=2')",
    )
    args = parser.parse_args()
    from coopmlir.runtime.device_target import query_for_passes
    from coopmlir.runtime.vulkan import VulkanDevice
    from coopmlir.targets import get_target

    started = time.perf_counter()
    weights = layer_weights(args)
    print(f"weights made in {time.perf_counter() - started:.1f} s", flush=True)
    target = get_target("vulkan", query_for_passes)
    cases = [prepare(tokens, args, target) for tokens in args.tokens]
    programs = [c for case in cases for c in case["compiled"].values()]
    features = set().union(*(c["features"] for c in programs))
    extensions = set().union(*(c["extensions"] for c in programs))
    rows = []
    with VulkanDevice(None, needs=features, extensions=extensions) as gpu:
        for case in cases:
            row = run(case, weights, args, gpu)
            print(report(row), flush=True)
            rows.append(row)
            if args.out:  # each row kept as soon as it is measured
                (Path(args.out) / "moe.json").write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
