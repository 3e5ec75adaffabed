#!/usr/bin/env bash
# Session 17, device call 1: B as N x K with the B fragments loaded from workgroup memory by NV2 tensor-addressed loads through a transposing view (COOPMLIR_EXPERIMENT_TENSOR_B=1), or every workgroup fragment load tensor-addressed (=all), against KHR ColumnMajor loads and K x N B, same call.
set -u
mkdir -p $OUT/r
F='remark:'
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { # name, env value, extra args...
  local name=$1 mode=$2; shift 2
  echo "== $name $(date +%T)"
  COOPMLIR_EXPERIMENT_TENSOR_B=$mode timeout 90 python3 -P bench/gemm_epilogue.py --sizes --repeat 20 --no-torch --types f16 --activations relu --out $OUT/r/all.md "$@" 2>&1 | grep -v "$F" | grep -E "^\| coop|failed|Error|error" | cut -c1-160
}
for pass in 1 2; do
for shape in 8192x3072x768 8192x768x3072 8192x8192x8192; do
  run nt-$shape "" --shapes $shape --transpose-b
  run ntT-$shape 1 --shapes $shape --transpose-b
  [ $pass = 1 ] && run ntA-$shape all --shapes $shape --transpose-b
  run nn-$shape "" --shapes $shape
  [ $pass = 1 ] && run nnA-$shape all --shapes $shape
done
done
echo "== stats $(date +%T)"
for ty in f16 bf16; do
  timeout 60 python3 -P bench/gemm_epilogue.py --sizes --shapes 8192x3072x768 --repeat 5 --no-torch --types $ty --activations gelu-tanh gelu-erf --stats 2>&1 | grep -v "$F" | grep -iE "regist|local|^\| coop|spill|instr" | cut -c1-200
done
echo "== done $(date +%T)"
