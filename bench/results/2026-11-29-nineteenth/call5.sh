#!/usr/bin/env bash
# Session 19, device call 5: the MoE layer with the grouped f16_sums variant (f16 accumulators, the op's opt-in) beside the default f32 sums and both dense products.
set -u
F='remark:'
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== moe $(date +%T)"
timeout 300 python3 -P bench/moe.py --tokens 512 4096 --repeat 5 --variants --out $OUT/r/moe 2>&1 | grep -v "$F" | grep -v "^/root" | tail -40
echo "== done $(date +%T)"
