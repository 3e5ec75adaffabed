set -x
L="python3 -P .session/s22/layouts.py"
$L i8 8192x8192x8192,4096x4096x4096,2048x2048x1024,512x8192x8192 NN "" 2>&1
$L f16f32 8192x8192x8192,8192x3072x768 NN "" "pretranspose=a" 2>&1
$L bf16f32 8192x8192x8192 NN "" 2>&1
