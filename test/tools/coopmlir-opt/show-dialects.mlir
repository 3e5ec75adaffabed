// RUN: coopmlir-opt --show-dialects | filecheck %s

// The registered dialects, without reading any input, as mlir-opt lists them.
// CHECK: Available Dialects: arith,builtin,cf,coopmat,coopmlir,func,gpu,linalg,math,memref,scf,spirv,tensor,test,vector
