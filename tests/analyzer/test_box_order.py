"""The order enumeration visits a component's boxes in: kept per shape, chosen by needs."""

from __future__ import annotations

from dataclasses import replace

from sweeper.analyzer import box_order as ordering
from sweeper.analyzer.constraints import read_problem
from sweeper.analyzer.frontier import Component, split_frontier
from sweeper.analyzer.trivial import apply_trivial_rules
from sweeper.core import parse_board

# a long frontier along the bottom of an opened area: one component of many boxes
BOARD = "\n".join([
    "0000000000000000",
    "1111222111112221",
    "................",
    "................",
]) + "\n"


def _component() -> Component:
    problem = apply_trivial_rules(read_problem(parse_board(BOARD), 12)).remaining
    (component,) = split_frontier(problem).components
    assert len(component.boxes) > ordering.SMALL_COMPONENT
    return component


def test_a_shape_met_again_gets_the_order_it_would_get_afresh_whatever_its_needs() -> None:
    component = _component()
    for needs in (component.needs, tuple(min(n, 1) for n in component.needs)):
        shaped = replace(component, needs=needs)
        ordering._CANDIDATES.clear()
        fresh = ordering.box_order(shaped)
        assert ordering.box_order(shaped) == fresh  # the second time from the kept shape
        assert sorted(fresh) == list(range(len(component.boxes)))

