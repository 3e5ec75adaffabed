"""Session 17: f16 x f16 -> f32 products with A and/or B stored transposed
(NN, NT = B as N x K, TN = A as K x M, TT), same harness, per option string:
which operand layout costs what, and whether the staging's row length or the
fragment loads explain B^T's 7-10%."""
import sys, time, io, contextlib
import numpy as np
import torch
from coopmlir.dialects.registry import parse_module
from coopmlir.runtime.device_target import query_target
from coopmlir.runtime.launch import compile_for_device, device_needs, run_host_function
from coopmlir.runtime.timing import timed_host_function
from coopmlir.runtime.vulkan import VulkanDevice

MAPS = {
    "NN": ("(d0, d2)", "(d2, d1)"),
    "NT": ("(d0, d2)", "(d1, d2)"),
    "TN": ("(d2, d0)", "(d2, d1)"),
    "TT": ("(d2, d0)", "(d1, d2)"),
}


def source(m, n, k, layout):
    a_map, b_map = MAPS[layout]
    a = f"{k}x{m}" if layout[0] == "T" else f"{m}x{k}"
    b = f"{n}x{k}" if layout[1] == "T" else f"{k}x{n}"
    return f"""func.func @mm(%A: memref<{a}xf16>, %B: memref<{b}xf16>, %C: memref<{m}x{n}xf32>) {{
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<{m}x{n}xf32>)
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> {a_map}>, affine_map<(d0, d1, d2) -> {b_map}>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%A, %B : memref<{a}xf16>, memref<{b}xf16>) outs(%C : memref<{m}x{n}xf32>)
  func.return
}}
"""


def main():
    target = query_target()
    shapes = [tuple(int(v) for v in s.split("x")) for s in sys.argv[1].split(",")]
    layouts = sys.argv[2].split(",")
    options = sys.argv[3:] or [""]
    rng = np.random.default_rng(0)
    for m, n, k in shapes:
        a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
        b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
        want = (torch.from_numpy(a).cuda().double() @ torch.from_numpy(b).cuda().double()).float().cpu().numpy()
        for opts in options:
            for layout in layouts:
                A = np.ascontiguousarray(a.T) if layout[0] == "T" else a
                B = np.ascontiguousarray(b.T) if layout[1] == "T" else b
                try:
                    mod = parse_module(source(m, n, k, layout))
                    remark = io.StringIO()
                    with contextlib.redirect_stderr(remark):
                        level, kernels = compile_for_device(mod, target, (opts + " explain=true").strip())
                    text = remark.getvalue()
                    config = text.split("lower-to-coopmat: ", 1)[-1].split(": ", 1)[-1].split(" on ")[0].strip()
                    needs, ext = device_needs(kernels)
                    with VulkanDevice(needs=needs, extensions=ext) as gpu:
                        C = np.zeros((m, n), np.float32)
                        arrays = [A, B, C]
                        run_host_function(level, "mm", kernels, arrays, gpu)
                        err = float(np.abs(arrays[2] - want).max() / np.abs(want).max())
                        timings = timed_host_function(level, "mm", kernels, [A, B, np.zeros((m, n), np.float32)], gpu, repeat=20)
                    # Every launch of one run (split-K: the slices, then their sum).
                    ms = sum(float(np.median(t.seconds)) for t in timings) * 1e3
                    print(f"| {m}x{n}x{k} | {layout} | {opts or 'model'} | {ms:.3f} | {2*m*n*k/ms/1e9:.0f} | {err:.1e} | {config[:90]} |", flush=True)
                except Exception as e:
                    print(f"| {m}x{n}x{k} | {layout} | {opts or 'model'} | FAILED {type(e).__name__}: {str(e).splitlines()[0][:150]} |", flush=True)


main()
