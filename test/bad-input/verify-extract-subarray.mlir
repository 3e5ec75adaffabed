// ARGS: 
// ERROR: verify-extract-subarray.mlir:5:3: error: 'coopmat.extract_subarray' op sub-array [32, 40) is out of bounds of vector<32xf32>
func.func @subarray_out_of_bounds(%v: vector<32xf32>) {
  %k = arith.constant 32 : index
  %w = coopmat.extract_subarray %v[%k] : vector<32xf32> -> vector<8xf32>
  func.return
}
