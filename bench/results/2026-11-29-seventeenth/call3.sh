#!/usr/bin/env bash
# Session 17, device call 3: K64 tiles (rows of 128 bytes for K-contiguous operands) at other M x N shapes, and the driver's register and local-memory statistics of K32 against K64 (is K64 slow from spills?).
set -u
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "| shape | layout | options | ms | TFLOP/s | error | kernel |"
timeout 300 python3 -P .session/s17/layouts.py 8192x3072x768 NN,NT,TN "tile=64x128x64 subgroups=2x2" "tile=128x64x64 subgroups=2x2" "tile=64x64x64 subgroups=2x2" "tile=128x128x64 subgroups=2x2" "tile=256x128x64 subgroups=2x4" 2>&1 | grep "^|"
timeout 120 python3 -P .session/s17/layouts.py 8192x8192x8192 NT,TN "tile=128x128x64 subgroups=2x2" "tile=256x128x64 subgroups=2x4" 2>&1 | grep "^|"
echo "== stats $(date +%T)"
F='remark:'
for opts in "" "tile=128x128x64 subgroups=2x2" "tile=64x128x64 subgroups=2x2"; do
  echo "-- $opts"
  timeout 60 python3 -P bench/gemm_epilogue.py --sizes --shapes 8192x3072x768 --repeat 5 --no-torch --types f16 --activations relu --transpose-b --stats --options "$opts" 2>&1 | grep -v "$F" | grep -iE "Register Count|Local Memory|Shared|^\| coopmlir gemm \|" | cut -c1-160
done
echo "== done $(date +%T)"
