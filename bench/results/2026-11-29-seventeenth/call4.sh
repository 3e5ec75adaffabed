#!/usr/bin/env bash
# Session 17, device call 4: K tiles of 64 (128-byte staging rows for K-contiguous operands) with fewer registers per work-item (8 subgroups share the accumulators), NN / NT / TN.
set -u
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "| shape | layout | options | ms | TFLOP/s | error | kernel |"
timeout 330 python3 -P .session/s17/layouts.py 8192x3072x768,8192x768x3072 NN,NT,TN "" "tile=128x128x32 subgroups=2x4" "tile=128x128x64 subgroups=2x4" "tile=128x128x64 subgroups=4x2" "tile=256x128x64 subgroups=4x2" "tile=128x256x64 subgroups=2x4" 2>&1 | grep "^|"
timeout 150 python3 -P .session/s17/layouts.py 8192x8192x8192 NN,NT "tile=256x128x64 subgroups=4x2" "tile=128x256x64 subgroups=2x4" 2>&1 | grep "^|"
echo "== done $(date +%T)"
