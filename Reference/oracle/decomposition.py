"""Reference model of matrix decomposition and interpolation.

The method is the "unmatrix" of Graphics Gems II (Spencer W. Thomas,
"Decomposing a matrix into simple transformations") as CSS Transforms
Level 2 uses it ("Decomposing a 3D matrix", "Interpolation of decomposed 3D
matrix values", "Recomposing to a 3D matrix"), with the rules Cadence has
decided where it departs from CSS (each one stated where it is applied and,
with its reason, in Reference/README.md):

* a mirror flips only the x axis (scale.x, row 0, and the shears xy and xz
  that were measured along row 0), not all three axes;
* m44 is recorded, multiplied back in by recompose and blended linearly;
* singularity is relative (Hadamard's bound), as in transform3d.invert;
* the quaternion comes from Shepperd's method, with w >= 0.

CSS's pseudo-code stores a matrix so that matrix[3][0..2] is the
translation, which is Core Animation's row-vector layout: matrix[i][j] here
is the field m(i+1)(j+1).

What the parts mean, for row vectors (a point p maps to p . M):

    M = m44 * (S . K . R . T . P)

applied in this order: S = diag(sx, sy, sz, 1) scales; K shears
(row 2 += xy row 1, row 3 += xz row 1 + yz row 2, i.e. K has m21 = xy,
m31 = xz, m32 = yz); R rotates (the row-vector matrix of the quaternion);
T translates (row 4 = [tx ty tz 1]); P is the identity with its fourth
column replaced by the perspective vector (p0, p1, p2, p3).

Arithmetic: steps 1 to 4 (the division by m44, the singularity test, the
perspective solve, the translation) are exact rational arithmetic on the
exact values of the inputs. The Gram-Schmidt part, the quaternion, slerp
and recomposition run at mp.dps = 160. Shepperd's method divides by the
largest of 4|w|, 4|x|, 4|y|, 4|z| (at least 1), so it loses no digits; the
160 digits keep the working noise (~1e-158) far below both the tie
threshold TIE and the smallest genuine value in the goldens (~1e-67).
"""

from mpmath import mp, mpf

from .transform3d import (
    ONE, ZERO, as_rows, inverse, is_finite_matrix, is_singular, to_mpf,
    to_exact_matrix)

DPS = 160

# Below this, a value computed at DPS digits is taken as the exact 0 it
# stands for (the working noise is ~1e-158; anything a double input makes
# non-zero is many orders of magnitude larger).
TIE = mpf(10) ** -150

# Slerp falls back to a normalised linear blend when dot > 1 - 1e-12.
NEARLY_EQUAL = mpf("1e-12")

# Euler angles: the gimbal-lock branch is taken when |r0[2]| > 1 - 1e-12.
GIMBAL = mpf("1e-12")


class Decomposition:
    """perspective[4], translate[3], scale[3], skew[3] (xy, xz, yz),
    quaternion[4] (x, y, z, w) and m44, as mpf (or exact) values."""

    def __init__(self, perspective, translate, scale, skew, quaternion,
                 m44=1):
        self.perspective = list(perspective)
        self.translate = list(translate)
        self.scale = list(scale)
        self.skew = list(skew)
        self.quaternion = list(quaternion)
        self.m44 = m44

    def fields(self):
        return {"perspective": self.perspective, "translate": self.translate,
                "scale": self.scale, "skew": self.skew,
                "quaternion": self.quaternion, "m44": self.m44}


def _dot(u, v):
    return u[0] * v[0] + u[1] * v[1] + u[2] * v[2]


def _cross(u, v):
    return [u[1] * v[2] - u[2] * v[1],
            u[2] * v[0] - u[0] * v[2],
            u[0] * v[1] - u[1] * v[0]]


def _combine(u, v, a, b):
    """a u + b v."""
    return [a * u[k] + b * v[k] for k in range(3)]


def normalise(m):
    """Step 1: the matrix divided by m44, exactly; None when m44 = 0."""
    mm = to_exact_matrix(m)
    w = mm[3][3]
    if w == 0:
        return None
    return [[v / w for v in row] for row in mm]


def perspective_matrix(n):
    """Step 2: n with its fourth column replaced by (0, 0, 0, 1)."""
    pm = [list(row) for row in n]
    for i in range(3):
        pm[i][3] = ZERO
    pm[3][3] = ONE
    return pm


def decompose(m):
    """The decomposition of a matrix (doubles, Fractions or mpfs), or None.

    0. A non-finite entry: None.
    1. m44 = 0: None. Otherwise divide every entry by m44 (and record m44).
    2. P = that matrix with column 4 = (0, 0, 0, 1). P singular by the
       relative rule |det P| <= 1e-14 prod ||row_i of P||: None.
    3. If m14, m24 or m34 is not 0, perspective = rhs . transpose(P^-1)
       with rhs = (m14, m24, m34, m44) (the row vector rhs times the
       transposed inverse, i.e. the column vector P^-1 rhs); else
       (0, 0, 0, 1).
    4. translate = (m41, m42, m43).
    5. Gram-Schmidt on the rows of the upper-left 3x3 (CSS's order, shears
       divided by the later scales).
    6. If row0 . (row1 x row2) < 0, negate scale.x and row0, and with them
       skew.xy and skew.xz (Cadence's rule; CSS negates all three axes).
    7. The quaternion of the orthonormal rows by Shepperd's method, w >= 0
       (see quaternion_from_rows).
    """
    if not is_finite_matrix(m):
        return None
    m44 = to_exact_matrix(m)[3][3]
    n = normalise(m)
    if n is None:
        return None
    pm = perspective_matrix(n)
    if is_singular(pm):
        return None
    if n[0][3] != 0 or n[1][3] != 0 or n[2][3] != 0:
        rhs = [n[0][3], n[1][3], n[2][3], n[3][3]]
        inv_t = [list(r) for r in zip(*inverse(pm))]  # transpose(inverse)
        perspective = [sum((rhs[k] * inv_t[k][j] for k in range(4)),
                           start=ZERO) for j in range(4)]
    else:
        perspective = [ZERO, ZERO, ZERO, ONE]
    translate = [n[3][0], n[3][1], n[3][2]]

    with mp.workdps(DPS):
        row = [[to_mpf(n[i][j]) for j in range(3)] for i in range(3)]
        scale = [mpf(0)] * 3
        skew = [mpf(0)] * 3

        scale[0] = mp.sqrt(_dot(row[0], row[0]))
        row[0] = [v / scale[0] for v in row[0]]

        skew[0] = _dot(row[0], row[1])
        row[1] = _combine(row[1], row[0], 1, -skew[0])

        scale[1] = mp.sqrt(_dot(row[1], row[1]))
        row[1] = [v / scale[1] for v in row[1]]
        skew[0] /= scale[1]

        skew[1] = _dot(row[0], row[2])
        row[2] = _combine(row[2], row[0], 1, -skew[1])
        skew[2] = _dot(row[1], row[2])
        row[2] = _combine(row[2], row[1], 1, -skew[2])

        scale[2] = mp.sqrt(_dot(row[2], row[2]))
        row[2] = [v / scale[2] for v in row[2]]
        skew[1] /= scale[2]
        skew[2] /= scale[2]

        if _dot(row[0], _cross(row[1], row[2])) < 0:
            # The mirror is put on the x axis alone: M's rows are
            # sx u0, sy (u1 + xy u0), sz (u2 + xz u0 + yz u1), so replacing
            # u0 by -u0 needs sx, xy and xz negated too (F K F with
            # F = diag(-1, 1, 1)). Rows 1 and 2 stay, so a 2D matrix keeps
            # row 2 = (0, 0, 1) and its rotation about z.
            scale[0] = -scale[0]
            row[0] = [-v for v in row[0]]
            skew[0] = -skew[0]
            skew[1] = -skew[1]

        q = quaternion_from_rows(row)

        return Decomposition([to_mpf(v) for v in perspective],
                             [to_mpf(v) for v in translate],
                             scale, skew, q, m44)


def quaternion_from_rows(r):
    """The unit quaternion (x, y, z, w), w >= 0, of the orthonormal rows r
    (r[i][j] = row i, column j) of a rotation, by Shepperd's method.

    In this (row-vector) layout, from rotation_rows below:
        4w^2 = 1 + r00 + r11 + r22     4x^2 = 1 + r00 - r11 - r22
        4y^2 = 1 - r00 + r11 - r22     4z^2 = 1 - r00 - r11 + r22
        4xw = r12 - r21   4yw = r20 - r02   4zw = r01 - r10
        4xy = r01 + r10   4xz = r02 + r20   4yz = r12 + r21
    The component with the largest square (the first of w, x, y, z on a
    tie) is taken as the positive root; the others are the matching
    products divided by 4 times it. Then the sign is chosen so that w > 0.
    When w is 0 (|w| <= TIE: an exact half turn, where q and -q both have
    w = 0), w is set to 0 and the first of x, y, z that is not 0 is made
    positive, so the result does not depend on which branch a tie picked.
    """
    r00, r01, r02 = r[0]
    r10, r11, r12 = r[1]
    r20, r21, r22 = r[2]
    squares4 = [1 + r00 + r11 + r22, 1 + r00 - r11 - r22,
                1 - r00 + r11 - r22, 1 - r00 - r11 + r22]  # 4 w^2, 4 x^2, ...
    k = max(range(4), key=lambda i: (squares4[i], -i))
    big = mp.sqrt(squares4[k]) / 2        # |component k|, at least 1/2
    four = 4 * big
    if k == 0:
        w = big
        x, y, z = (r12 - r21) / four, (r20 - r02) / four, (r01 - r10) / four
    elif k == 1:
        x = big
        w, y, z = (r12 - r21) / four, (r01 + r10) / four, (r02 + r20) / four
    elif k == 2:
        y = big
        w, x, z = (r20 - r02) / four, (r01 + r10) / four, (r12 + r21) / four
    else:
        z = big
        w, x, y = (r01 - r10) / four, (r02 + r20) / four, (r12 + r21) / four
    q = [x, y, z, w]
    if abs(w) <= TIE:
        q[3] = mpf(0)
        first = next(v for v in q[:3] if abs(v) > TIE)
        if first < 0:
            q = [-v for v in q]
        q[3] = mpf(0)
    elif w < 0:
        q = [-v for v in q]
    return q


def rotation_rows(q):
    """The row-vector rotation matrix (3x3) of the unit quaternion
    (x, y, z, w): the transpose of the column-vector matrix, so that the
    turn by a about +z, q = (0, 0, sin a/2, cos a/2), has m12 = sin a.

        r00 = 1 - 2(y^2 + z^2)  r01 = 2(xy + zw)       r02 = 2(xz - yw)
        r10 = 2(xy - zw)        r11 = 1 - 2(x^2 + z^2)  r12 = 2(yz + xw)
        r20 = 2(xz + yw)        r21 = 2(yz - xw)       r22 = 1 - 2(x^2 + y^2)
    """
    x, y, z, w = q
    return [
        [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)],
        [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)],
        [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)],
    ]


def _mul4(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)]
            for i in range(4)]


def recompose(d):
    """The matrix m44 * (S . K . R . T . P) of a decomposition (mpf entries).

    S . K . R . T . P is CSS's "Recomposing to a 3D matrix" read in this
    layout: CSS starts from P (the perspective column), multiplies in the
    translation (its loop computes T . P), then the rotation, the shears yz,
    xz, xy and the scales, each one multiplied on the side that makes it
    apply to a point earlier, which in row-vector terms is on the left. The
    shear product Kxy . Kxz . Kyz (CSS applies yz first) equals K with
    m21 = xy, m31 = xz, m32 = yz, because the three cross terms vanish.
    Cadence then multiplies every entry by the recorded m44, so that
    recompose(decompose(M)) = M.
    """
    with mp.workdps(DPS):
        one, zero = mpf(1), mpf(0)
        p = [to_mpf(v) for v in d.perspective]
        P = [[one, zero, zero, p[0]],
             [zero, one, zero, p[1]],
             [zero, zero, one, p[2]],
             [zero, zero, zero, p[3]]]
        t = [to_mpf(v) for v in d.translate]
        T = [[one, zero, zero, zero],
             [zero, one, zero, zero],
             [zero, zero, one, zero],
             [t[0], t[1], t[2], one]]
        r = rotation_rows([to_mpf(v) for v in d.quaternion])
        R = [r[0] + [zero], r[1] + [zero], r[2] + [zero],
             [zero, zero, zero, one]]
        xy, xz, yz = (to_mpf(v) for v in d.skew)
        K = [[one, zero, zero, zero],
             [xy, one, zero, zero],
             [xz, yz, one, zero],
             [zero, zero, zero, one]]
        sx, sy, sz = (to_mpf(v) for v in d.scale)
        S = [[sx, zero, zero, zero],
             [zero, sy, zero, zero],
             [zero, zero, sz, zero],
             [zero, zero, zero, one]]
        m = _mul4(S, _mul4(K, _mul4(R, _mul4(T, P))))
        w = to_mpf(d.m44)
        return [[w * v for v in row] for row in m]


def slerp(qa, qb, p, flip=None):
    """Spherical interpolation the short way.

    dot = qa . qb; if dot < 0, qb and dot are negated (the same rotation).
    If dot > 1 - 1e-12 the result is the normalised linear blend
    qa + p (qb - qa); otherwise, with theta = acos(dot),
    qa sin((1 - p) theta) / sin theta + qb sin(p theta) / sin theta.
    p is not clamped. ``flip`` overrides the dot < 0 decision (the
    generator uses it to record the other way when dot is nearly 0).
    """
    with mp.workdps(DPS):
        a = [to_mpf(v) for v in qa]
        b = [to_mpf(v) for v in qb]
        p = to_mpf(p)
        dot = sum(a[k] * b[k] for k in range(4))
        negate = dot < 0 if flip is None else flip
        if negate:
            b = [-v for v in b]
            dot = -dot
        if dot > 1 - NEARLY_EQUAL:
            q = [a[k] + p * (b[k] - a[k]) for k in range(4)]
            length = mp.sqrt(sum(v * v for v in q))
            return [v / length for v in q]
        theta = mp.acos(dot)
        sin_theta = mp.sin(theta)
        wa = mp.sin((1 - p) * theta) / sin_theta
        wb = mp.sin(p * theta) / sin_theta
        return [a[k] * wa + b[k] * wb for k in range(4)]


def quaternion_dot(da, db):
    with mp.workdps(DPS):
        return sum(to_mpf(da.quaternion[k]) * to_mpf(db.quaternion[k])
                   for k in range(4))


def blend(da, db, p, flip=None):
    """The decomposition a fraction p of the way from da to db: perspective,
    translate, scale, skew and m44 as a + p (b - a); the quaternion by
    slerp."""
    with mp.workdps(DPS):
        pp = to_mpf(p)

        def lerp(u, v):
            return [to_mpf(u[k]) + pp * (to_mpf(v[k]) - to_mpf(u[k]))
                    for k in range(len(u))]
        return Decomposition(lerp(da.perspective, db.perspective),
                             lerp(da.translate, db.translate),
                             lerp(da.scale, db.scale),
                             lerp(da.skew, db.skew),
                             slerp(da.quaternion, db.quaternion, p, flip),
                             lerp([da.m44], [db.m44])[0])


def interpolate(a, b, p, flip=None):
    """(matrix, blended decomposition or None) a fraction p from a to b.

    When either matrix has no decomposition the result switches discretely:
    a (exactly as given) for p < 0.5, b for p >= 0.5. Otherwise the blend
    is recomposed (with its blended m44), so p = 0 gives a and p = 1 gives
    b.
    """
    da = decompose(a)
    db = decompose(b)
    if da is None or db is None:
        chosen = a if p < 0.5 else b
        if not is_finite_matrix(chosen):
            return as_rows(chosen), None
        return to_exact_matrix(chosen), None
    d = blend(da, db, p, flip)
    return recompose(d), d


def round_trip_error(m):
    """max |recompose(decompose(m)) - m| / max(1, max |m|), or None when m
    has no decomposition."""
    d = decompose(m)
    if d is None:
        return None
    n = to_exact_matrix(m)
    with mp.workdps(DPS):
        r = recompose(d)
        scale = max(mpf(1), max(abs(to_mpf(v)) for row in n for v in row))
        err = max(abs(r[i][j] - to_mpf(n[i][j]))
                  for i in range(4) for j in range(4))
        return err / scale


# ---------------------------------------------------------------------------
# Key-path components (Core Animation's structure fields)
# ---------------------------------------------------------------------------

def euler_angles(q):
    """(x, y, z, gimbal) for rotations applied about x first, then y, then z
    (the row-vector R = Rx . Ry . Rz; column-vector Rz Ry Rx).

    With r the row-vector matrix of q (rows r0, r1, r2):
        y = asin(-r0[2]), x = atan2(r1[2], r2[2]), z = atan2(r0[1], r0[0]);
    when |r0[2]| > 1 - 1e-12 (gimbal lock): x = 0, z = atan2(-r1[0], r1[1]).
    -r0[2] is clamped to [-1, 1] (it can leave it only by working noise).
    """
    with mp.workdps(DPS):
        r = rotation_rows([to_mpf(v) for v in q])
        s = max(mpf(-1), min(mpf(1), -r[0][2]))
        y = mp.asin(s)
        if abs(r[0][2]) > 1 - GIMBAL:
            return mpf(0), y, mp.atan2(-r[1][0], r[1][1]), True
        return mp.atan2(r[1][2], r[2][2]), y, mp.atan2(r[0][1], r[0][0]), False


def components(m):
    """The key-path values of a decomposable matrix: rotation.x/y/z (Euler
    angles of the decomposition's quaternion), scale.x/y/z (the
    decomposition's scales), scale (their mean), translation.x/y/z (the
    fields m41, m42, m43 themselves). Returns (values, gimbal) or None."""
    d = decompose(m)
    if d is None:
        return None
    x, y, z, gimbal = euler_angles(d.quaternion)
    mm = to_exact_matrix(m)
    with mp.workdps(DPS):
        values = {"rotation.x": x, "rotation.y": y, "rotation.z": z,
                  "rotation": z,
                  "scale.x": d.scale[0], "scale.y": d.scale[1],
                  "scale.z": d.scale[2],
                  "scale": (d.scale[0] + d.scale[1] + d.scale[2]) / 3,
                  "translation.x": mm[3][0], "translation.y": mm[3][1],
                  "translation.z": mm[3][2]}
    return values, gimbal
