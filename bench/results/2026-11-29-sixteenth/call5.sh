#!/usr/bin/env bash
# Session 16, device call 5: B^T staged as K x N (an experiment: COOPMLIR_EXPERIMENT_TRANSPOSING_COPY, element-wise transposing stores) against B^T staged as stored, and K x N B, same call.
set -u
mkdir -p $OUT/r
F='remark:'
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { # name, extra args...
  local name=$1; shift
  echo "== $name $(date +%T)"
  timeout 60 python3 -P bench/gemm_epilogue.py --sizes --repeat 20 --no-torch --out $OUT/r/$name.md "$@" 2>&1 | grep -v "$F" | grep -E "^\| coop|failed" | cut -c1-150
}
for shape in 8192x3072x768 8192x768x3072 8192x8192x8192; do
  run nn-$shape --shapes $shape --types f16 --activations relu
  run nt-$shape --shapes $shape --types f16 --activations relu --transpose-b
  COOPMLIR_EXPERIMENT_TRANSPOSING_COPY=1 run ntx-$shape --shapes $shape --types f16 --activations relu --transpose-b
done
echo "== done $(date +%T)"
