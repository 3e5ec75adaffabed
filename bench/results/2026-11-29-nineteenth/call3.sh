#!/usr/bin/env bash
# Session 19, device call 3: M=16 products, the sliced-K kernel (one launch, K split over the subgroups of a workgroup) against the tiles + split-K sum, same process.
set -u
F='remark:'
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== m16 $(date +%T)"
timeout 330 python3 -P bench/quant_gemm.py --no-torch --shapes 4096x4096,11008x4096,4096x11008 --kinds f16,int8,int4 --m 16 --options "" --options small-m-kernel=sliced --options "small-m-kernel=sliced small-m-sliced=16x8x128x2" --options "small-m-kernel=sliced small-m-sliced=32x4x128x1" --options "small-m-kernel=sliced small-m-sliced=16x4x128x1" --out $OUT/r/m16 2>&1 | grep -v "$F" | cut -c1-220
echo "== done $(date +%T)"
