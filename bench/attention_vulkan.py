"""Fused attention and an MLP chain through coopmlir on a Vulkan GPU, against
torch in the same run.

    python bench/attention_vulkan.py [--batch 4] [--heads 16]
        [--seqs 1024 2048 4096 8192] [--dims 64 128] [--causal both|no|yes]
        [--mlp-rows 1048576] [--mlp-width 64] [--mlp-layers 4]
        [--gqa 1x32x8x4096x128 ...] [--repeat 10] [--coopmat khr|nv2]
        [--out bench/RESULTS.md] [--no-torch]
        [--variants default "attention-prefetch=staggered" ...] [--softcap 30]
        [--stats]

Attention rows (f16 Q, K, V [batch, heads, S, D], f16 O, scale 1/sqrt(D)):
coopmlir's fused kernel (`coopmlir.attention` lowered for the queried
device), `torch.nn.functional.scaled_dot_product_attention` restricted to
its flash backend, and coopmlir's unfused three-kernel lowering of the same
program (Q @ K^T to an f16 S, `linalg.softmax`, P @ V; Q pre-scaled; only
where S fits one storage buffer, and non-causal: the unfused program has no
mask kernel). Every output is checked against an f64 reference (torch on the
GPU, per head; numpy with --no-torch); Vulkan timestamps time coopmlir
(median of --repeat after 3 warm-up runs), CUDA events time torch. TFLOP/s
count 4 B H S^2 D (half of it causal); `vs torch` is torch's time / ours.

Grouped-query rows (`--gqa BxHqxHkvxSxD`, default Llama-3-8B's prefill
1x32x8x4096x128; `--gqa` with no shape: none): K and V [B, Hkv, S, D], one
K/V head per Hq / Hkv query heads, against SDPA's flash backend with
`enable_gqa=True` (no unfused row).

`--softcap C`: every attention row soft-caps its scores, s = C tanh(s / C)
(Gemma-2's), checked against the f64 reference with the same cap; SDPA has
no soft cap, so those rows have no torch or unfused column.

The MLP row: X [rows, width] through `--mlp-layers` products of width x width
f16 weights with ReLU between (intermediates rounded to f16, f32 output),
written as matmul -> linalg.generic -> matmul on tensors: coopmlir's fused
chain kernel against torch's `relu(x @ w)` in f16.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import itertools
import math
import platform
import sys
import time
from datetime import date
from pathlib import Path

import numpy as np

from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter.attention import attention as numpy_attention
from coopmlir.runtime.device_target import query_target
from coopmlir.runtime.launch import compile_for_device, device_needs, run_host_function
from coopmlir.runtime.timing import timed_host_function
from coopmlir.runtime.vulkan import VulkanDevice

sys.path.insert(0, str(Path(__file__).resolve().parent))
from torch_cuda import cuda_median_ms  # noqa: E402

FUSED = """
func.func @attn(%q: memref<{B}x{H}x{S}x{D}xf16>, %k: memref<{B}x{HKV}x{S}x{D}xf16>, %v: memref<{B}x{HKV}x{S}x{D}xf16>, %o: memref<{B}x{H}x{S}x{D}xf16>) {{
  coopmlir.attention {{scale = {scale} : f32{causal}}} ins(%q, %k, %v : memref<{B}x{H}x{S}x{D}xf16>, memref<{B}x{HKV}x{S}x{D}xf16>, memref<{B}x{HKV}x{S}x{D}xf16>) outs(%o : memref<{B}x{H}x{S}x{D}xf16>)
  func.return
}}
"""  # noqa: E501

UNFUSED = """
func.func @attn(%q: memref<{BH}x{S}x{D}xf16>, %k: memref<{BH}x{S}x{D}xf16>, %v: memref<{BH}x{S}x{D}xf16>, %s: memref<{BH}x{S}x{S}xf16>, %p: memref<{BH}x{S}x{S}xf16>, %o: memref<{BH}x{S}x{D}xf16>) {{
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%s : memref<{BH}x{S}x{S}xf16>)
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%q, %k : memref<{BH}x{S}x{D}xf16>, memref<{BH}x{S}x{D}xf16>) outs(%s : memref<{BH}x{S}x{S}xf16>)
  linalg.softmax dimension(2) ins(%s : memref<{BH}x{S}x{S}xf16>) outs(%p : memref<{BH}x{S}x{S}xf16>)
  linalg.fill ins(%zero : f16) outs(%o : memref<{BH}x{S}x{D}xf16>)
  linalg.batch_matmul ins(%p, %v : memref<{BH}x{S}x{S}xf16>, memref<{BH}x{S}x{D}xf16>) outs(%o : memref<{BH}x{S}x{D}xf16>)
  func.return
}}
"""  # noqa: E501

#: Vulkan's storage buffers are commonly limited to 4 GiB (maxStorageBufferRange).
BUFFER_LIMIT = 2**32
#: Correct when max |O - exact| is within this (f16 output and P rounding).
TOLERANCE = 1e-2


def _compile(text: str, target, coopmat: str, options: str = ""):
    remark = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stderr(remark):
        kernel_level, kernels = compile_for_device(
            parse_module(text), target, f"explain=true {options}", coopmat=coopmat
        )
    config = "; ".join(
        line.split("lower-to-coopmat: ", 1)[-1]
        for line in remark.getvalue().splitlines()
        if "remark: lower-to-coopmat:"
        in line  # the tiling, not convert-to-spirv's notes
    )
    return kernel_level, kernels, config, time.perf_counter() - start


#: `--stats`: pipeline_stats.py's capture, set up by main.
STATS = None


def _run(kernel_level, kernels, arrays, repeat, label="") -> float:
    """Run once for the result (in `arrays`), then time: the median of the
    summed kernel times of each run (with `--stats`, the driver's statistics
    of its pipelines printed first)."""
    features, extensions = device_needs(kernels)
    with VulkanDevice(needs=features, extensions=extensions) as gpu:
        run_host_function(kernel_level, "attn", kernels, arrays, gpu)
        if STATS is not None:
            for pipeline in STATS.made:
                STATS.stats(gpu.device, pipeline, label)
            STATS.made.clear()
        scratch = [a.copy() for a in arrays]
        timings = timed_host_function(
            kernel_level, "attn", kernels, scratch, gpu, repeat=repeat
        )
    return float(np.median(np.sum([t.seconds for t in timings], axis=0)))


def _reference(torch, q, k, v, scale, causal, cap=None) -> np.ndarray:
    """Exact attention in f64 (per head on the GPU: S x S f64 fits); K and
    V of fewer heads serve groups of query heads; `cap`: soft-capped."""
    group = q.shape[1] // k.shape[1]
    k, v = (np.repeat(x, group, axis=1) for x in (k, v))
    if torch is None and cap is not None:
        sys.path.insert(0, str(Path(__file__).parents[1] / "test" / "python"))
        from support.attention_programs import numpy_variants

        return numpy_variants(q, k, v, scale=scale, causal=causal, cap=cap)
    if torch is None:
        return numpy_attention(q, k, v, scale, None, causal)
    out = np.empty(q.shape, np.float64)
    for b in range(q.shape[0]):
        for h in range(q.shape[1]):
            qh, kh, vh = (
                torch.from_numpy(x[b, h].astype(np.float64)).cuda() for x in (q, k, v)
            )
            s = (qh @ kh.T) * scale
            if cap is not None:
                s = torch.tanh(s / cap) * cap
            if causal:
                s = s.masked_fill(torch.ones_like(s).triu(1).bool(), float("-inf"))
            out[b, h] = (torch.softmax(s, -1) @ vh).cpu().numpy()
    return out


def _torch_attention(torch, q, k, v, scale, causal, repeat):
    """(seconds, output) of torch's flash SDPA on the same inputs (grouped
    heads through `enable_gqa`)."""
    from torch.nn.attention import SDPBackend, sdpa_kernel
    from torch.nn.functional import scaled_dot_product_attention as sdpa

    tq, tk, tv = (torch.from_numpy(x).cuda() for x in (q, k, v))
    with sdpa_kernel(SDPBackend.FLASH_ATTENTION):

        def fn():
            gqa = k.shape[1] != q.shape[1]
            return sdpa(tq, tk, tv, is_causal=causal, scale=scale, enable_gqa=gqa)

        out = fn().cpu().numpy()
        return cuda_median_ms(fn, repeat) * 1e-3, out


def attention_rows(args, target, torch, rng):
    B, H = args.batch, args.heads
    for D in args.dims:
        for S in args.seqs:
            for causal in {"both": (False, True), "no": (False,), "yes": (True,)}[
                args.causal
            ]:
                yield from attention_row(args, target, torch, rng, B, H, S, D, causal)


def gqa_rows(args, target, torch, rng):
    for shape in args.gqa:
        B, H, HKV, S, D = (int(x) for x in shape.split("x"))
        for causal in {"both": (False, True), "no": (False,), "yes": (True,)}[
            args.causal
        ]:
            yield from attention_row(args, target, torch, rng, B, H, S, D, causal, HKV)


def _tflops(B, H, S, D, causal, seconds) -> float:
    flops = 4.0 * B * H * S * S * D * (0.5 if causal else 1.0)
    return flops / seconds / 1e12


def attention_row(args, target, torch, rng, B, H, S, D, causal, HKV=None):
    """One row per --variants entry (torch and the unfused lowering
    measured once, in the first); HKV (K/V heads, fewer than H):
    grouped-query attention."""
    HKV = HKV or H
    scale = 1.0 / math.sqrt(D)
    q = rng.standard_normal((B, H, S, D)).astype(np.float16)
    k, v = (rng.standard_normal((B, HKV, S, D)).astype(np.float16) for _ in range(2))
    cap = args.softcap
    exact = _reference(torch, q, k, v, scale, causal, cap)
    heads = f"{H} (K/V {HKV})" if HKV != H else f"{H}"
    capped = f", soft cap {cap:g}" if cap is not None else ""
    case = f"| {B}x{heads}x{S}x{D}{capped} | {'yes' if causal else 'no'} |"
    props = (", causal" if causal else "") + (
        f", softcap = {float(cap)!r} : f32" if cap is not None else ""
    )
    text = FUSED.format(B=B, H=H, HKV=HKV, S=S, D=D, scale=scale, causal=props)
    t_seconds = None
    for i, variant in enumerate(args.variants):
        options = f"{args.options} {'' if variant == 'default' else variant}"
        cells = []
        try:
            kernel_level, kernels, config, _ = _compile(
                text, target, args.coopmat, options
            )
            out = np.zeros_like(q)
            seconds = _run(
                kernel_level, kernels, [q, k, v, out], args.repeat, f"{case} {config}"
            )
            error = float(np.abs(out.astype(np.float64) - exact).max())
            ours = _tflops(B, H, S, D, causal, seconds)
            verdict = "ok" if error <= TOLERANCE else "NO"
            cells += [f"{ours:.3g}", f"{error:.1e} {verdict}"]
        except Exception as err:  # one row per case, whatever fails
            seconds, config = None, ""
            cells += [f"failed: {str(err).splitlines()[0][:160]}", ""]
        if cap is not None:
            cells += ["n/a (SDPA has no soft cap)", ""]
        elif torch is not None:
            if t_seconds is None:
                t_seconds, t_out = _torch_attention(
                    torch, q, k, v, scale, causal, args.repeat
                )
                t_error = float(np.abs(t_out.astype(np.float64) - exact).max())
            ratio = f"{t_seconds / seconds:.2f}x" if seconds else ""
            cells += [
                f"{_tflops(B, H, S, D, causal, t_seconds):.3g} ({t_error:.1e})",
                ratio,
            ]
        else:
            cells += ["", ""]
        if HKV != H:
            cells.append("n/a (grouped heads)")
        elif cap is not None:
            cells.append("n/a (soft cap)")
        elif args.no_unfused or i > 0:
            cells.append("not run")
        else:
            cells.append(_unfused(args, target, q, k, v, exact, scale, causal, seconds))
        cells.append(config)
        yield f"{case} {' | '.join(cells)} |"


def _unfused(args, target, q, k, v, exact, scale, causal, fused_seconds) -> str:
    B, H, S, D = q.shape
    if causal:
        return "n/a (no mask kernel)"
    if B * H * S * S * 2 > BUFFER_LIMIT:
        return "n/a (S over one storage buffer)"
    try:
        text = UNFUSED.format(BH=B * H, S=S, D=D)
        kernel_level, kernels, _, _ = _compile(text, target, args.coopmat)
        flat = [x.reshape(B * H, S, D) for x in (q, k, v)]
        flat[0] = (flat[0].astype(np.float32) * scale).astype(np.float16)
        s = np.zeros((B * H, S, S), np.float16)
        out = np.zeros((B * H, S, D), np.float16)
        seconds = _run(kernel_level, kernels, [*flat, s, s.copy(), out], args.repeat)
        error = float(np.abs(out.reshape(q.shape).astype(np.float64) - exact).max())
        speedup = (
            f", fused {seconds / fused_seconds:.1f}x faster" if fused_seconds else ""
        )
        verdict = "ok" if error <= TOLERANCE else "NO"
        return f"{_tflops(B, H, S, D, False, seconds):.3g} ({error:.1e} {verdict}){speedup}"
    except Exception as err:
        return f"failed: {str(err).splitlines()[0][:120]}"


def mlp_row(args, target, torch, rng) -> str:
    rows, width, layers = args.mlp_rows, args.mlp_width, args.mlp_layers
    sys.path.insert(0, str(Path(__file__).parents[1] / "test" / "python"))
    from support.chain_programs import mlp_program  # the same program the tests run

    widths = (width,) * (layers + 1)
    text = mlp_program(rows, widths, "f16", "f32", "relu").replace("@mlp", "@attn")
    x = rng.standard_normal((rows, width)).astype(np.float16)
    ws = [
        (rng.standard_normal((width, width)) / math.sqrt(width)).astype(np.float16)
        for _ in range(layers)
    ]
    h = x.astype(np.float64)
    for i, w in enumerate(ws):
        h = h @ w.astype(np.float64)
        if i < layers - 1:
            h = np.maximum(h, 0).astype(np.float16).astype(np.float64)
    flops = 2.0 * rows * width * width * layers
    case = f"| MLP {layers} x {width}, {rows} rows | - |"
    try:
        kernel_level, kernels, config, _ = _compile(text, target, args.coopmat)
        out = np.zeros((rows, width), np.float32)
        seconds = _run(kernel_level, kernels, [x, *ws, out], args.repeat)
        error = float(np.abs(out - h).max())
        ours = f"{flops / seconds / 1e12:.3g} | {error:.1e} {'ok' if error <= TOLERANCE else 'NO'}"
    except Exception as err:
        seconds, config = None, ""
        ours = f"failed: {str(err).splitlines()[0][:160]} |"
    theirs = " | "
    if torch is not None:
        tx = torch.from_numpy(x).cuda()
        tws = [torch.from_numpy(w).cuda() for w in ws]

        def fn():
            y = tx
            for i, w in enumerate(tws):
                y = y @ w
                y = torch.relu(y) if i < layers - 1 else y
            return y

        t_seconds = cuda_median_ms(fn, args.repeat) * 1e-3
        ratio = f"{t_seconds / seconds:.2f}x" if seconds else ""
        theirs = f"{flops / t_seconds / 1e12:.3g} | {ratio}"
    return f"{case} {ours} | {theirs} | | {config} |"


def _restrict_plan(blocks, subgroups, lines) -> None:
    """Narrow plan_attention's search, to time one tiling against another."""
    from coopmlir.passes.lower_to_coopmat import attention as plan

    if blocks:
        plan.BLOCKS = tuple(blocks)
    if subgroups:
        plan.SUBGROUPS = tuple(subgroups)
    if lines:
        plan.LINES = tuple(lines)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--batch", type=int, default=4)
    p.add_argument("--heads", type=int, default=16)
    p.add_argument("--seqs", nargs="+", type=int, default=[1024, 2048, 4096, 8192])
    p.add_argument("--dims", nargs="+", type=int, default=[64, 128])
    p.add_argument("--causal", choices=("both", "no", "yes"), default="both")
    p.add_argument("--mlp-rows", type=int, default=2**20, help="0: no MLP row")
    p.add_argument("--mlp-width", type=int, default=64)
    p.add_argument("--mlp-layers", type=int, default=4)
    p.add_argument(
        "--gqa",
        nargs="*",
        default=["1x32x8x4096x128"],
        help="grouped-query rows B x Hq x Hkv x S x D (none: --gqa alone)",
    )
    p.add_argument("--repeat", type=int, default=10)
    p.add_argument("--out", help="append the markdown table to this file")
    p.add_argument("--no-torch", action="store_true", help="numpy reference (CPU)")
    p.add_argument(
        "--coopmat",
        choices=("khr", "nv2"),
        default="khr",
        help="SPIR-V cooperative matrices: KHR (reduce/apply through workgroup memory) or KHR + NV2 instructions",
    )
    p.add_argument(
        "--no-unfused", action="store_true", help="skip the unfused lowering's column"
    )
    p.add_argument(
        "--blocks",
        nargs="+",
        type=int,
        help="keys per K/V block the plan may pick (default: 64 32 16)",
    )
    p.add_argument(
        "--subgroups",
        nargs="+",
        type=int,
        help="subgroups per workgroup the plan may pick (default: 4 2 1)",
    )
    p.add_argument(
        "--lines",
        nargs="+",
        type=int,
        help="fragment lines per subgroup the plan may pick (default: 1)",
    )
    p.add_argument(
        "--variants",
        nargs="+",
        default=["default"],
        help="more lower-to-coopmat options for the fused kernel, one row each on "
        "the same inputs (default: none more), e.g. default "
        "'attention-prefetch=staggered attention-q-reload=true'",
    )
    p.add_argument(
        "--options",
        default="",
        help="more lower-to-coopmat options, e.g. accumulator-bytes=1024",
    )
    p.add_argument(
        "--softcap",
        type=float,
        help="soft-cap every attention row's scores at this value (Gemma-2's)",
    )
    p.add_argument(
        "--stats",
        action="store_true",
        help="print each fused kernel's driver statistics (registers, local "
        "memory; VK_KHR_pipeline_executable_properties, bench/pipeline_stats.py)",
    )
    args = p.parse_args(argv)
    _restrict_plan(args.blocks, args.subgroups, args.lines)
    if args.stats:
        global STATS
        import pipeline_stats

        pipeline_stats.capture_statistics()
        STATS = pipeline_stats
    torch = None
    if not args.no_torch:
        import torch  # only here: the tests and lavapipe smoke runs need none
    target = query_target()
    rng = np.random.default_rng(2026)
    lines = [
        f"# {target.description}, {date.today()}, Python {platform.python_version()},"
        f" torch {torch.__version__ if torch else 'not used'}, coopmat={args.coopmat}",
        "",
        "| B x H x S x D | causal | coopmlir fused TFLOP/s | max error vs f64 "
        "| torch flash TFLOP/s (error) | vs torch | coopmlir unfused TFLOP/s "
        "(error) | configuration |",
        "|---|---|---|---|---|---|---|---|",
    ]
    print("\n".join(lines), flush=True)
    rows = []
    # Each row is printed as soon as it is measured: a run cut short by the
    # device tool's time limit still shows the rows it finished.
    for row in itertools.chain(
        attention_rows(args, target, torch, rng),
        gqa_rows(args, target, torch, rng),
        (mlp_row(args, target, torch, rng) for _ in range(args.mlp_rows > 0)),
    ):
        print(row, flush=True)
        rows.append(row)
    lines += rows
    if args.out:
        with open(args.out, "a") as f:
            f.write("\n".join(lines) + "\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
