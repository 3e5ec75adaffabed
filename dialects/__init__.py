"""IR definitions of coopmlir (installed as coopmlir.dialects)."""
