#!/usr/bin/env bash
# Session 16, device call 6: B^T fragments loaded as row-major f16 accumulators and transposed (OpCooperativeMatrixTransposeNV; an experiment: COOPMLIR_EXPERIMENT_TRANSPOSED_B) against column-major B loads and K x N B, same call.
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
  COOPMLIR_EXPERIMENT_TRANSPOSED_B=1 run ntt-$shape --shapes $shape --types f16 --activations relu --transpose-b
  run nt-$shape --shapes $shape --types f16 --activations relu --transpose-b
  [ $shape = 8192x8192x8192 ] || run nn-$shape --shapes $shape --types f16 --activations relu
done
echo "== done $(date +%T)"
