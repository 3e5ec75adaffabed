// RUN: coopmlir-opt %s --verify-diagnostics --convert-to-spirv=coopmat=amd
// RUN: not coopmlir-opt %s --verify-diagnostics --convert-to-spirv 2>&1 | filecheck %s

// A diagnostic without a location (here a bad pass option) is expected with
// @unknown; an @unknown expectation that nothing meets is an error too.
// expected-error@unknown {{convert-to-spirv: coopmat=amd must be one of khr, nv}}
// CHECK: verify-diagnostics-unknown.mlir:[[# @LINE - 1]]:4: error: expected error "convert-to-spirv: coopmat=amd
