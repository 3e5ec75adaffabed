#!/usr/bin/env bash
# Session 19, device call 7: GPT-2 fc1 as torch-mlir exports it, plain and with each activation, f16 and bf16, in the model's 128x128x32 of 2x2 and in 8 subgroups (128x128x64 / 128x128x32 of 2x4): does a tile of more subgroups hide the epilogue?
set -u
F='remark:'
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== fc1 $(date +%T)"
timeout 400 python3 -P bench/model_blocks.py run --blocks fc1 fc1-gelu fc1-gelu-tanh fc1-silu fc1-bf16 fc1-gelu-bf16 fc1-gelu-tanh-bf16 --options "" --options "tile=128x128x64 subgroups=2x4" --options "tile=128x128x32 subgroups=2x4" --out $OUT/r/fc1 2>&1 | grep -v "$F" | grep -v "^/root" | cut -c1-240 | tail -60
echo "== done $(date +%T)"
