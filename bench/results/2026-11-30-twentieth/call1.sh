set -x
A="python3 -P bench/attention_vulkan.py --seqs 4096 --causal no --mlp-rows 0 --gqa --no-unfused --stats --repeat 10"
$A --dims 128 --coopmat nv2 --variants default attention-prefetch=block attention-q-reload=true 2>&1
$A --dims 128 --coopmat nv2 --lines 1 2>&1
$A --dims 64 --coopmat nv2 2>&1
$A --dims 128 --coopmat khr 2>&1
