// ARGS: --verify-diagnostics
// ERROR: verify-expectation-malformed.mlir:5:4: error: malformed expectation
// `@+abc` is no offset: the expectation is refused, not read as a plain
// comment (which would pass without checking anything).
// expected-error@+abc {{no such error}}
func.func @f() {
  func.return
}
