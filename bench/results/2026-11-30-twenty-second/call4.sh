set -x
timeout 330 python3 -P bench/quant_gemm.py --shapes 4096x4096,11008x4096,4096x11008 --m 16 --kinds f16,int8,int4,f8 --options "" --options "tile=16x64x128 subgroups=1x4 split-k=4" --out $OUT/call4-quant.md 2>&1 | grep -v "^\s*$" | tail -40
python3 -P .session/s22/layouts.py bf16f32 8192x8192x8192,4096x4096x4096 NN "" 2>&1
