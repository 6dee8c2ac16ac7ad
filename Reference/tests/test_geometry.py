"""Checks of the geometry models (transforms, decomposition, arc length)
against closed forms and independent formulas.

    python3 -m pytest Reference/tests
"""

from fractions import Fraction
import json
import math
import os
import random
import sys

import pytest
from mpmath import mp, mpf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from oracle import decomposition as D  # noqa: E402
from oracle import transform3d as T  # noqa: E402
from oracle.arc_length import Segment  # noqa: E402

SEED = 4242
GOLDENS = os.path.join(os.path.dirname(HERE), "goldens")
TIGHT = mpf("1e-40")


def close(a, b, tol=TIGHT):
    return abs(T.to_mpf(a) - T.to_mpf(b)) <= tol


def matrices_close(a, b, tol=TIGHT):
    a, b = T.as_rows(a), T.as_rows(b)
    scale = max(mpf(1), max(abs(T.to_mpf(v)) for row in b for v in row))
    return all(close(a[i][j], b[i][j], tol * scale)
               for i in range(4) for j in range(4))


def random_unit_axis(rng):
    while True:
        v = [rng.random() * 2 - 1 for _ in range(3)]
        if sum(x * x for x in v) > 0.01:
            return v


# ----- Transform3D -----

@pytest.mark.parametrize("angle", [0.3, -1.2, math.pi / 2, 2.5, math.pi, 100.0])
def test_rotation_about_z_sends_x_axis_to_cos_sin(angle):
    m = T.make_rotation(angle, 0, 0, 1)
    (x, y, z), w = T.transform_point(m, (1.0, 0.0, 0.0))
    a = mpf(angle)
    assert w == 1
    assert close(x, mp.cos(a)) and close(y, mp.sin(a)) and z == 0
    # and (0, 1, 0) goes to (-sin a, cos a, 0): a counterclockwise turn in a
    # y-up frame (clockwise on a y-down screen).
    (x, y, z), _ = T.transform_point(m, (0.0, 1.0, 0.0))
    assert close(x, -mp.sin(a)) and close(y, mp.cos(a))


def test_rotation_matches_rodrigues_formula_on_points():
    # Rodrigues: v' = v cos a + (k x v) sin a + k (k . v)(1 - cos a) for the
    # right-handed turn about the unit axis k; the row vector v . M must match.
    rng = random.Random(SEED)
    for _ in range(20):
        axis = random_unit_axis(rng)
        angle = rng.random() * 14 - 7
        v = [rng.random() * 200 - 100 for _ in range(3)]
        m = T.make_rotation(angle, *axis)
        (x, y, z), _ = T.transform_point(m, v)
        length = mp.sqrt(sum(mpf(c) ** 2 for c in axis))
        k = [mpf(c) / length for c in axis]
        vv = [mpf(c) for c in v]
        c, s = mp.cos(mpf(angle)), mp.sin(mpf(angle))
        cross = [k[1] * vv[2] - k[2] * vv[1], k[2] * vv[0] - k[0] * vv[2],
                 k[0] * vv[1] - k[1] * vv[0]]
        dot = sum(k[i] * vv[i] for i in range(3))
        expected = [vv[i] * c + cross[i] * s + k[i] * dot * (1 - c)
                    for i in range(3)]
        for got, want in zip((x, y, z), expected):
            assert close(got, want, mpf("1e-45") * 200)


def test_rotation_is_orthonormal_with_determinant_one():
    rng = random.Random(SEED)
    for _ in range(10):
        m = T.make_rotation(rng.random() * 7, *random_unit_axis(rng))
        for i in range(3):
            for j in range(3):
                dot = sum(m[i][k] * m[j][k] for k in range(3))
                assert close(dot, 1 if i == j else 0)
        assert close(T.determinant(m), 1, mpf("1e-45"))


def test_zero_axis_gives_identity_and_rotate_returns_t():
    assert T.make_rotation(1.0, 0, 0, 0) == T.identity()
    t = T.from_fields([float(k) for k in range(16)])
    assert T.rotate(t, 1.0, 0.0, 0.0, 0.0) == t


def test_concat_applies_a_first():
    rng = random.Random(SEED)
    for _ in range(10):
        a = [rng.random() * 4 - 2 for _ in range(16)]
        b = [rng.random() * 4 - 2 for _ in range(16)]
        p = [rng.random() * 10 - 5 for _ in range(3)]
        x = [Fraction(v) for v in p] + [Fraction(1)]
        ab = T.concat(a, b)
        A, B = T.from_fields(a), T.from_fields(b)
        through_a = [sum(x[k] * A[k][j] for k in range(4)) for j in range(4)]
        then_b = [sum(through_a[k] * B[k][j] for k in range(4)) for j in range(4)]
        direct = [sum(x[k] * ab[k][j] for k in range(4)) for j in range(4)]
        assert direct == then_b


def test_translate_scale_rotate_apply_before_t():
    # translate(t, v) sends p to (p + v) . t, and likewise for scale/rotate.
    t = T.from_fields([2.0, 0.5, 0.0, 0.0, -0.5, 2.0, 0.0, 0.0,
                       0.0, 0.0, 1.0, -0.002, 10.0, 20.0, 30.0, 1.0])
    p = (1.0, 2.0, 3.0)
    moved, _ = T.transform_point(t, (4.0, -3.0, 3.5))
    assert T.transform_point(T.translate(t, 3.0, -5.0, 0.5), p)[0] == moved
    scaled, _ = T.transform_point(t, (2.0, 6.0, -3.0))
    assert T.transform_point(T.scale(t, 2.0, 3.0, -1.0), p)[0] == scaled
    r = T.make_rotation(0.7, 1, 1, 0)
    q = [sum(T.to_mpf(c) * r[k][j] for k, c in enumerate(p + (1.0,)))
         for j in range(4)]
    rotated = T.rotate(t, 0.7, 1, 1, 0)
    x = [sum(q[k] * T.to_mpf(t[k][j]) for k in range(4)) for j in range(4)]
    (gx, gy, gz), _ = T.transform_point(rotated, p)
    for got, want in zip((gx, gy, gz), (x[0] / x[3], x[1] / x[3], x[2] / x[3])):
        assert close(got, want)


def test_invert_is_exact_and_singular_returns_input():
    rng = random.Random(SEED)
    for _ in range(10):
        m = [rng.random() * 20 - 10 for _ in range(16)]
        inv, singular, det, _ = T.invert(m)
        assert not singular and det != 0
        assert T.multiply(T.from_fields(m), inv) == T.identity()
    small = [0.04, 0, 0, 0, 0, 0.04, 0, 0, 0, 0, 0.04, 0, 0, 0, 0, 1]
    inv, singular, _, _ = T.invert(small)
    assert not singular and T.to_double_any(inv[0][0]) == 25.0
    tiny = [1e-12, 0, 0, 0, 0, 1e-12, 0, 0, 0, 0, 1e-12, 0, 0, 0, 0, 1]
    assert not T.invert(tiny)[1]  # relative test: still invertible
    flat = [1.0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 5, 6, 7, 1]
    result, singular, det, _ = T.invert(flat)
    assert singular and det == 0 and result == T.from_fields(flat)
    nan = [1.0, 0, 0, 0, 0, math.nan, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    assert T.invert(nan)[1] and T.invert(nan)[2] is None


def test_singularity_is_relative_to_hadamards_bound():
    # Hadamard: |det| <= prod ||row_i|| for every matrix (checked exactly on
    # random ones), so the ratio the rule thresholds never exceeds 1e14.
    rng = random.Random(SEED)
    for _ in range(20):
        m = T.from_fields([rng.random() * 20 - 10 for _ in range(16)])
        assert T.determinant(m) ** 2 <= T.hadamard_squared(m)
    # Scaling a row does not change the decision.
    for s in (1e-14, 1.0, 1e14):
        assert not T.is_singular(T.make_scale(s, s, s))
        assert not T.is_singular(T.make_scale(s, 1, 1e-3))
    # Rows (1, 0, 0, 0) and (1, d, 0, 0): det = d, prod ||row|| = sqrt(1 + d^2),
    # so the threshold is 1e-14 (to 1e-28 relative).
    def sheared(d):
        m = T.identity()
        m[1][0], m[1][1] = Fraction(1), Fraction(d)
        return m
    assert not T.is_singular(sheared(4e-14))
    assert not T.is_singular(sheared(1.01e-14))
    assert T.is_singular(sheared(0.99e-14))
    assert T.is_singular(sheared(2.5e-15))
    assert T.is_singular(T.make_scale(1, 1, 0))
    assert not T.is_singular(T.from_fields(  # m44 = 0 but invertible
        [1.0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0]))


def test_bounding_box():
    # A 100 x 50 rectangle turned by 30 degrees: the box of the four corners,
    # whose extents are w cos + h sin and w sin + h cos (closed form).
    a = mpf(math.pi / 6)
    m = T.make_rotation(math.pi / 6, 0, 0, 1)
    box, w = T.bounding_box(m, (0.0, 0.0, 100.0, 50.0))
    assert w == 1
    assert close(box[2], 100 * mp.cos(a) + 50 * mp.sin(a), mpf("1e-45"))
    assert close(box[3], 100 * mp.sin(a) + 50 * mp.cos(a), mpf("1e-45"))
    assert close(box[0], -50 * mp.sin(a), mpf("1e-45")) and close(box[1], 0)
    # A negative width is standardised first.
    assert T.bounding_box(m, (100.0, 0.0, -100.0, 50.0)) == (box, w)
    # Perspective: corners are divided by their own W.
    p = T.from_fields([1.0, 0, 0, 0.5, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    box, w = T.bounding_box(p, (0.0, 0.0, 2.0, 1.0))   # W = 1 + x/2
    assert box == (0, 0, 1, Fraction(1)) and w == 1
    # W <= 0 at any corner: no finite box.
    q = T.from_fields([1.0, 0, 0, -0.5, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    assert T.bounding_box(q, (0.0, 0.0, 2.0, 1.0)) == (None, 0)
    assert T.bounding_box(q, (0.0, 0.0, 1.0, 1.0))[0] is not None


def test_affine_round_trip_and_is_affine():
    t = (1.5, 0.5, -0.5, 2.0, 10.0, 20.0)
    m = T.make_affine_transform(*t)
    assert T.is_affine(m)
    assert tuple(float(v) for v in T.get_affine_transform(m)) == t
    p = (3.0, -4.0)
    (x, y, z), w = T.transform_point(m, p + (0.0,))
    assert (x, y) == T.affine_transform_point(t, p) and z == 0 and w == 1
    m[2][3] = Fraction(-1, 500)
    assert not T.is_affine(m)
    inv, singular, _ = T.affine_invert(t)
    assert not singular
    assert T.affine_concat(t, inv) == (1, 0, 0, 1, 0, 0)


# ----- decomposition -----

def rotation_quaternion(angle, axis):
    length = mp.sqrt(sum(mpf(c) ** 2 for c in axis))
    s = mp.sin(mpf(angle) / 2)
    return [mpf(c) / length * s for c in axis] + [mp.cos(mpf(angle) / 2)]


def test_decomposed_rotation_is_the_axis_angle_quaternion():
    # An independent check of the sign rules and of the row-vector rotation
    # matrix: make_rotation's turn by a about k is (k sin a/2, cos a/2).
    rng = random.Random(SEED)
    cases = [(0.3, (0, 0, 1)), (1.2, (1, 0, 0)), (2.0, (1, 2, 3)),
             (3.0, (-1, 0.5, 2))]
    cases += [(rng.random() * 3.1, random_unit_axis(rng)) for _ in range(10)]
    for angle, axis in cases:
        with mp.workdps(D.DPS):
            d = D.decompose(T.make_rotation(angle, *axis))
            expected = rotation_quaternion(angle, axis)
        for got, want in zip(d.quaternion, expected):
            assert close(got, want)
        for s in d.scale:
            assert close(s, 1)


def test_recompose_inverts_decompose():
    # Every decomposable matrix, mirrors, half turns and m44 != 1 included,
    # comes back as itself (not divided by m44).
    rng = random.Random(SEED)
    import generate_geometry as G
    matrices = [m for _, m in G.named_decomposition_matrices()]
    matrices += [G.random_decomposable(rng) for _ in range(20)]
    checked = 0
    for m in matrices:
        d = D.decompose(m)
        if d is None:
            continue
        assert D.round_trip_error(m) <= TIGHT
        checked += 1
    assert checked > 50


def test_decompose_recovers_the_parameters():
    rng = random.Random(SEED)
    import generate_geometry as G
    for k in range(12):
        params = G.random_parameters(rng)
        # Gram-Schmidt gives y and z positive scales; a mirror goes to x.
        params.scale = [params.scale[0], abs(params.scale[1]),
                        abs(params.scale[2])]
        params.m44 = [1, 2, Fraction(-1, 4)][k % 3]
        d = D.decompose(T.to_exact_matrix(D.recompose(params)))
        for name in ("perspective", "translate", "scale", "skew"):
            for got, want in zip(getattr(d, name), getattr(params, name)):
                assert close(got, want, mpf("1e-90")), name
        assert d.m44 == T.to_exact_matrix(D.recompose(params))[3][3]
        assert close(d.m44, params.m44, mpf("1e-90"))
        q = params.quaternion
        sign = 1 if q[3] >= 0 else -1  # decompose returns w >= 0
        for got, want in zip(d.quaternion, q):
            assert close(got, sign * want, mpf("1e-60"))


def css_quaternion(r):
    """CSS Transforms 2's formula, an independent check of Shepperd's method
    where it is well conditioned (w well away from 0)."""
    half = mpf(1) / 2
    x = half * mp.sqrt(max(1 + r[0][0] - r[1][1] - r[2][2], 0))
    y = half * mp.sqrt(max(1 - r[0][0] + r[1][1] - r[2][2], 0))
    z = half * mp.sqrt(max(1 - r[0][0] - r[1][1] + r[2][2], 0))
    w = half * mp.sqrt(max(1 + r[0][0] + r[1][1] + r[2][2], 0))
    if r[2][1] > r[1][2]:
        x = -x
    if r[0][2] > r[2][0]:
        y = -y
    if r[1][0] > r[0][1]:
        z = -z
    return [x, y, z, w]


def test_shepperd_matches_css_where_w_is_large_and_keeps_w_nonnegative():
    rng = random.Random(SEED)
    with mp.workdps(D.DPS):
        for _ in range(30):
            q = rotation_quaternion(rng.random() * 12 - 6, random_unit_axis(rng))
            r = D.rotation_rows(q)
            got = D.quaternion_from_rows(r)
            assert got[3] >= 0
            sign = 1 if q[3] >= 0 else -1
            for a, b in zip(got, q):
                assert close(a, sign * b, mpf("1e-100"))
            if got[3] > mpf("0.1"):
                for a, b in zip(got, css_quaternion(r)):
                    assert close(a, b, mpf("1e-100"))
        # Exact half turns: w = 0 and the first non-zero component > 0,
        # whichever of the tied branches is taken.
        for axis in ((1, -1, 0), (-1, 1, 0), (0, -1, 1), (0, 0, -1), (1, 1, -1)):
            q = rotation_quaternion(mp.pi, axis)
            got = D.quaternion_from_rows(D.rotation_rows(q))
            assert got[3] == 0
            first = next(v for v in got[:3] if abs(v) > D.TIE)
            assert first > 0
            sign = 1 if next(v for v in q[:3] if abs(v) > D.TIE) > 0 else -1
            for a, b in zip(got[:3], q[:3]):
                assert close(a, sign * b, mpf("1e-100"))


def test_perspective_card_recovers_m34():
    p = T.from_fields([1.0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1 / 500, 0, 0, 0, 1])
    d = D.decompose(T.rotate(p, 0.7, 0, 1, 0))
    for got, want in zip(d.perspective, [0, 0, mpf(-1 / 500), 1]):
        assert close(got, want, mpf("1e-45"))
    for got, want in zip(d.quaternion, rotation_quaternion(0.7, (0, 1, 0))):
        assert close(got, want)


def test_not_decomposable():
    identity = [1.0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    assert D.decompose(identity) is not None
    swap_zw = [1.0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0]  # m44 = 0
    assert D.decompose(swap_zw) is None
    assert D.decompose([1.0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]) is None
    # The relative rule: a uniform scale of 1e-14 (|det| 1e-42) is regular.
    assert D.decompose([1e-14, 0, 0, 0, 0, 1e-14, 0, 0, 0, 0, 1e-14, 0,
                        0, 0, 0, 1]) is not None
    # Rows parallel to 2.5e-15: |det P| = 2.5e-15 <= 1e-14 * ||rows||.
    assert D.decompose([1.0, 0, 0, 0, 1, 2.5e-15, 0, 0, 0, 0, 1, 0,
                        0, 0, 0, 1]) is None
    assert D.decompose([1.0, 0, 0, 0, 1, 4e-14, 0, 0, 0, 0, 1, 0,
                        0, 0, 0, 1]) is not None
    for bad in (math.inf, -math.inf, math.nan):
        m = list(identity)
        m[12] = bad
        assert D.decompose(m) is None
    m = list(identity)
    m[12] = math.nan
    assert D.interpolate(m, identity, 0.25)[0] == T.as_rows(m)  # discrete


def test_mirror_flips_only_the_x_axis():
    def dec(m):
        return D.decompose(m)
    mirror_x = [-1.0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    d = dec(mirror_x)
    assert d.scale == [-1, 1, 1] and d.quaternion == [0, 0, 0, 1]
    d = dec([1.0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])  # mirror y
    assert d.scale == [-1, 1, 1] and d.quaternion == [0, 0, 1, 0]  # half turn z
    d = dec([-1.0, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1])
    assert d.scale == [-1, 1, 1] and d.quaternion == [1, 0, 0, 0]  # half turn x
    # The shears measured along row 0 flip with it, or the round trip fails:
    # rows (-1, 0, 0), (0.5, 1, 0) are x mirrored, then xy-sheared by +0.5.
    sheared = [-1.0, 0, 0, 0, 0.5, 1, 0, 0, 0.25, -0.75, 1, 0, 0, 0, 0, 1]
    d = dec(sheared)
    assert d.scale == [-1, 1, 1] and d.skew == [0.5, 0.25, -0.75]
    for m in (sheared, [-2.0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1],
              [2.0, 0, 0, 0, 0.6, 1.5, 0, 0, -0.5, 0.25, -0.75, 0, 0, 0, 0, 1]):
        assert D.round_trip_error(m) <= TIGHT
    # A 2D mirror keeps row 2 = (0, 0, 1) and its rotation about z.
    deg = math.pi / 180
    m = T.rounded_fields(T.concat(T.make_scale(-1, 1, 1),
                                  T.make_rotation(-30 * deg, 0, 0, 1)))
    d = dec(m)
    assert d.quaternion[0] == 0 and d.quaternion[1] == 0


def test_swap_and_mirrored_rotation_round_trip():
    # These lost their quaternion signs under CSS's all-axes flip and its
    # square-root formula; with the x-only flip and Shepperd they are plain
    # rotations about z (the swap is x mirrored, then turned by -90 deg).
    swap = [0.0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    d = D.decompose(swap)
    assert d.scale == [-1, 1, 1]
    with mp.workdps(D.DPS):
        expected = rotation_quaternion(-mp.pi / 2, (0, 0, 1))
        for got, want in zip(d.quaternion, expected):
            assert close(got, want, mpf("1e-100"))
    assert D.round_trip_error(swap) <= TIGHT
    deg = math.pi / 180
    for angle in (30, -30, 150, -150, 180):
        m = T.rounded_fields(T.concat(T.make_scale(-1, 1, 1),
                                      T.make_rotation(angle * deg, 0, 0, 1)))
        assert D.round_trip_error(m) <= TIGHT


def test_interpolation_endpoints_are_the_inputs():
    rng = random.Random(SEED)
    import generate_geometry as G
    for _ in range(8):
        a, b = G.random_decomposable(rng), G.random_decomposable(rng)
        assert matrices_close(D.interpolate(a, b, 0.0)[0], a)
        assert matrices_close(D.interpolate(a, b, 1.0)[0], b)
    # m44 != 1 is kept, not normalised away, and blends linearly.
    m44 = [1.0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 2, 4, 6, 2]
    identity = [1.0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    assert matrices_close(D.interpolate(m44, identity, 0.0)[0], m44)
    assert matrices_close(D.interpolate(identity, m44, 1.0)[0], m44)
    mid, d = D.interpolate(m44, identity, 0.5)
    assert close(d.m44, mpf(1.5))
    # translate blends (1, 2, 3) -> 0; the result is 1.5 * (that).
    assert [T.to_double_any(v) for v in mid[3]] == [0.75, 1.5, 2.25, 1.5]
    negative = [-1.0, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1]  # = I
    for p in (0.0, 0.3, 1.0):
        assert matrices_close(D.interpolate(negative, negative, p)[0], negative)


def test_slerp_endpoints_and_short_way():
    rng = random.Random(SEED)
    for _ in range(10):
        qa = rotation_quaternion(rng.random() * 6, random_unit_axis(rng))
        qb = rotation_quaternion(rng.random() * 6, random_unit_axis(rng))
        dot = sum(x * y for x, y in zip(qa, qb))
        sign = -1 if dot < 0 else 1
        for got, want in zip(D.slerp(qa, qb, 0), qa):
            assert close(got, want)
        for got, want in zip(D.slerp(qa, qb, 1), qb):
            assert close(got, sign * want)
        # The short way: the blend never moves away from both ends, and its
        # angle to qa grows linearly.
        mid = D.slerp(qa, qb, 0.5)
        half = sum(x * y for x, y in zip(qa, mid))
        assert close(half, mp.cos(mp.acos(abs(dot)) / 2), mpf("1e-45"))


def test_interpolating_rotations_about_z():
    deg = math.pi / 180
    a = T.rounded_fields(T.make_rotation(0.0, 0, 0, 1))
    b = T.rounded_fields(T.make_rotation(math.pi / 2, 0, 0, 1))
    mid = D.interpolate(a, b, 0.5)[0]
    assert matrices_close(mid, T.make_rotation(math.pi / 4, 0, 0, 1), mpf("1e-15"))
    # 170 -> -170 degrees goes through 180, not through 0.
    a = T.rounded_fields(T.make_rotation(170 * deg, 0, 0, 1))
    b = T.rounded_fields(T.make_rotation(-170 * deg, 0, 0, 1))
    mid = D.interpolate(a, b, 0.5)[0]
    assert close(mid[0][0], -1, mpf("1e-15"))
    # identity -> 2 pi does not move.
    two_pi = T.rounded_fields(T.make_rotation(2 * math.pi, 0, 0, 1))
    identity = T.rounded_fields(T.identity())
    for p in (0.25, 0.5, 0.75, 1.25):
        assert matrices_close(D.interpolate(identity, two_pi, p)[0],
                              T.identity(), mpf("1e-15"))


def test_not_decomposable_switches_at_one_half():
    identity = [1.0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    flat = [1.0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    assert D.interpolate(identity, flat, 0.49)[0] == T.from_fields(identity)
    assert D.interpolate(identity, flat, 0.5)[0] == T.from_fields(flat)
    assert D.interpolate(identity, flat, -0.25)[1] is None


AFFINE_ZEROS = [(0, 2), (0, 3), (1, 2), (1, 3), (2, 0), (2, 1), (2, 3), (3, 2)]


def assert_affine(m, tol=mpf("1e-30")):
    for i, j in AFFINE_ZEROS:
        assert abs(T.to_mpf(m[i][j])) <= tol, (i, j, m[i][j])
    assert abs(T.to_mpf(m[2][2]) - 1) <= tol
    assert abs(T.to_mpf(m[3][3]) - 1) <= tol


def test_affine_pairs_stay_affine_whatever_their_determinant_signs():
    # Rule: the mirror flips only x, so every 2D matrix decomposes with
    # row 2 = (0, 0, 1) and a rotation about z, and every blend of two 2D
    # matrices is 2D, at every p (including outside [0, 1]).
    def mat(*t):
        return T.rounded_fields(T.make_affine_transform(*t))
    c, s = math.cos(math.pi / 6), math.sin(math.pi / 6)
    identity = mat(1.0, 0, 0, 1, 0, 0)
    mirror_x, mirror_y = mat(-1.0, 0, 0, 1, 0, 0), mat(1.0, 0, 0, -1, 0, 0)
    rotation = mat(c, s, -s, c, 10, 20)
    mirrored_rotation = mat(-c, -s, -s, c, -5, 0)  # mirror x, then rotation
    swap = mat(0.0, 1, 1, 0, 0, 0)
    pairs = [(identity, mirror_x), (mirror_x, mirror_y), (identity, mirror_y),
             (rotation, mirrored_rotation), (swap, identity),
             (mirror_x, mat(-2.0, 0.5, 0, 1, 3, 0))]
    rng = random.Random(SEED)
    for _ in range(6):
        while True:
            a = [rng.random() * 6 - 3 for _ in range(4)]
            b = [rng.random() * 6 - 3 for _ in range(4)]
            da, db = a[0] * a[3] - a[1] * a[2], b[0] * b[3] - b[1] * b[2]
            if da * db < 0 and min(abs(da), abs(db)) > 0.1:
                break
        pairs.append((mat(*a, 1.0, 2.0), mat(*b, -3.0, 4.0)))
    for a, b in pairs:
        for p in (0.0, 0.25, 0.5, 0.75, 1.0, -0.25, 1.25):
            for flip in (None, True, False):
                m, d = D.interpolate(a, b, p, flip=flip)
                assert d is not None
                assert_affine(m)
    # A 3D mirror is still allowed to leave the plane on the way (it is 3D).
    mirror_z = [1.0, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1]
    m = D.interpolate(identity, mirror_z, 0.25)[0]
    assert not T.is_affine(T.rounded_fields(m))


def test_golden_affine_interpolations_are_affine():
    path = os.path.join(GOLDENS, "decomposition.json")
    if not os.path.exists(path):
        pytest.skip("run generate_geometry.py first")
    with open(path) as f:
        data = json.load(f)
    opposite = [c for c in data["affineInterpolations"] if c["oppositeSigns"]]
    assert len(opposite) >= 8
    for case in data["affineInterpolations"]:
        for key in ("samples", "otherWaySamples"):
            for sample in case.get(key, []):
                assert sample["isAffine"], (case["name"], sample["p"])


# ----- key-path components -----

def test_euler_angles_read_back_x_then_y_then_z():
    # The matrix of "x by a, then y by b, then z by c" is Rx . Ry . Rz
    # (row vectors), built here with make_rotation (Rodrigues), independent
    # of the quaternion formulas; |b| < pi/2 reads back exactly.
    rng = random.Random(SEED)
    cases = [(0.3, 0.4, 0.5), (-2.0, 1.0, 2.8), (3.0, -1.5, -3.0)]
    cases += [(rng.random() * 6 - 3, rng.random() * 3 - 1.5, rng.random() * 6 - 3)
              for _ in range(10)]
    for a, b, c in cases:
        m = T.multiply(T.multiply(T.make_rotation(a, 1, 0, 0),
                                  T.make_rotation(b, 0, 1, 0)),
                       T.make_rotation(c, 0, 0, 1))
        d = D.decompose(m)
        x, y, z, gimbal = D.euler_angles(d.quaternion)
        assert not gimbal
        for got, want in zip((x, y, z), (a, b, c)):
            assert close(got, want, mpf("1e-40"))


def test_euler_angles_rebuild_the_rotation_including_gimbal_lock():
    import generate_geometry as G
    cases = G.key_path_components(random.Random(SEED))
    assert any(c["gimbalLock"] for c in cases)
    for case in cases:
        d = D.decompose([float(v) for v in case["matrix"]])
        x, y, z, gimbal = D.euler_angles(d.quaternion)
        with mp.workdps(D.DPS):
            rebuilt = T.multiply(T.multiply(T.make_rotation(x, 1, 0, 0),
                                            T.make_rotation(y, 0, 1, 0)),
                                 T.make_rotation(z, 0, 0, 1))
            r = D.rotation_rows(d.quaternion)
        # make_rotation works at 50 digits; in gimbal lock x = 0 drops a
        # residual of at most sqrt(2e-12).
        tol = mpf("1e-6") if gimbal else mpf("1e-45")
        for i in range(3):
            for j in range(3):
                assert close(rebuilt[i][j], r[i][j], tol), case["name"]


def test_components_of_simple_matrices():
    values, _ = D.components(T.make_translation(10, -20, 30))
    assert [values[k] for k in ("translation.x", "translation.y", "translation.z")] \
        == [10, -20, 30]
    values, _ = D.components(T.make_scale(2, 3, 4))
    assert [values[k] for k in ("scale.x", "scale.y", "scale.z")] == [2, 3, 4]
    assert close(values["scale"], 3)
    values, _ = D.components(T.make_scale(-1, 1, 1))
    assert values["scale.x"] == -1 and values["rotation.z"] == 0
    m = T.from_fields([1.0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 10, 20, 30, 2])
    values, _ = D.components(m)
    assert values["translation.x"] == 10 and close(values["scale.x"], 0.5)
    for angle in (0.5, -1.2, 3.0):
        for k, axis in enumerate(((1, 0, 0), (0, 1, 0), (0, 0, 1))):
            if k == 1 and abs(angle) > math.pi / 2:
                continue
            values, _ = D.components(T.make_rotation(angle, *axis))
            key = "rotation." + "xyz"[k]
            assert close(values[key], angle, mpf("1e-45"))


# ----- arc length -----

def quadratic_closed_form(p0, p1, p2, t):
    """The arc length from 0 to t of a quadratic, by the antiderivative of
    sqrt(A s^2 + B s + C) (a different formula from the model's quadrature)."""
    ax, ay = 2 * (p0[0] - 2 * p1[0] + p2[0]), 2 * (p0[1] - 2 * p1[1] + p2[1])
    bx, by = 2 * (p1[0] - p0[0]), 2 * (p1[1] - p0[1])
    A = mpf(ax) ** 2 + mpf(ay) ** 2
    B = 2 * (mpf(ax) * bx + mpf(ay) * by)
    C = mpf(bx) ** 2 + mpf(by) ** 2

    def F(s):
        q = mp.sqrt(A * s * s + B * s + C)
        return ((2 * A * s + B) * q / (4 * A) +
                (4 * A * C - B * B) / (8 * A ** mpf(1.5)) *
                mp.log(2 * A * s + B + 2 * mp.sqrt(A) * q))
    return F(mpf(t)) - F(mpf(0))


def test_line_length_is_exact():
    seg = Segment([(0.0, 0.0), (3.0, 4.0)])
    assert seg.length() == 5
    assert close(seg.length_between(0, 0.25), mpf(5) / 4)
    assert close(seg.parameter_at(0.3), mpf(0.3))


def test_quadratic_matches_its_closed_form():
    pts = [(0.0, 0.0), (50.0, 100.0), (100.0, 0.0)]
    seg = Segment(pts)
    for t in (0.1, 0.5, 0.77, 1.0):
        assert close(seg.length_between(0, t), quadratic_closed_form(*pts, t),
                     mpf("1e-40"))


def test_quarter_circle_is_within_the_approximation_error():
    k = 100 * 0.5522847498
    seg = Segment([(100.0, 0.0), (100.0, k), (k, 100.0), (0.0, 100.0)])
    length = seg.length()
    exact = 50 * mp.pi
    # The cubic bulges out from the circle by at most 0.027 % of the radius,
    # so its length exceeds 50 pi by a little less than that.
    assert 0 < (length - exact) / exact < mpf("2.8e-4")
    assert abs(float(length) - 157.08) < 0.03


def test_symmetric_s_curve_halves_at_one_half():
    seg = Segment([(0.0, 0.0), (100.0, 0.0), (0.0, 100.0), (100.0, 100.0)])
    total = seg.length()
    assert close(seg.length_between(0, 0.5), total / 2)
    assert close(seg.parameter_at(0.5), mpf(0.5))


def test_cusp_is_split_and_lengths_are_monotone():
    seg = Segment([(0.0, 0.0), (100.0, 100.0), (0.0, 100.0), (100.0, 0.0)])
    assert any(close(s, mpf(0.5)) for s in seg.critical_points())
    assert seg.speed(0.5) == 0
    table = seg.table([k / 20 for k in range(1, 20)])
    lengths = [value for _, value in table]
    assert all(a < b for a, b in zip(lengths, lengths[1:]))
    total = lengths[-1]
    for f in (0.1, 0.45, 0.5, 0.9):
        t = seg.parameter_at(f, table)
        assert close(seg.length_between(0, t), mpf(f) * total, mpf("1e-40") * total)


def test_uniform_straight_cubic_has_t_equal_to_the_fraction():
    seg = Segment([(0.0, 0.0), (10.0, 10.0), (20.0, 20.0), (30.0, 30.0)])
    assert close(seg.length(), 30 * mp.sqrt(2))
    for f in (0.1, 0.5, 0.9):
        assert close(seg.parameter_at(f), mpf(f))


def test_quadrature_agrees_with_gauss_legendre():
    rng = random.Random(SEED)
    pts = [(rng.random() * 1000 - 500, rng.random() * 1000 - 500) for _ in range(4)]
    seg = Segment(pts)
    cuts = [mpf(0)] + seg.critical_points() + [mpf(1)]
    other = sum(mp.quad(seg.speed, [u, v], method="gauss-legendre")
                for u, v in zip(cuts, cuts[1:]))
    assert close(seg.length(), other, mpf("1e-35") * other)


# ----- the golden files -----

@pytest.mark.parametrize("name", ["transforms.json", "decomposition.json",
                                  "arc-length.json"])
def test_golden_files_are_small_and_well_formed(name):
    path = os.path.join(GOLDENS, name)
    if not os.path.exists(path):
        pytest.skip("run generate_geometry.py first")
    assert os.path.getsize(path) < 2 * 1024 * 1024
    with open(path) as f:
        data = json.load(f)
    assert isinstance(data["seed"], int)
