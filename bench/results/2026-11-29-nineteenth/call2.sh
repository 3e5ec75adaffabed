#!/usr/bin/env bash
# Session 19, device call 2: i8 -> i32 8192^3 tiles with K tiles of 128 (rows of 128 bytes staged) against the model's 256x128x64.
set -u
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== i8 $(date +%T)"
timeout 400 python3 -P bench/gemm_vulkan.py --types i8i32 --sizes 8192 --repeat 10 --configs "" "tile=128x128x128 subgroups=2x4" "tile=128x128x128 subgroups=2x2" "tile=128x256x64 subgroups=2x4" "tile=256x64x128 subgroups=4x2" "tile=128x128x128 subgroups=2x4 stages=4" "tile=64x256x128 subgroups=1x4" "" 2>&1 | grep -v "remark:" | cut -c1-260
echo "== done $(date +%T)"
