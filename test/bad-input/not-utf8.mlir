// ARGS: --lower-to-coopmat
// ERROR: not-utf8.mlir:5:9: error: invalid UTF-8 (byte 0xe9): MLIR text is UTF-8
// A Latin-1 byte in a comment: located, not a Python UnicodeDecodeError.
func.func @f() {
  // café au lait
  func.return
}
