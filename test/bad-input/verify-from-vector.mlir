// ARGS: 
// ERROR: verify-from-vector.mlir:4:3: error: 'coopmat.from_vector' op vector<8xf16> does not hold one row of !coopmat.matrix<32x16xf16, a>: expected vector<16xf16> or vector<8xi32>
func.func @from_vector_length(%v: vector<8xf16>) {
  %m = coopmat.from_vector %v : vector<8xf16> -> !coopmat.matrix<32x16xf16, a>
  func.return
}
