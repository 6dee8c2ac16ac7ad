"""Property tests against the 50-digit oracle in Reference/oracle (mpmath): timing curves
within the accuracy contract and monotone, time conversion round trips, transform
inversion and interpolation laws. Generators favour the edges (0, 1, 1e-7, 1 - 1e-7,
values an ulp apart, tiny and huge magnitudes); Hypothesis shrinks a failure to a minimal
input and prints how to replay it. Example counts: the "ci" profile (conftest.py)."""

import math
from fractions import Fraction

import numpy as np
from hypothesis import assume, example, given, strategies as st

import cadence
from oracle import transform3d
from oracle.exact import as_fraction, to_double
from oracle.media_timing import Timing, evaluate, local_to_parent, near_boundary, parent_to_local, resolve
from oracle.timing_function import CubicTimingFunction

# progress(at:) is within 2^-41 of the exact value (docs/timing-functions.md).
PROGRESS_BOUND = 2.0 ** -41

EDGES = [0.0, 1.0, 0.5, 1e-7, 1 - 1e-7, 5e-324, 2.0 ** -30, 1 - 2.0 ** -30, math.nextafter(0.5, 1), math.nextafter(1.0, 0)]
unit = st.sampled_from(EDGES) | st.floats(0, 1)
overshoot = st.sampled_from([0.0, 1.0, -1.0, 2.0]) | st.floats(-2, 3)
curves = st.tuples(unit, overshoot, unit, overshoot)
monotone_curves = st.tuples(unit, unit, unit, unit)


def within_4_ulps(curve, x):
    """The least and greatest exact y over the inputs within 4 ulps of x (the ends and x
    itself: enough for the short, locally monotone stretch)."""
    low, high = x, x
    for _ in range(4):
        low, high = math.nextafter(low, -1), math.nextafter(high, 2)
    ys = [curve.y(max(low, 0.0)), curve.y(x), curve.y(min(high, 1.0))]
    return min(ys), max(ys)


def meets(curve, x, y, bound):
    """Whether y is within `bound` of the exact value at x, or else (where the curve is
    vertical or nearly so inside, and no double-precision solver can do better than the
    rounding of x) within `bound` of the exact value at some input within 4 ulps of x: the
    backward-error bound docs/timing-functions.md states for vertical curves. Nearly
    vertical ones ((1, 0, 5e-324, 0) at 0.5, found by this test) meet only the latter."""
    if abs(y - curve.y(x)) <= bound:
        return True
    low, high = within_4_ulps(curve, x)
    return low - bound <= y <= high + bound


@given(curves, unit)
@example((1.0, 0.0, 5e-324, 0.0), 0.5)  # nearly vertical inside: the backward bound
def test_progress_is_within_the_accuracy_contract(points, x):
    curve = CubicTimingFunction(*points)
    with cadence.TimingFunction(*points) as f:
        y = f.progress(x)
        assert meets(curve, x, y, PROGRESS_BOUND), (points, x, y)


# Correct rounding is not promised where the exact value lies within about 1e-30 of a
# rounding boundary (docs/timing-functions.md); (0.5000000000000001, 0.25, ...) at
# 0.5000000000000001 is 1e-33 above one.
NEAR_BOUNDARY = 1e-30


@given(curves, unit)
@example((1.0, 0.0, 5e-324, 0.0), 0.5)
@example((0.5000000000000001, 0.25, 0.5000000000000001, 0.25), 0.5000000000000001)  # 1e-33 from a boundary
def test_correctly_rounded_progress_is_the_nearest_double(points, x):
    curve = CubicTimingFunction(*points)
    with cadence.TimingFunction(*points) as f:
        y = f.correctly_rounded_progress(x)
        exact = curve.y(x)
        nearest = to_double(exact)
        if y == nearest:
            return
        if min(x, abs(nearest)) < 1e-290:  # error-free products underflow: within 1e-100
            assert abs(y - exact) <= 1e-100, (points, x, y)
            return
        boundary = (Fraction(y) + Fraction(nearest)) / 2
        neighbours = math.nextafter(y, nearest) == nearest
        near_boundary = neighbours and abs(as_fraction(exact) - boundary) <= NEAR_BOUNDARY
        assert near_boundary or meets(curve, x, y, 0.0), (points, x, y, nearest)


@given(monotone_curves, unit, st.integers(0, 3) | st.floats(0, 1))
def test_progress_is_monotone_with_exact_ends(points, x, step):
    # With y control points in 0...1 the curve is monotone; steps of whole ulps and larger.
    with cadence.TimingFunction(*points) as f:
        x2 = x
        if isinstance(step, int):
            for _ in range(step):
                x2 = math.nextafter(x2, 2)
        else:
            x2 = min(1.0, x + step)
        assert f.progress(x) <= f.progress(x2)
        assert f.progress(0.0) == 0.0 and f.progress(1.0) == 1.0
        batch = f.progress(np.array([x, x2]))
        assert batch.tolist() == [f.progress(x), f.progress(x2)]


times = st.sampled_from([0.0, 1.0, -1.0, 1e-9, 1e6]) | st.floats(-1e6, 1e6)
speeds = st.sampled_from([1.0, -1.0, 2.0, 0.5, 1e-3, 1e3]) | st.floats(-1e3, 1e3).filter(lambda s: abs(s) >= 1e-3)


@given(times, speeds, times, times)
@example(0.0, 0.001, 0.0, 1.1125369292536007e-308)  # a subnormal local time
def test_time_conversion_round_trips(begin, speed, offset, parent):
    timing = cadence.MediaTiming(begin_time=begin, speed=speed, time_offset=offset)
    local = timing.local_time(parent)
    # Three roundings: within 2 ulps of each intermediate magnitude of the exact value.
    exact_local = parent_to_local(Fraction(begin), Fraction(speed), Fraction(offset), Fraction(parent))
    scale = abs(parent - begin) * abs(speed) + abs(offset) + abs(parent) * abs(speed)
    assert abs(local - float(exact_local)) <= 4 * math.ulp(scale) + 4 * 5e-324
    back = timing.parent_time(local)
    exact_back = local_to_parent(Fraction(begin), Fraction(speed), Fraction(offset), Fraction(local))
    scale_back = (abs(local) + abs(offset)) / abs(speed) + abs(begin)
    assert abs(back - float(exact_back)) <= 4 * math.ulp(scale_back) + 4 * 5e-324 / abs(speed)
    # The round trip returns to the parent time within the rounding of both directions;
    # below 2.2e-308 each rounding is up to the smallest subnormal, which the division by
    # the speed magnifies.
    floor = 8 * 5e-324 / abs(speed)
    assert abs(back - parent) <= 8 * math.ulp(scale / abs(speed) + abs(begin) + abs(parent)) + floor


durations = st.sampled_from([0.0, 1.0, 0.25, 2.0, math.inf, -1.0, math.nan]) | st.floats(1e-3, 100)
counts = st.sampled_from([0.0, 1.0, 2.5, 0.25, math.inf, -1.0, math.nan]) | st.floats(0, 10)
fill_modes = st.sampled_from(["removed", "forwards", "backwards", "both"])
media_timings = st.builds(
    cadence.MediaTiming, begin_time=times, duration=durations, speed=st.sampled_from([0.0]) | speeds,
    time_offset=times, repeat_count=counts, repeat_duration=st.sampled_from([0.0]) | counts,
    autoreverses=st.booleans(), fill_mode=fill_modes)


@given(media_timings, st.sampled_from([math.nan, math.inf, -math.inf]) | times)
def test_media_timing_states_match_the_oracle(timing, parent):
    res = resolve(Timing(timing.begin_time, timing.duration, timing.speed, timing.time_offset, timing.repeat_count,
                         timing.repeat_duration, timing.autoreverses, timing.fill_mode), 0.25)
    expected = evaluate(res, parent)
    # Where double rounding may flip the phase or the iteration, the oracle says so.
    assume(not near_boundary(res, parent, expected))
    state = timing.state(parent)
    assert (state.phase, state.in_effect) == (expected.phase, expected.in_effect)
    if expected.in_effect:
        assert (state.iteration, state.reversed) == (expected.iteration, expected.reversed)
        # Basic time within the rounding of the position (about ulp(tp), see ResolvedTiming).
        tolerance = 1e-12 * max(1.0, abs(parent), abs(timing.begin_time), abs(timing.time_offset))
        assert abs(state.basic_time - float(expected.basic)) <= tolerance * max(1.0, 1 / abs(timing.speed or 1))
        assert 0 <= state.progress <= 1


angles = st.sampled_from([0.0, math.pi / 2, math.pi, 1e-9]) | st.floats(-7, 7)
factors = st.sampled_from([1.0, -1.0, 1e-3, 1e3]) | st.floats(0.05, 20) | st.floats(-20, -0.05)
offsets = st.floats(-1e3, 1e3)


@st.composite
def well_conditioned(draw):
    """A product of a scale, a rotation about a random axis, a translation and (sometimes)
    a perspective: invertible with a moderate condition number."""
    axis = draw(st.tuples(st.floats(-1, 1), st.floats(-1, 1), st.floats(-1, 1)))
    m = cadence.scale(draw(factors), draw(factors), draw(factors))
    m = cadence.concat(m, cadence.rotation(draw(angles), *axis))
    m = cadence.concat(m, cadence.translation(draw(offsets), draw(offsets), draw(offsets)))
    if draw(st.booleans()):
        perspective = cadence.identity()
        perspective[2, 3] = -1 / draw(st.floats(100, 5000))
        m = cadence.concat(m, perspective)
    return m


@given(well_conditioned())
def test_inversion_against_the_oracle(m):
    inverse, invertible = cadence.invert(m)
    exact, singular, _, condition = transform3d.invert([list(row) for row in m])
    assert invertible == (not singular)
    assume(invertible)
    expected = np.array([[float(v) for v in row] for row in exact])
    # The documented accuracy: about cond * 1e-16 relative to the largest entry.
    assert np.abs(inverse - expected).max() <= 64e-16 * float(condition) * max(1, np.abs(expected).max())
    assert np.abs(m @ inverse - np.eye(4)).max() <= 64e-16 * float(condition)


@given(well_conditioned(), well_conditioned())
def test_concat_is_the_rounded_product(a, b):
    product = cadence.concat(a, b)
    exact = transform3d.multiply(transform3d.from_fields(a.ravel()), transform3d.from_fields(b.ravel()))
    magnitude = np.abs(a) @ np.abs(b)  # the error of a dot product of 4 is within 4 ulps of this
    for i in range(4):
        for j in range(4):
            assert abs(product[i, j] - float(exact[i][j])) <= 4 * math.ulp(magnitude[i, j]) + 1e-300


@given(well_conditioned(), well_conditioned(), st.sampled_from([0.0, 0.5, 1.0]) | st.floats(0, 1))
@example(cadence.concat(cadence.translation(0, 0, 100), np.array(
    [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, -0.01], [0, 0, 0, 1]])), cadence.identity(), 0.0)  # m44 = 0
def test_interpolation_laws(a, b, t):
    scale_a, scale_b = max(1, np.abs(a).max()), max(1, np.abs(b).max())
    # The ends come back to about 1e-15 relative (decomposition and recomposition).
    assert np.abs(cadence.interpolate(a, b, 0) - a).max() <= 1e-12 * scale_a
    assert np.abs(cadence.interpolate(a, b, 1) - b).max() <= 1e-12 * scale_b
    # A transform interpolated with itself stays put.
    assert np.abs(cadence.interpolate(a, a, t) - a).max() <= 1e-12 * scale_a
    # Decomposition round trips; it fails only where m44 is 0 (a translation along z by the
    # perspective distance, which the generator can make) or the matrix is singular.
    parts, decomposable = cadence.decompose(a)
    if decomposable:
        assert np.abs(cadence.recompose(parts) - a).max() <= 1e-12 * scale_a
    else:
        assert a[3, 3] == 0 or not cadence.invert(a)[1]
