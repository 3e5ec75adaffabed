// TOOL: coopmlir-run
// ARGS: --entry f --device vulkan
// ERROR: run-spirv-module-without-vce.mlir:7:3: error: a spirv.module needs `requires #spirv.vce<...>` to be serialized
// A hand-written spirv.module without its version, capabilities and
// extensions was "internal error: AssertionError()".
builtin.module {
  spirv.module Logical GLSL450 {
  }
  func.func @f(%a: memref<4xf32>) {
    func.return
  }
}
