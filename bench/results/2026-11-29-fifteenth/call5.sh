#!/usr/bin/env bash
# Session 15, device call 5: f16 epilogue bodies on element pairs (vector<2xf16>, env COOPMLIR_EPI_PAIRS) in the f16 GPT-2 block.
set -u
mkdir -p $OUT/r
F='remark:'
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
i=0; for p in 0 1 0 1; do i=$((i+1))
  echo "== pairs $p $(date +%T)"
  COOPMLIR_EPI_PAIRS=$p timeout 80 python3 -P bench/model_blocks.py run --blocks gpt2-block --out $OUT/r/blocks-$i-$p 2>&1 | grep -v "$F" | grep -v -i warn | grep -E "coopmlir:|forward_5|forward_6 |PyTorch eager"
done
echo "== done $(date +%T)"
