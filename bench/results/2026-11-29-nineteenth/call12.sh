#!/usr/bin/env bash
# Session 19, device call 12: MoE at 512 tokens with f16 sums (K tiles of 32, the planner's stages=4) against grouped-stages=2.
set -u
F='remark:'
mkdir -p $OUT/r
echo "== moe $(date +%T)"
timeout 150 python3 -P bench/moe.py --tokens 512 --repeat 5 --variants --out $OUT/r/moe --grouped-options "grouped-stages=2" 2>&1 | grep -v "$F" | grep -v "^/root" | tail -14
echo "== done $(date +%T)"
