// ARGS:
// ERROR: duplicate-block-label.mlir:8:1: error: re-declaration of block 'next'
// A label defined twice after a forward branch to it: xDSL's parser raised
// a KeyError (internal error), found by bench/fuzz_cli.py.
func.func @f() {
  cf.br ^next
^next:
^next:
  func.return
}
