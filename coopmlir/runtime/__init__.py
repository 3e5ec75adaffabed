"""Runtimes that run compiled kernels on real devices."""
