"""Mixture-of-experts layers as PyTorch writes them with static shapes
(needs torch: import after `support.pytorch.require_torch`): each row of
the repeated tokens times the weights its router chose, gathered from the
stacked experts, by `torch.bmm` (recognize_frontend/grouped.py)."""

from __future__ import annotations

import torch
from torch import nn
from torch.nn import functional as F


class GatheredExperts(nn.Module):
    """y[t, j] = W[ids[t, j]] @ x[t] (gated: silu(Wg[..] @ x) * (Wu[..] @ x)),
    flattened to [T * top_k, N]."""

    def __init__(self, experts: int, n: int, k: int, gated: bool = False):
        super().__init__()
        count = 2 if gated else 1
        self.weights = nn.ParameterList(
            nn.Parameter(torch.randn(experts, n, k) / k**0.5) for _ in range(count)
        )

    def forward(self, x, ids):
        top_k = ids.shape[1]
        rows = x.repeat_interleave(top_k, dim=0).unsqueeze(-1)  # [R, K, 1]
        flat = ids.flatten()
        products = [torch.bmm(w[flat], rows).squeeze(-1) for w in self.weights]
        if len(products) == 2:
            return F.silu(products[0]) * products[1]
        return products[0]


def moe_case(
    tokens: int = 6,
    k: int = 16,
    n: int = 8,
    experts: int = 4,
    top_k: int = 2,
    gated: bool = False,
    half: bool = False,
):
    """The module and its inputs: ids from experts 0 .. E - 2, one written
    as a negative index (torch counts it from the end), so the last expert
    is empty and the others ragged."""
    torch.manual_seed(tokens * 31 + k)
    module = GatheredExperts(experts, n, k, gated).eval()
    x = torch.randn(tokens, k)
    ids = torch.randint(0, experts - 1, (tokens, top_k))
    ids[0, 0] = -experts  # expert 0
    if half:
        module, x = module.half(), x.half()
    return module, (x, ids)
