#!/usr/bin/env bash
# Session 18, device call 6: weights decoded in the load, 1024 and 4096 rows: half the intensity from 1024 rows (128x128x32 of 2x2) against HEAD (c1adc0e: the full one, 256x128x32 of 2x4), same call.
set -u
F='remark:'
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
bash bench/ab_package.sh --install
for pkg in new old; do
  if [ $pkg = new ]; then PP=/tmp/site2:/tmp/site; else PP=/tmp/site_ab:/tmp/site; fi
  echo "== quant $pkg $(date +%T)"
  PYTHONPATH=$PP timeout 75 python3 -P bench/quant_gemm.py --no-torch --shapes 11008x4096,4096x11008 --kinds int8,int4,f8 --m 1024,4096 --repeat 10 --out $OUT/r/quant-$pkg 2>&1 | grep -v "$F" | cut -c1-200
done
echo "== done $(date +%T)"
