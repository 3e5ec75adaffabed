set -x
F='remark:'
timeout 200 python3 -P bench/model_blocks.py run --blocks gpt2-block --options "" --options "attention-prefetch=none" --out $OUT/blocks 2>&1 | grep -v "$F" | grep -v -i warn | tail -40
A="python3 -P bench/attention_vulkan.py --seqs 4096 --dims 128 --causal no --gqa --mlp-rows 0 --no-unfused --softcap 30"
timeout 100 $A --coopmat nv2 --variants default attention-prefetch=none 2>&1
timeout 100 $A --coopmat khr --variants default attention-prefetch=block 2>&1
