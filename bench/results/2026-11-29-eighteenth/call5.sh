#!/usr/bin/env bash
# Session 18, device call 5: bf16 -> f32 products (A B, gemm_vulkan.py) under the new cost model against HEAD's (bd577d4), same call, cuBLAS beside.
set -u
F='remark:'
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
bash bench/ab_package.sh --install
for pkg in new old; do
  if [ $pkg = new ]; then PP=/tmp/site2:/tmp/site; else PP=/tmp/site_ab:/tmp/site; fi
  echo "== bf16 $pkg $(date +%T)"
  PYTHONPATH=$PP timeout 100 python3 -P bench/gemm_vulkan.py --types bf16f32 --sizes 4096 8192 --shapes 8192x768x3072 2048x11008x4096 1024x1024x16384 --repeat 10 --out $OUT/r/bf16-$pkg.md 2>&1 | grep -v "$F" | grep "^|" | cut -c1-240
done
echo "== done $(date +%T)"
