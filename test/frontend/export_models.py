"""Export the small PyTorch modules of test/frontend/Inputs with torch-mlir
(linalg-on-tensors) and save each export unedited, its input and PyTorch's
output: `python export_models.py Inputs` in an environment with torch and
torch-mlir (README.md). Not part of the suites: they read what this wrote."""

import copy
import os
import sys

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
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
    def __init__(self, kernel=3):
        super().__init__()
        self.conv = nn.Conv2d(4, 8, kernel, padding=kernel // 2)

    def forward(self, x):
        return self.conv(x)


class LinearGelu(nn.Module):
    def __init__(self, approximate="none"):
        super().__init__()
        self.fc = nn.Linear(16, 32)
        self.approximate = approximate

    def forward(self, x):
        return F.gelu(self.fc(x), approximate=self.approximate)


class Sdpa(nn.Module):
    """Several heads through F.scaled_dot_product_attention."""

    def __init__(self, d=32, heads=2, causal=False):
        super().__init__()
        self.qkv = nn.Linear(d, 3 * d)
        self.heads, self.causal = heads, causal

    def forward(self, x):
        b, s, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=-1)
        q, k, v = (t.view(b, s, self.heads, -1).transpose(1, 2) for t in (q, k, v))
        o = F.scaled_dot_product_attention(q, k, v, is_causal=self.causal)
        return o.transpose(1, 2).reshape(b, s, d)


class GptBlock(nn.Module):
    """GPT-2's decoder block: pre-LayerNorm, causal attention, GELU MLP, residuals."""

    def __init__(self, d=32, heads=2):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.attn = Sdpa(d, heads, causal=True)
        self.proj = nn.Linear(d, d)
        self.fc, self.out = nn.Linear(d, 4 * d), nn.Linear(4 * d, d)

    def forward(self, x):
        x = x + self.proj(self.attn(self.ln1(x)))
        return x + self.out(F.gelu(self.fc(self.ln2(x)), approximate="tanh"))


class ResBlock(nn.Module):
    """ResNet's basic block (batch norm folded away: inference of a fresh block)."""

    def __init__(self, c=8):
        super().__init__()
        self.conv1 = nn.Conv2d(c, c, 3, padding=1)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1)

    def forward(self, x):
        return torch.relu(x + self.conv2(torch.relu(self.conv1(x))))


cases = {
    "linear-relu": (LinearRelu(), (torch.randn(8, 16),)),
    "linear-gelu": (LinearGelu(), (torch.randn(8, 16),)),
    "linear-gelu-tanh": (LinearGelu("tanh"), (torch.randn(8, 16),)),
    "mlp": (Mlp(), (torch.randn(8, 16),)),
    "attention": (Attention(), (torch.randn(1, 8, 16),)),
    "sdpa": (Sdpa(), (torch.randn(1, 16, 32),)),
    "sdpa-causal": (Sdpa(causal=True), (torch.randn(1, 16, 32),)),
    "conv2d-3x3": (Conv(), (torch.randn(1, 4, 8, 8),)),
    "conv2d-1x1": (Conv(1), (torch.randn(1, 4, 8, 8),)),
    "gpt2-block": (GptBlock(), (torch.randn(1, 16, 32),)),
    "resnet-block": (ResBlock(), (torch.randn(1, 8, 8, 8),)),
}
# Each module again in f16 (`.half()`): torch-mlir exports extf/truncf around
# f32 contractions, PyTorch computes the reference in f16 on the CPU.
for name, (module, inputs) in list(cases.items()):
    half = copy.deepcopy(module).half()
    cases[name + "-f16"] = (half, tuple(x.half() for x in inputs))
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
