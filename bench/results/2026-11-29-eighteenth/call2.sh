#!/usr/bin/env bash
# Session 18, device call 2: (a) the cost model with f16/bf16 -> f32 tiles rated at half the intensity (and K tiles of 64 for A B), new choices against HEAD's (bd577d4), NN and NT, same call;
# (b) M=16 decoded-weight products: the small-M tile with fewer K slices and deeper prefetch.
set -u
F='remark:'
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
bash bench/ab_package.sh --install
echo "| shape | layout | options | ms | TFLOP/s | error | configuration |"
SH=256x4096x4096,2048x4096x11008,4096x4096x4096,3000x5000x2000,4095x4095x4095,2048x2048x8192,1024x1024x16384,8192x8192x1024,1024x4096x4096,4096x11008x4096,8192x8192x8192
echo "== new $(date +%T)"; PYTHONPATH=/tmp/site2:/tmp/site timeout 170 python3 -P .session/s18/layouts.py $SH NN,NT "" 2>&1 | grep "^|"
echo "== old $(date +%T)"; PYTHONPATH=/tmp/site_ab:/tmp/site timeout 170 python3 -P .session/s18/layouts.py $SH NN,NT "" 2>&1 | grep "^|"
echo "== m16 $(date +%T)"
timeout 200 python3 -P bench/quant_gemm.py --no-torch --shapes 4096x4096,11008x4096 --kinds int8,int4 --m 16 --options "" --options "tile=16x64x128 subgroups=1x4 split-k=4" --options "tile=16x64x128 subgroups=1x4 split-k=4 stages=4" --options "tile=16x128x128 subgroups=1x4 split-k=8 stages=4" --out $OUT/r/m16 2>&1 | grep -v "$F" | cut -c1-220
echo "== done $(date +%T)"
