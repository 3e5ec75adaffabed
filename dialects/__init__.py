"""IR definitions of coopmlir (installed as coopmlir.dialects).

Importing these modules changes nothing in xDSL: MLIR's pretty syntax for
xDSL's gpu ops is installed by `gpu_syntax.install_gpu_syntax()`, which
coopmlir's context (`registry.make_context`) calls.
"""
