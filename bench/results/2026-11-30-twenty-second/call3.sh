set -x
O='--options ""'
timeout 560 python3 -P bench/quant_gemm.py --no-torch --shapes 11008x4096,4096x4096,4096x11008 --m 16 --kinds f16,int8,int4 --options "" \
  --options "tile=16x64x64 subgroups=1x4 split-k=8 stages=4" \
  --options "tile=16x64x64 subgroups=1x4 split-k=8" \
  --options "tile=16x64x64 subgroups=1x4 split-k=4 stages=4" \
  --options "tile=16x64x64 subgroups=1x4 split-k=16 stages=4" \
  --options "tile=16x32x64 subgroups=1x2 split-k=8 stages=4" \
  --options "tile=16x128x64 subgroups=1x8 split-k=8 stages=4" 2>&1 | grep -v "^\s*$" | tail -70
