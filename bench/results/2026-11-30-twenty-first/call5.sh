set -x
L="python3 -P .session/s21/layouts_i8.py"
$L i8 8192x8192x8192,4096x4096x4096 NN "" 2>&1
$L i8 512x8192x8192 NN "pretranspose=b" "pretranspose=none" 2>&1
$L i8 1024x1024x16384,2048x2048x1024 NN "" 2>&1
