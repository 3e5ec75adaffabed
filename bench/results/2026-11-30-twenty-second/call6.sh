set -x
L="python3 -P .session/s22/layouts.py"
P="pretranspose=a"
$L f16f32 8192x8192x8192 NN "$P" "$P tile=128x256x32 subgroups=2x4" "$P tile=256x128x32 subgroups=4x2" "$P tile=128x128x64 subgroups=2x4" "$P tile=128x128x32 subgroups=2x2 stages=3" "$P tile=128x128x32 subgroups=2x2 mma=16x8x16" "$P tile=128x256x32 subgroups=2x4 stages=3" 2>&1
$L f16 8192x8192x8192 NN "$P" "$P tile=256x128x32 subgroups=4x2" "$P tile=128x256x32 subgroups=2x4" "$P tile=256x256x32 subgroups=2x4 mma=16x8x16" "$P tile=256x256x32 subgroups=2x4 stages=3" 2>&1
