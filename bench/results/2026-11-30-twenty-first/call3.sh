set -x
export PEER_ONLY_8BIT=1
python3 -P bench/peer_gemm.py --peer .peer/perf --vulkan-headers .peer/hdr/include --dim 8192 --check-dim 256 --types i8i32 --peer-seconds 200 --logs $OUT/peer-logs --out $OUT/peer.md --json $OUT/peer.jsonl 2>&1 | tail -40
L="python3 -P .session/s21/layouts_i8.py"
$L i8 8192x8192x8192 NN "tile=128x128x128 subgroups=2x4" "tile=128x256x64 subgroups=2x4" "raster=16" 2>&1
