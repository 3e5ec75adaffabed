set -x
L="python3 -P .session/s22/layouts.py"
$L i8 8192x8192x8192,4096x4096x4096,2048x2048x1024 NN "" 2>&1
