set -x
L="python3 -P .session/s22/layouts.py"
$L f16f32 8192x8192x8192,8192x8192x8191 NN "" 2>&1
$L i8 8192x8192x8192,8192x8191x8192 NN "" 2>&1
