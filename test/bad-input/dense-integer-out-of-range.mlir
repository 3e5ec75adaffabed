// ARGS:
// ERROR: dense-integer-out-of-range.mlir:5:28: error: Integer value 300 is out of range for type i8
// An element of a dense literal out of its type's range had no location.
func.func @f() -> vector<2xi8> {
  %c = arith.constant dense<[1, 300]> : vector<2xi8>
  func.return %c : vector<2xi8>
}
