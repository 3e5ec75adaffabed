set -x
L="python3 -P .session/s21/layouts_i8.py"
$L f16f32 8192x8192x8192,4096x4096x4096,8192x3072x768,8192x768x3072,2048x11008x4096 NN "" "pretranspose=a" 2>&1
$L f16 8192x8192x8192 NN "" "pretranspose=a" 2>&1
