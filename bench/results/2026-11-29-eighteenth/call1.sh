#!/usr/bin/env bash
# Session 18, device call 1: (a) K tiles of 64 for A B (NN) f16->f32, the model's new choices against HEAD's (bd577d4), same call;
# (b) M=16 decoded-weight products: the small-M tile with fewer K slices and deeper prefetch; (c) MoE with K tiles of 64 (grouped-tile=128x128x64).
set -u
F='remark:'
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
bash bench/ab_package.sh --install
echo "| shape | layout | options | ms | TFLOP/s | error | configuration |"
SH=8192x768x3072,128x4096x4096,256x4096x4096,512x4096x4096,64x4096x4096,64x3072x768,8192x3072x768,2048x11008x4096
for pass in 1 2; do
  echo "== NN new $pass $(date +%T)"; PYTHONPATH=/tmp/site2:/tmp/site timeout 150 python3 -P .session/s18/layouts.py $SH NN "" 2>&1 | grep "^|"
  echo "== NN old $pass $(date +%T)"; PYTHONPATH=/tmp/site_ab:/tmp/site timeout 150 python3 -P .session/s18/layouts.py $SH NN "" 2>&1 | grep "^|"
done
echo "== m16 $(date +%T)"
timeout 200 python3 -P bench/quant_gemm.py --no-torch --shapes 4096x4096,11008x4096 --kinds f16,int8,int4,f8 --m 16 --options "" --options "tile=16x64x128 subgroups=1x4 split-k=4" --options "tile=16x64x128 subgroups=1x4 split-k=4 stages=4" --options "tile=16x64x128 subgroups=1x4 split-k=4 stages=3" --options "tile=16x128x128 subgroups=1x4 split-k=8 stages=4" --options "tile=16x64x128 subgroups=1x4 split-k=8 stages=4" --out $OUT/r/m16 2>&1 | grep -v "$F" | grep -E "^\||floor" | cut -c1-200
echo "== moe $(date +%T)"
timeout 200 python3 -P bench/moe.py --tokens 512 --repeat 5 --out $OUT/r/moe --grouped-options "grouped-tile=128x64x64 grouped-subgroups=2x4" "grouped-tile=128x64x64 grouped-subgroups=4x2" "grouped-tile=128x128x64 grouped-subgroups=2x4" 2>&1 | grep -v "$F" | grep -v "^/root" | tail -25
echo "== done $(date +%T)"
