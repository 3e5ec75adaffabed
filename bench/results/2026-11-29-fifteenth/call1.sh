#!/usr/bin/env bash
# Session 15, device call 1: soft-capped attention A/B (tanh instruction vs expansion), MoE 512 tiles.
set -u
mkdir -p $OUT/r
F='remark:'
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
bash bench/ab_package.sh --install
for cm in khr nv2; do
 for pkg in new old; do
  if [ $pkg = new ]; then PP=/tmp/site2:/tmp/site; else PP=/tmp/site_ab:/tmp/site; fi
  echo "== softcap $cm $pkg $(date +%T)"
  PYTHONPATH=$PP timeout 150 python3 -P bench/attention_vulkan.py --seqs 4096 --dims 128 --causal no --mlp-rows 0 --gqa --coopmat $cm --no-unfused --softcap 30 --repeat 10 --out $OUT/r/softcap-$cm-$pkg.md 2>&1 | grep -v "$F" | grep -E "^\|" | cut -c1-220
 done
done
echo "== moe $(date +%T)"
timeout 240 python3 -P bench/moe.py --tokens 512 --repeat 5 --out $OUT/r/moe --grouped-options "grouped-tile=256x64x32" "grouped-tile=256x64x32 grouped-stages=4" "grouped-tile=128x64x32" 2>&1 | grep -v "$F" | grep -v "^/root" | tail -25
echo "== done $(date +%T)"
