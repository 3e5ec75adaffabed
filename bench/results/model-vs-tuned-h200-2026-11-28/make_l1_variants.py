"""Register-pressure variants of the 256x256x32 f16->f16 kernel (L1 edits) -> .spv"""
import re, subprocess, sys, pathlib
d = pathlib.Path(".scratch/rg")
opt = ".venv/bin/coopmlir-opt"
l1 = subprocess.run([opt, ".scratch/pr/mm.mlir", "--pass-pipeline=builtin.module(lower-to-coopmat{target=h100-vulkan tile=256x256x32 subgroups=2x4 stages=2})"], capture_output=True, text=True, check=True).stdout
(d / "base.l1.mlir").write_text(l1)
def zero_c(t):
    out = []; done = False
    for line in t.splitlines():
        m = re.match(r"(\s*)(%\d+) = coopmat.load %2\[.*-> (!coopmat.matrix<16x16xf16, acc>)", line)
        if m:
            if not done:
                out.append(f"{m.group(1)}%zc = arith.constant 0.0 : f16"); done = True
            out.append(f"{m.group(1)}{m.group(2)} = coopmat.splat %zc : f16 -> {m.group(3)}")
        else:
            out.append(line)
    return "\n".join(out)
variants = {"base": l1, "zeroc": zero_c(l1)}
for name, text in variants.items():
    p = d / f"{name}.l1.mlir"; p.write_text(text)
    r = subprocess.run([opt, str(p), "--pass-pipeline=builtin.module(convert-to-spirv{coopmat=khr drop-gpu-module=true})", "-t", "spirv-bin", "-o", str(d / f"k_{name}.spv")], capture_output=True, text=True)
    print(name, r.returncode, r.stderr[-500:])

def late_c(t, recompute):
    lines = t.splitlines()
    # index computations before the C loads (block ids .. last index op before the first C load)
    first_c = next(i for i, l in enumerate(lines) if re.search(r"coopmat.load %2\[", l))
    start = next(i for i, l in enumerate(lines) if "gpu.block_id x" in l)
    idx_lines = lines[start:first_c]
    defined = [re.match(r"\s*(%\d+) =", l).group(1) for l in idx_lines]
    ren = lambda s: re.sub(r"%(\d+)\b", lambda m: f"%r{m.group(1)}" if f"%{m.group(1)}" in defined else m.group(0), s)
    out = []; zero = False; cloned = False; n = 0
    for line in lines:
        m = re.match(r"(\s*)(%\d+) = coopmat.load %2\[.*-> (!coopmat.matrix<16x16xf16, acc>)", line)
        s = re.match(r"(\s*)coopmat.store (%\d+), %2\[(%\w+), (%\w+)\] row_major : (!coopmat.matrix<16x16xf16, acc>), (memref<[^>]*>)", line)
        if m:
            if not zero:
                out.append(f"{m.group(1)}%zc = arith.constant 0.0 : f16"); zero = True
            out.append(f"{m.group(1)}{m.group(2)} = coopmat.splat %zc : f16 -> {m.group(3)}")
        elif s:
            ind, v, r, c, ty, mem = s.groups()
            if recompute and not cloned:
                out.extend(ren(l) for l in idx_lines); cloned = True
            if recompute:
                r, c = ren(r), ren(c)
            n += 1
            out.append(f"{ind}%lc{n} = coopmat.load %2[{r}, {c}] row_major : {mem} -> {ty}")
            out.append(f"{ind}%ls{n} = coopmat.add {v}, %lc{n} : {ty}")
            out.append(f"{ind}coopmat.store %ls{n}, %2[{r}, {c}] row_major : {ty}, {mem}")
        else:
            out.append(line)
    return "\n".join(out)

for name, text in {"latec": late_c(l1, False), "latec_recompute": late_c(l1, True)}.items():
    p = d / f"{name}.l1.mlir"; p.write_text(text)
    r = subprocess.run([opt, str(p), "--pass-pipeline=builtin.module(convert-to-spirv{coopmat=khr drop-gpu-module=true})", "-t", "spirv-bin", "-o", str(d / f"k_{name}.spv")], capture_output=True, text=True)
    print(name, r.returncode, r.stderr[-800:])
