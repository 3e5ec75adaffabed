// ARGS: --lower-to-spirv -t spirv-bin
// ERROR: empty-module-to-spirv.mlir:1:1: error: expected exactly one spirv.module to serialize, found 0
// An empty module lowers to an empty module (nothing to do is success, as in
// mlir-opt), but there is no SPIR-V binary to write.
