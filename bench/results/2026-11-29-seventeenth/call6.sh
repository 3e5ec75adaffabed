#!/usr/bin/env bash
# Session 17, device call 6: the cost model with the staging-row term (K tiles of 64 for A B^T) against HEAD's, same call, the model's choice for each A B^T (nn.Linear) shape, new then old, twice for the short ones.
set -u
bash bench/ab_package.sh --install
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "| shape | layout | options | ms | TFLOP/s | error | configuration |"
SH=8192x3072x768,8192x768x3072,8192x2304x768,8192x768x768,128x4096x4096,512x4096x4096,2048x11008x4096,2048x4096x11008,4096x4096x4096,3000x5000x2000
for pass in 1 2; do
  echo "== new $pass $(date +%T)"; PYTHONPATH=/tmp/site2:/tmp/site timeout 200 python3 -P .session/s17/layouts.py $SH NT "" 2>&1 | grep "^|"
  echo "== old $pass $(date +%T)"; PYTHONPATH=/tmp/site_ab:/tmp/site timeout 200 python3 -P .session/s17/layouts.py $SH NT "" 2>&1 | grep "^|"
done
echo "== 8192^3 $(date +%T)"
PYTHONPATH=/tmp/site2:/tmp/site timeout 100 python3 -P .session/s17/layouts.py 8192x8192x8192 NT "" 2>&1 | grep "^|"
echo "== done $(date +%T)"
