"""coopmlir.spirv.capabilities derives the capabilities and extensions of a
spirv.module from the SPIR-V grammar: each case below needs a requirement
that only the grammar states (an instruction's capability, an enumerant's, a
capability a capability implies, an extension SPIR-V 1.6 lacks in core), and
every instruction the serializer writes has its requirements declared."""

from __future__ import annotations

from pathlib import Path

import pytest

from coopmlir.dialects.registry import make_context, parse_module
from coopmlir.dialects.spirv import grammar
from coopmlir.dialects.spirv.structure import ModuleOp
from coopmlir.passes.convert_to_spirv import ConvertToSpirv
from coopmlir.spirv import tools
from coopmlir.spirv.capabilities import VERSION, module_requirements, module_vce
from coopmlir.spirv.instructions import Enumerant
from coopmlir.spirv.serializer import (
    find_spirv_module,
    serialize,
    serialize_to_binary,
)

TEST = Path(__file__).parents[2]

# A module around `body` (the body of @main) and `globals`, without a triple.
MODULE = """spirv.module Logical Vulkan {{
  {globals}
  spirv.func @main() "None" {{
    {body}
    spirv.Return
  }}
  spirv.EntryPoint "GLCompute" @main
  spirv.ExecutionMode @main "LocalSize", 32, 1, 1
}}"""

KHR = "!spirv.coopmatrix<16x16xf32, Subgroup, {}>"

CASES = {
    # OpCooperativeMatrixMulAddKHR and OpTypeCooperativeMatrixKHR need the
    # capability, which SPIR-V 1.6 has only through the extension.
    "khr-mul-add": (
        "",
        f"""%a = spirv.Undef : {KHR.format("MatrixA")}
    %b = spirv.Undef : {KHR.format("MatrixB")}
    %c = spirv.Undef : {KHR.format("MatrixAcc")}
    %d = spirv.KHR.CooperativeMatrixMulAdd %a, %b, %c : {KHR.format("MatrixA")}, {KHR.format("MatrixB")} -> {KHR.format("MatrixAcc")}""",
        ["Shader", "VulkanMemoryModel", "CooperativeMatrixKHR"],
        ["SPV_KHR_cooperative_matrix"],
    ),
    # Only the QCOM instruction asks for its capability (the types are plain
    # arrays), and that capability implies CooperativeMatrixKHR.
    "qcom-implies-khr": (
        "",
        """%w = spirv.Undef : !spirv.array<8 x i32>
    %h = spirv.QCOM.BitCastArray %w : !spirv.array<8 x i32> -> !spirv.array<16 x f16>""",
        [
            "Shader",
            "Float16",
            "VulkanMemoryModel",
            "CooperativeMatrixKHR",
            "CooperativeMatrixConversionQCOM",
        ],
        ["SPV_KHR_cooperative_matrix", "SPV_QCOM_cooperative_matrix_conversion"],
    ),
    "nv-type": (
        "",
        "%m = spirv.Undef : !spirv.NV.coopmatrix<16x16xf32, Subgroup>",
        ["Shader", "VulkanMemoryModel", "CooperativeMatrixNV"],
        ["SPV_NV_cooperative_matrix"],
    ),
    # ShuffleRelative implies GroupNonUniform.
    "shuffle-up": (
        "",
        """%x = spirv.Constant 1.0 : f32
    %d = spirv.Constant 1 : i32
    %y = spirv.GroupNonUniformShuffleUp <Subgroup> %x, %d : f32, i32""",
        [
            "Shader",
            "VulkanMemoryModel",
            "GroupNonUniform",
            "GroupNonUniformShuffleRelative",
        ],
        [],
    ),
    # The built-in may be Kernel, GroupNonUniform or SubgroupBallotKHR: a
    # Vulkan module takes the first it can declare.
    "subgroup-size-built-in": (
        'spirv.GlobalVariable @size built_in("SubgroupSize") : !spirv.ptr<i32, Input>',
        "",
        ["Shader", "VulkanMemoryModel", "GroupNonUniform"],
        [],
    ),
    # GroupOperation Reduce is satisfied by the instruction's own capability.
    "integer-reduction": (
        "",
        """%x = spirv.Constant 1 : i64
    %s = spirv.GroupNonUniformIAdd <Subgroup> <Reduce> %x : i64 -> i64""",
        [
            "Shader",
            "Int64",
            "VulkanMemoryModel",
            "GroupNonUniform",
            "GroupNonUniformArithmetic",
        ],
        [],
    ),
    # 8-bit storage only for StorageBuffer memory, as the rule says.
    "int8-storage-buffer": (
        "spirv.GlobalVariable @buf bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i8, stride=1> [0])>, StorageBuffer>",
        "%v = spirv.Variable : !spirv.ptr<f64, Function>",
        ["Shader", "Float64", "Int8", "StorageBuffer8BitAccess", "VulkanMemoryModel"],
        [],
    ),
    "int16-workgroup": (
        "spirv.GlobalVariable @tile : !spirv.ptr<!spirv.array<64 x i16>, Workgroup>",
        "",
        ["Shader", "Int16", "VulkanMemoryModel"],
        [],
    ),
    # Not the grammar: under the Vulkan memory model a Device scope needs
    # VulkanMemoryModelDeviceScope, here a barrier's memory scope (an atomic's:
    # test/dialects/spirv/serialize-atomics.mlir, in SERIALIZED below).
    "device-scope-barrier": (
        "",
        "spirv.ControlBarrier <Workgroup>, <Device>, <AcquireRelease|UniformMemory>",
        ["Shader", "VulkanMemoryModel", "VulkanMemoryModelDeviceScope"],
        [],
    ),
}


def _module(globals_: str, body: str) -> ModuleOp:
    return find_spirv_module(parse_module(MODULE.format(globals=globals_, body=body)))


@pytest.mark.parametrize("case", CASES)
def test_requirements_come_from_the_grammar(case):
    globals_, body, capabilities, extensions = CASES[case]
    assert module_requirements(_module(globals_, body)) == (capabilities, extensions)


def test_grammar_states_the_requirements():
    mul_add = grammar.instruction_requirements("OpCooperativeMatrixMulAddKHR")
    assert mul_add.capabilities == ("CooperativeMatrixKHR",)
    khr = grammar.enum_requirements("Capability", "CooperativeMatrixKHR")
    assert khr.extensions_at(VERSION) == ("SPV_KHR_cooperative_matrix",)
    # In core since SPIR-V 1.5: no extension at 1.6, the extension at 1.4.
    vmm = grammar.enum_requirements("Capability", "VulkanMemoryModel")
    assert vmm.extensions_at(VERSION) == ()
    assert vmm.extensions_at((1, 4)) == ("SPV_KHR_vulkan_memory_model",)
    assert grammar.implied(["GroupNonUniformShuffle"]) == {
        "GroupNonUniformShuffle",
        "GroupNonUniform",
    }


SERIALIZED = sorted((TEST / "dialects" / "spirv").glob("serialize-*.mlir")) + [
    TEST / "dialects" / "spirv" / "target-spirv-asm.mlir"
]


@pytest.mark.parametrize("path", SERIALIZED, ids=lambda p: p.name)
def test_written_triples_are_the_derived_ones(path):
    """The triple each serializer test writes by hand (and spirv-val accepts)
    is the one derived."""
    module = find_spirv_module(parse_module(path.read_text(), str(path)))
    vce = module.vce_triple
    assert vce is not None
    derived = module_requirements(module)
    assert derived == (list(vce.capability_names), list(vce.extension_names))


def _unmet(module: ModuleOp) -> list[str]:
    """The grammar requirements of the serialized instructions and
    enumerants that the module's triple does not meet."""
    vce = module.vce_triple
    assert vce is not None
    have, extensions = grammar.implied(vce.capability_names), vce.extension_names
    unmet = []
    for inst in serialize(module).instructions():
        needs = [(inst.opname, grammar.instruction_requirements(inst.opname))]
        needs += [
            (f"{o.kind} {name}", grammar.enum_requirements(o.kind, name))
            for o in inst.operands
            if isinstance(o, Enumerant)
            for name in o.names
        ]
        for what, need in needs:
            # A Capability enumerant lists the capabilities it implies.
            implies = what.startswith("Capability ")
            if need.capabilities and not implies:
                if not have.intersection(need.capabilities):
                    unmet.append(f"{what}: one of {need.capabilities}")
            wanted = need.extensions_at(VERSION)
            if wanted and not set(extensions).intersection(wanted):
                unmet.append(f"{what}: one of {wanted}")
    return unmet


CONVERTED = [
    ("convert-to-spirv.mlir", {}),
    ("convert-to-spirv.mlir", {"coopmat": "nv"}),
    ("convert-to-spirv-qcom.mlir", {"qcom_conversion": True}),
    ("convert-to-spirv-simt.mlir", {}),
    ("convert-to-spirv-atomics.mlir", {}),
]


@pytest.mark.parametrize(
    ("name", "options"), CONVERTED, ids=[f"{n}-{o}" for n, o in CONVERTED]
)
def test_every_serialized_instruction_has_its_requirements(name, options):
    path = TEST / "passes" / name
    module = parse_module(path.read_text(), str(path))
    ConvertToSpirv(**options).apply(make_context(), module)
    assert _unmet(find_spirv_module(module)) == []


@pytest.mark.parametrize("case", CASES)
def test_every_case_instruction_has_its_requirements(case):
    """...and spirv-val accepts each case with its derived triple."""
    globals_, body, _, _ = CASES[case]
    module = _module(globals_, body)
    module.properties["vce_triple"] = module_vce(module)
    assert _unmet(module) == []
    tools.validate(serialize_to_binary(module))
