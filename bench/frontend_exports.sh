#!/usr/bin/env bash
# Runs every saved torch-mlir export (test/frontend/Inputs, f32 and f16)
# whole on the first Vulkan device: `coopmlir-run --device vulkan --check`
# (against the interpreter), then compares the device's result with
# PyTorch's own output saved next to the export. One line per export.
#   bash bench/h100.sh bash bench/frontend_exports.sh [NAME...]
set -uo pipefail
inputs=test/frontend/Inputs
names=("$@")
[ ${#names[@]} -eq 0 ] && names=($(ls $inputs/*.mlir | xargs -n1 basename | sed 's/\.mlir$//'))
out=${OUT:-/tmp}/frontend
mkdir -p "$out"
for name in "${names[@]}"; do
  args=()
  for a in $inputs/$name.arg*.npy; do
    i=${a##*.arg}; args+=(--input "arg${i%.npy}=$a")
  done
  start=$(date +%s.%N)
  # -P: the installed coopmlir, not the source tree under the working directory
  python3 -P -m coopmlir.tools.coopmlir_run $inputs/$name.mlir --entry forward "${args[@]}" \
    --device vulkan --check --output-dir "$out/$name" > "$out/$name.log" 2>&1
  rc=$?
  python3 - "$name" "$rc" "$start" "$out" <<'PY'
import glob, sys, time
import numpy as np
name, rc, start, out = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
seconds = time.time() - start
log = open(f"{out}/{name}.log").read()
kernels = [l for l in log.splitlines() if l.startswith("kernel @")]
device_ms = sum(float(l.split(":")[1].split()[0]) for l in kernels)
files = glob.glob(f"{out}/{name}/*.npy")
want = np.load(f"test/frontend/Inputs/{name}.expected.npy").astype(np.float64)
error = np.abs(np.load(files[0]).astype(np.float64) - want).max() if files else float("nan")
check = "ok" if rc == 0 else "FAIL: " + log.strip().splitlines()[-1][:120]
print(f"| {name} | {len(kernels)} | {device_ms:.3f} | {seconds:.1f} | {error:.2e} | {check} |")
PY
done
