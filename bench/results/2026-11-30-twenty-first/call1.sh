set -x
L="python3 -P .session/s21/layouts_i8.py"
$L i8 8192x8192x8192 NN,NT,TN,TT 2>&1
$L i8 8192x8192x8192 NN "mma=16x8x32" "raster=4" "raster=16" 2>&1
$L f16 8192x8192x8192 NN,NT,TN,TT 2>&1
A="python3 -P bench/attention_vulkan.py --seqs 4096 --dims 128 --causal no --mlp-rows 0 --no-unfused"
$A --coopmat nv2 --blocks 32 --stats 2>&1
$A --coopmat khr --subgroups 8 --stats 2>&1
