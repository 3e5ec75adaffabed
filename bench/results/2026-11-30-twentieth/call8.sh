# exp(scale x) as exp2(x scale log2 e) (working tree) against 98cb0f5 (.ab), same call
bash bench/ab_package.sh --install
A="python3 -P bench/attention_vulkan.py --seqs 4096 --mlp-rows 0 --no-unfused --gqa"
for round in 1 2; do
for site in /tmp/site2 /tmp/site_ab; do
  echo "== $site round $round"
  PYTHONPATH=$site:/tmp/site $A --dims 128 --causal both --coopmat nv2 2>&1 | grep "^| [0-9]"
  PYTHONPATH=$site:/tmp/site $A --dims 128 --causal no --coopmat khr 2>&1 | grep "^| [0-9]"
done
done
