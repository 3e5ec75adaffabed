"""coopmlir: cooperative-matrix compilation on xDSL."""
