"""How far a torch-mlir export may be from PyTorch's own output, per module.

torch-mlir 20261001 writes GELU-tanh's sqrt(2/pi) as 7.977240e-01 (PyTorch:
0.7978845...), so f32 modules with a tanh GELU differ from PyTorch by a few
1e-5 whatever runs the export. Other modules: compare()'s default per dtype.
"""

EXPORT_TOLERANCE = {"linear-gelu-tanh": 1e-4, "gpt2-block": 1e-4}


def export_tolerance(name: str) -> float | None:
    """The tolerance for the export `name` (e.g. "gpt2-block", "mlp-f16")."""
    return EXPORT_TOLERANCE.get(name)
