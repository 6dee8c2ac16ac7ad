"""Sanity checks of the reference models against closed forms and the worked
examples of docs/time-model.md. Run: python3 -m pytest Reference/tests
"""

import math
import os
import random
import sys

import pytest
from mpmath import mp, mpf

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from oracle.exact import floor_mod, from_double, to_double  # noqa: E402
from oracle.media_timing import (  # noqa: E402
    Node, Timing, convert_time, evaluate, resolve)
from oracle.timing_function import CubicTimingFunction  # noqa: E402

SEED = 12345


# ----- exact helpers -----

def test_round_trip_and_sign():
    for x in (0.1, -0.1, 5e-324, -5e-324, 1e308, -2.5, 1e9 + 0.123456):
        assert to_double(from_double(x)) == x
    k, r = floor_mod(from_double(-5.3), mpf(2))
    assert k == -3 and to_double(r) == pytest.approx(0.7, abs=1e-15)


# ----- timing functions -----

def test_linear_curve_is_identity():
    curve = CubicTimingFunction(0, 0, 1, 1)
    xs = [0.0, 5e-324, 1e-300, 1e-7, 0.1, 0.5, 1 / 3, 1 - 1e-7,
          math.nextafter(1.0, 0.0), 1.0]
    for x in xs:
        assert to_double(curve.y(x)) == x
        assert to_double(curve.slope(x)) == 1.0


def test_vertical_start_closed_form():
    # (0,1,0,1): X(t) = t^3 and Y(t) = 1 - (1-t)^3, so y = 1 - (1 - x^(1/3))^3.
    curve = CubicTimingFunction(0, 1, 0, 1)
    rng = random.Random(SEED)
    xs = [0.5, 1e-7, 1e-300, 5e-324, 0.999] + [rng.random() for _ in range(20)]
    for x in xs:
        u = mp.cbrt(from_double(x))
        # 1 - (1 - u)^3 expanded to u(3 - 3u + u^2), which keeps its relative
        # accuracy for tiny u (the unexpanded form cancels at 50 digits).
        exact = u * (3 - 3 * u + u * u)
        if x > 1e-3:
            assert abs(exact - (1 - (1 - u) ** 3)) <= mpf("1e-45")
        assert abs(curve.y(x) - exact) <= mpf("1e-40") * exact


def test_power_form_equals_bernstein_form():
    rng = random.Random(SEED)
    for _ in range(20):
        curve = CubicTimingFunction(rng.random(), rng.random() * 3 - 1,
                                    rng.random(), rng.random() * 3 - 1)
        for _ in range(10):
            t = from_double(rng.random())
            assert curve.X_power(t) == curve.X(t)


def test_input_and_control_points_are_clamped():
    curve = CubicTimingFunction(0.42, 0, 0.58, 1)
    assert curve.y(-0.5) == 0 and curve.y(-math.inf) == 0
    assert curve.y(1.5) == 1 and curve.y(math.inf) == 1
    clamped = CubicTimingFunction(1.5, 0.2, -0.5, 0.8)
    same = CubicTimingFunction(1.0, 0.2, 0.0, 0.8)
    assert clamped.y(0.3) == same.y(0.3)


def test_vertical_tangent_inside():
    curve = CubicTimingFunction(1, 0, 0, 1)
    assert curve.vertical_tangent_inside() == mpf(0.5)
    assert curve.y(0.5) == mpf(0.5)
    assert curve.slope(0.5) is None
    assert CubicTimingFunction(0.42, 0, 0.58, 1).vertical_tangent_inside() is None


def test_slope_falls_back_to_higher_derivatives():
    # easeIn ends with c2 = (1, 1): X'(1) = Y'(1) = 0; X''(1) = 6(c1x - 1),
    # Y''(1) = 6(c1y - 1), so the slope there is (c1y - 1) / (c1x - 1).
    curve = CubicTimingFunction(0.42, 0, 1, 1)
    assert to_double(curve.slope(1.0)) == pytest.approx(1 / 0.58, rel=1e-15)
    # (1, 0, 1, 1): X''(1) = 0 but Y''(1) != 0, a vertical end tangent.
    assert CubicTimingFunction(1, 0, 1, 1).slope(1.0) is None


def test_css_extrapolation():
    ease_in = CubicTimingFunction(0.42, 0, 1, 1)
    # x > 1: c2x = 1 and c2y = 1, so the slope comes from c1: (0-1)/(0.42-1).
    assert to_double(ease_in.y_extrapolated(2.0)) == pytest.approx(1 + 1 / 0.58)
    # x < 0: c1x > 0, slope c1y / c1x = 0.
    assert ease_in.y_extrapolated(-1.0) == 0
    default = CubicTimingFunction(0.25, 0.1, 0.25, 1)
    assert to_double(default.y_extrapolated(-1.0)) == pytest.approx(-0.4)
    assert default.y_extrapolated(0.3) == default.y(0.3)


# ----- media timing -----

def run(timing, tp, default=0.25):
    return evaluate(resolve(timing, default), tp)


def test_worked_example():
    # duration 1, timeOffset 0.25, begun at 0: basic 0.05 at tp = 0.8,
    # and the animation ends at tp = 1.
    timing = Timing(duration=1.0, timeOffset=0.25)
    sample = run(timing, 0.8)
    assert sample.phase == "active"
    assert to_double(sample.basic) == pytest.approx(0.05, abs=1e-15)
    assert run(timing, 1.0).phase == "active"
    assert run(timing, math.nextafter(1.0, 2.0)).phase == "after"
    assert not run(timing, 1.5).in_effect


def test_final_value_at_the_end():
    timing = Timing(duration=1.0, repeatCount=3.0, fillMode="forwards")
    for tp in (3.0, 4.0, math.inf):
        sample = run(timing, tp)
        assert sample.iteration == 2 and sample.progress == 1


def test_autoreverse_integral_count_ends_on_start_value():
    timing = Timing(duration=1.0, repeatCount=2.0, autoreverses=True,
                    fillMode="forwards")
    for tp in (4.0, 10.0):
        sample = run(timing, tp)
        assert sample.iteration == 1 and sample.reversed
        assert sample.progress == 0


def test_autoreverse_two_and_a_half_ends_on_final_value():
    timing = Timing(duration=1.0, repeatCount=2.5, autoreverses=True,
                    fillMode="forwards")
    assert resolve(timing, 0.25).D == 5
    for tp in (5.0, 6.0):
        sample = run(timing, tp)
        assert sample.iteration == 2 and not sample.reversed
        assert sample.progress == 1


def test_smil_min_rule_and_sanitising():
    assert resolve(Timing(duration=1.0, repeatCount=3.0, repeatDuration=2.5),
                   0.25).D == mpf(2.5)
    assert resolve(Timing(duration=1.0, repeatCount=1.5, repeatDuration=4.0),
                   0.25).D == mpf(1.5)
    bad = resolve(Timing(beginTime=math.nan, duration=-1.0, speed=math.inf,
                         timeOffset=-math.inf, repeatCount=math.nan,
                         repeatDuration=-2.0), 0.25)
    assert (bad.begin, bad.speed, bad.offset) == (0, 1, 0)
    assert bad.d == mpf(0.25) and bad.D == mpf(0.25)
    assert resolve(Timing(), math.inf).D == mp.inf


def test_paused_object_sits_at_its_offset():
    timing = Timing(duration=1.0, repeatCount=2.0, speed=0.0, timeOffset=1.7)
    for tp in (-math.inf, 0.0, 100.0, math.inf):
        sample = run(timing, tp)
        assert sample.phase == "active" and sample.iteration == 1
        assert to_double(sample.basic) == pytest.approx(0.7, abs=1e-15)
    assert run(timing, math.nan).phase == "undefined"


def test_negative_speed_plays_backwards_before_begin():
    timing = Timing(beginTime=1.0, duration=2.0, speed=-1.0)
    assert run(timing, 2.0).phase == "before"
    assert to_double(run(timing, 0.0).basic) == 1.0
    assert run(timing, -1.0).progress == 1


def test_layer_time_before_its_begin_is_negative():
    sample = run(Timing(beginTime=2.0, timeOffset=-3.0), 4.0, default=math.inf)
    assert sample.basic == -1 and sample.progress == 0
    assert run(Timing(), math.inf, default=math.inf).phase == "undefined"


# ----- trees -----

def test_tree_round_trip_and_zero_speed():
    nodes = [Node(None, 1.0, 2.0, 0.5), Node(0, -0.5, -1.0, 0.25),
             Node(1, 2.0, 0.5, 3.0), Node(0, 0.0, 0.0, 4.0)]
    for t in (-3.0, 0.0, 2.5):
        there = convert_time(nodes, t, None, 2)
        back = convert_time(nodes, to_double(there), 2, None)
        assert to_double(back) == pytest.approx(t, abs=1e-14)
        assert convert_time(nodes, t, None, 3) == 4  # speed 0: its offset
        # Up through a paused node returns its beginTime (0), then the root's
        # inverse: (0 - 0.5) / 2 + 1.
        assert convert_time(nodes, t, 3, None) == mpf(0.75)


def test_qa1673_pause_and_resume_is_continuous():
    now, later = 5.25, 8.0
    running = [Node(None), Node(0, 0.0, 1.0, 0.0)]
    paused_time = convert_time(running, now, None, 1)
    paused = [Node(None), Node(0, 0.0, 0.0, to_double(paused_time))]
    assert convert_time(paused, now, None, 1) == paused_time
    assert convert_time(paused, later, None, 1) == paused_time
    resume_begin = to_double(convert_time([Node(None), Node(0)], later, None, 1)
                             - paused_time)
    resumed = [Node(None), Node(0, resume_begin, 1.0, 0.0)]
    assert convert_time(resumed, later, None, 1) == paused_time
