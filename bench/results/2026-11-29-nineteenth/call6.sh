#!/usr/bin/env bash
# Session 19, device call 6: MoE at 512 tokens, grouped tiles and splits beside the planner's.
set -u
F='remark:'
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== moe $(date +%T)"
timeout 330 python3 -P bench/moe.py --tokens 512 --repeat 5 --out $OUT/r/moe --grouped-options "grouped-split-k=2" "grouped-tile=128x64x64 grouped-subgroups=2x2" "grouped-tile=64x128x64" "grouped-stages=2" "grouped-split-k=4" 2>&1 | grep -v "$F" | grep -v "^/root" | tail -40
echo "== done $(date +%T)"
