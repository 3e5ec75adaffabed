set -x
L="python3 -P .session/s21/layouts_i8.py"
$L i8 8192x8192x8192 NN,NT,TN,TT "" 2>&1
$L i8 8192x8192x8192,4096x4096x4096,2048x2048x1024 NN "pretranspose=none" "" 2>&1
$L f16 8192x8192x8192 NN "" "pretranspose=a" 2>&1
$L f16f32 8192x8192x8192 NN "" "pretranspose=a" 2>&1
python3 -P bench/peer_gemm.py --peer .peer/perf --vulkan-headers .peer/hdr/include --dim 8192 --check-dim 256 --types i8i32 f16f16 --logs $OUT/peer-logs --out $OUT/peer.md --json $OUT/peer.jsonl 2>&1 | tail -40
