// ARGS: 
// ERROR: verify-bitcast-array.mlir:4:3: error: 'coopmat.bitcast_array' op bitcast changes the size: vector<8xi32> is 32 bytes, vector<8xf16> is 16 bytes
func.func @bitcast_size(%v: vector<8xi32>) {
  %w = coopmat.bitcast_array %v : vector<8xi32> -> vector<8xf16>
  func.return
}
