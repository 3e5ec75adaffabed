"""The cooperative-matrix extensions of convert-to-spirv, one strategy each
behind one interface (`base.MatrixExtension`), chosen once per module from
the pass options (`choose_extension`):

- `khr.KHR` (`coopmat=khr`): SPV_KHR_cooperative_matrix;
- `nv.NV` (`coopmat=nv`): SPV_NV_cooperative_matrix;
- `nv2.NV2` (`coopmat=nv2`): KHR plus SPV_NV_cooperative_matrix2;
- `qcom.QCOM` (`coopmat=khr qcom-conversion=true`): KHR plus
  SPV_QCOM_cooperative_matrix_conversion;
- `simt.SIMT` (`coopmat=simt`): no matrices (SIMT modules);
- `coopmat=auto`: the target's (`Target.coopmat_extension`).

KHR and NV share their workgroup-memory lowerings (`opaque.py`).
"""

from __future__ import annotations

from coopmlir.passes.convert_to_spirv.extensions.base import MatrixExtension
from coopmlir.passes.convert_to_spirv.extensions.khr import KHR
from coopmlir.passes.convert_to_spirv.extensions.nv import NV
from coopmlir.passes.convert_to_spirv.extensions.nv2 import NV2
from coopmlir.passes.convert_to_spirv.extensions.qcom import QCOM
from coopmlir.passes.convert_to_spirv.extensions.simt import SIMT
from coopmlir.targets import Target

#: `coopmat=` values and their strategies (QCOM: `qcom-conversion=true`).
EXTENSIONS: dict[str, type[MatrixExtension]] = {
    "khr": KHR,
    "nv": NV,
    "nv2": NV2,
    "simt": SIMT,
}


def choose_extension(
    coopmat: str, qcom_conversion: bool = False, target: Target | None = None
) -> MatrixExtension:
    """The strategy for `coopmat=` (a name of `EXTENSIONS`, or auto: the
    target's) and `qcom-conversion=`; a ValueError names a bad choice."""
    name = coopmat
    if name == "auto":
        if target is None:
            raise ValueError("coopmat=auto needs target=NAME")
        name = target.coopmat_extension
    if name not in EXTENSIONS:
        raise ValueError(
            f"coopmat={coopmat} must be one of {', '.join(EXTENSIONS)}, auto"
        )
    if not qcom_conversion:
        return EXTENSIONS[name]()
    if name != "khr":
        raise ValueError(
            "qcom-conversion=true needs coopmat=khr "
            "(SPV_QCOM_cooperative_matrix_conversion extends KHR matrices)"
        )
    return QCOM()
