#!/usr/bin/env bash
# Session 19, device call 4: subgroup grids of the 8192^3 tiles: i8 256x128x64 in 4x2 / 8x1 (the model: 2x4), f16->f16 256x256x32 in 4x2, f16->f32 256x128x32 in 4x2.
set -u
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== i8 $(date +%T)"
timeout 200 python3 -P bench/gemm_vulkan.py --types i8i32 --sizes 8192 --repeat 10 --configs "" "tile=256x128x64 subgroups=4x2" "tile=256x128x64 subgroups=4x2 raster=16" "tile=256x128x64 subgroups=8x1" "" 2>&1 | grep -v "remark:" | grep "^|" | cut -c1-260
echo "== f16 $(date +%T)"
timeout 200 python3 -P bench/gemm_vulkan.py --types f16f16 f16f32 --sizes 8192 --repeat 10 --configs "" "tile=256x256x32 subgroups=4x2" "tile=256x128x32 subgroups=4x2" "" 2>&1 | grep -v "remark:" | grep "^|" | cut -c1-260
echo "== done $(date +%T)"
