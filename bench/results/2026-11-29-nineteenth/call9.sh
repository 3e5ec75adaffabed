#!/usr/bin/env bash
# Session 19, device call 9: the MoE layer with the session's defaults (one K tile of 64 prefetched; row tiles fitted to the routing's counts: 160 rows at 512 tokens), 512 and 4096 tokens, with the f16_sums variant.
set -u
F='remark:'
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== moe $(date +%T)"
timeout 300 python3 -P bench/moe.py --tokens 512 4096 --repeat 5 --variants --out $OUT/r/moe 2>&1 | grep -v "$F" | grep -v "^/root" | tail -30
echo "== done $(date +%T)"
