"""Reference model of CATransform3D and CGAffineTransform arithmetic.

Layout and conventions (Core Animation's, stated once here and in the README):

* A transform is 16 numbers m11 ... m44 in field order, which is row-major:
  ``m[i][j]`` below is the field m(i+1)(j+1).
* Points are row vectors. [x y z 1] . M = [X Y Z W] and the mapped point is
  (X/W, Y/W, Z/W). Translation sits in m41 m42 m43; the perspective idiom
  is m34 = -1/d.
* concat(a, b) = a . b, so a point goes through a first and then b.
* translate(t, v) = make_translation(v) . t, and the same for scale and
  rotate (the formulas of the CATransform3D reference: the new operation
  applies to a point before t does).
* A matrix is singular when |det| <= 1e-14 * prod_i ||row_i|| (Hadamard's
  bound; Euclidean norms of the four full rows), decided exactly; one with a
  non-finite entry has no inverse.
* bounding_box maps the four corners of a rectangle at z = 0 with the
  homogeneous divide; a corner with W <= 0 makes the box infinite (None).
* make_rotation(angle, x, y, z) turns by angle radians about the normalised
  axis. In the row-vector layout its matrix is the transpose of the usual
  column-vector (Rodrigues) matrix, so a turn about +z by a sends (1, 0, 0)
  to (cos a, sin a, 0). A zero axis gives the identity.

Arithmetic: every rational operation (products and sums of doubles,
inverses, determinants, the homogeneous divide) is exact, on Python
Fractions. Only make_rotation and rotate involve cos, sin and a square
root; they are evaluated at mp.dps = 50. Results are rounded once to the
nearest double by ``to_double_any``.
"""

from fractions import Fraction
import math

from mpmath import mp, mpf

from .exact import as_fraction, to_double

ZERO = Fraction(0)
ONE = Fraction(1)

# A matrix is singular when |det| <= SINGULAR_RELATIVE * prod_i ||row_i|| (the
# Euclidean norms of the four full rows): the determinant relative to
# Hadamard's bound, which |det| never exceeds. invert() and the perspective
# test of the decomposition both use it (the Swift side's rule).
SINGULAR_RELATIVE = Fraction(1, 10 ** 14)


# ---------------------------------------------------------------------------
# Numbers
# ---------------------------------------------------------------------------

def exact(x):
    """The exact rational value of a double, Fraction or finite mpf."""
    if isinstance(x, Fraction):
        return x
    if isinstance(x, int):
        return Fraction(x)
    if isinstance(x, float):
        if not math.isfinite(x):
            raise ValueError("non-finite values are not modelled: %r" % x)
        return Fraction(x)  # exact: a double is a dyadic rational
    return as_fraction(x)   # an mpf, exactly


def to_mpf(x):
    """An mpf for a double, Fraction or mpf (a Fraction is rounded to the
    working precision; doubles and mpfs convert exactly)."""
    if isinstance(x, Fraction):
        return mpf(x.numerator) / x.denominator
    if isinstance(x, int):
        return mpf(x)
    return mpf(x)


def to_double_any(x):
    """Round a Fraction or an mpf to the nearest double (ties to even)."""
    if isinstance(x, Fraction):
        return float(x)  # CPython divides the two integers correctly rounded
    if isinstance(x, int):
        return float(Fraction(x))
    return to_double(x)


# ---------------------------------------------------------------------------
# Matrices: lists of 4 rows of 4 numbers
# ---------------------------------------------------------------------------

def from_fields(values):
    """Rows of exact Fractions from 16 numbers in field order m11 ... m44."""
    values = list(values)
    assert len(values) == 16
    return [[exact(values[4 * i + j]) for j in range(4)] for i in range(4)]


def fields(m):
    """The 16 entries of a matrix in field order m11, m12, ..., m44."""
    return [m[i][j] for i in range(4) for j in range(4)]


def rounded_fields(m):
    """The 16 entries, each rounded to the nearest double."""
    return [to_double_any(v) for v in fields(m)]


def identity():
    return [[ONE if i == j else ZERO for j in range(4)] for i in range(4)]


def multiply(a, b):
    """The matrix product a . b (exact when both hold Fractions)."""
    return [[sum((a[i][k] * b[k][j] for k in range(4)), start=a[i][0] * 0)
             for j in range(4)] for i in range(4)]


def transpose(m):
    return [[m[j][i] for j in range(4)] for i in range(4)]


def as_rows(m):
    """Rows of a matrix given either as 4 rows or as 16 fields."""
    m = list(m)
    if len(m) == 16:
        return [m[4 * i:4 * i + 4] for i in range(4)]
    assert len(m) == 4
    return [list(row) for row in m]


def to_mpf_matrix(m):
    return [[to_mpf(v) for v in row] for row in as_rows(m)]


def to_exact_matrix(m):
    return [[exact(v) for v in row] for row in as_rows(m)]


def max_abs(m):
    return max(abs(v) for row in m for v in row)


# ---------------------------------------------------------------------------
# Exact linear algebra on Fractions
# ---------------------------------------------------------------------------

def determinant(m):
    """The exact determinant of a 4x4 matrix (doubles, Fractions or mpfs),
    by Gaussian elimination over the rationals."""
    a = to_exact_matrix(m)
    n = len(a)
    det = ONE
    for col in range(n):
        pivot = next((r for r in range(col, n) if a[r][col] != 0), None)
        if pivot is None:
            return ZERO
        if pivot != col:
            a[col], a[pivot] = a[pivot], a[col]
            det = -det
        det *= a[col][col]
        for r in range(col + 1, n):
            factor = a[r][col] / a[col][col]
            if factor:
                a[r] = [a[r][k] - factor * a[col][k] for k in range(n)]
    return det


def inverse(m):
    """The exact inverse of a 4x4 matrix (Gauss-Jordan on Fractions), or
    None when it is exactly singular."""
    a = to_exact_matrix(m)
    n = len(a)
    inv = [[ONE if i == j else ZERO for j in range(n)] for i in range(n)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if a[r][col] != 0), None)
        if pivot is None:
            return None
        a[col], a[pivot] = a[pivot], a[col]
        inv[col], inv[pivot] = inv[pivot], inv[col]
        p = a[col][col]
        a[col] = [v / p for v in a[col]]
        inv[col] = [v / p for v in inv[col]]
        for r in range(n):
            if r != col and a[r][col] != 0:
                f = a[r][col]
                a[r] = [a[r][k] - f * a[col][k] for k in range(n)]
                inv[r] = [inv[r][k] - f * inv[col][k] for k in range(n)]
    return inv


def norm_inf(m):
    """The infinity norm (largest absolute row sum)."""
    return max(sum(abs(v) for v in row) for row in m)


# ---------------------------------------------------------------------------
# Core Animation's functions
# ---------------------------------------------------------------------------

def make_translation(tx, ty, tz):
    """The identity with row 4 = [tx ty tz 1] (exact)."""
    m = identity()
    m[3][0], m[3][1], m[3][2] = exact(tx), exact(ty), exact(tz)
    return m


def make_scale(sx, sy, sz):
    """diag(sx, sy, sz, 1) (exact)."""
    m = identity()
    m[0][0], m[1][1], m[2][2] = exact(sx), exact(sy), exact(sz)
    return m


def make_rotation(angle, x, y, z):
    """A turn by ``angle`` radians about the axis (x, y, z), normalised.

    With c = cos a, s = sin a, C = 1 - c and the unit axis (x, y, z), the
    row-vector matrix (the transpose of the column-vector Rodrigues matrix):

        m11 = c + C x^2     m12 = C x y + s z   m13 = C x z - s y
        m21 = C x y - s z   m22 = c + C y^2     m23 = C y z + s x
        m31 = C x z + s y   m32 = C y z - s x   m33 = c + C z^2

    and m44 = 1, the rest 0. C is computed as 2 sin^2(a/2), which keeps its
    relative accuracy for tiny angles. A zero-length axis gives the identity
    (exactly). Values at mp.dps = 50.
    """
    ex, ey, ez = exact(x), exact(y), exact(z)
    length_squared = ex * ex + ey * ey + ez * ez
    if length_squared == 0:
        return identity()
    a = mpf(angle)
    length = mp.sqrt(to_mpf(length_squared))
    ux, uy, uz = to_mpf(ex) / length, to_mpf(ey) / length, to_mpf(ez) / length
    c = mp.cos(a)
    s = mp.sin(a)
    C = 2 * mp.sin(a / 2) ** 2
    zero, one = mpf(0), mpf(1)
    return [
        [c + C * ux * ux, C * ux * uy + s * uz, C * ux * uz - s * uy, zero],
        [C * ux * uy - s * uz, c + C * uy * uy, C * uy * uz + s * ux, zero],
        [C * ux * uz + s * uy, C * uy * uz - s * ux, c + C * uz * uz, zero],
        [zero, zero, zero, one],
    ]


def translate(t, tx, ty, tz):
    """make_translation(tx, ty, tz) . t: the translation applies first."""
    return multiply(make_translation(tx, ty, tz), to_exact_matrix(t))


def scale(t, sx, sy, sz):
    """make_scale(sx, sy, sz) . t: the scale applies first."""
    return multiply(make_scale(sx, sy, sz), to_exact_matrix(t))


def rotate(t, angle, x, y, z):
    """make_rotation(angle, x, y, z) . t: the rotation applies first. A zero
    axis makes the rotation the identity, so the result is t itself."""
    r = make_rotation(angle, x, y, z)
    if all(isinstance(v, Fraction) for v in fields(r)):
        return multiply(r, to_exact_matrix(t))
    return multiply(r, to_mpf_matrix(t))


def concat(a, b):
    """a . b: a point goes through a first, then b (exact)."""
    return multiply(to_exact_matrix(a), to_exact_matrix(b))


def is_finite_matrix(m):
    """False when any entry is a non-finite double (inf or nan)."""
    return all(not (isinstance(v, float) and not math.isfinite(v))
               for row in as_rows(m) for v in row)


def hadamard_squared(m):
    """prod_i (row_i . row_i) over the four full rows, exactly: the square of
    Hadamard's bound on |det|."""
    m = to_exact_matrix(m)
    result = ONE
    for row in m:
        result *= sum((v * v for v in row), start=ZERO)
    return result


def is_singular(m, det=None):
    """|det| <= 1e-14 * prod_i ||row_i||, decided exactly by comparing the
    squares: det^2 <= 1e-28 * prod_i (row_i . row_i). Scale-free: it does not
    change when a row is multiplied by a non-zero number, so a uniform scale
    of 1e-14 is regular while rows parallel to 1e-15 are singular."""
    if det is None:
        det = determinant(m)
    return det * det <= SINGULAR_RELATIVE ** 2 * hadamard_squared(m)


def singularity_ratio(m, det=None):
    """|det| / (1e-14 prod ||row_i||) at 50 digits (<= 1: singular), or None
    when every row is 0."""
    if det is None:
        det = determinant(m)
    h = hadamard_squared(m)
    if h == 0:
        return None
    return mp.sqrt(to_mpf(det * det / h)) / to_mpf(SINGULAR_RELATIVE)


def invert(t):
    """(result, singular, determinant, condition) for a matrix of doubles.

    A matrix with a non-finite entry has no inverse (determinant None).
    Otherwise the determinant is exact, and the matrix counts as singular
    when is_singular says so (|det| <= 1e-14 prod ||row_i||); then the result
    is t itself (CATransform3DInvert returns its argument when there is no
    inverse). Otherwise the result is the exact inverse. ``condition`` is the
    infinity-norm condition number ||t|| ||t^-1|| (None when singular).
    """
    if not is_finite_matrix(t):
        return as_rows(t), True, None, None
    m = to_exact_matrix(t)
    det = determinant(m)
    if is_singular(m, det):
        return m, True, det, None
    inv = inverse(m)
    return inv, False, det, norm_inf(m) * norm_inf(inv)


def transform_point(m, point):
    """[x y z 1] . M = [X Y Z W]; returns ((X/W, Y/W, Z/W), W), exactly.

    W = 0 has no mapped point; the caller avoids it (None is returned).
    """
    x, y, z = (exact(v) for v in point)
    mm = to_exact_matrix(m)
    row = [x, y, z, ONE]
    X, Y, Z, W = (sum((row[k] * mm[k][j] for k in range(4)), start=ZERO)
                  for j in range(4))
    if W == 0:
        return None, W
    return (X / W, Y / W, Z / W), W


def bounding_box(m, rect):
    """The bounding box of the rectangle rect = (x, y, width, height) at
    z = 0 after the transform, as (x, y, width, height) with width, height
    >= 0, or None ("infinite") when a corner has W <= 0.

    The rectangle is standardised (a negative width or height extends to
    the left or up); its four corners (minX, minY), (maxX, minY),
    (minX, maxY), (maxX, maxY) are mapped with the homogeneous divide, and
    the box is their min and max. Exact. Also returns the least corner W.
    """
    x, y, w, h = (exact(v) for v in rect)
    xs = sorted([x, x + w])
    ys = sorted([y, y + h])
    mm = to_exact_matrix(m)
    points, ws = [], []
    for cy in ys:
        for cx in xs:
            row = [cx, cy, ZERO, ONE]
            X, Y, _, W = (sum((row[k] * mm[k][j] for k in range(4)), start=ZERO)
                          for j in range(4))
            ws.append(W)
            if W > 0:
                points.append((X / W, Y / W))
    if len(points) < 4:
        return None, min(ws)
    lo_x = min(p[0] for p in points)
    lo_y = min(p[1] for p in points)
    hi_x = max(p[0] for p in points)
    hi_y = max(p[1] for p in points)
    return (lo_x, lo_y, hi_x - lo_x, hi_y - lo_y), min(ws)


# ---------------------------------------------------------------------------
# CGAffineTransform: [x y 1] . [[a b 0] [c d 0] [tx ty 1]]
# ---------------------------------------------------------------------------

def make_affine_transform(a, b, c, d, tx, ty):
    """The 3D transform with the same effect: m11 = a, m12 = b, m21 = c,
    m22 = d, m41 = tx, m42 = ty, m33 = m44 = 1, every other entry 0."""
    m = identity()
    m[0][0], m[0][1] = exact(a), exact(b)
    m[1][0], m[1][1] = exact(c), exact(d)
    m[3][0], m[3][1] = exact(tx), exact(ty)
    return m


def is_affine(m):
    """True exactly when m13 = m14 = m23 = m24 = m31 = m32 = m34 = m43 = 0
    and m33 = m44 = 1."""
    mm = to_exact_matrix(m)
    zeros = [(0, 2), (0, 3), (1, 2), (1, 3), (2, 0), (2, 1), (2, 3), (3, 2)]
    return all(mm[i][j] == 0 for i, j in zeros) and mm[2][2] == 1 \
        and mm[3][3] == 1


def get_affine_transform(m):
    """(a, b, c, d, tx, ty) = (m11, m12, m21, m22, m41, m42)."""
    m = as_rows(m)
    return (m[0][0], m[0][1], m[1][0], m[1][1], m[3][0], m[3][1])


def affine_concat(t1, t2):
    """t1 then t2: [[a b][c d]] products with the translations carried."""
    a1, b1, c1, d1, x1, y1 = (exact(v) for v in t1)
    a2, b2, c2, d2, x2, y2 = (exact(v) for v in t2)
    return (a1 * a2 + b1 * c2, a1 * b2 + b1 * d2,
            c1 * a2 + d1 * c2, c1 * b2 + d1 * d2,
            x1 * a2 + y1 * c2 + x2, x1 * b2 + y1 * d2 + y2)


def affine_invert(t):
    """(result, singular, determinant): the exact inverse, or t itself when
    ad - bc = 0 exactly (CGAffineTransformInvert returns its argument)."""
    a, b, c, d, tx, ty = (exact(v) for v in t)
    det = a * d - b * c
    if det == 0:
        return (a, b, c, d, tx, ty), True, det
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(tx * ia + ty * ic), -(tx * ib + ty * id_)), \
        False, det


def affine_transform_point(t, point):
    a, b, c, d, tx, ty = (exact(v) for v in t)
    x, y = (exact(v) for v in point)
    return (x * a + y * c + tx, x * b + y * d + ty)
