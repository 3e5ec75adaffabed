#!/usr/bin/env bash
# Session 19, device call 1: split-K summed in the last workgroup (split-k-sum=last-workgroup) against the reduction kernel, same process.
set -u
F='remark:'
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== m16 $(date +%T)"
timeout 220 python3 -P bench/quant_gemm.py --no-torch --shapes 4096x4096,11008x4096,4096x11008 --kinds f16,int8,int4 --m 16 --options "" --options split-k-sum=last-workgroup --out $OUT/r/m16 2>&1 | grep -v "$F" | cut -c1-220
echo "== split gemm $(date +%T)"
timeout 200 python3 -P .session/s19/layouts.py 128x4096x4096,64x4096x4096,512x4096x4096,1024x1024x16384 NN,NT "" "split-k-sum=last-workgroup" 2>&1 | grep -v "$F" | cut -c1-220
echo "== decode fused $(date +%T)"
timeout 100 python3 -P bench/decode_attention.py --batch 1 --length 8192 32768 --fused-combine 1 0 --out $OUT/r/decode 2>&1 | grep -v "$F" | tail -12 | cut -c1-220
echo "== done $(date +%T)"
