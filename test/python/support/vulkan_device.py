"""The Vulkan device tests run on: lavapipe in CI. With
COOPMLIR_REQUIRE_VULKAN=1 (set by .ci/run) a missing loader or device fails
the tests instead of skipping them."""

from __future__ import annotations

import os

from coopmlir.runtime.vulkan_device import VulkanError, VulkanInstance


def require_vulkan() -> None:
    """Skip (or, in CI, fail) when no Vulkan device can be opened."""
    import pytest  # here: the fuzzer's long run imports this module without it

    try:
        VulkanInstance().close()
    except VulkanError as err:
        if os.environ.get("COOPMLIR_REQUIRE_VULKAN"):
            pytest.fail(f"COOPMLIR_REQUIRE_VULKAN is set but: {err}")
        pytest.skip(f"no Vulkan device: {err}")
