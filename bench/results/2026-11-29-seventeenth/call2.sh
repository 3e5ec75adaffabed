#!/usr/bin/env bash
# Session 17, device call 2: which stored layout of A and B costs what (NN, NT = B as N x K, TN = A as K x M, TT) at GPT-2's fc1/fc2 and 8192^3, the model's configuration, stages=1 (one buffer, no register prefetch) and K64 tiles.
set -u
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "| shape | layout | options | ms | TFLOP/s | error | kernel |"
timeout 300 python3 -P .session/s17/layouts.py 8192x3072x768,8192x768x3072 NN,NT,TN,TT "" "stages=1" "tile=128x128x64 subgroups=2x2 stages=1" 2>&1 | grep "^|"
timeout 200 python3 -P .session/s17/layouts.py 8192x8192x8192 NN,NT,TN,TT "" 2>&1 | grep "^|"
echo "== done $(date +%T)"
