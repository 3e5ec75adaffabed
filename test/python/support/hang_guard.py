"""The one timeout the tests put on a child process (a tool, mlir-opt, pip).

It guards against hangs only and never judges speed: the slowest child a test
starts (determinism's pipeline, a lavapipe SIMT run, a wheel build) takes
about a minute on a 2-core machine loaded by another job of its size, and
this allows twenty times that. A test fails for a wrong answer, not for a
slow machine (issue 33).
"""

HANG_GUARD_S = 1200
