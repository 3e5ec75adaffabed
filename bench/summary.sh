#!/usr/bin/env bash
# Re-runs the summary table at the top of bench/RESULTS.md on a GPU machine:
# one call per class (each fits the device tool's 10-minute command limit), every
# row checked by its script. Run through bench/h100.sh, e.g.
#   bash bench/h100.sh bash bench/summary.sh gemm attention
#   bash bench/h100.sh bash bench/summary.sh peer --peer PEER --vulkan-headers HDR/include
# Classes: gemm attention conv epilogue blocks peer llm (default: the first five).
# Each writes $OUT/summary/<class>.md (and .jsonl where the script has JSON);
# RESULTS.md "Current summary" quotes them with the machine, date and command.
set -euo pipefail
out="${OUT:-/tmp}/summary"
mkdir -p "$out"
classes=()
while [[ $# -gt 0 && $1 != --* ]]; do classes+=("$1"); shift; done
[[ ${#classes[@]} -gt 0 ]] || classes=(gemm attention conv epilogue blocks)
py() { python3 -P "$@"; }

for class in "${classes[@]}"; do
    echo "== $class ($(date -u +%FT%TZ))"
    case "$class" in
    gemm)  # the large square product per type, and the classes below it
        py bench/gemm_vulkan.py --types f16f32 f16f16 bf16f32 i8i32 --sizes 8192 \
            --shapes 3000x5000x2000 8192x8192x1024 --classes small-m --repeat 10 --batch 5 \
            --out "$out/gemm.md" --json "$out/gemm.jsonl" ;;
    attention)  # S 4096, D 64 and 128, on NV2 and KHR-only instructions
        for c in nv2 khr; do
            py bench/attention_vulkan.py --seqs 4096 --dims 64 128 --mlp-rows 0 \
                --coopmat "$c" --out "$out/attention.md"
        done ;;
    conv) py bench/conv_vulkan.py --out "$out/conv.md" ;;
    epilogue) py bench/gemm_epilogue.py --sizes 4096 --shapes 8192x3072x768 --types f16 bf16 \
            --activations relu gelu silu gelu-erf --out "$out/epilogue.md" ;;
    blocks) py bench/model_blocks.py run --out "$out/blocks" ;;
    peer) py bench/peer_gemm.py "$@" --logs "$out/peer-logs" --out "$out/peer.md" \
            --json "$out/peer.jsonl" ;;
    llm)  # issues 28 and 29: each script present runs (they land one by one)
        for s in skinny_gemm quant_gemm decode_attention moe; do
            if [[ -f bench/$s.py ]]; then py "bench/$s.py" --out "$out/$s"; fi
        done ;;
    *) echo "unknown class: $class (gemm attention conv epilogue blocks peer llm)" >&2; exit 2 ;;
    esac
done
