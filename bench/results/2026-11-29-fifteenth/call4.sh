#!/usr/bin/env bash
# Session 15, device call 4: every activation's cost with the erfc form (the summary row), and the GPT-2 blocks.
set -u
mkdir -p $OUT/r
F='remark:'
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== activations $(date +%T)"
timeout 240 python3 -P bench/gemm_epilogue.py --sizes 4096 --shapes 8192x3072x768 --types f16 bf16 --activations relu gelu silu gelu-erf clamp leaky-relu --repeat 20 --out $OUT/r/activations.md 2>&1 | grep -v "$F" | grep -E "^\| coop|torch._addmm_activation gelu" | cut -c1-150
echo "== blocks $(date +%T)"
timeout 150 python3 -P bench/model_blocks.py run --blocks gpt2-block gpt2-block-bf16 --out $OUT/r/blocks 2>&1 | grep -v "$F" | grep -v -i warn | tail -30
echo "== done $(date +%T)"
