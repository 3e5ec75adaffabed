#!/usr/bin/env bash
# Session 16, device call 1: f16/bf16 activations computed in f32 + one division (new) against e254ab8 (old) and 507c867 (before the bf16 truncf fix), same call; the fc1 exports and GPT-2 blocks.
set -u
mkdir -p $OUT/r
F='remark:'
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
bash bench/ab_package.sh --install
python3 -m pip install -q --upgrade --no-index --no-deps --no-build-isolation --target /tmp/site_507 .session/s16/pkg507
i=0; for pkg in new old older; do i=$((i+1))
  case $pkg in new) PP=/tmp/site2:/tmp/site;; old) PP=/tmp/site_ab:/tmp/site;; older) PP=/tmp/site_507:/tmp/site;; esac
  echo "== activations $pkg $(date +%T)"
  PYTHONPATH=$PP timeout 90 python3 -P bench/gemm_epilogue.py --sizes --shapes 8192x3072x768 --types f16 bf16 --activations gelu gelu-erf silu --repeat 20 --no-torch --out $OUT/r/activations-$i-$pkg.md 2>&1 | grep -v "$F" | grep -E "^\| coop" | cut -c1-100
done
echo "== blocks new $(date +%T)"
timeout 170 python3 -P bench/model_blocks.py run --blocks fc1 fc1-gelu fc1-gelu-tanh fc1-silu fc1-bf16 fc1-gelu-bf16 fc1-gelu-tanh-bf16 fc1-silu-bf16 gpt2-block gpt2-block-bf16 --out $OUT/r/blocks-new 2>&1 | grep -v "$F" | grep -v -i warn | tail -40
echo "== blocks old $(date +%T)"
PYTHONPATH=/tmp/site_ab:/tmp/site timeout 120 python3 -P bench/model_blocks.py run --blocks fc1 fc1-gelu fc1-gelu-tanh fc1-gelu-bf16 fc1-gelu-tanh-bf16 gpt2-block gpt2-block-bf16 --out $OUT/r/blocks-old 2>&1 | grep -v "$F" | grep -v -i warn | tail -30
echo "== done $(date +%T)"
