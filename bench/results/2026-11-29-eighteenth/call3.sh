#!/usr/bin/env bash
# Session 18, device call 3: the new defaults against HEAD's (bd577d4), same call: (a) M=16 small-M tiles with at least 8 K tiles per slice, f16 / int8 / int4;
# (b) MoE with K tiles of 64 (grouped planner: deep K, the gated tile's intensity, f16->f32 rated at half the intensity), 512 and 4096 tokens.
set -u
F='remark:'
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
bash bench/ab_package.sh --install
for pkg in new old; do
  if [ $pkg = new ]; then PP=/tmp/site2:/tmp/site; else PP=/tmp/site_ab:/tmp/site; fi
  echo "== m16 $pkg $(date +%T)"
  PYTHONPATH=$PP timeout 130 python3 -P bench/quant_gemm.py --no-torch --shapes 4096x4096,11008x4096,4096x11008 --kinds f16,int8,int4 --m 16 --out $OUT/r/m16-$pkg 2>&1 | grep -v "$F" | cut -c1-200
done
echo "== moe new $(date +%T)"
PYTHONPATH=/tmp/site2:/tmp/site timeout 200 python3 -P bench/moe.py --tokens 512 4096 --repeat 5 --out $OUT/r/moe-new 2>&1 | grep -v "$F" | grep -v "^/root" | tail -25
echo "== moe old $(date +%T)"
PYTHONPATH=/tmp/site_ab:/tmp/site timeout 150 python3 -P bench/moe.py --tokens 4096 --repeat 5 --out $OUT/r/moe-old 2>&1 | grep -v "$F" | grep -v "^/root" | tail -25
echo "== done $(date +%T)"
