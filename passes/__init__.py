"""Passes of coopmlir, one per file (installed as coopmlir.passes)."""
