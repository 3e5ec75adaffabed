"""The specialization-constant vocabulary (coopmlir.specialization) and the
tuner's sweep over value sets (coopmlir.tuning.sweep_spec), without a device."""

from __future__ import annotations

import pytest

from coopmlir.specialization import (
    SPEC_IDS,
    USER_PARAMETERS,
    SpecializationError,
    check_known,
    format_values,
    parse_values,
)
from coopmlir.tuning import spec_candidates, sweep_spec


def test_each_constant_has_its_own_id():
    assert len(set(SPEC_IDS.values())) == len(SPEC_IDS)
    assert set(USER_PARAMETERS) <= set(SPEC_IDS)


def test_values_parse_and_print_back():
    values = parse_values(["subgroups_m=2,subgroups_n=4", "subgroups_m=1"])
    assert values == {"subgroups_m": 1, "subgroups_n": 4}
    assert parse_values([format_values(values)]) == values


@pytest.mark.parametrize(
    "item, message",
    [
        ("workgroup_size_x=64", "no specialization constant 'workgroup_size_x'"),
        ("subgroups_m=two", "must be a positive integer"),
        ("subgroups_n=-1", "must be a positive integer"),
    ],
)
def test_bad_values_say_why(item, message):
    with pytest.raises(SpecializationError, match=message):
        parse_values([item])


def test_values_the_module_lacks_are_refused():
    check_known({"subgroups_m": 2}, {"subgroups_m", "subgroups_n"})
    with pytest.raises(SpecializationError, match="it has: none"):
        check_known({"subgroups_m": 2}, set())


def test_candidates_are_power_of_two_grids_within_the_bound():
    grids = {(v["subgroups_m"], v["subgroups_n"]) for v in spec_candidates(4)}
    assert grids == {(1, 1), (1, 2), (1, 4), (2, 1), (2, 2), (4, 1)}


def test_candidates_take_each_device_shape_with_each_grid():
    sets = spec_candidates(2, shapes=[(16, 8, 16), (16, 16, 16), (16, 8, 16)])
    assert len(sets) == 3 * 2  # three grids, two distinct shapes
    assert {"subgroups_m": 2, "subgroups_n": 1, "coopmat_m": 16} | {
        "coopmat_n": 8,
        "coopmat_k": 16,
    } in sets


def test_sweep_ranks_measured_sets_first_and_keeps_refusals():
    seconds = {(1, 1): 3.0, (2, 1): 1.0, (1, 2): 2.0}

    def measure(values):
        grid = (values["subgroups_m"], values["subgroups_n"])
        if grid not in seconds:
            raise SpecializationError(f"{grid} does not divide the problem")
        return seconds[grid]

    trials = sweep_spec(spec_candidates(4), measure)
    order = [(t.values["subgroups_m"], t.values["subgroups_n"]) for t in trials]
    assert order[:3] == [(2, 1), (1, 2), (1, 1)]
    assert [t.seconds for t in trials[:3]] == [1.0, 2.0, 3.0]
    assert sorted(order[3:]) == [(1, 4), (2, 2), (4, 1)]
    assert all("does not divide" in (t.refusal or "") for t in trials[3:])
