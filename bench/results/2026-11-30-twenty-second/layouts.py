"""Session 22 (from session 21's layouts_i8.py, bf16 added): i8 x i8 -> i32 (and f16 -> f16) products with B stored as
K x N (NN) or N x K (NT), A as M x K or K x M: whether the i8 kernel's speed is
bound by loading 8-bit B fragments from an N-contiguous workgroup tile."""
import sys, io, contextlib
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
DEV = "cuda" if torch.cuda.is_available() else "cpu"
TYPES = {"i8": ("i8", "i32", np.int8, np.int32), "f16": ("f16", "f16", np.float16, np.float16), "f16f32": ("f16", "f32", np.float16, np.float32), "bf16f32": ("bf16", "f32", np.float32, np.float32)}


def source(m, n, k, layout, ty):
    a_map, b_map = MAPS[layout]
    e, c, _, _ = TYPES[ty]
    a = f"{k}x{m}" if layout[0] == "T" else f"{m}x{k}"
    b = f"{n}x{k}" if layout[1] == "T" else f"{k}x{n}"
    zero = "0" if ty == "i8" else "0.0"
    return f"""func.func @mm(%A: memref<{a}x{e}>, %B: memref<{b}x{e}>, %C: memref<{m}x{n}x{c}>) {{
  %z = arith.constant {zero} : {c}
  linalg.fill ins(%z : {c}) outs(%C : memref<{m}x{n}x{c}>)
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> {a_map}>, affine_map<(d0, d1, d2) -> {b_map}>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%A, %B : memref<{a}x{e}>, memref<{b}x{e}>) outs(%C : memref<{m}x{n}x{c}>)
  func.return
}}
"""


def main():
    target = query_target()
    ty = sys.argv[1]
    shapes = [tuple(int(v) for v in s.split("x")) for s in sys.argv[2].split(",")]
    layouts = sys.argv[3].split(",")
    options = sys.argv[4:] or [""]
    rng = np.random.default_rng(0)
    _, _, et, ct = TYPES[ty]
    for m, n, k in shapes:
        if ty == "i8":
            a = rng.integers(-128, 128, (m, k)).astype(np.int8)
            b = rng.integers(-128, 128, (k, n)).astype(np.int8)
            want = (torch.from_numpy(a).to(DEV).double() @ torch.from_numpy(b).to(DEV).double()).cpu().numpy()
        else:  # f16 inputs
            a = rng.uniform(-1, 1, (m, k)).astype(et)
            b = rng.uniform(-1, 1, (k, n)).astype(et)
            if ty == "bf16f32":
                from coopmlir.elements import round_bf16
                a, b = round_bf16(a), round_bf16(b)
            want = (torch.from_numpy(a).to(DEV).double() @ torch.from_numpy(b).to(DEV).double()).cpu().numpy()
        for opts in options:
            for layout in layouts:
                A = np.ascontiguousarray(a.T) if layout[0] == "T" else a
                B = np.ascontiguousarray(b.T) if layout[1] == "T" else b
                try:
                    mod = parse_module(source(m, n, k, layout, ty))
                    remark = io.StringIO()
                    with contextlib.redirect_stderr(remark):
                        level, kernels = compile_for_device(mod, target, (opts + " explain=true").strip())
                    text = remark.getvalue()
                    config = text.split("lower-to-coopmat: ", 1)[-1].split(": ", 1)[-1].split(" on ")[0].strip()
                    needs, ext = device_needs(kernels)
                    with VulkanDevice(needs=needs, extensions=ext) as gpu:
                        C = np.zeros((m, n), ct)
                        arrays = [A, B, C]
                        run_host_function(level, "mm", kernels, arrays, gpu)
                        got = arrays[2].astype(np.float64)
                        err = float(np.abs(got - want).max() / np.abs(want).max())
                        timings = timed_host_function(level, "mm", kernels, [A, B, np.zeros((m, n), ct)], gpu, repeat=20)
                    each = [float(np.median(t.seconds)) * 1e3 for t in timings]
                    ms = sum(each)
                    config = config + " launches " + "+".join(f"{x:.4f}" for x in each)
                    print(f"| {ty} | {m}x{n}x{k} | {layout} | {opts or 'model'} | {ms:.3f} | {2*m*n*k/ms/1e9:.0f} | {err:.1e} | {config[-150:]} |", flush=True)
                except Exception as e:
                    print(f"| {ty} | {m}x{n}x{k} | {layout} | {opts or 'model'} | FAILED {type(e).__name__}: {str(e).splitlines()[0][:150]} |", flush=True)


main()
