#!/usr/bin/env bash
# Session 15, device call 6: GELU's constants folded (exp2 of x (B + A x^2); erf's 1/sqrt(2) in P) against 8253a9a, same call.
set -u
mkdir -p $OUT/r
F='remark:'
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
bash bench/ab_package.sh --install
i=0; for pkg in new old new; do i=$((i+1))
  if [ $pkg = new ]; then PP=/tmp/site2:/tmp/site; else PP=/tmp/site_ab:/tmp/site; fi
  echo "== activations $pkg $(date +%T)"
  PYTHONPATH=$PP timeout 75 python3 -P bench/gemm_epilogue.py --sizes --shapes 8192x3072x768 --types f16 bf16 --activations gelu gelu-erf --repeat 20 --no-torch --out $OUT/r/activations-$i-$pkg.md 2>&1 | grep -v "$F" | grep -E "^\| coop" | cut -c1-100
done
echo "== done $(date +%T)"
