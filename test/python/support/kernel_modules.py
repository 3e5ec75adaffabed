"""Build test modules around hand-written kernel bodies."""

from __future__ import annotations

from coopmlir.dialects.registry import parse_module


def kernel_module(args: str, body: str, block: int, *, attrs: str = ""):
    """A module whose gpu.module holds kernel `@k(args)` with `body`."""
    text = f"""
builtin.module attributes {{gpu.container_module}} {{
  gpu.module @kernels {{
    gpu.func @k({args}) kernel attributes {{gpu.known_block_size = array<i32: {block}, 1, 1>{attrs}}} {{
{body}
      gpu.return
    }}
  }}
}}
"""
    module = parse_module(text)
    module.verify()
    return module
