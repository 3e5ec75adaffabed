"""Command-line tools of coopmlir."""
