#!/usr/bin/env bash
# Session 17, device call 5: K tiles of 64 with 8 subgroups (128x128x64, 2x4) against the model's choice across shapes, NN and NT, the configuration each row ran.
set -u
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "| shape | layout | options | ms | TFLOP/s | error | configuration |"
timeout 200 python3 -P .session/s17/layouts.py 8192x3072x768,8192x768x3072,4096x4096x4096,2048x11008x4096,2048x4096x11008 NN,NT "" "tile=128x128x64 subgroups=2x4" "tile=128x128x64 subgroups=2x4 raster=8" 2>&1 | grep "^|"
timeout 200 python3 -P .session/s17/layouts.py 8192x8192x8192 NN,NT "" "tile=128x128x64 subgroups=2x4 raster=8" 2>&1 | grep "^|"
echo "== done $(date +%T)"
