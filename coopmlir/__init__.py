"""coopmlir: cooperative-matrix compilation on xDSL."""

#: The release; pyproject.toml reads it from here (setuptools' `attr:`).
__version__ = "0.1.0"
