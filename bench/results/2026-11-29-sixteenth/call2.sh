#!/usr/bin/env bash
# Session 16, device call 2: B given as N x K (nn.Linear's weight, every torch-mlir linear layer) against K x N, same harness; configurations for B^T; exact-f16-math A/B on the fc1 exports.
set -u
mkdir -p $OUT/r
F='remark:'
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { # name, extra args...
  local name=$1; shift
  echo "== $name $(date +%T)"
  timeout 100 python3 -P bench/gemm_epilogue.py --sizes --repeat 20 --no-torch --out $OUT/r/$name.md "$@" 2>&1 | grep -v "$F" | grep -E "^\| coop|failed" | cut -c1-150
}
run fc1-nn --shapes 8192x3072x768 --types f16 --activations relu gelu gelu-erf
run fc1-nt --shapes 8192x3072x768 --types f16 --activations relu gelu gelu-erf --transpose-b
run fc1-nt-k64 --shapes 8192x3072x768 --types f16 --activations relu --transpose-b --options "tile=128x128x64"
run fc1-nn-k64 --shapes 8192x3072x768 --types f16 --activations relu --options "tile=128x128x64"
run fc1-nt-s3 --shapes 8192x3072x768 --types f16 --activations relu --transpose-b --options "stages=3"
run fc1-nt-256 --shapes 8192x3072x768 --types f16 --activations relu --transpose-b --options "tile=256x128x32 subgroups=2x4"
run fc2-nn --shapes 8192x768x3072 --types f16 --activations relu
run fc2-nt --shapes 8192x768x3072 --types f16 --activations relu --transpose-b
run big-nn --shapes 8192x8192x8192 --types f16 --activations relu
run big-nt --shapes 8192x8192x8192 --types f16 --activations relu --transpose-b
echo "== blocks exact $(date +%T)"
timeout 100 python3 -P bench/model_blocks.py run --blocks fc1 fc1-gelu-tanh fc1-gelu --options "" --options "exact-f16-math=true" --out $OUT/r/blocks 2>&1 | grep -v "$F" | grep -E "^## |^coopmlir" 
echo "== done $(date +%T)"
