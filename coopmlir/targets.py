"""Target descriptions: what a device offers a cooperative-matrix kernel.

A target is data, not code (DESIGN.md, "Targets are data"): its subgroup
size, the cooperative-matrix shapes and types its driver reports (one
`MatrixShape` per `VkCooperativeMatrixPropertiesKHR` entry), its shared memory
per workgroup, its number of compute units and its largest workgroup.
`lower-to-coopmat` checks an input against it and its tiling heuristic
(`coopmlir.tiling`) sizes tiles and waves with it.

A target without matrix units (`simt`, `lavapipe`) lists no shapes: its
kernels go through `coopmat-to-simt`, which lowers any power-of-two fragment
height, so every shape in `SIMT_SHAPES` and every type combination in
`SIMT_TYPES` is accepted.

Component types use the short names of `VkComponentTypeKHR`: f16, f32, bf16,
s8, u8, s32, u32.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from xdsl.context import Context

#: The largest element count of a memref a kernel may index: every target's
#: SPIR-V computes offsets in 32-bit signed integers (`index` is i32), so
#: convert-to-spirv refuses larger memrefs and the runtime larger arrays.
INDEX_LIMIT = 2**31 - 1


#: The registers an NVIDIA work-item has (Hopper and earlier).
NVIDIA_REGISTERS_PER_ITEM = 255
#: The 32-bit registers of an NVIDIA compute unit (an SM's register file:
#: 64K on Volta to Hopper), shared by the workgroups it runs side by side.
NVIDIA_REGISTERS_PER_UNIT = 65536


#: The fixed time of a workgroup tile besides its K loop (the prologue that
#: fills the first staged tiles, the epilogue that stores C), in K tiles of
#: that loop, as fitted. A compute unit that holds two or more of the tile's
#: workgroups (`resident_by_registers`) runs one's K loop through another's;
#: one that holds a single workgroup leaves its matrix units idle through
#: it, which a short K cannot amortize (`overhead_efficiency`). On the H200
#: (bench/RESULTS.md, "Tenth session"), GPT-2's 8192x3072x768 product ran in
#: 0.177 ms in 128x128 tiles of 2x2 subgroups (2 per SM) and in 0.187 in
#: 256x128 of 2x4 (1 per SM), which the intensity terms alone rate 1.33x
#: faster. 9 and 10 fit: 8 ties there (256x128 kept), 11 moves i8
#: 3000x5000x2000 to 128x128 tiles measured at 0.76 of the best (the data of
#: test_cost_model_replay.py). The default since 20 timed H200 products
#: (bench/RESULTS.md, "Eleventh session": GPT-2's four K=768 shapes 9-20%
#: faster in f16->f32, none of the others slower).
FITTED_TILE_OVERHEAD_K_TILES = 9


@dataclass(frozen=True)
class MatrixShape:
    """One supported D = A*B + C: A is m x k, B is k x n, C and D are m x n."""

    m: int
    n: int
    k: int
    a_type: str
    b_type: str
    c_type: str
    result_type: str

    @property
    def types(self) -> tuple[str, str, str, str]:
        return (self.a_type, self.b_type, self.c_type, self.result_type)

    def __str__(self) -> str:
        a, b, c, r = self.types
        return f"{self.m}x{self.n}x{self.k} {a}*{b}+{c}->{r}"


@dataclass(frozen=True)
class Target:
    """A device as `lower-to-coopmat` sees it.

    `matrix_shapes` is empty for a device without matrix units.
    `flops_per_byte` is the arithmetic intensity (FLOPs per byte a workgroup
    tile reads from global memory) at which the matrix units stop waiting for
    memory; the tiling model (NVIDIA's matrix-multiplication performance
    guide) scales a tile's speed by it.
    `accumulator_bytes` bounds the accumulator registers of one work-item.
    `max_workgroup_count` is Vulkan's maxComputeWorkGroupCount: the largest
    grid in x, y and z (65535 each is the least Vulkan allows).
    """

    name: str
    description: str
    subgroup_size: int
    shared_memory_bytes: int
    compute_units: int
    max_workgroup_size: int
    matrix_shapes: tuple[MatrixShape, ...]
    flops_per_byte: float
    accumulator_bytes: int = 512
    #: 32-bit registers a work-item holds before the shader compiler spills
    #: (NVIDIA: 255); the tiling model's register estimate is checked against it
    #: and ties go to taller subgroup tiles (both measured on an H200). None:
    #: unknown (CPUs, other vendors), neither applies.
    registers_per_item: int | None = None
    #: 32-bit registers of a compute unit, shared by the workgroups it holds:
    #: the tiling model counts how many of a tile's workgroups fit (one
    #: alone cannot overlap its prologue and epilogue with another's K loop).
    #: None: unknown, not counted.
    registers_per_unit: int | None = None
    #: The tiling model's fixed cost per tile in K tiles where a compute unit
    #: holds one workgroup of the tile (`coopmlir.tiling.overhead_efficiency`,
    #: which counts it only where `registers_per_unit` is known); 0: none;
    #: lower-to-coopmat's `tile-overhead` overrides it.
    tile_overhead_k_tiles: int = FITTED_TILE_OVERHEAD_K_TILES
    max_workgroup_count: tuple[int, int, int] = (65535, 65535, 65535)
    subgroups_per_unit: int = 1
    """Subgroups a compute unit runs side by side, each on its own scheduler
    and matrix units (an NVIDIA SM has 4 sub-partitions); the tiling model
    counts a wave as this many subgroups per compute unit."""
    cooperative_matrix2: bool = False
    """The device has VK_NV_cooperative_matrix2 (reductions, per-element
    operations, transposes on KHR matrices, workgroup-scope matrices)."""
    cooperative_vector: bool = False
    """The device has VK_NV_cooperative_vector: per-invocation matrix-vector
    products (OpCooperativeVectorMatrixMulNV) on the matrix units, a
    candidate path for skinny products (M = 1..16)."""
    cooperative_vector_components: int | None = None
    """maxCooperativeVectorComponents: the longest cooperative vector (a
    product's K and M). None: unknown (the built-in targets), not checked."""
    cooperative_vector_products: tuple[tuple[str, str, str, str], ...] | None = None
    """The (input, input interpretation, matrix, result) component types of
    the products OpCooperativeVectorMatrixMulNV computes without a
    transpose (vkGetPhysicalDeviceCooperativeVectorPropertiesNV). None:
    unknown (the built-in targets), not checked."""
    workgroup_matrix_invocations: tuple[int, ...] = ()
    """The workgroup sizes workgroup-scope matrices may run in (the
    flexible-dimensions properties' workgroupInvocations); empty: unknown,
    checked when the runtime launches the kernel."""
    pretranspose_rules: bool = False
    """lower-to-coopmat copies an operand transposed before its product where
    that was measured faster on this driver (pretranspose.py; NVIDIA): the
    driver loads 8-bit fragments at full speed only from K-contiguous rows
    (no transposing 8-bit load: on an H200 i8 8192^3 ran at 367 TFLOP/s
    with B stored K x N, 588 with B as N x K), and stages an f16 or bf16 A
    faster from rows of M elements than of K."""
    simt_kernel: str = "fragments"
    """lower-to-coopmat's kernel, when `kernel=` is left out, for a matmul
    that no matrix unit of the target takes and that runs as SIMT code (f32;
    f16 or bf16 -> f32 without matrix units): `simt-tiled`, the
    register-tiled kernel (GPUs: 0.77x cuBLAS SGEMM on the H100), or
    `fragments`, the fragment kernel through coopmat-to-simt (faster on a
    CPU such as lavapipe)."""

    @property
    def coopmat_extension(self) -> str:
        """convert-to-spirv's `coopmat=` for this target: nv2 where the device
        has VK_NV_cooperative_matrix2, simt where it has no matrix units (its
        kernels go through coopmat-to-simt), else khr."""
        if not self.has_matrix_units:
            return "simt"
        return "nv2" if self.cooperative_matrix2 else "khr"

    @property
    def has_matrix_units(self) -> bool:
        return bool(self.matrix_shapes)

    @property
    def float8_matrices(self) -> bool:
        """Whether the matrix units take 8-bit float operands (a device with
        VK_EXT_shader_float8 lists f8e4m3 / f8e5m2 shapes). No shipped target
        does: the H100's driver has no VK_EXT_shader_float8, so f8 weights
        are widened by integer ops (passes/float8_decode.py)."""
        return any(
            name.startswith("f8") for s in self.matrix_shapes for name in s.types
        )

    def shapes_for(self, types: tuple[str, str, str, str]) -> tuple[MatrixShape, ...]:
        """The supported shapes for (a, b, c, result) component types, largest
        first; for a target without matrix units, `SIMT_SHAPES` if the types
        are in `SIMT_TYPES`."""
        if not self.has_matrix_units:
            if types not in SIMT_TYPES:
                return ()
            return tuple(MatrixShape(m, n, k, *types) for m, n, k in SIMT_SHAPES)
        found = [s for s in self.matrix_shapes if s.types == types]
        return tuple(sorted(found, key=lambda s: (-s.m * s.n * s.k, -s.n, -s.k)))

    def attention_shapes(self, element: str) -> tuple[MatrixShape, ...]:
        """The shapes of `shapes_for` an attention kernel on `element` inputs
        uses: element x element -> f32 with n == k (the scores, an m x n
        accumulator, are the A operand of the product with V)."""
        types = (element, element, "f32", "f32")
        return tuple(s for s in self.shapes_for(types) if s.n == s.k)

    def type_combinations(self) -> tuple[tuple[str, str, str, str], ...]:
        """Every (a, b, c, result) combination the target accepts, in order."""
        if not self.has_matrix_units:
            return SIMT_TYPES
        return tuple(dict.fromkeys(s.types for s in self.matrix_shapes))


def _shapes(
    mnk: tuple[tuple[int, int, int], ...], *type_sets: tuple[str, str, str, str]
) -> tuple[MatrixShape, ...]:
    return tuple(MatrixShape(*s, *t) for t in type_sets for s in mnk)


# What coopmat-to-simt accepts (the tinytc coopmatrix layout needs a power-of-two
# fragment height; everything else is the SIMT code's business).
SIMT_TYPES: tuple[tuple[str, str, str, str], ...] = (
    ("f16", "f16", "f16", "f16"),
    ("f16", "f16", "f32", "f32"),
    ("bf16", "bf16", "f32", "f32"),
    ("s8", "s8", "s32", "s32"),
    ("u8", "u8", "u32", "u32"),
    ("f32", "f32", "f32", "f32"),
)
SIMT_SHAPES: tuple[tuple[int, int, int], ...] = (
    (16, 16, 16),
    (16, 8, 16),
    (16, 8, 8),
    (8, 8, 8),
)

# NVIDIA's Vulkan driver on H100 (the Vulkan cooperative-matrix talk's list, as
# vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR reports it).
_H100_SHAPES = (
    _shapes(
        ((16, 16, 16), (16, 8, 16), (16, 8, 8)),
        ("f16", "f16", "f16", "f16"),
        ("f16", "f16", "f32", "f32"),
    )
    + _shapes(
        ((16, 16, 32), (16, 8, 32)),
        ("s8", "s8", "s32", "s32"),
        ("u8", "u8", "u32", "u32"),
    )
    + _shapes(((16, 16, 16),), ("bf16", "bf16", "f32", "f32"))
)

TARGETS: dict[str, Target] = {
    t.name: t
    for t in (
        Target(
            name="generic",
            description="any KHR cooperative-matrix device: 16x16x16 f16 only, "
            "conservative limits",
            subgroup_size=32,
            shared_memory_bytes=32 * 1024,
            compute_units=16,
            max_workgroup_size=256,
            matrix_shapes=_shapes(
                ((16, 16, 16),),
                ("f16", "f16", "f16", "f16"),
                ("f16", "f16", "f32", "f32"),
            ),
            flops_per_byte=64.0,
        ),
        Target(
            name="h100-vulkan",
            description="NVIDIA H100 through the Vulkan driver",
            subgroup_size=32,
            shared_memory_bytes=48 * 1024,
            compute_units=132,
            max_workgroup_size=1024,
            matrix_shapes=_H100_SHAPES,
            flops_per_byte=128.0,
            max_workgroup_count=(2**31 - 1, 65535, 65535),
            subgroups_per_unit=4,
            registers_per_item=NVIDIA_REGISTERS_PER_ITEM,
            registers_per_unit=NVIDIA_REGISTERS_PER_UNIT,
            # NVIDIA's driver has offered it on Hopper since release 565.
            cooperative_matrix2=True,
            # The H100's driver lists VK_NV_cooperative_vector (issue 28).
            cooperative_vector=True,
            pretranspose_rules=True,
            simt_kernel="simt-tiled",
        ),
        Target(
            name="simt",
            description="no matrix units: coopmat-to-simt lowers every fragment",
            subgroup_size=32,
            shared_memory_bytes=32 * 1024,
            compute_units=16,
            max_workgroup_size=1024,
            matrix_shapes=(),
            flops_per_byte=16.0,
        ),
        Target(
            # Mesa reports subgroupSize = lp_native_vector_width / 32, i.e. 8
            # with 256-bit (AVX2) vectors; one compute unit per llvmpipe thread.
            name="lavapipe",
            description="Mesa lavapipe (CPU, AVX2), no matrix units",
            subgroup_size=8,
            shared_memory_bytes=32 * 1024,
            compute_units=8,
            max_workgroup_size=1024,
            matrix_shapes=(),
            flops_per_byte=8.0,
        ),
    )
}


def targets_taking(types: tuple[str, str, str, str]) -> tuple[str, ...]:
    """The built-in targets that lower a product of (a, b, c, result)
    `types`: on their matrix units, or (no matrix units) through
    coopmat-to-simt."""
    return tuple(name for name, t in TARGETS.items() if t.shapes_for(types))


#: Builds a target from a real device ("vulkan[:DEVICE]"): the runtime's
#: device query. Targets sit below the runtime, so the tools hand it in.
DeviceQuery = Callable[[str | None], Target]


@dataclass
class TargetContext(Context):
    """xDSL's context, plus the device query that passes use for targets
    named `vulkan[:DEVICE]` (None: only the built-in targets are known)."""

    query_device: DeviceQuery | None = None


def get_target(name: str, query_device: DeviceQuery | None = None) -> Target:
    """The built-in target called `name`, or `vulkan` / `vulkan:DEVICE` (index
    or name) built by `query_device`; ValueError naming the known ones
    otherwise."""
    if name in TARGETS:
        return TARGETS[name]
    if name == "vulkan" or name.startswith("vulkan:"):
        if query_device is None:
            raise ValueError(
                f"target '{name}' is queried from a Vulkan device, which needs "
                "the runtime (coopmlir-opt, coopmlir-run or "
                "coopmlir.runtime.device_target.query_target)"
            )
        return query_device(name.partition(":")[2] or None)
    raise ValueError(
        f"unknown target '{name}'; known targets: {', '.join(sorted(TARGETS))}, "
        "vulkan[:DEVICE]"
    )


def resolve_target(name: str, ctx: Context) -> Target:
    """`get_target` with the device query of `ctx` (a `TargetContext`), if any."""
    return get_target(name, getattr(ctx, "query_device", None))
