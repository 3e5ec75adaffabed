"""The PyTorch modules of the frontend suite (issue 25), in one place:
test/frontend/export_models.py exports them into test/frontend/Inputs, and
pipeline/test_torch_models.py exports them in the test. Importing this
needs torch (support/torch_frontend.py skips or fails without it)."""

from __future__ import annotations

import copy
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F


class LinearRelu(nn.Module):
    def __init__(self, inputs=16, outputs=8):
        super().__init__()
        self.fc = nn.Linear(inputs, outputs)

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
    def __init__(self, approximate="none", inputs=16, outputs=32):
        super().__init__()
        self.fc = nn.Linear(inputs, outputs)
        self.approximate = approximate

    def forward(self, x):
        return F.gelu(self.fc(x), approximate=self.approximate)


class LinearSilu(nn.Module):
    def __init__(self, inputs=16, outputs=32):
        super().__init__()
        self.fc = nn.Linear(inputs, outputs)

    def forward(self, x):
        return F.silu(self.fc(x))


class LinearThen(nn.Module):
    """nn.Linear, then the activation of torch.nn.functional named."""

    def __init__(self, activation: str, inputs=16, outputs=32):
        super().__init__()
        self.fc = nn.Linear(inputs, outputs)
        self.activation = activation

    def forward(self, x):
        return getattr(F, self.activation)(self.fc(x))


class Linear(nn.Module):
    def __init__(self, inputs=16, outputs=32):
        super().__init__()
        self.fc = nn.Linear(inputs, outputs)

    def forward(self, x):
        return self.fc(x)


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


class MaskedSdpa(Sdpa):
    """SDPA with an explicit `attn_mask` passed in (boolean or additive
    float): a row may be fully masked, which PyTorch's guard makes 0."""

    def forward(self, x, mask):
        b, s, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=-1)
        q, k, v = (t.view(b, s, self.heads, -1).transpose(1, 2) for t in (q, k, v))
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return o.transpose(1, 2).reshape(b, s, d)


class GroupedSdpa(nn.Module):
    """Grouped-query attention (issue 29): `heads` query heads over `kv_heads`
    K/V heads, K/V repeated as `repeat`: "sdpa" (SDPA's enable_gqa),
    "interleave" (repeat_interleave) or "expand" (Llama's repeat_kv:
    x[:, :, None].expand(...).reshape(...))."""

    def __init__(self, d=32, heads=4, kv_heads=2, repeat="sdpa", causal=True):
        super().__init__()
        self.dh = d // heads
        self.q = nn.Linear(d, d)
        self.k = nn.Linear(d, kv_heads * self.dh)
        self.v = nn.Linear(d, kv_heads * self.dh)
        self.heads, self.kv_heads = heads, kv_heads
        self.repeat, self.causal = repeat, causal

    def forward(self, x):
        b, s, d = x.shape
        q = self.q(x).view(b, s, self.heads, self.dh).transpose(1, 2)
        k, v = (
            p(x).view(b, s, self.kv_heads, self.dh).transpose(1, 2)
            for p in (self.k, self.v)
        )
        group = self.heads // self.kv_heads
        if self.repeat == "interleave":
            k, v = (t.repeat_interleave(group, dim=1) for t in (k, v))
        elif self.repeat == "expand":
            k, v = (
                t[:, :, None]
                .expand(b, self.kv_heads, group, s, self.dh)
                .reshape(b, self.heads, s, self.dh)
                for t in (k, v)
            )
        gqa = self.repeat == "sdpa"
        o = F.scaled_dot_product_attention(
            q, k, v, is_causal=self.causal, enable_gqa=gqa
        )
        return o.transpose(1, 2).reshape(b, s, d)


class Heads(nn.Module):
    """Q, K, V projections of x [B, S, d] into `heads` heads [B, H, S, d/H],
    and the output back to [B, S, d]: the frame of the variants below."""

    def __init__(self, d=32, heads=2):
        super().__init__()
        self.qkv = nn.Linear(d, 3 * d)
        self.heads = heads

    def split(self, x):
        b, s, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=-1)
        return (t.view(b, s, self.heads, -1).transpose(1, 2) for t in (q, k, v))

    @staticmethod
    def merge(o):
        b, h, s, dh = o.shape
        return o.transpose(1, 2).reshape(b, s, h * dh)


class SoftcapAttention(Heads):
    """Gemma-2's eager attention: explicit products, logit soft-capping
    (s / cap, tanh, * cap), an additive causal mask, softmax in f32."""

    def __init__(self, d=32, heads=2, cap=5.0):
        super().__init__(d, heads)
        self.cap, self.scale = cap, (d // heads) ** -0.5

    def forward(self, x):
        q, k, v = self.split(x)
        s = torch.matmul(q, k.transpose(2, 3)) * self.scale
        s = s / self.cap
        s = torch.tanh(s)
        s = s * self.cap
        n = x.shape[1]
        s = s + torch.full((n, n), float("-inf"), dtype=s.dtype).triu(1)
        p = F.softmax(s, dim=-1, dtype=torch.float32).to(q.dtype)
        return self.merge(torch.matmul(p, v))


class SlidingWindowSdpa(Heads):
    """Mistral-style sliding-window attention: SDPA with the boolean mask
    (j <= i) & (j > i - window) built from arange."""

    def __init__(self, d=32, heads=2, window=8):
        super().__init__(d, heads)
        self.window = window

    def forward(self, x):
        q, k, v = self.split(x)
        n = x.shape[1]
        i, j = torch.arange(n)[:, None], torch.arange(n)[None, :]
        mask = (j <= i) & (j > i - self.window)
        return self.merge(F.scaled_dot_product_attention(q, k, v, attn_mask=mask))


class AlibiSdpa(Heads):
    """ALiBi (BLOOM, MPT): SDPA with the additive bias slope_h * (j - i)
    built from arange and a buffer of the per-head slopes 2^(-8 (h+1) / H)."""

    def __init__(self, d=32, heads=4):
        super().__init__(d, heads)
        slopes = [2.0 ** (-8.0 * (h + 1) / heads) for h in range(heads)]
        self.register_buffer("slopes", torch.tensor(slopes))

    def forward(self, x):
        q, k, v = self.split(x)
        n = x.shape[1]
        i, j = torch.arange(n)[:, None], torch.arange(n)[None, :]
        bias = self.slopes[:, None, None] * (j - i)
        return self.merge(
            F.scaled_dot_product_attention(q, k, v, attn_mask=bias.to(q.dtype))
        )


class SinkAttention(Heads):
    """gpt-oss's eager attention as Hugging Face writes it: a learned logit
    per head (the sink) appended to each row's scores, the row's maximum
    subtracted, softmax, the sink's column dropped; causal additive mask."""

    def __init__(self, d=32, heads=2):
        super().__init__(d, heads)
        self.sinks = nn.Parameter(torch.randn(heads))
        self.scale = (d // heads) ** -0.5

    def forward(self, x):
        q, k, v = self.split(x)
        s = torch.matmul(q, k.transpose(2, 3)) * self.scale
        n = x.shape[1]
        s = s + torch.full((n, n), float("-inf"), dtype=s.dtype).triu(1)
        sinks = self.sinks.reshape(1, -1, 1, 1).expand(s.shape[0], -1, n, -1)
        logits = torch.cat([s, sinks], dim=-1)
        logits = logits - logits.max(dim=-1, keepdim=True).values
        p = F.softmax(logits, dim=-1, dtype=logits.dtype)[..., :-1]
        return self.merge(torch.matmul(p, v))


class GroupedSinkAttention(nn.Module):
    """gpt-oss's layout: grouped-query attention (K/V heads repeated with
    `repeat_interleave`) with a sink per query head, causal."""

    def __init__(self, d=64, heads=4, kv_heads=2):
        super().__init__()
        self.heads, self.kv_heads, self.dh = heads, kv_heads, d // heads
        self.q = nn.Linear(d, d)
        self.k, self.v = (nn.Linear(d, kv_heads * self.dh) for _ in range(2))
        self.sinks = nn.Parameter(torch.randn(heads))

    def forward(self, x):
        b, n, _ = x.shape
        q = self.q(x).view(b, n, self.heads, self.dh).transpose(1, 2)
        repeat = self.heads // self.kv_heads
        k, v = (
            f(x).view(b, n, self.kv_heads, self.dh).transpose(1, 2)
            for f in (self.k, self.v)
        )
        k, v = (t.repeat_interleave(repeat, dim=1) for t in (k, v))
        s = torch.matmul(q, k.transpose(2, 3)) * self.dh**-0.5
        s = s + torch.full((n, n), float("-inf"), dtype=s.dtype).triu(1)
        sinks = self.sinks.reshape(1, -1, 1, 1).expand(b, -1, n, -1)
        logits = torch.cat([s, sinks], dim=-1)
        logits = logits - logits.max(dim=-1, keepdim=True).values
        p = F.softmax(logits, dim=-1, dtype=logits.dtype)[..., :-1]
        return torch.matmul(p, v).transpose(1, 2).reshape(b, n, -1)


class CatColumnAttention(SinkAttention):
    """A near miss of sinks: the appended column is each row's mean score,
    not a per-head constant (separate kernels, the concat computed)."""

    def forward(self, x):
        q, k, v = self.split(x)
        s = torch.matmul(q, k.transpose(2, 3)) * self.scale
        logits = torch.cat([s, s.mean(-1, keepdim=True)], dim=-1)
        p = F.softmax(logits, dim=-1)[..., :-1]
        return self.merge(torch.matmul(p, v))


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


class Bottleneck(nn.Module):
    """ResNet-50's bottleneck block: 1x1 reduce, 3x3, 1x1 expand, each with a
    batch norm (eval: running statistics), ReLUs and the residual add."""

    def __init__(self, c=32, mid=16):
        super().__init__()
        self.conv1 = nn.Conv2d(c, mid, 1, bias=False)
        self.conv2 = nn.Conv2d(mid, mid, 3, padding=1, bias=False)
        self.conv3 = nn.Conv2d(mid, c, 1, bias=False)
        self.bn1, self.bn2, self.bn3 = (
            nn.BatchNorm2d(mid),
            nn.BatchNorm2d(mid),
            nn.BatchNorm2d(c),
        )
        for bn in (self.bn1, self.bn2, self.bn3):  # statistics of a trained block
            nn.init.uniform_(bn.weight, 0.5, 1.5)
            nn.init.uniform_(bn.bias, -0.2, 0.2)
            nn.init.uniform_(bn.running_mean, -0.2, 0.2)
            nn.init.uniform_(bn.running_var, 0.5, 1.5)

    def forward(self, x):
        y = torch.relu(self.bn1(self.conv1(x)))
        y = torch.relu(self.bn2(self.conv2(y)))
        return torch.relu(x + self.bn3(self.conv3(y)))


class ResnetStem(nn.Module):
    """ResNet's stem: a 7x7 stride-2 convolution, batch norm (eval: running
    statistics), ReLU and a 3x3 stride-2 max pool (exported as tensor.pad
    with -inf and linalg.pooling_nchw_max)."""

    def __init__(self, c=8):
        super().__init__()
        self.conv = nn.Conv2d(3, c, 7, stride=2, padding=3, bias=False)
        self.bn = nn.BatchNorm2d(c)
        nn.init.uniform_(self.bn.weight, 0.5, 1.5)
        nn.init.uniform_(self.bn.bias, -0.2, 0.2)
        nn.init.uniform_(self.bn.running_mean, -0.2, 0.2)
        nn.init.uniform_(self.bn.running_var, 0.5, 1.5)
        self.pool = nn.MaxPool2d(3, stride=2, padding=1)

    def forward(self, x):
        return self.pool(torch.relu(self.bn(self.conv(x))))


class Apply(nn.Module):
    """One layer as a module (nn.MaxPool2d, nn.GroupNorm, ...)."""

    def __init__(self, layer: nn.Module):
        super().__init__()
        self.layer = layer

    def forward(self, x):
        return self.layer(x)


class SwigluMlp(nn.Module):
    """A Llama-style feed-forward layer: RMSNorm, SwiGLU, the residual add."""

    def __init__(self, d=32, hidden=64):
        super().__init__()
        self.norm = nn.RMSNorm(d, eps=1e-6)
        self.gate = nn.Linear(d, hidden, bias=False)
        self.up = nn.Linear(d, hidden, bias=False)
        self.down = nn.Linear(hidden, d, bias=False)

    def forward(self, x):
        h = self.norm(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class Matmul(nn.Module):
    """A product of two inputs: no weights, nothing but the contraction."""

    def forward(self, a, b):
        return a @ b


class CastLinear(nn.Module):
    """An f16 `nn.Linear` of an activation in another type, scaled and cast
    first (`(x * 0.5).to(torch.float16)`): the scale and cast are A's
    prologue, read through in the product's load (issue 26 part 3)."""

    def __init__(self, k: int = 32, n: int = 48):
        super().__init__()
        self.linear = nn.Linear(k, n).half()

    def forward(self, x):
        return self.linear((x * 0.5).to(torch.float16))


class Int8Linear(nn.Module):
    """Weight-only int8, one f16 scale per output channel (issue 28)."""

    def __init__(self, inputs=64, outputs=32):
        super().__init__()
        w = torch.randint(-128, 128, (outputs, inputs), dtype=torch.int8)
        self.register_buffer("w", w)
        self.register_buffer("scale", (torch.rand(outputs) * 0.02).half())

    def forward(self, x):
        return F.linear(x, self.w.to(torch.float16) * self.scale[:, None])


class Int4Linear(nn.Module):
    """Weight-only int4 packed two per byte (high nibble first), groups of
    `group` along K, each with an f16 scale and a u8 zero point (issue 28;
    the uint8 is cast to int32 first: torch-mlir refuses byte arithmetic)."""

    def __init__(self, inputs=256, outputs=32, group=128):
        super().__init__()
        packed = torch.randint(0, 256, (outputs, inputs // 2), dtype=torch.uint8)
        self.register_buffer("w", packed)
        groups = (outputs, inputs // group)
        self.register_buffer("scale", (torch.rand(groups) * 0.02).half())
        self.register_buffer("zero", torch.randint(0, 16, groups, dtype=torch.uint8))
        self.group = group

    def forward(self, x):
        w = self.w.to(torch.int32)
        q = torch.stack([(w >> 4) & 0xF, w & 0xF], dim=-1).reshape(w.shape[0], -1)
        n, k = q.shape
        q = q.reshape(n, k // self.group, self.group)
        z = self.zero.to(torch.int32)[:, :, None]
        weight = (q - z).to(torch.float16) * self.scale[:, :, None]
        return F.linear(x, weight.reshape(n, k))


@functools.cache
def cases() -> dict[str, tuple[nn.Module, tuple]]:
    """Each module (in eval mode) and its example inputs, by export name: the
    f32 ones, then each again in f16 (`NAME-f16`), then two in bf16. Built in one seeded order,
    so that the weights and inputs are those of test/frontend/Inputs."""
    torch.manual_seed(0)
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
        # Last, so that the modules above keep the weights of their exports.
        "matmul": (Matmul(), (torch.randn(32, 16), torch.randn(16, 32))),
        # Issue 26: sizes that are no multiple of a fragment, batch norms,
        # RMSNorm and SwiGLU.
        "linear-relu-odd": (LinearRelu(24, 40), (torch.randn(20, 24),)),
        "bottleneck": (Bottleneck(), (torch.randn(1, 32, 8, 8),)),
        "swiglu-mlp": (SwigluMlp(), (torch.randn(1, 16, 32),)),
        # Head dimensions 32 and 12: torch-mlir writes the scale D**-0.25 as
        # a truncf of an f64 constant; 12 is no multiple of a fragment (the
        # attention stays separate kernels).
        "sdpa-head32": (Sdpa(d=64, heads=2, causal=True), (torch.randn(1, 16, 64),)),
        "sdpa-head12": (Sdpa(d=36, heads=3, causal=True), (torch.randn(1, 16, 36),)),
        # Issue 29: grouped-query and multi-query attention, K/V repeated as
        # SDPA's enable_gqa, repeat_interleave and Llama's expand + reshape.
        "sdpa-gqa": (GroupedSdpa(d=64), (torch.randn(1, 16, 64),)),
        "mqa-repeat-interleave": (
            GroupedSdpa(d=64, kv_heads=1, repeat="interleave", causal=False),
            (torch.randn(2, 24, 64),),
        ),
        "gqa-expand": (GroupedSdpa(d=64, repeat="expand"), (torch.randn(1, 16, 64),)),
        # Issue 29's variants: Gemma-2's soft-cap, Mistral's sliding window.
        "softcap-attention": (SoftcapAttention(), (torch.randn(1, 32, 32),)),
        "sliding-window": (SlidingWindowSdpa(), (torch.randn(1, 32, 32),)),
        "alibi": (AlibiSdpa(d=64), (torch.randn(1, 32, 64),)),
    }
    # Each module again in f16 (`.half()`): torch-mlir exports extf/truncf around
    # f32 contractions, PyTorch computes the reference in f16 on the CPU.
    for name, (module, inputs) in list(cases.items()):
        half = copy.deepcopy(module).half()
        cases[name + "-f16"] = (half, tuple(x.half() for x in inputs))
    # Issue 26: the attention models again in bf16.
    for name in ("sdpa-causal", "gpt2-block"):
        module, inputs = cases[name]
        bf16 = copy.deepcopy(module).bfloat16()
        cases[name + "-bf16"] = (bf16, tuple(x.bfloat16() for x in inputs))
    # Issue 28: weight-only quantized linears (f16 activations), last so
    # that the modules above keep their weights.
    cases["int8-linear-f16"] = (Int8Linear(), (torch.randn(16, 64).half(),))
    cases["int4-linear-f16"] = (Int4Linear(), (torch.randn(16, 256).half(),))
    # Explicit masks, each with a fully masked row (query 3): last, so that
    # the modules above keep their weights.
    keep = torch.rand(16, 16) > 0.5
    keep[3] = False
    additive = torch.where(keep, torch.randn(16, 16).clamp(max=0), -torch.inf)
    x = torch.randn(1, 16, 32)
    cases["sdpa-mask-bool"] = (MaskedSdpa(), (x, keep))
    cases["sdpa-mask-float"] = (MaskedSdpa(), (x, additive))
    # Issue 29: gpt-oss's attention sinks (f32 and f16), last for the same reason.
    sinks = SinkAttention()
    cases["attention-sinks"] = (sinks, (torch.randn(1, 32, 32),))
    cases["attention-sinks-f16"] = (
        copy.deepcopy(sinks).half(),
        (torch.randn(1, 32, 32).half(),),
    )
    cases["cat-column-attention"] = (CatColumnAttention(), (torch.randn(1, 16, 32),))
    cases["gqa-sinks"] = (GroupedSinkAttention(), (torch.randn(1, 32, 64),))
    # Issue 26: A's cast and scale read through in the load, from f32 and
    # from bf16 activations, last (20 rows: no whole number of fragments).
    cases["cast-linear-f16"] = (CastLinear(), (torch.randn(20, 32),))
    cases["bf16-cast-linear-f16"] = (CastLinear(), (torch.randn(20, 32).bfloat16(),))
    # Activations torch-mlir exports with math.log1p (softplus, and mish's
    # tanh of it), in f32 and f16, last for the same reason.
    for activation in ("softplus", "mish"):
        module = LinearThen(activation)
        x = torch.randn(8, 16) * 4
        cases[f"linear-{activation}"] = (module, (x,))
        cases[f"linear-{activation}-f16"] = (copy.deepcopy(module).half(), (x.half(),))
    # Pooling, 1-D convolution, GroupNorm (gathers its per-group statistics
    # with tensor.extract) and ResNet's stem, in f32 and f16, last for the
    # same reason.
    norm = nn.GroupNorm(2, 8)
    nn.init.uniform_(norm.weight, 0.5, 1.5)
    nn.init.uniform_(norm.bias, -0.2, 0.2)
    layers = {
        "maxpool2d": (Apply(nn.MaxPool2d(3, stride=2, padding=1)), (1, 4, 16, 16)),
        "avgpool2d": (Apply(nn.AvgPool2d(2)), (1, 4, 8, 8)),
        "conv1d": (Apply(nn.Conv1d(4, 8, 3, padding=1)), (1, 4, 32)),
        "groupnorm": (Apply(norm), (1, 8, 8, 8)),
        "resnet-stem": (ResnetStem(), (1, 3, 32, 32)),
    }
    for name, (module, shape) in layers.items():
        x = torch.randn(*shape)
        cases[name] = (module, (x,))
        cases[f"{name}-f16"] = (copy.deepcopy(module).half(), (x.half(),))
    for module, _ in cases.values():
        module.eval()
    return cases
