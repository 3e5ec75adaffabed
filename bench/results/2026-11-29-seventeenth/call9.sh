#!/usr/bin/env bash
# Session 17, device call 9: the GPT-2 block (f16) with the new cost model (fc2 on K tiles of 64), its kernels and PyTorch eager in the same run.
set -u
F='remark:'
echo "== $(date +%T)"
timeout 150 python3 -P bench/model_blocks.py run --blocks gpt2-block --out $OUT/r/blocks 2>&1 | grep -v "$F" | grep -v -i warn | tail -25
echo "== done $(date +%T)"
