#!/usr/bin/env bash
# Session 15, device call 2: GELU erf as erfc(-u) (one exp2) against A&S 7.1.26 (268ad79), same call.
set -u
mkdir -p $OUT/r
F='remark:'
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
bash bench/ab_package.sh --install
i=0; for pkg in new old new; do i=$((i+1))
  if [ $pkg = new ]; then PP=/tmp/site2:/tmp/site; else PP=/tmp/site_ab:/tmp/site; fi
  echo "== activations $pkg $(date +%T)"
  PYTHONPATH=$PP timeout 200 python3 -P bench/gemm_epilogue.py --sizes 4096 --shapes 8192x3072x768 --types f16 bf16 --activations relu gelu-erf --repeat 20 --out $OUT/r/activations-$i-$pkg.md 2>&1 | grep -v "$F" | grep -E "^\| coop" | cut -c1-160
done
echo "== done $(date +%T)"
