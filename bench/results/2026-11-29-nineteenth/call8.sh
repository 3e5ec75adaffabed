#!/usr/bin/env bash
# Session 19, device call 8: MoE at 512 tokens (122-138 rows per expert) with row tiles of 160: one row tile per expert instead of 11 of 128 for 8 experts.
set -u
F='remark:'
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== moe $(date +%T)"
timeout 330 python3 -P bench/moe.py --tokens 512 --repeat 5 --out $OUT/r/moe --grouped-options "grouped-tile=160x64x64 grouped-subgroups=2x4" "grouped-tile=160x128x64" "grouped-tile=160x128x32" 2>&1 | grep -v "$F" | grep -v "^/root" | tail -30
echo "== done $(date +%T)"
