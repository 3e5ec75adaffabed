set -x
A="python3 -P bench/attention_vulkan.py --mlp-rows 0 --no-unfused"
$A --seqs 4096 --dims 128 64 --coopmat nv2 2>&1
$A --seqs 4096 --dims 128 64 --causal no --gqa --coopmat khr 2>&1
$A --batch 8 --heads 12 --seqs 1024 --dims 64 --causal yes --gqa --coopmat nv2 --variants default attention-prefetch=none 2>&1
