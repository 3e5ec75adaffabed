"""IR definitions of coopmlir (installed as coopmlir.dialects).

Importing this package installs MLIR's pretty syntax on xDSL's gpu ops (see
gpu_syntax.py), so every gpu op prints the same way whoever built it.
"""

from coopmlir.dialects import gpu_syntax as _gpu_syntax  # noqa: F401
