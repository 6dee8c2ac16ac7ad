"""Reference model of CAKeyframeAnimation's value calculation.

Given the keyframes of an animation and its progress p (the progress of the
media-timing model after the animation's own timingFunction), return the
value, and on a path with a rotation mode, the rotation angle.

Values are vectors of numbers: a scalar is a 1-vector, a point a 2-vector, a
rect or a colour a 4-vector. Everything is componentwise and nothing is
clamped except p itself (rule P1 below).

The rules, with their sources (the README's "Animation" part says the same
with more words):

P1  p is clamped to [0, 1] before any lookup. (Cadence's choice: key times
    live in [0, 1] and no keyframe exists outside it.)
P2  n = 0 values (or a path without segments): no value, the animation
    contributes nothing. n = 1: that value for every p, in every mode.
    (Cadence's choice.)

Key times (CAKeyframeAnimation reference, "keyTimes"):
K1  linear and cubic: exactly n entries, each in [0, 1], non-decreasing,
    first 0, last 1.
K2  discrete: n or n + 1 entries, each in [0, 1], non-decreasing, first 0.
K3  paced and cubicPaced: ignored.
K4  an array that breaks its rule is ignored (Apple: "If the values in the
    keyTimes array are invalid or inappropriate for the calculationMode, the
    keyTimes array is ignored"), and the keyframes are spaced evenly:
    k_i = i/(n-1) for linear and cubic, k_i = i/n for discrete (each of the
    n values is shown for 1/n of the time; Cadence's choice, see README).
K5  segment lookup (linear, cubic): i = the largest index in [0, n-2] with
    k_i <= p, u = (p - k_i)/(k_(i+1) - k_i). So at a key time shared by
    several keyframes the later one wins, and a zero-length segment is only
    ever reached at its end (p = 1 with k_(n-2) = 1 gives the last value).
K6  discrete lookup: the value index is the largest j with k_j <= p, capped
    at n - 1 (with n + 1 key times the last one ends the last value, and
    after it the last value still shows).

Timing functions (reference, "timingFunctions"):
T1  n - 1 entries, one per segment. Fewer: the given ones pace the first
    segments and the rest are linear; more: the first n - 1 are used (Core
    Animation's behaviour, checked on Apple hardware; an empty array is none).
    Segment i's u is mapped through timingFunctions[i] (timing_function.py)
    before it is used. Only linear and cubic use them (and their path forms).

Modes (reference, "Value calculation modes"):
M1  linear: V_i + (V_(i+1) - V_i) u.
M2  discrete: V_j (K6), no interpolation.
M3  paced: chord lengths |V_(i+1) - V_i| (Euclidean); the value is the
    point at distance p L along the polyline, L the total length. A
    zero-length chord takes no time. L = 0: V_0 for every p.
M4  cubic: Kochanek-Bartels Hermite spline (see _kb_tangents).
M5  cubicPaced: the cubic curve on evenly spaced key times (keyTimes and
    timingFunctions ignored) traversed at constant speed along its true arc
    length. L = 0: V_0 for every p.

Paths (reference, "path"; docs/paths.md for segments and tangents):
R1  the keyframes are the start of the first segment and the end of every
    segment; a path with s segments has n = s + 1 keyframes, and segment j
    spans key interval j.
R2  linear (and cubic, which is linear on a path: the path's own curves are
    the shape; Cadence's choice): segment i is traversed by its Bezier
    parameter u (K5, T1), not by arc length.
R3  paced and cubicPaced: constant speed along the true arc length of the
    whole path (arc_length.py); zero-length segments take no time.
R4  discrete: keyframe j (R1), looked up by K2/K4/K6.
R5  rotation (auto): atan2(dy, dx) of the direction of travel at the
    evaluated point, from the derivative with respect to the Bezier
    parameter; where it is 0, the limit direction of docs/paths.md (the
    first non-zero higher derivative, taken backwards at t = 1); for a
    segment that is a single point the zero vector, whose angle is 0.
    autoReverse: that angle + pi. Discrete: at keyframe 0 the leaving
    direction of segment 0 at t = 0, at keyframe j >= 1 the arriving
    direction of segment j - 1 at t = 1.
R6  at a boundary between segments the later segment is used (K5; for
    paced, a distance exactly on a segment end is the start of the next
    segment with a positive length), except at p = 1, which is the end of
    the last segment (with a positive length, for paced).

Keyframes given as values never report a rotation (Apple: undefined).

Arithmetic: every decision (clamping, validation, lookups) is made on exact
rationals (Fractions of the doubles). Linear, cubic and discrete values
without timing functions are exact rationals. Timing functions, square roots
and arc lengths are computed at mp.dps = 50.
"""

from dataclasses import dataclass
from fractions import Fraction
import math

from mpmath import mp, mpf

from .arc_length import Segment, real_roots_in_unit_interval
from .transform3d import exact, to_mpf
from .timing_function import CubicTimingFunction, clamp_unit

MODES = ("linear", "discrete", "paced", "cubic", "cubicPaced")
ROTATION_MODES = (None, "auto", "autoReverse")

# Piecewise quadrature: a piece is halved while its error estimate exceeds
# this fraction of the segment's scale (see _integrate).
QUAD_RELATIVE_ERROR = mpf("1e-42")
ABSOLUTE_FLOOR = mpf("1e-45")
MAX_SPLIT_DEPTH = 30
# Arc-length inversion stops when the length at u is this close (relative to
# the total length) to the target.
INVERSION_TOLERANCE = mpf("1e-45")


# ---------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------

def is_double(q):
    """True when the rational q is exactly a double."""
    return Fraction(float(q)) == q


def mix(a, b, u):
    """a + (b - a) u for rationals a, b and u a Fraction (exact) or an mpf."""
    if isinstance(u, Fraction):
        return a + (b - a) * u
    return to_mpf(a) + to_mpf(b - a) * u


def vec_sub(a, b):
    return tuple(x - y for x, y in zip(a, b))


def vec_norm(v):
    """Euclidean length at 50 digits (exact 0 for the zero vector)."""
    s = sum((x * x for x in v), start=Fraction(0))
    return mpf(0) if s == 0 else mp.sqrt(to_mpf(s))


def ease(curve, u):
    """A timing function at the exact input u (a Fraction or an mpf), with
    the timing-function model's clamping of the input to [0, 1]."""
    if isinstance(u, Fraction) and (u == 0 or u == 1):
        return u  # y(0) = 0 and y(1) = 1 exactly; kept rational.
    return curve.Y(curve.solve_t(clamp_unit(to_mpf(u))))


def angle_of(direction):
    """atan2(dy, dx) at 50 digits; the zero vector reads 0 (R5)."""
    dx, dy = direction
    if dx == 0 and dy == 0:
        return mpf(0)
    return mp.atan2(to_mpf(dy), to_mpf(dx))


# ---------------------------------------------------------------------------
# Bezier segments of a path (points exact, parameter a Fraction or an mpf)
# ---------------------------------------------------------------------------

def _binomial_derivative_points(points, order):
    """The control points of the order-th derivative of a Bezier curve:
    deg!/(deg-order)! times the order-th forward differences."""
    pts = [tuple(p) for p in points]
    factor = 1
    for _ in range(order):
        deg = len(pts) - 1
        if deg == 0:
            return [(Fraction(0), Fraction(0))]
        factor *= deg
        pts = [vec_sub(q, p) for p, q in zip(pts, pts[1:])]
    return [tuple(factor * c for c in p) for p in pts]


def bezier_point(points, t):
    """De Casteljau at t (exact for a Fraction t)."""
    if not isinstance(t, Fraction):
        pts = [tuple(to_mpf(c) for c in p) for p in points]
    else:
        pts = [tuple(p) for p in points]
    while len(pts) > 1:
        pts = [tuple(a + (b - a) * t for a, b in zip(p, q))
               for p, q in zip(pts, pts[1:])]
    return pts[0]


def bezier_derivative(points, t, order=1):
    """B^(order)(t); the zero vector when order exceeds the degree."""
    return bezier_point(_binomial_derivative_points(points, order), t)


def bezier_direction(points, t, backward=False):
    """The direction of travel at t (R5, docs/paths.md): B'(t) if it is not
    0, else the first non-zero higher derivative, times (-1)^(k-1) when
    taken backwards (at t = 1, where B'(t) ~ B^(k)(1) (t-1)^(k-1)/(k-1)!).
    The zero vector when every derivative vanishes (a single point)."""
    for order in range(1, len(points)):
        d = bezier_derivative(points, t, order)
        if any(c != 0 for c in d):
            if backward and order % 2 == 0:
                return tuple(-c for c in d)
            return d
    return (Fraction(0), Fraction(0))


@dataclass
class PathSegment:
    """One drawn segment: 2, 3 or 4 control points (doubles)."""
    points: list

    def __post_init__(self):
        self.points = [(float(x), float(y)) for x, y in self.points]
        assert len(self.points) in (2, 3, 4)
        self.exact_points = [(exact(x), exact(y)) for x, y in self.points]
        self.arc = Segment(self.points)   # arc_length.py, the geometry oracle
        self._table = None

    @property
    def start(self):
        return self.exact_points[0]

    @property
    def end(self):
        return self.exact_points[-1]

    def point(self, t):
        return bezier_point(self.exact_points, t)

    def derivative(self, t):
        return bezier_derivative(self.exact_points, t, 1)

    def direction(self, t, backward=False):
        return bezier_direction(self.exact_points, t, backward)

    def scale(self):
        """The control polygon's length (a size for relative tests)."""
        return self.arc.polygon_length

    def table(self):
        if self._table is None:
            self._table = self.arc.table([])
        return self._table

    def length(self):
        return self.table()[-1][1]

    def parameter_at_fraction(self, fraction):
        return self.arc.parameter_at(fraction, self.table())


def path_segments(elements):
    """Segments of a path given as elements ("M", x, y), ("L", x, y),
    ("Q", cx, cy, x, y), ("C", c1x, c1y, c2x, c2y, x, y), ("Z",), with the
    rules of docs/paths.md: a move-to gives nothing, a close gives a line back
    to the subpath's start unless the current point is already there."""
    segments = []
    current = start = None
    for element in elements:
        kind, args = element[0], [float(a) for a in element[1:]]
        if kind == "M":
            current = start = (args[0], args[1])
            continue
        if current is None:  # docs/paths.md: drawing on an empty path moves to the origin
            current = start = (0.0, 0.0)
        if kind == "L":
            end = (args[0], args[1])
            segments.append(PathSegment([current, end]))
        elif kind == "Q":
            end = (args[2], args[3])
            segments.append(PathSegment([current, (args[0], args[1]), end]))
        elif kind == "C":
            end = (args[4], args[5])
            segments.append(PathSegment([current, (args[0], args[1]),
                                         (args[2], args[3]), end]))
        elif kind == "Z":
            end = start
            if current != start:
                segments.append(PathSegment([current, start]))
        else:
            raise ValueError(kind)
        current = end
    return segments


def svg_path_data(elements):
    """The same path as SVG path data (absolute M L Q C Z, repr numbers)."""
    parts = []
    for element in elements:
        parts.append(" ".join([element[0]] + [repr(float(a)) for a in element[1:]]))
    return " ".join(parts)


# ---------------------------------------------------------------------------
# Polynomial curves in R^m (the cubic mode's Hermite segments) and their
# arc length, for cubicPaced
# ---------------------------------------------------------------------------

class HermiteSegment:
    """H(u) = h00 P0 + h10 T0 + h01 P1 + h11 T1 on u in [0, 1], with
    h00 = 2u^3 - 3u^2 + 1, h10 = u^3 - 2u^2 + u, h01 = -2u^3 + 3u^2,
    h11 = u^3 - u^2 (exact rational P0, P1, T0, T1)."""

    def __init__(self, p0, t0, p1, t1):
        self.p0, self.t0, self.p1, self.t1 = p0, t0, p1, t1
        # Power basis H(u) = A u^3 + B u^2 + C u + D, exact.
        self.A = tuple(2 * a + b - 2 * c + d for a, b, c, d in zip(p0, t0, p1, t1))
        self.B = tuple(-3 * a - 2 * b + 3 * c - d for a, b, c, d in zip(p0, t0, p1, t1))
        self.C = tuple(t0)
        self.D = tuple(p0)
        self._mpf = None
        self._pieces = None
        self._scale = None

    def value(self, u):
        """In Hermite form, so that u = 0 and u = 1 give P0 and P1 exactly."""
        u2, u3 = u * u, u * u * u
        h00 = 2 * u3 - 3 * u2 + 1
        h10 = u3 - 2 * u2 + u
        h01 = -2 * u3 + 3 * u2
        h11 = u3 - u2
        if isinstance(u, Fraction):
            return tuple(h00 * a + h10 * b + h01 * c + h11 * d
                         for a, b, c, d in zip(self.p0, self.t0, self.p1, self.t1))
        return tuple(h00 * to_mpf(a) + h10 * to_mpf(b) + h01 * to_mpf(c) + h11 * to_mpf(d)
                     for a, b, c, d in zip(self.p0, self.t0, self.p1, self.t1))

    def derivative(self, u):
        """H'(u) = 3A u^2 + 2B u + C."""
        return tuple((3 * a * u + 2 * b) * u + c
                     for a, b, c in zip(self.A, self.B, self.C))

    # ----- arc length -----

    def _speed_coefficients(self):
        """|H'(u)|^2 = 9|A|^2 u^4 + 12 A.B u^3 + (4|B|^2 + 6 A.C) u^2
        + 4 B.C u + |C|^2, exact, then as mpf."""
        if self._mpf is None:
            def dot(x, y):
                return sum((p * q for p, q in zip(x, y)), start=Fraction(0))
            A, B, C = self.A, self.B, self.C
            exact_coefficients = [9 * dot(A, A), 12 * dot(A, B),
                                  4 * dot(B, B) + 6 * dot(A, C),
                                  4 * dot(B, C), dot(C, C)]
            # d/du |H'|^2 / 2 = H'.H'' = 18|A|^2 u^3 + 18 A.B u^2
            #                            + (4|B|^2 + 6 A.C) u + 2 B.C
            critical = [18 * dot(A, A), 18 * dot(A, B),
                        4 * dot(B, B) + 6 * dot(A, C), 2 * dot(B, C)]
            self._mpf = ([to_mpf(c) for c in exact_coefficients], critical,
                         all(c == 0 for c in exact_coefficients))
        return self._mpf

    def is_point(self):
        return self._speed_coefficients()[2]

    def speed(self, u):
        k = self._speed_coefficients()[0]
        s2 = (((k[0] * u + k[1]) * u + k[2]) * u + k[3]) * u + k[4]
        return mp.sqrt(s2) if s2 > 0 else mpf(0)

    def scale(self):
        """A size of the segment: the length of its Bezier control polygon
        (P0, P0 + T0/3, P1 - T1/3, P1), an upper bound of its arc length."""
        if self._scale is not None:
            return self._scale
        pts = [self.p0,
               tuple(p + t / 3 for p, t in zip(self.p0, self.t0)),
               tuple(p - t / 3 for p, t in zip(self.p1, self.t1)),
               self.p1]
        self._scale = sum((vec_norm(vec_sub(q, p)) for p, q in zip(pts, pts[1:])),
                          start=mpf(0))
        return self._scale

    def critical_points(self):
        """Parameters in (0, 1) where the speed may have an extremum or a
        kink: real parts of the roots of H'.H'' (as arc_length.py does)."""
        return real_roots_in_unit_interval(self._speed_coefficients()[1])

    def _integrate(self, a, b, depth=0):
        if b <= a:
            return mpf(0)
        value, error = mp.quad(self.speed, [a, b], error=True)
        # Relative to the piece, or to its share of the control polygon's
        # length; never below 1e-45 of that length (pieces narrower than the
        # working precision, which the inversion probes next to a zero of the
        # speed, are accepted as they are).
        allowed = max(QUAD_RELATIVE_ERROR * max(abs(value), self.scale() * (b - a)),
                      ABSOLUTE_FLOOR * self.scale())
        if error > allowed and depth < MAX_SPLIT_DEPTH:
            mid = (a + b) / 2
            return self._integrate(a, mid, depth + 1) + self._integrate(mid, b, depth + 1)
        assert error <= allowed, ("quadrature", a, b, value, error)
        return value

    def pieces(self):
        """[(u, length from 0 to u)] at 0, the critical points and 1."""
        if self._pieces is None:
            cuts = [mpf(0)] + self.critical_points() + [mpf(1)]
            table = [(cuts[0], mpf(0))]
            total = mpf(0)
            for a, b in zip(cuts, cuts[1:]):
                total += self._integrate(a, b)
                table.append((b, total))
            self._pieces = table
        return self._pieces

    def length(self):
        return self.pieces()[-1][1]

    def length_to(self, u):
        """The arc length from 0 to u in [0, 1]."""
        u = mpf(u)
        table = self.pieces()
        for (a, la), (b, lb) in zip(table, table[1:]):
            if u <= b:
                return la + self._integrate(a, u)
        return table[-1][1]

    def parameter_at_length(self, target):
        """The u in [0, 1] with length_to(u) = target (0 <= target <=
        length): safeguarded Newton (the derivative is the speed) inside the
        piece whose lengths bracket the target, bisecting whenever a step
        would leave the bracket."""
        table = self.pieces()
        total = table[-1][1]
        if target <= 0:
            return mpf(0)
        if target >= total:
            return mpf(1)
        for (a, la), (b, lb) in zip(table, table[1:]):
            if la <= target <= lb:
                break
        if target == la:
            return a
        if target == lb:
            return b
        lo, hi = a, b
        u = a + (b - a) * (target - la) / (lb - la)
        tolerance = INVERSION_TOLERANCE * max(total, mpf("1e-300"))
        for _ in range(400):
            g = la + self._integrate(a, u) - target
            if abs(g) <= tolerance:
                return u
            if g > 0:
                hi = u
            else:
                lo = u
            s = self.speed(u)
            step_ok = s > 0
            if step_ok:
                candidate = u - g / s
                step_ok = lo < candidate < hi
            u = candidate if step_ok else (lo + hi) / 2
            if hi - lo < mpf(10) ** (-mp.dps - 5):
                return u
        raise AssertionError("arc-length inversion did not converge")


# ---------------------------------------------------------------------------
# The keyframe animation
# ---------------------------------------------------------------------------

@dataclass
class Keyframes:
    """The inputs of a keyframe animation, as raw doubles.

    values: a list of vectors (lists of floats), or None.
    path: a list of path elements (see path_segments), or None. A path
        overrides values (reference: "Specifying a path overrides the values
        property").
    key_times, tension, continuity, bias: lists of floats, or None.
    timing_functions: a list of [c1x, c1y, c2x, c2y], or None.
    """
    values: object = None
    path: object = None
    key_times: object = None
    timing_functions: object = None
    mode: str = "linear"
    tension: object = None
    continuity: object = None
    bias: object = None
    rotation_mode: object = None


@dataclass
class Result:
    value: object            # tuple of Fraction/mpf, or None (no contribution)
    rotation: object = None  # mpf, or None
    segment: object = None   # the segment (or value index for discrete)
    u: object = None         # the local parameter used (after timing functions)
    slow_tangent: bool = False  # the rotation is ill-conditioned (|B'| tiny)


def valid_key_times(key_times, n, mode):
    """K1/K2: whether the given key times are used (False: ignored)."""
    if key_times is None or mode in ("paced", "cubicPaced"):
        return False
    ks = [float(k) for k in key_times]
    if any(math.isnan(k) for k in ks):
        return False
    allowed = (n,) if mode in ("linear", "cubic") else (n, n + 1)
    if len(ks) not in allowed:
        return False
    if any(not (0.0 <= k <= 1.0) for k in ks):
        return False
    if any(b < a for a, b in zip(ks, ks[1:])):
        return False
    if ks[0] != 0.0:
        return False
    if mode in ("linear", "cubic") and ks[-1] != 1.0:
        return False
    return True


def padded(values, n):
    """TCB arrays: missing entries are 0, extra entries are dropped."""
    values = [] if values is None else [exact(float(v)) for v in values]
    return (values + [Fraction(0)] * n)[:n]


class KeyframeModel:
    def __init__(self, spec):
        assert spec.mode in MODES, spec.mode
        assert spec.rotation_mode in ROTATION_MODES, spec.rotation_mode
        self.spec = spec
        self.mode = spec.mode
        self.on_path = spec.path is not None
        if self.on_path:
            self.segments = path_segments(spec.path)
            self.points = ([self.segments[0].start] + [s.end for s in self.segments]
                           if self.segments else [])
        else:
            self.segments = None
            self.points = [tuple(exact(float(c)) for c in v) for v in (spec.values or [])]
        self.n = len(self.points)
        n = self.n
        # The mode that decides which arrays are read: on a path, cubic is
        # linear (R2) and cubicPaced is paced (R3).
        self.lookup_mode = self.mode
        if self.on_path and self.mode == "cubic":
            self.lookup_mode = "linear"
        self.key_times_used = n >= 1 and valid_key_times(spec.key_times, n, self.lookup_mode)
        self.timing_functions_used = (
            self.lookup_mode in ("linear", "cubic") and bool(spec.timing_functions)
            and n >= 2)
        self.curves = None
        if self.timing_functions_used:
            given = [CubicTimingFunction(*tf) for tf in spec.timing_functions[:n - 1]]
            linear = CubicTimingFunction(0.0, 0.0, 1.0, 1.0)
            self.curves = given + [linear] * (n - 1 - len(given))
        # Key times (exact): given, or evenly spaced (K4).
        self.key_times = None
        if n >= 2 and self.lookup_mode in ("linear", "cubic", "discrete"):
            if self.key_times_used:
                self.key_times = [exact(float(k)) for k in spec.key_times]
            elif self.lookup_mode == "discrete":
                self.key_times = [Fraction(i, n) for i in range(n)]
            else:
                self.key_times = [Fraction(i, n - 1) for i in range(n)]
        # Cubic tangents (values only: on a path cubic is linear).
        self.hermite = None
        if n >= 2 and not self.on_path and self.mode in ("cubic", "cubicPaced"):
            if self.mode == "cubic":
                times = self.key_times
            else:
                times = [Fraction(i, n - 1) for i in range(n)]
            self.tension = padded(spec.tension, n)
            self.continuity = padded(spec.continuity, n)
            self.bias = padded(spec.bias, n)
            td, ts = kb_tangents(self.points, times, self.tension,
                                 self.continuity, self.bias)
            self.outgoing, self.incoming = td, ts
            self.hermite = [HermiteSegment(self.points[i], td[i],
                                           self.points[i + 1], ts[i + 1])
                            for i in range(n - 1)]
        # Paced tables: lengths of the pieces that are traversed at constant
        # speed (chords, path segments, or Hermite segments).
        self.piece_lengths = None
        if n >= 2 and self.mode in ("paced", "cubicPaced"):
            if self.on_path:
                self.piece_lengths = [s.length() for s in self.segments]
            elif self.mode == "paced":
                self.piece_lengths = [vec_norm(vec_sub(b, a))
                                      for a, b in zip(self.points, self.points[1:])]
            else:
                self.piece_lengths = [h.length() for h in self.hermite]
            cumulative = [mpf(0)]
            for length in self.piece_lengths:
                cumulative.append(cumulative[-1] + length)
            self.cumulative = cumulative
            self.total_length = cumulative[-1]

    # ----- key-time modes -----

    def locate(self, p, strict=False):
        """K5: (segment i, raw u) for p in [0, 1]. strict=True gives the
        limit from the left (the largest i with k_i < p), used to describe
        the other side of a boundary."""
        k = self.key_times
        last = self.n - 2
        i = 0
        for j in range(last + 1):
            if (k[j] < p) if strict else (k[j] <= p):
                i = j
        if k[i + 1] == k[i]:
            return i, Fraction(1)
        return i, (p - k[i]) / (k[i + 1] - k[i])

    def discrete_index(self, p, strict=False):
        """K6: the index of the value shown at p."""
        index = 0
        for j, kj in enumerate(self.key_times):
            if (kj < p) if strict else (kj <= p):
                index = j
        return min(index, self.n - 1)

    def eased_u(self, i, u):
        """T1: u through timingFunctions[i] when they are used."""
        if self.curves is None:
            return u
        return ease(self.curves[i], u)

    # ----- paced modes -----

    def locate_paced(self, p, strict=False):
        """(piece j, fraction of piece j) for the distance s = p L (M3, M5,
        R3, R6). Pieces of zero length are never chosen. strict=True gives
        the limit from the left at a piece boundary."""
        s = to_mpf(p) * self.total_length
        positive = [j for j, length in enumerate(self.piece_lengths) if length > 0]
        for j in positive:
            start, end = self.cumulative[j], self.cumulative[j + 1]
            if (start < s <= end) if strict else (start <= s < end):
                return j, (s - start) / self.piece_lengths[j]
        if strict and s <= 0:
            return positive[0], mpf(0)
        return positive[-1], mpf(1)

    # ----- evaluation -----

    def evaluate(self, p, strict=False):
        """The value (and rotation) at progress p (a double, Fraction or mpf).

        strict=True evaluates the limit from the left at a key boundary
        (the other side of R6/K5/K6); it is used only to describe samples
        that lie within rounding distance of a boundary."""
        if self.n == 0:
            return Result(value=None)
        p = exact(p)
        p = min(max(p, Fraction(0)), Fraction(1))  # P1
        if self.n == 1:
            # P2 (only values can have one keyframe: a path with s >= 1
            # segments has s + 1).
            return Result(value=self.points[0])
        mode = self.lookup_mode
        if mode == "discrete":
            return self._discrete(p, strict)
        if mode in ("paced", "cubicPaced"):
            return self._paced(p, strict)
        i, u = self.locate(p, strict)
        eu = self.eased_u(i, u)
        if self.on_path:
            segment = self.segments[i]
            value = segment.point(eu)
            result = Result(value=value, segment=i, u=eu)
            self._path_rotation(result, segment, eu, backward=(eu == 1))
            return result
        if mode == "linear":
            value = tuple(mix(a, b, eu) for a, b in zip(self.points[i], self.points[i + 1]))
            return Result(value=value, segment=i, u=eu)
        assert mode == "cubic"
        return Result(value=self.hermite[i].value(eu), segment=i, u=eu)

    def _discrete(self, p, strict):
        j = self.discrete_index(p, strict)
        result = Result(value=self.points[j], segment=j)
        if self.on_path and self.spec.rotation_mode is not None:
            if j == 0:
                direction = self.segments[0].direction(Fraction(0))
            else:
                direction = self.segments[j - 1].direction(Fraction(1), backward=True)
            result.rotation = self._rotation(direction)
        return result

    def _paced(self, p, strict):
        if self.total_length == 0:
            # M3/M5: nothing to travel; the first value throughout.
            result = Result(value=self.points[0], segment=0, u=Fraction(0))
            if self.on_path and self.spec.rotation_mode is not None:
                result.rotation = self._rotation(self.segments[0].direction(Fraction(0)))
            return result
        j, fraction = self.locate_paced(p, strict)
        if self.on_path:
            segment = self.segments[j]
            if fraction == 0:
                t = Fraction(0)
            elif fraction == 1:
                t = Fraction(1)
            else:
                t = segment.parameter_at_fraction(fraction)
            result = Result(value=segment.point(t), segment=j, u=t)
            self._path_rotation(result, segment, t, backward=(t == 1))
            return result
        if self.mode == "paced":
            a, b = self.points[j], self.points[j + 1]
            if fraction == 1:
                value = b
            elif fraction == 0:
                value = a
            else:
                value = tuple(mix(x, y, fraction) for x, y in zip(a, b))
            return Result(value=value, segment=j, u=fraction)
        h = self.hermite[j]
        if fraction == 1:
            u = Fraction(1)
        elif fraction == 0:
            u = Fraction(0)
        else:
            u = h.parameter_at_length(fraction * self.piece_lengths[j])
        return Result(value=h.value(u), segment=j, u=u)

    # ----- rotation -----

    def _rotation(self, direction):
        if self.spec.rotation_mode is None:
            return None
        angle = angle_of(direction)
        if self.spec.rotation_mode == "autoReverse":
            angle = angle + mp.pi
        return angle

    def _path_rotation(self, result, segment, t, backward):
        if self.spec.rotation_mode is None:
            return
        direction = segment.direction(t, backward=backward)
        result.rotation = self._rotation(direction)
        # Conditioning: a double implementation evaluates B'(t) with an
        # absolute error of about 1e-16 of the segment's size; where |B'(t)|
        # is below 1e-7 of it the angle can be off by more than 1e-9. Exact
        # zeros at the ends (a control point on an end) are exact in doubles
        # too and are not flagged.
        speed = vec_norm(segment.derivative(t))
        scale = segment.scale()
        at_end = isinstance(t, Fraction) and (t == 0 or t == 1)
        if scale > 0 and speed < mpf("1e-7") * scale and not (at_end and speed == 0):
            result.slow_tangent = True

    # ----- boundaries (for the goldens' flags) -----

    def boundaries(self):
        """The progress values where the lookup switches pieces: key times
        (Fractions) for key-time modes, cumulative length fractions (mpf)
        for paced modes."""
        if self.n < 2:
            return []
        if self.lookup_mode in ("linear", "cubic", "discrete"):
            return list(self.key_times)
        if self.total_length == 0:
            return []
        return [c / self.total_length for c in self.cumulative]


def kb_tangents(points, times, tension, continuity, bias):
    """Kochanek-Bartels tangents (D. Kochanek and R. Bartels, "Interpolating
    splines with local tension, continuity, and bias control", SIGGRAPH 1984),
    exact.

    With d_in = P_i - P_(i-1) and d_out = P_(i+1) - P_i:
      TD_i (outgoing, starts segment i)
        = (1-t)(1+b)(1+c)/2 d_in + (1-t)(1-b)(1-c)/2 d_out
      TS_i (incoming, ends segment i-1)
        = (1-t)(1+b)(1-c)/2 d_in + (1-t)(1-b)(1+c)/2 d_out
    Ends: the end keyframes are duplicated, P_(-1) = P_0 and P_n = P_(n-1),
    so d_in = 0 at the first key and d_out = 0 at the last.
    Uneven key times, with N_(i-1) = k_i - k_(i-1) and N_i = k_(i+1) - k_i:
      TD_i *= 2 N_i / (N_(i-1) + N_i),  TS_i *= 2 N_(i-1) / (N_(i-1) + N_i),
    so that, for c = 0, the velocity in time TS_i / N_(i-1) arriving at key i
    equals TD_i / N_i leaving it. End tangents are not scaled (the duplicated
    key's interval is taken equal to its neighbour's), and when both
    neighbouring intervals are empty the factors are 1.
    Returns (TD, TS), lists of exact vectors.
    """
    n = len(points)
    outgoing, incoming = [], []
    for i in range(n):
        previous = points[i - 1] if i > 0 else points[0]
        following = points[i + 1] if i < n - 1 else points[n - 1]
        d_in = vec_sub(points[i], previous)
        d_out = vec_sub(following, points[i])
        t, c, b = tension[i], continuity[i], bias[i]
        td_in = (1 - t) * (1 + b) * (1 + c) / 2
        td_out = (1 - t) * (1 - b) * (1 - c) / 2
        ts_in = (1 - t) * (1 + b) * (1 - c) / 2
        ts_out = (1 - t) * (1 - b) * (1 + c) / 2
        td = tuple(td_in * x + td_out * y for x, y in zip(d_in, d_out))
        ts = tuple(ts_in * x + ts_out * y for x, y in zip(d_in, d_out))
        if 0 < i < n - 1:
            n_prev = times[i] - times[i - 1]
            n_next = times[i + 1] - times[i]
            if n_prev + n_next > 0:
                td = tuple(v * 2 * n_next / (n_prev + n_next) for v in td)
                ts = tuple(v * 2 * n_prev / (n_prev + n_next) for v in ts)
        outgoing.append(td)
        incoming.append(ts)
    return outgoing, incoming


__all__ = ["Keyframes", "KeyframeModel", "MODES", "ROTATION_MODES", "PathSegment",
           "path_segments", "svg_path_data", "kb_tangents", "HermiteSegment",
           "bezier_point", "bezier_derivative", "bezier_direction", "ease", "exact",
           "is_double", "to_mpf", "angle_of", "valid_key_times"]
