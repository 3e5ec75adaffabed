#!/usr/bin/env bash
# Session 15, device call 3: the epilogue's component loop unrolled by hand (2, 4 elements per iteration), fc1 shape.
set -u
mkdir -p $OUT/r
F='remark:'
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
i=0; for u in 1 2 4 1; do i=$((i+1))
  echo "== unroll $u $(date +%T)"
  COOPMLIR_EPI_UNROLL=$u timeout 150 python3 -P bench/gemm_epilogue.py --sizes --shapes 8192x3072x768 --types f16 bf16 --activations relu gelu gelu-erf silu --repeat 20 $( [ $i = 1 ] && echo --stats ) --out $OUT/r/unroll-$i-$u.md 2>&1 | grep -v "$F" | grep -E "^\| coop|regist|local" | cut -c1-120
done
echo "== done $(date +%T)"
