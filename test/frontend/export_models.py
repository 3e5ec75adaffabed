"""Export the small PyTorch modules of test/frontend/Inputs with torch-mlir
(linalg-on-tensors) and save each export unedited, its input and PyTorch's
output: `python export_models.py Inputs` in an environment with torch and
torch-mlir (README.md). Not part of the suites: they read what this wrote."""

import os
import sys

import numpy as np
import torch
import torch.nn as nn
from torch_mlir import fx

out = sys.argv[1]
torch.manual_seed(0)


class LinearRelu(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(16, 8)

    def forward(self, x):
        return torch.relu(self.fc(x))


class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(16, 32)
        self.fc2 = nn.Linear(32, 8)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


class Attention(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.q = nn.Linear(d, d)
        self.k = nn.Linear(d, d)
        self.v = nn.Linear(d, d)
        self.scale = d**-0.5

    def forward(self, x):
        q, k, v = self.q(x), self.k(x), self.v(x)
        s = torch.matmul(q, k.transpose(-2, -1)) * self.scale
        s = s - s.max(dim=-1, keepdim=True).values
        e = torch.exp(s)
        p = e / e.sum(dim=-1, keepdim=True)
        return torch.matmul(p, v)


class Conv(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(4, 8, 3, padding=1)

    def forward(self, x):
        return self.conv(x)


cases = {
    "linear-relu": (LinearRelu(), (torch.randn(8, 16),)),
    "mlp": (Mlp(), (torch.randn(8, 16),)),
    "attention": (Attention(), (torch.randn(1, 8, 16),)),
    "conv2d-3x3": (Conv(), (torch.randn(1, 4, 8, 8),)),
}
for name, (module, inputs) in cases.items():
    module.eval()
    with torch.no_grad():
        expected = module(*inputs)
        m = fx.export_and_import(
            module, *inputs, output_type="linalg-on-tensors", func_name="forward"
        )
    with open(os.path.join(out, f"{name}.mlir"), "w") as f:
        f.write(str(m))
    for i, x in enumerate(inputs):
        np.save(os.path.join(out, f"{name}.arg{i}.npy"), x.numpy())
    np.save(os.path.join(out, f"{name}.expected.npy"), expected.numpy())
    print(name, "ok")
