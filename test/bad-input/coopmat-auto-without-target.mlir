// ARGS: --convert-to-spirv=coopmat=auto
// ERROR: error: convert-to-spirv: coopmat=auto needs target=NAME
builtin.module attributes {gpu.container_module} {
}
