set -x
A="python3 -P bench/attention_vulkan.py --seqs 4096 --mlp-rows 0 --no-unfused --stats --repeat 10"
$A --dims 128 --causal both --coopmat nv2 --variants default attention-q=workgroup 2>&1
$A --dims 128 --causal no --gqa --coopmat nv2 --subgroups 2 2>&1
$A --dims 128 --causal no --gqa --coopmat nv2 --lines 2 --blocks 16 --variants attention-q=workgroup 2>&1
$A --dims 128 --causal no --gqa --coopmat nv2 --lines 1 --variants attention-q=workgroup 2>&1
$A --dims 64 --causal no --gqa --coopmat nv2 --variants default attention-q=workgroup 2>&1
$A --dims 128 --causal no --gqa --coopmat khr --variants default attention-q=workgroup 2>&1
