#!/usr/bin/env bash
# Session 18, device call 4: what the cost model's f16/bf16 -> f32 intensity change moves beyond plain products, new against HEAD's (bd577d4), same call:
# decoded-weight products at M = 128 and 2048, ResNet-50 convolutions, the ResNet bottleneck block.
set -u
F='remark:'
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
bash bench/ab_package.sh --install
for pkg in new old; do
  if [ $pkg = new ]; then PP=/tmp/site2:/tmp/site; else PP=/tmp/site_ab:/tmp/site; fi
  echo "== quant $pkg $(date +%T)"
  PYTHONPATH=$PP timeout 80 python3 -P bench/quant_gemm.py --no-torch --shapes 4096x4096,11008x4096 --kinds f16,int8,int4 --m 128,2048 --out $OUT/r/quant-$pkg 2>&1 | grep -v "$F" | cut -c1-200
  echo "== conv $pkg $(date +%T)"
  PYTHONPATH=$PP timeout 80 python3 -P bench/conv_vulkan.py --repeat 10 --out $OUT/r/conv-$pkg.md 2>&1 | grep -v "$F" | grep "^|" | cut -c1-260
  echo "== bottleneck $pkg $(date +%T)"
  PYTHONPATH=$PP timeout 70 python3 -P bench/model_blocks.py run --blocks bottleneck --out $OUT/r/blocks-$pkg 2>&1 | grep -v "$F" | tail -6 | cut -c1-260
done
echo "== done $(date +%T)"
