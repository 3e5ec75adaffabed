#!/usr/bin/env bash
# Session 17, device call 7: A B^T with fewer rows (128-1024 x 4096 x 4096), where the new model splits K over K tiles of 64: every launch of a run summed (call 6 timed only the last, the split-K sum), new then old, twice.
set -u
bash bench/ab_package.sh --install
echo "| shape | layout | options | ms | TFLOP/s | error | configuration |"
SH=128x4096x4096,256x4096x4096,512x4096x4096,1024x4096x4096,256x11008x4096
for pass in 1 2; do
  echo "== new $pass $(date +%T)"; PYTHONPATH=/tmp/site2:/tmp/site timeout 120 python3 -P .session/s17/layouts.py $SH NT "" 2>&1 | grep "^|"
  echo "== old $pass $(date +%T)"; PYTHONPATH=/tmp/site_ab:/tmp/site timeout 120 python3 -P .session/s17/layouts.py $SH NT "" 2>&1 | grep "^|"
done
echo "== done $(date +%T)"
