#!/usr/bin/env bash
# Session 19, device call 11: 8-bit float weights (E4M3) at M = 1 and 16 with today's defaults (the f8 rows of the summary were last timed in the thirteenth session).
set -u
F='remark:'
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== f8 $(date +%T)"
timeout 200 python3 -P bench/quant_gemm.py --no-torch --shapes 4096x4096,11008x4096 --kinds f8 --m 1,16 --out $OUT/r/f8 2>&1 | grep -v "$F" | cut -c1-200
echo "== done $(date +%T)"
