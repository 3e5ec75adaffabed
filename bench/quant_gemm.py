"""Weight-only quantized products on the GPU (issue 28 part 7): Llama-7B
shapes N x K = 4096 x 4096, 11008 x 4096, 4096 x 11008 at M = 1, 16, 128,
2048, f16 activations times f16 weights, int8 per-channel weights, int4
weights (two per byte, groups of 128 along K, minus 8, an f16 scale per
group) and f8 E4M3 weights (every finite code; `w.to(float16)`), each
decoded in coopmlir's load (docs/passes/lower-to-coopmat.md, "Weights
decoded in the load"); f32 accumulation, f32 result.

    bash bench/h100.sh python3 -P bench/quant_gemm.py --out $OUT

Against, in the same process: `torch.matmul` in f16 (cuBLAS),
`torch._weight_int8pack_mm` and `torch._weight_int4pack_mm` where this
torch has them on CUDA (else "n/a"), and the HBM roof: the weight's bytes
over the copy bandwidth measured here (a device-to-device copy of 1 GiB).
Every coopmlir output is checked against the exact dequantization times x
in f32 (torch on the GPU); a failed check is reported, not timed.
One Vulkan device serves every case (each run inside its `scope`); a
quantized row also gives coopmlir's own f16 time of its shape (M = 1 and 16
run the skinny kernel, larger M the fragment kernel). For the H200 in
under 4 minutes:

    bash bench/h100.sh timeout 200 python3 -P bench/quant_gemm.py --shapes 4096x4096 --m 1,16,2048 --out $OUT

`--shapes` and `--m` take subsets (`--shapes 4096x4096 --m 1,16`);
`--no-torch` skips the torch side (lavapipe: `--shapes 256x256 --m 16`);
`--f16-out` rounds every product to f16 by a generic after it, as
torch-mlir exports an f16 `nn.Linear` (a fused epilogue: with split-K the
reduction applies it);
`--options skinny=true` passes lower-to-coopmat options to every case (the
skinny kernel at M = 8 and 16, which the planner leaves to the fragment
kernel for decoded weights); given several times, every case runs with
each set in turn, in the same process (an A/B run: `--options ""
--options split-k-decode=false`), each row naming its set; a case a set
cannot compile (a located error) is printed as refused and skipped.
Before the cases, the launch floor: the time of an M = 1 product of a
256x256 f16 weight (128 KB, 0.03 us at the roof), dispatched back to back
with a barrier between dispatches like every row: what a launch costs
whatever its bytes (0.006-0.007 ms on the H200, bench/RESULTS.md "Eleventh
session"). Each row's JSON carries it as `floor_ms`.
The programs are written in coopmlir's L0 form directly (no torch-mlir on
the device): the `coopmlir.dequantize` generic, then `linalg.matmul` with
B read transposed, as recognize-frontend makes of torch-mlir's exports.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "test" / "python"))
from support.quant_programs import f8_data, int4_parity_generic  # noqa: E402
from torch_cuda import copy_bandwidth, cuda_batched_ms, torch_with_cuda  # noqa: E402

from coopmlir.diagnostics import CompileError  # noqa: E402

SHAPES = [(4096, 4096), (11008, 4096), (4096, 11008)]
MS = [1, 16, 128, 2048]
KINDS = ["f16", "int8", "int4", "f8"]
#: The 8-bit float format of the f8 kind (torch.float8_e4m3fn weights).
F8 = "f8E4M3FN"
GROUP = 128
_ID = "affine_map<(d0, d1) -> (d0, d1)>"
_MATMUL_MAPS = (
    "[affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, "
    "affine_map<(d0, d1, d2) -> (d0, d1)>]"
)


def program(kind: str, m: int, n: int, k: int, f16_out: bool = False) -> str:
    """forward(x, weights...) -> x * W^T for W (n x k) stored as `kind`;
    `f16_out`: rounded to f16 by a generic after the f32 product, as
    torch-mlir exports an f16 `nn.Linear` (the product's fused epilogue)."""
    if kind == "f16":
        args, weight = f"%w: tensor<{n}x{k}xf16>", "%w"
        dequantize = ""
    elif kind == "f8":  # w.to(float16), as torch-mlir exports it
        args, weight = f"%w: tensor<{n}x{k}x{F8}>", "%wf"
        dequantize = f"""
  %we = tensor.empty() : tensor<{n}x{k}xf16>
  %wf = linalg.generic {{indexing_maps = [{_ID}, {_ID}], iterator_types = ["parallel", "parallel"]}} ins(%w : tensor<{n}x{k}x{F8}>) outs(%we : tensor<{n}x{k}xf16>) {{
  ^bb0(%q: {F8}, %o: f16):
    %v = arith.extf %q : {F8} to f16
    linalg.yield %v : f16
  }} -> tensor<{n}x{k}xf16>"""
    elif kind == "int8":
        args, weight = f"%w: tensor<{n}x{k}xi8>, %s: tensor<{n}xf16>", "%wf"
        dequantize = f"""
  %we = tensor.empty() : tensor<{n}x{k}xf16>
  %wf = linalg.generic {{indexing_maps = [{_ID}, affine_map<(d0, d1) -> (d0)>, {_ID}], iterator_types = ["parallel", "parallel"]}} ins(%w, %s : tensor<{n}x{k}xi8>, tensor<{n}xf16>) outs(%we : tensor<{n}x{k}xf16>) attrs = {{coopmlir.dequantize}} {{
  ^bb0(%q: i8, %sc: f16, %o: f16):
    %f = arith.sitofp %q : i8 to f16
    %v = arith.mulf %f, %sc : f16
    linalg.yield %v : f16
  }} -> tensor<{n}x{k}xf16>"""
    else:
        groups = k // GROUP
        args = f"%w: tensor<{n}x{k // 2}xi8>, %s: tensor<{n}x{groups}xf16>"
        weight = "%wf"
        dequantize = f"""
  %we = tensor.empty() : tensor<{n}x{k}xf16>
  {int4_parity_generic(n, k, GROUP)}"""
    result = f"tensor<{m}x{n}x{'f16' if f16_out else 'f32'}>"
    return f"""func.func @forward(%x: tensor<{m}x{k}xf16>, {args}) -> {result} {{
  %zero = arith.constant 0.0 : f32{dequantize}
  %e = tensor.empty() : tensor<{m}x{n}xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %y = linalg.matmul indexing_maps = {_MATMUL_MAPS} ins(%x, {weight} : tensor<{m}x{k}xf16>, tensor<{n}x{k}xf16>) outs(%acc : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>{_rounded(m, n) if f16_out else ""}
  return {"%h" if f16_out else "%y"} : {result}
}}
"""


def _rounded(m: int, n: int) -> str:
    """%h = %y rounded to f16 (torch-mlir's form of an f16 linear's output)."""
    return f"""
  %he = tensor.empty() : tensor<{m}x{n}xf16>
  %h = linalg.generic {{indexing_maps = [{_ID}, {_ID}], iterator_types = ["parallel", "parallel"]}} ins(%y : tensor<{m}x{n}xf32>) outs(%he : tensor<{m}x{n}xf16>) {{
  ^bb0(%v: f32, %o: f16):
    %t = arith.truncf %v : f32 to f16
    linalg.yield %t : f16
  }} -> tensor<{m}x{n}xf16>"""


def weights(kind: str, n: int, k: int, rng) -> tuple[list[np.ndarray], np.ndarray]:
    """The stored weights (the program's arguments after x) and the exact
    dequantized weight (f16)."""
    if kind == "f16":
        w = (rng.standard_normal((n, k)) / np.sqrt(k)).astype(np.float16)
        return [w], w
    if kind == "f8":  # every finite code, as the interpreter's float values
        return f8_data(rng, n, k, F8)
    if kind == "int8":
        q = rng.integers(-128, 128, (n, k), dtype=np.int8)
        s = (rng.uniform(0.5, 1.5, n) / (64 * np.sqrt(k))).astype(np.float16)
        return [q, s], q.astype(np.float16) * s[:, None]
    packed = rng.integers(0, 256, (n, k // 2), dtype=np.uint8)
    s = (rng.uniform(0.5, 1.5, (n, k // GROUP)) / (4 * np.sqrt(k))).astype(np.float16)
    q = np.stack([packed >> 4, packed & 15], axis=-1).reshape(n, k).astype(np.int32)
    deq = (q - 8).astype(np.float16) * np.repeat(s, GROUP, axis=1)
    return [packed.view(np.int8), s], deq


def weight_bytes(kind: str, stored: list[np.ndarray]) -> int:
    """Bytes the device reads: f8 codes travel as one byte each (the
    interpreter holds them as float32)."""
    if kind == "f8":
        return stored[0].size
    return sum(a.nbytes for a in stored)


def run_coopmlir(
    text: str, inputs: list[np.ndarray], repeat: int, gpu, options: str = ""
) -> dict:
    """Compiled for the first Vulkan device and run on `gpu` (the run's one
    open device, inside its scope); each launch timed in place."""
    import torch
    from model_blocks import run_coopmlir as run_program

    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
    tensors = [torch.from_numpy(a) for a in inputs]
    return run_program(
        Path(f.name), tensors[0], tensors[1:], repeat, "launch", gpu, options
    )


def torch_baselines(torch, kind, x, stored, deq, repeat) -> dict:
    """torch.matmul (f16, cuBLAS) and torch's weight-only kernels, if any."""
    xc = torch.from_numpy(x).cuda()
    out = {"torch_f16_ms": None, "torch_wo_ms": None}
    w16 = torch.from_numpy(deq).cuda()
    out["torch_f16_ms"] = cuda_batched_ms(lambda: torch.matmul(xc, w16.t()), repeat)
    try:
        if kind == "int8":
            q = torch.from_numpy(stored[0]).cuda()
            s = torch.from_numpy(stored[1]).cuda()
            call = lambda: torch._weight_int8pack_mm(xc, q, s)  # noqa: E731
        elif kind == "int4":
            packed = torch.from_numpy(stored[0].view(np.uint8)).cuda()
            tiled = torch._convert_weight_to_int4pack(packed, 8)
            scales = torch.from_numpy(stored[1]).cuda().to(torch.bfloat16)
            zeros = torch.full_like(scales, 8.0) * scales
            sz = torch.stack([scales.t(), zeros.t()], dim=-1).contiguous()
            xb = xc.to(torch.bfloat16)
            call = lambda: torch._weight_int4pack_mm(xb, tiled, GROUP, sz)  # noqa: E731
        else:
            return out
        out["torch_wo_ms"] = cuda_batched_ms(call, repeat)
    except (RuntimeError, AttributeError, NotImplementedError) as err:
        out["torch_wo_error"] = str(err).splitlines()[0][:120]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shapes", default=",".join(f"{n}x{k}" for n, k in SHAPES))
    parser.add_argument("--m", default=",".join(map(str, MS)))
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--no-torch", action="store_true")
    parser.add_argument(
        "--options",
        action="append",
        help="lower-to-coopmat options for every case, e.g. skinny=true; "
        "repeated: each case runs with each set",
    )
    parser.add_argument(
        "--f8-exact",
        action="store_true",
        help="first check that every E4M3 code decodes exactly on the device "
        "(subnormals included), at M = 1 and 16 (`f8_codes_exact`)",
    )
    parser.add_argument(
        "--f16-out",
        action="store_true",
        help="every product rounded to f16 by a generic after it, as "
        "torch-mlir exports an f16 nn.Linear (a fused epilogue)",
    )
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    shapes = [tuple(map(int, s.split("x"))) for s in args.shapes.split(",")]
    ms = [int(m) for m in args.m.split(",")]
    kinds = args.kinds.split(",")
    torch = None
    bandwidth = None
    if not args.no_torch:
        torch = torch_with_cuda()
        bandwidth = copy_bandwidth()
        print(f"copy bandwidth {bandwidth / 1e9:.0f} GB/s")
    from gemm_vulkan import open_device

    # One Vulkan device (and instance) for every case: a driver allows only
    # so many instances per process (VkErrorIncompatibleDriver after 14).
    gpu, _ = open_device()
    try:
        if args.f8_exact:
            for m, options in ((m, o) for m in (1, 16) for o in args.options or [""]):
                print(f8_codes_exact(m, options, gpu), flush=True)
        floor = launch_floor(args.repeat, gpu)
        rows = run_cases(args, shapes, ms, kinds, torch, bandwidth, gpu)
        for row in rows:
            row["floor_ms"] = floor
    finally:
        gpu.close()
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "quant_gemm.json").write_text(json.dumps(rows, indent=1))


#: The weight of the launch-floor product (`launch_floor`).
FLOOR_SHAPE = (256, 256)


def launch_floor(repeat: int, gpu) -> float | None:
    """The median ms of an M = 1 f16 product of a FLOOR_SHAPE weight (its
    bytes negligible), checked against numpy; None (printed) if wrong."""
    n, k = FLOOR_SHAPE
    rng = np.random.default_rng(0)
    x = rng.standard_normal((1, k)).astype(np.float16)
    w = rng.standard_normal((n, k)).astype(np.float16)
    ran = run_coopmlir(program("f16", 1, n, k), [x, w], repeat, gpu)
    reference = x.astype(np.float32) @ w.astype(np.float32).T
    error = np.abs(ran["output"] - reference).max() / np.abs(reference).max()
    ok = error < 1e-2
    shown = f"{ran['ms']:.4f} ms" if ok else f"FAILED (error {error:.1e})"
    print(f"launch floor: {shown} (M=1 {n}x{k} f16, {n * k * 2 // 1024} KB)")
    return ran["ms"] if ok else None


def f8_codes_exact(m: int, options: str, gpu) -> str:
    """Whether every finite E4M3 code decodes exactly in the compiled
    product: row n of a 4096 x 256 weight holds code n % 256 throughout and x
    is all ones, so output n is 256 times the code's value, exact in f32.
    The pair decode takes the 14 subnormal codes through f16 subnormals: a
    device that flushes them gives 0 there, which the error bound of the
    timed rows (1e-2 of the largest output) cannot see."""
    from coopmlir.elements import F8_FORMATS, f8_from_bits

    n, k = 4096, 256
    codes = np.arange(n) % 256
    values = f8_from_bits(codes, F8_FORMATS[F8])
    finite = np.isfinite(values)
    w = np.repeat(np.where(finite, values, 0).astype(np.float32)[:, None], k, 1)
    x = np.ones((m, k), np.float16)
    got = run_coopmlir(program("f8", m, n, k), [x, w], 1, gpu, options)["output"]
    wrong = sorted({int(c) for c in codes[(got != k * w[:, 0]).any(axis=0)]})
    where = f"f8 codes exact, M = {m}{f' [{options}]' if options else ''}"
    if not wrong:
        return f"{where}: yes, all {int(finite.sum()) // 16} finite codes"
    return f"{where}: NO, codes {', '.join(f'0x{c:02x}' for c in wrong)} differ"


def run_cases(args, shapes, ms, kinds, torch, bandwidth, gpu) -> list[dict]:
    """Every (shape, kind, M) case, checked and timed on `gpu`; a quantized
    row also gives coopmlir's own f16 time of its shape (`own_f16_ms`)."""
    rows = []
    own_f16: dict[tuple[int, int, int, str], float] = {}
    option_sets = args.options or [""]
    for n, k in shapes:
        for kind in kinds:
            rng = np.random.default_rng(n + k)
            stored, deq = weights(kind, n, k, rng)
            for m, options in ((m, o) for m in ms for o in option_sets):
                x = np.random.default_rng(m).standard_normal((m, k)).astype(np.float16)
                reference = x.astype(np.float32) @ deq.astype(np.float32).T
                try:
                    ran = run_coopmlir(
                        program(kind, m, n, k, args.f16_out),
                        [x, *stored],
                        args.repeat,
                        gpu,
                        options,
                    )
                except CompileError as refused:  # an A/B set this case cannot take
                    where = f"{kind:5} M={m:5} {n}x{k} [{options}]"
                    print(
                        f"{where}: refused: {str(refused).splitlines()[0]}", flush=True
                    )
                    continue
                got = np.asarray(ran["output"], dtype=np.float32)
                error = float(
                    np.abs(got - reference).max() / max(1.0, np.abs(reference).max())
                )
                row = {
                    "kind": kind,
                    "m": m,
                    "n": n,
                    "k": k,
                    "ok": error < 1e-2,
                    "scaled_error": error,
                    "ms": ran["ms"] if error < 1e-2 else None,
                    "kernels": ran["kernels"],
                    "weight_bytes": weight_bytes(kind, stored),
                    "device": ran["device"],
                    "options": options,
                }
                if kind == "f16" and row["ms"] is not None:
                    own_f16[m, n, k, options] = row["ms"]
                elif (m, n, k, options) in own_f16:
                    row["own_f16_ms"] = own_f16[m, n, k, options]
                if bandwidth is not None:
                    row["roof_ms"] = row["weight_bytes"] / bandwidth * 1e3
                if torch is not None and options == option_sets[0]:
                    row.update(
                        torch_baselines(torch, kind, x, stored, deq, args.repeat)
                    )
                rows.append(row)
                print(report(row), flush=True)
    return rows


def report(row: dict) -> str:
    ms = "FAILED" if row["ms"] is None else f"{row['ms']:.3f} ms"
    line = f"{row['kind']:5} M={row['m']:5} {row['n']}x{row['k']}"
    if row.get("options"):
        line += f" [{row['options']}]"
    line += f": coopmlir {ms}"
    if row.get("roof_ms") and row["ms"]:
        line += f" ({row['roof_ms'] / row['ms']:.2f} of the roof {row['roof_ms']:.3f})"
    if row.get("own_f16_ms") and row["ms"]:
        line += f", {row['own_f16_ms'] / row['ms']:.2f}x coopmlir f16"
    if row.get("torch_f16_ms"):
        line += f", torch f16 {row['torch_f16_ms']:.3f}"
    if row.get("torch_wo_ms"):
        line += f", torch weight-only {row['torch_wo_ms']:.3f}"
    elif row.get("torch_wo_error"):
        line += ", torch weight-only n/a"
    return line + f" (err {row['scaled_error']:.1e})"


if __name__ == "__main__":
    main()
