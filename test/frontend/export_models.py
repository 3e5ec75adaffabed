"""Export the small PyTorch modules of test/frontend/Inputs with torch-mlir
(linalg-on-tensors) and save each export unedited, its inputs and PyTorch's
output: `python export_models.py Inputs` in an environment with torch and
torch-mlir (README.md). The modules live in
test/python/support/torch_models.py, which the frontend suite exports in the
test; the suites without torch read what this wrote."""

import os
import sys
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
from support.torch_models import cases  # noqa: E402

from coopmlir.tools.torch_frontend import export, to_numpy  # noqa: E402

out, names = sys.argv[1], sys.argv[2:]
for name, (module, inputs) in cases().items():
    if names and name not in names:
        continue
    with torch.no_grad():
        expected = module(*inputs)
    with open(os.path.join(out, f"{name}.mlir"), "w") as f:
        f.write(export(module, *inputs))
    for i, x in enumerate(inputs):
        np.save(os.path.join(out, f"{name}.arg{i}.npy"), to_numpy(x))
    np.save(os.path.join(out, f"{name}.expected.npy"), to_numpy(expected))
    print(name, "ok")
