"""tiers.py: the default tier keeps a sample that covers every value of
every axis, and the two tiers together are the whole grid."""

from __future__ import annotations

from support.tiers import covering, except_heavy, sample


def heavy(param) -> bool:
    return any(mark.name == "heavy" for mark in param.marks)


def default_values(params) -> list[tuple]:
    return [p.values for p in params if not heavy(p)]


def test_covering_keeps_every_value_of_every_axis_once_or_more():
    forms, configs = ["matmul", "ab", "batch"], [{"s": 0}, {"s": 1}]
    params = covering(forms, configs)
    assert [p.values for p in params] == [(f, c) for f in forms for c in configs]
    kept = default_values(params)
    assert kept == [("matmul", {"s": 0}), ("ab", {"s": 1}), ("batch", {"s": 0})]
    assert {f for f, _ in kept} == set(forms)


def test_covering_names_combinations_by_axis():
    params = covering([1, 2], ["x"], ids=[str, str])
    assert [p.id for p in params] == ["1-x", "2-x"]


def test_sample_keeps_the_positions_asked_for():
    params = sample([(1, "a"), (2, "b"), (3, "c")], keep=[0, 2], unpack=True)
    assert default_values(params) == [(1, "a"), (3, "c")]
    assert [p.values for p in params if heavy(p)] == [(2, "b")]


def test_sample_keeps_tuple_cases_whole_unless_unpacked():
    params = sample([(1, "a"), (2, "b")], keep=[1])
    assert default_values(params) == [((2, "b"),)]


def test_except_heavy_moves_only_the_named_cases():
    params = except_heavy(["a", "b", "c"], heavy=["b"])
    assert default_values(params) == [("a",), ("c",)]
