"""Checks of oracle/layout.py against hand computations and invariants."""

import os
import random
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from oracle.layout import autoresize, solve_constraints  # noqa: E402


def test_proportional_share_of_two_margins():
    result = autoresize((20.0, 10.0, 60.0, 30.0), 1 | 4, (200.0, 100.0), (0.0, 0.0, 300.0, 100.0))
    assert result == (Fraction(20) + Fraction(100 * 20, 140), 10, 60, 30)


def test_even_share_when_the_flexible_parts_are_empty():
    result = autoresize((0.0, 0.0, 200.0, 100.0), 1 | 4, (200.0, 100.0), (0.0, 0.0, 300.0, 100.0))
    assert result == (50, 0, 200, 100)


def test_all_flexible_scales_with_the_superlayer_and_back():
    rng = random.Random(7)
    for _ in range(200):
        frame = tuple(rng.random() * 100 for _ in range(4))
        old = (frame[0] + frame[2] + rng.random() * 50 + 1, frame[1] + frame[3] + rng.random() * 50 + 1)
        new = (rng.random() * 500 + 1, rng.random() * 500 + 1)
        there = autoresize(frame, 63, old, (0.0, 0.0) + new)
        sx, sy = Fraction(new[0]) / Fraction(old[0]), Fraction(new[1]) / Fraction(old[1])
        assert there == (Fraction(frame[0]) * sx, Fraction(frame[1]) * sy, Fraction(frame[2]) * sx, Fraction(frame[3]) * sy)
        back = autoresize(tuple(float(v) for v in there), 63, new, (0.0, 0.0) + old)
        assert all(abs(float(b) - f) <= 1e-12 * 100 for b, f in zip(back, frame))


def test_a_fixed_part_keeps_its_length():
    for mask in range(64):
        x, y, w, h = autoresize((10.0, 20.0, 30.0, 40.0), mask, (100.0, 100.0), (0.0, 0.0, 170.0, 60.0))
        if not mask & 2:
            assert w == 30
        if not mask & 16:
            assert h == 40
        if not mask & 1:
            assert x == 10
        if not mask & 8:
            assert y == 20


def test_the_guides_example():
    layers = [
        {"name": "layerA", "frame": (0.0, 0.0, 100.0, 25.0), "constraints": [
            {"attribute": "midY", "relativeTo": "superlayer", "attribute2": "midY", "scale": 1.0, "offset": 0.0},
            {"attribute": "midX", "relativeTo": "superlayer", "attribute2": "midX", "scale": 1.0, "offset": 0.0}]},
        {"name": "layerB", "frame": (0.0, 0.0, 0.0, 0.0), "constraints": [
            {"attribute": "width", "relativeTo": "layerA", "attribute2": "width", "scale": 1.0, "offset": 0.0},
            {"attribute": "midX", "relativeTo": "layerA", "attribute2": "midX", "scale": 1.0, "offset": 0.0},
            {"attribute": "maxY", "relativeTo": "layerA", "attribute2": "minY", "scale": 1.0, "offset": -10.0},
            {"attribute": "minY", "relativeTo": "superlayer", "attribute2": "minY", "scale": 1.0, "offset": 10.0}]},
    ]
    frames = solve_constraints((0.0, 0.0, 400.0, 300.0), layers)
    assert frames == [(150, Fraction(275, 2), 100, 25), (150, 10, 100, Fraction(235, 2))]


def test_a_cycle_reads_the_layer_being_solved_as_it_stands():
    layers = [
        {"name": "a", "frame": (0.0, 0.0, 10.0, 10.0), "constraints": [
            {"attribute": "minX", "relativeTo": "b", "attribute2": "maxX", "scale": 1.0, "offset": 0.0}]},
        {"name": "b", "frame": (0.0, 0.0, 20.0, 10.0), "constraints": [
            {"attribute": "minX", "relativeTo": "a", "attribute2": "maxX", "scale": 1.0, "offset": 0.0}]},
    ]
    frames = solve_constraints((0.0, 0.0, 100.0, 100.0), layers)
    assert frames[1][0] == 10 and frames[0][0] == 30
