set -x
L="python3 -P .session/s22/layouts.py"
# f16 A copied to K x M with B as N x K (nn.Linear's A B^T -> A^T B^T)
$L f16f32 8192x8192x8192,4096x4096x4096,8192x3072x768,2048x11008x4096,8192x768x3072 NT "" "pretranspose=a" 2>&1
$L bf16f32 8192x8192x8192,4096x4096x4096,2048x11008x4096 NN,NT "pretranspose=none" "pretranspose=a" 2>&1
# M = 16 decoded weights: the driver's registers / shared memory, then tiles
timeout 120 python3 -P bench/quant_stats.py --shape 11008x4096 --m 16 --kinds f16,int8,int4 --options "" 2>&1 | tail -30
timeout 200 python3 -P bench/quant_gemm.py --no-torch --shapes 11008x4096 --m 16 --kinds f16,int8,int4 --options "" --options "tile=16x128x128 subgroups=1x8 split-k=4" --options "tile=16x32x128 subgroups=1x2 split-k=4" --options "tile=16x64x256 subgroups=1x4 split-k=2" --options "tile=16x64x128 subgroups=1x4 split-k=8" 2>&1 | grep -v "^\s*$" | tail -40
