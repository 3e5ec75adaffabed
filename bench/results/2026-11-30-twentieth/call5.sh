set -x
A="python3 -P bench/attention_vulkan.py --seqs 4096 --mlp-rows 0 --no-unfused --subgroups 8 4 2 1"
$A --dims 128 64 --coopmat nv2 2>&1
$A --dims 128 --gqa --coopmat khr 2>&1
