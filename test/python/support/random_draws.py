"""Plain random draws for the fuzzer's case strategies where hypothesis is
not installed (a bare device machine: bench/fuzz_pipeline.py). The
families are written against `hypothesis.strategies`; `install()` puts this
module's small subset of it (composite, sampled_from, integers, booleans,
just, one_of, tuples, lists, builds; map, flatmap, filter) in
`sys.modules["hypothesis"]`, drawing from a `random.Random`. Cases are
drawn uniformly, without hypothesis' bias toward small examples and without
shrinking: `example(strategy, rng)` draws one.
"""

from __future__ import annotations

import enum
import functools
import random
import sys
import types
from collections.abc import Callable


class Strategy:
    __class_getitem__ = classmethod(lambda cls, item: cls)

    def __init__(self, draw: Callable[[random.Random], object]):
        self._draw = draw

    def draw(self, rng: random.Random):
        return self._draw(rng)

    def map(self, f):
        return Strategy(lambda rng: f(self.draw(rng)))

    def flatmap(self, f):
        return Strategy(lambda rng: f(self.draw(rng)).draw(rng))

    def filter(self, keep):
        def draw(rng):
            for _ in range(1000):
                value = self.draw(rng)
                if keep(value):
                    return value
            raise RuntimeError("filter: no value kept in 1000 draws")

        return Strategy(draw)


def example(strategy: Strategy, rng: random.Random):
    return strategy.draw(rng)


def composite(f):
    @functools.wraps(f)
    def strategy(*args, **kwargs):
        return Strategy(lambda rng: f(lambda s: s.draw(rng), *args, **kwargs))

    return strategy


def sampled_from(values):
    values = list(values)
    return Strategy(lambda rng: rng.choice(values))


def integers(min_value: int, max_value: int):
    return Strategy(lambda rng: rng.randint(min_value, max_value))


def booleans():
    return Strategy(lambda rng: rng.random() < 0.5)


def just(value):
    return Strategy(lambda rng: value)


def one_of(*strategies):
    if len(strategies) == 1 and not isinstance(strategies[0], Strategy):
        strategies = tuple(strategies[0])
    return Strategy(lambda rng: rng.choice(strategies).draw(rng))


def tuples(*strategies):
    return Strategy(lambda rng: tuple(s.draw(rng) for s in strategies))


def lists(elements, min_size: int = 0, max_size: int = 8, unique: bool = False):
    def draw(rng):
        size = rng.randint(min_size, max_size)
        values: list = []
        for _ in range(50 * (size + 1)):
            if len(values) == size:
                break
            value = elements.draw(rng)
            if not (unique and value in values):
                values.append(value)
        return values

    return Strategy(draw)


def builds(target, *args, **kwargs):
    return Strategy(
        lambda rng: target(
            *(a.draw(rng) for a in args), **{k: v.draw(rng) for k, v in kwargs.items()}
        )
    )


class HealthCheck(enum.Enum):
    too_slow = 1
    data_too_large = 2
    filter_too_much = 3


def settings(*args, **kwargs):
    """Inert: the fuzzer's settings objects are only passed along."""
    return lambda f: f


def install() -> None:
    """Make `import hypothesis` and `from hypothesis import strategies`
    give these draws (only where hypothesis itself is not importable)."""
    strategies = types.ModuleType("hypothesis.strategies")
    for name in (
        "composite",
        "sampled_from",
        "integers",
        "booleans",
        "just",
        "one_of",
        "tuples",
        "lists",
        "builds",
    ):
        setattr(strategies, name, globals()[name])
    strategies.SearchStrategy = Strategy
    package = types.ModuleType("hypothesis")
    package.__path__ = []  # a package: `hypothesis.strategies` imports
    package.strategies = strategies
    package.HealthCheck = HealthCheck
    package.settings = settings
    package.RANDOM_DRAWS = True
    sys.modules["hypothesis"] = package
    sys.modules["hypothesis.strategies"] = strategies
