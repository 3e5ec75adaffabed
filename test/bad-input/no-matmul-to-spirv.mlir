// ARGS: --lower-to-spirv=target=lavapipe -t spirv-bin
// ERROR: no-matmul-to-spirv.mlir:1:1: error: expected exactly one spirv.module to serialize, found 0
// No matmul: lower-to-coopmat leaves the module alone, and no kernel means no binary.
func.func @scale(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<4xf32>
  %y = arith.addf %x, %x : f32
  memref.store %y, %a[%c0] : memref<4xf32>
  func.return
}
