"""Make the tools installed next to this Python (the venv's bin/) findable,
so `.venv/bin/pytest` works without activating the venv."""

import os
import sys
from pathlib import Path

os.environ["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
