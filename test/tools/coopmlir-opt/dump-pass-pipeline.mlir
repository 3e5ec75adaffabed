// RUN: coopmlir-opt %s --dump-pass-pipeline --cse --lower-to-coopmat="stages=2" 2>&1 >/dev/null | filecheck %s
// RUN: coopmlir-opt %s --dump-pass-pipeline --pass-pipeline='builtin.module(func.func(cse), canonicalize)' 2>&1 >/dev/null | filecheck %s --check-prefix=NESTED

// The pipeline that runs, on stderr before it runs, as mlir-opt prints it:
// every option with a value, defaults included; nested passes flattened
// onto the module, which is where they run.

// CHECK:      Pass Manager with 2 passes:
// CHECK-NEXT: builtin.module(
// CHECK-NEXT:   cse,
// CHECK-NEXT:   lower-to-coopmat{target=generic stages=2 explain=false attention_q=registers split_k_decode=true small_m_tiles=true decode_at_store=true exact_f16_math=false f8_pairs=true decode_prefetch=true decode_fused_combine=false grouped_tails=true grouped_row_registers=true scope=subgroup spec_constants=false skinny_coopvec=false}
// CHECK-NEXT: )

// NESTED:      Pass Manager with 2 passes:
// NESTED-NEXT: builtin.module(
// NESTED-NEXT:   cse,
// NESTED-NEXT:   canonicalize
// NESTED-NEXT: )
func.func @f() {
  func.return
}
