#!/usr/bin/env bash
# Session 16, device call 4: B^T (nn.Linear's layout) with 16x8x16 fragments at the tiles the model picks for 16x16x16, against K x N B, same call.
set -u
mkdir -p $OUT/r
F='remark:'
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { # name, extra args...
  local name=$1; shift
  echo "== $name $(date +%T)"
  timeout 60 python3 -P bench/gemm_epilogue.py --sizes --repeat 20 --no-torch --out $OUT/r/$name.md "$@" 2>&1 | grep -v "$F" | grep -E "^\| coop|failed" | cut -c1-150
}
T128="tile=128x128x32 subgroups=2x2"
run fc1-nn --shapes 8192x3072x768 --types f16 --activations gelu
run fc1-nt-168 --shapes 8192x3072x768 --types f16 --activations gelu --options "$T128 mma=16x8x16" --transpose-b
run fc1-nn-168 --shapes 8192x3072x768 --types f16 --activations gelu --options "$T128 mma=16x8x16"
run fc1-nt --shapes 8192x3072x768 --types f16 --activations gelu --transpose-b
run fc2-nt-168 --shapes 8192x768x3072 --types f16 --activations relu --options "$T128 mma=16x8x16" --transpose-b
run fc2-nn --shapes 8192x768x3072 --types f16 --activations relu
run big-nt-168 --shapes 8192x8192x8192 --types f16 --activations relu --options "tile=256x128x32 subgroups=2x4 mma=16x8x16" --transpose-b
run big-nn --shapes 8192x8192x8192 --types f16 --activations relu
run fc1-nt-168-bf16 --shapes 8192x3072x768 --types bf16 --activations relu --options "$T128 mma=16x8x16" --transpose-b
run fc1-nn-bf16 --shapes 8192x3072x768 --types bf16 --activations relu
echo "== done $(date +%T)"
