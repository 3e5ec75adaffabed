#!/usr/bin/env bash
# Session 16, device call 3: erf without the edge select and with GELU's 0.5 in P (fd9f703, new) against e254ab8 (old), same call; B^T with 16x8x16 fragments and with fragments from global memory; the fc1 exports.
set -u
mkdir -p $OUT/r
F='remark:'
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
bash bench/ab_package.sh --install
i=0; for pkg in new old new; do i=$((i+1))
  if [ $pkg = new ]; then PP=/tmp/site2:/tmp/site; else PP=/tmp/site_ab:/tmp/site; fi
  echo "== activations $pkg $(date +%T)"
  PYTHONPATH=$PP timeout 90 python3 -P bench/gemm_epilogue.py --sizes --shapes 8192x3072x768 --types f16 bf16 --activations gelu-erf gelu silu --repeat 20 --no-torch --out $OUT/r/act-$i-$pkg.md 2>&1 | grep -v "$F" | grep -E "^\| coop" | cut -c1-100
done
run() { # name, extra args...
  local name=$1; shift
  echo "== $name $(date +%T)"
  timeout 60 python3 -P bench/gemm_epilogue.py --sizes --repeat 20 --no-torch --out $OUT/r/$name.md "$@" 2>&1 | grep -v "$F" | grep -E "^\| coop|failed" | cut -c1-150
}
run nn-mma168 --shapes 8192x3072x768 --types f16 --activations relu --options "mma=16x8x16"
run nt-mma168 --shapes 8192x3072x768 --types f16 --activations relu --options "mma=16x8x16" --transpose-b
run nn-s0 --shapes 8192x3072x768 --types f16 --activations relu --options "stages=0"
run nt-s0 --shapes 8192x3072x768 --types f16 --activations relu --options "stages=0" --transpose-b
echo "== blocks $(date +%T)"
timeout 120 python3 -P bench/model_blocks.py run --blocks fc1 fc1-gelu fc1-gelu-tanh fc1-silu fc1-bf16 fc1-gelu-bf16 fc1-gelu-tanh-bf16 fc1-silu-bf16 --out $OUT/r/blocks 2>&1 | grep -v "$F" | grep -E "^## |^coopmlir|^PyTorch"
echo "== done $(date +%T)"
