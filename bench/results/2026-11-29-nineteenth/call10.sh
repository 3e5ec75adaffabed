#!/usr/bin/env bash
# Session 19, device call 10: M=1 skinny kernel with decoded weights: outputs per workgroup (skinny-rows) and subgroups, int4 / int8, 4096x4096 and 11008x4096.
set -u
F='remark:'
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== m1 $(date +%T)"
timeout 250 python3 -P bench/quant_gemm.py --no-torch --shapes 4096x4096,11008x4096 --kinds int4,int8 --m 1 --options "" --options skinny-rows=8 --options skinny-rows=16 --options skinny-rows=2 --options skinny-subgroups=8 --out $OUT/r/m1 2>&1 | grep -v "$F" | cut -c1-200
echo "== done $(date +%T)"
