set -x
A="python3 -P bench/attention_vulkan.py --seqs 4096 --mlp-rows 0 --no-unfused --stats --repeat 10"
$A --dims 128 --causal both --coopmat nv2 --variants default attention-prefetch=unrolled "attention-prefetch=unrolled attention-q=global" 2>&1
$A --dims 64 --causal both --gqa --coopmat nv2 --variants default attention-prefetch=unrolled 2>&1
$A --dims 128 --causal no --gqa --coopmat nv2 --lines 1 --variants default attention-prefetch=unrolled 2>&1
$A --dims 128 --causal both --coopmat khr --variants default attention-prefetch=unrolled 2>&1
