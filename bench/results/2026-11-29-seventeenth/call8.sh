#!/usr/bin/env bash
# Session 17, device call 8: the new model's other changed A B^T choices (1024-4096 x 3072 x 768, 64 x 4096 x 4096) and 2048x4096x4096, new then old, twice.
set -u
bash bench/ab_package.sh --install
echo "| shape | layout | options | ms | TFLOP/s | error | configuration |"
SH=1024x3072x768,64x3072x768,64x4096x4096,2048x3072x768
for pass in 1 2; do
  echo "== new $pass $(date +%T)"; PYTHONPATH=/tmp/site2:/tmp/site timeout 120 python3 -P .session/s17/layouts.py $SH NT "" 2>&1 | grep "^|"
  echo "== old $pass $(date +%T)"; PYTHONPATH=/tmp/site_ab:/tmp/site timeout 120 python3 -P .session/s17/layouts.py $SH NT "" 2>&1 | grep "^|"
done
echo "== done $(date +%T)"
