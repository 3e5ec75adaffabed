set -x
timeout 150 python3 -P bench/quant_stats.py --shape 11008x4096 --m 16 --kinds f16,int4 --options "" --options "tile=16x64x128 subgroups=1x4 split-k=4 stages=4" 2>&1 | tail -40
timeout 240 python3 -P bench/quant_gemm.py --no-torch --shapes 11008x4096 --m 16 --kinds f16,int4 --options "" --options "tile=16x64x128 subgroups=1x4 split-k=4 stages=1" --options "tile=16x64x128 subgroups=1x4 split-k=4 stages=4" --options "tile=16x64x128 subgroups=1x4 split-k=16" --options "tile=16x64x128 subgroups=1x4 split-k=32" --options "tile=16x64x64 subgroups=1x4 split-k=8 stages=4" 2>&1 | grep -v "^\s*$" | tail -40
timeout 150 python3 -P bench/gemm_epilogue.py --sizes --shapes 8192x3072x768 --types f16 --activations gelu-erf --stats --repeat 20 2>&1 | tail -30
