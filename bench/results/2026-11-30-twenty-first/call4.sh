set -x
L="python3 -P .session/s21/layouts_i8.py"
S=8192x8192x8192,4096x4096x4096,8192x8192x2048,2048x2048x1024,1024x1024x16384,512x8192x8192
$L i8 $S NN "" "tile=256x128x64 subgroups=2x4" "pretranspose=none" 2>&1
$L i8 $S NT "" 2>&1
