"""The spring model (oracle/spring.py) against a numerical integration of the
differential equation and against the properties its closed form must have."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from mpmath import mp, mpf  # noqa: E402

from oracle.spring import TOLERANCE, Spring  # noqa: E402

REGIMES = [(1.0, 100.0, 10.0, 0.0), (1.0, 100.0, 20.0, 3.0), (1.0, 100.0, 40.0, -2.0), (2.0, 300.0, 8.0, -3.0)]


def test_closed_form_solves_the_equation():
    # m y'' + c y' + k y = 0, y(0) = -1, y'(0) = v0, integrated by mpmath's Taylor
    # series ODE solver: an independent route to the same motion.
    for m, k, c, v in REGIMES:
        spring = Spring(m, k, c, v)
        solution = mp.odefun(lambda t, y: [y[1], -(spring.c * y[1] + spring.k * y[0]) / spring.m], 0, [mpf(-1), spring.v0])
        for t in [0.05, 0.3, 0.9]:
            y, dy = solution(mpf(t))
            assert abs(spring.progress(t) - (1 + y)) < mpf("1e-25")
            assert abs(spring.velocity(t) - dy) < mpf("1e-20")


def test_starts_at_zero_and_comes_to_rest():
    for m, k, c, v in REGIMES:
        spring = Spring(m, k, c, v)
        assert spring.progress(0) == 0
        assert spring.velocity(0) == spring.v0
        assert abs(spring.progress(1000) - 1) < mpf("1e-30")


def test_settling_duration_bounds_the_motion():
    for m, k, c, v in REGIMES:
        spring = Spring(m, k, c, v)
        settle = spring.settling_duration()
        # After settling the spring stays within the tolerance (sampled densely).
        for i in range(200):
            t = settle + mpf(i) / 50
            assert abs(spring.displacement(t)) <= TOLERANCE
    # The default spring: ln(R / 0.001) / 5 with R = sqrt(1 + (5 / sqrt 75)^2) = 2 / sqrt 3.
    default = Spring()
    assert abs(default.settling_duration() - mp.log(2 / mp.sqrt(3) / TOLERANCE) / 5) < mpf("1e-40")
    assert Spring(damping=0.0).settling_duration() == mp.inf


def test_bad_input_reads_as_documented():
    assert Spring(0.0, -1.0).m == 1 and Spring(0.0, -1.0).k == 100
    assert Spring(damping=float("nan")).c == 0
    assert Spring(initial_velocity=float("inf")).v0 == 0
