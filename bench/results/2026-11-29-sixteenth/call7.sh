#!/usr/bin/env bash
# Session 16, device call 7: B as N x K at GPT-2's fc1 shape, configurations other than the model's (128x128x32 2x2 stages=2 raster=8: 0.168 ms, K x N 0.155).
set -u
mkdir -p $OUT/r
F='remark:'
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
i=0
for opts in "tile=128x256x32 subgroups=2x4" "tile=128x64x32 subgroups=2x2" "tile=64x128x32 subgroups=2x2" "tile=128x128x16 subgroups=2x2" "stages=4" "raster=1" "raster=16" "tile=128x128x32 subgroups=4x1"; do
  i=$((i+1)); echo "== $opts $(date +%T)"
  timeout 40 python3 -P bench/gemm_epilogue.py --sizes --shapes 8192x3072x768 --types f16 --activations relu --repeat 20 --no-torch --transpose-b --options "$opts" --out $OUT/r/nt-$i.md 2>&1 | grep -v "$F" | grep -E "^\| coopmlir gemm \||failed" | cut -c1-150
done
echo "== done $(date +%T)"
