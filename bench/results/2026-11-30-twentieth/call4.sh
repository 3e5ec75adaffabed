set -x
A="python3 -P bench/attention_vulkan.py --seqs 4096 --dims 64 128 --mlp-rows 0"
$A --coopmat nv2 --variants default attention-prefetch=none 2>&1
$A --coopmat khr --variants default attention-prefetch=block attention-prefetch=none 2>&1
B="python3 -P bench/attention_vulkan.py --seqs 4096 --dims 128 --causal no --gqa --mlp-rows 0 --no-unfused --coopmat nv2 --stats"
$B --subgroups 8 2>&1
$B --lines 2 --blocks 64 2>&1
