# Two entry points: `make demo` runs coopmlir on examples/, `make test` runs
# ruff, the import-linter layering contract, lit and pytest (in parallel).
# Both create .venv and install coopmlir into it first (with the `frontend`
# extra and torch-mlir, for the PyTorch frontend suite). `make test` is the
# default tier (CI's); `make test-heavy` runs the full grids and long fuzz
# runs that the default tier samples (pytest marker `heavy`).

SHELL  := /bin/bash
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: demo test test-heavy lint lit pytest clean

# Every phase prints its wall time (issue 33): `timed NAME` after a phase's
# commands, run in the same shell line. The default tier's time budget
# (test/python/support/suite_budget.py) counts from make's start, install included.
export COOPMLIR_SUITE_STARTED := $(shell date +%s)
timed = rc=$$?; echo "== $(1): $$SECONDS s (make started $$(( $$(date +%s) - $$COOPMLIR_SUITE_STARTED )) s ago)"; exit $$rc

# The frontend suite's torch-mlir, installed without its requirements (they
# would pull a CUDA torch; the `frontend` extra pins the CPU build).
TORCH_MLIR := torch-mlir==20261001

$(STAMP): pyproject.toml
	@$(PYTHON) -m venv $(VENV) || { echo "error: '$(PYTHON) -m venv' failed; on Debian/Ubuntu: sudo apt-get install python3-venv"; exit 1; }
	SECONDS=0; $(BIN)/python -m pip install -q --upgrade pip && $(BIN)/python -m pip install -q -e '.[dev,frontend]' && $(BIN)/python -m pip install -q --no-deps '$(TORCH_MLIR)'; $(call timed,install)
	@touch $@

DEMO := build/demo

demo: $(STAMP)
	@mkdir -p $(DEMO)
	@echo "== parse, verify and print every coopmat op and a mixed-precision matmul"
	$(BIN)/coopmlir-opt examples/coopmat_ops.mlir -o $(DEMO)/coopmat_ops.mlir
	$(BIN)/coopmlir-opt examples/coopmat_ops.mlir --print-op-generic | $(BIN)/coopmlir-opt | diff - $(DEMO)/coopmat_ops.mlir && echo "generic form round-trips: identical"
	@echo "== linalg.matmul -> tiled cooperative-matrix kernel (L1)"
	$(BIN)/coopmlir-opt --lower-to-coopmat="explain=true" examples/matmul.mlir -o $(DEMO)/matmul.coopmat.mlir
	@sed -n '1,12p' $(DEMO)/matmul.coopmat.mlir; echo "    ... (full kernel in $(DEMO)/matmul.coopmat.mlir)"
	@echo "== run the kernel on the interpreter and compare with the linalg.matmul it came from"
	$(BIN)/coopmlir-run $(DEMO)/matmul.coopmat.mlir --entry matmul --check-against examples/matmul.mlir
	@echo "== the same product as SPIR-V with KHR cooperative matrices, checked by spirv-val"
	$(BIN)/coopmlir-opt examples/matmul.mlir --lower-to-spirv="target=h100-vulkan" -o $(DEMO)/matmul.spv
	$(BIN)/spirv-val --target-env vulkan1.3 $(DEMO)/matmul.spv && echo "spirv-val: valid"
	@echo "== on the first Vulkan device (lavapipe or a GPU), compared with the interpreter"
	@if $(BIN)/python -c "from coopmlir.runtime.vulkan_device import VulkanInstance as V; V().close()" 2>/dev/null; \
	then $(BIN)/coopmlir-run examples/matmul.mlir --entry matmul --device vulkan --check; \
	else echo "(no Vulkan device here: apt install libvulkan1 mesa-vulkan-drivers to run this step)"; fi
	@echo "== attention on tensors (matmul, scale, causal mask, softmax, matmul) -> one FlashAttention-2 kernel"
	$(BIN)/coopmlir-opt --lower-to-coopmat="explain=true" examples/attention.mlir -o $(DEMO)/attention.coopmat.mlir
	@grep -c "gpu.launch_func" $(DEMO)/attention.coopmat.mlir | sed 's/$$/ kernel launch(es)/'
	@if $(BIN)/python -c "from coopmlir.runtime.vulkan_device import VulkanInstance as V; V().close()" 2>/dev/null; \
	then $(BIN)/coopmlir-run examples/attention.mlir --entry attention --device vulkan --check --tolerance 2e-3; \
	else echo "(no Vulkan device here: apt install libvulkan1 mesa-vulkan-drivers to run this step)"; fi
	@echo "== which lane holds which element of a 4x15 matrix (subgroup of 16)"
	$(BIN)/coopmlir-layout 4 15 --subgroup-size 16

test: lint lit pytest

lint: $(STAMP)
	SECONDS=0; $(BIN)/ruff check . && $(BIN)/ruff format --check . && $(BIN)/python test/check_layers.py; $(call timed,lint)

lit: $(STAMP)
	SECONDS=0; $(BYTECODE); PATH="$(abspath $(BIN)):$$PATH" $(BIN)/lit -sv --time-tests .; $(call timed,lit)

# Byte-compile coopmlir once: with PYTHONDONTWRITEBYTECODE set (some CI
# images set it), every tool a test starts would compile it again (0.25 s).
BYTECODE = $(BIN)/python -m compileall -q coopmlir dialects passes >/dev/null

# The default tier, with its 25 slowest tests listed.
pytest: $(STAMP)
	SECONDS=0; $(BYTECODE); PATH="$(abspath $(BIN)):$$PATH" $(BIN)/pytest -q -n auto --durations=25; $(call timed,pytest)

test-heavy: $(STAMP)
	SECONDS=0; $(BYTECODE); PATH="$(abspath $(BIN)):$$PATH" $(BIN)/pytest -q -n auto -m heavy --durations=25; $(call timed,test-heavy)

clean:
	rm -rf $(VENV) build dist *.egg-info
