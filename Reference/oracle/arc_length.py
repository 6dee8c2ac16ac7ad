"""Reference model of the arc length of line, quadratic and cubic Bézier
segments in the plane, and of its inverse (the parameter at a length).

A segment has 2, 3 or 4 control points P0 ... Pn (doubles). Its derivative
is written exactly in powers of t,

    B'(t) = a t^2 + b t + c            (vectors; a = 0 below degree 3)

    line:       c = P1 - P0
    quadratic:  b = 2 (P0 - 2 P1 + P2),        c = 2 (P1 - P0)
    cubic:      a = 3 (-P0 + 3 P1 - 3 P2 + P3), b = 6 (P0 - 2 P1 + P2),
                c = 3 (P1 - P0)

and the length from t0 to t1 is the integral of the speed |B'(t)|.

The speed is smooth except where B' = 0 (a cusp, where it has a kink), and
it varies fastest near its minima. The integral is therefore split at every
critical point of the speed in (0, 1): the real roots of
d/dt |B'|^2 / 2 = B' . B'' = 2|a|^2 t^3 + 3(a.b) t^2 + (|b|^2 + 2 a.c) t + b.c,
found with mpmath.polyroots (complex roots with a small imaginary part are
split at their real part as well; an extra split never hurts). Each piece
is integrated with mpmath.quad (tanh-sinh, which tolerates a kink at an end
of its interval) at mp.dps = 50, and a piece whose error estimate exceeds
1e-40 of its value (or of its share of the control polygon's length, for
slivers next to a cusp) is halved until it does not.

The inverse solves L(t) = f L(1) with mpmath.findroot ('anderson', a
bracketing solver) inside the piece of the cumulative table whose lengths
bracket the target, so the root is unique there (the speed vanishes only at
isolated points unless the segment is a single point).
"""

from fractions import Fraction

from mpmath import mp, mpf

from .transform3d import exact, to_mpf

QUAD_RELATIVE_ERROR = mpf("1e-40")
ABSOLUTE_FLOOR = mpf("1e-45")
MAX_SPLIT_DEPTH = 24



def real_roots_in_unit_interval(coefficients):
    """The real parts, in (0, 1), of the roots of the polynomial with these
    exact coefficients (highest degree first) whose imaginary parts are
    below 0.01: where a speed |B'| may have an extremum or a kink. Sorted,
    without repeats, rounded to the working precision."""
    coefficients = list(coefficients)
    while coefficients and coefficients[0] == 0:
        coefficients.pop(0)
    roots = []
    if len(coefficients) >= 2:
        # Scale to a largest coefficient of 1 (exact), then find roots.
        biggest = max(abs(v) for v in coefficients)
        coefficients = [v / biggest for v in coefficients]
        with mp.workdps(80):
            for root in mp.polyroots([to_mpf(v) for v in coefficients],
                                     maxsteps=400, extraprec=400):
                re, im = mp.re(root), mp.im(root)
                if abs(im) < mpf("0.01") and 0 < re < 1:
                    roots.append(re)
    return sorted(set(+r for r in roots))

class Segment:
    def __init__(self, points):
        self.raw = [(float(x), float(y)) for x, y in points]
        assert len(self.raw) in (2, 3, 4)
        P = [(exact(x), exact(y)) for x, y in self.raw]
        self.degree = len(P) - 1
        zero = (Fraction(0), Fraction(0))

        def lin(*terms):
            return tuple(sum((k * p[i] for k, p in terms), start=Fraction(0))
                         for i in range(2))
        if self.degree == 1:
            a, b, c = zero, zero, lin((1, P[1]), (-1, P[0]))
        elif self.degree == 2:
            a = zero
            b = lin((2, P[0]), (-4, P[1]), (2, P[2]))
            c = lin((2, P[1]), (-2, P[0]))
        else:
            a = lin((-3, P[0]), (9, P[1]), (-9, P[2]), (3, P[3]))
            b = lin((6, P[0]), (-12, P[1]), (6, P[2]))
            c = lin((3, P[1]), (-3, P[0]))
        self.exact_coefficients = (a, b, c)
        self.points = P
        self.a = tuple(to_mpf(v) for v in a)
        self.b = tuple(to_mpf(v) for v in b)
        self.c = tuple(to_mpf(v) for v in c)
        self._splits = None
        pts = [(to_mpf(x), to_mpf(y)) for x, y in P]
        self.polygon_length = sum(
            (mp.sqrt((q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2)
             for p, q in zip(pts, pts[1:])), start=mpf(0))

    @property
    def kind(self):
        return {1: "line", 2: "quadratic", 3: "cubic"}[self.degree]

    def is_point(self):
        a, b, c = self.exact_coefficients
        return all(v == 0 for v in a + b + c)

    # ----- evaluation -----

    def point(self, t):
        """B(t) by de Casteljau (mpf)."""
        t = to_mpf(t)
        pts = [(to_mpf(x), to_mpf(y)) for x, y in self.points]
        while len(pts) > 1:
            pts = [(p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))
                   for p, q in zip(pts, pts[1:])]
        return pts[0]

    def derivative(self, t):
        t = to_mpf(t)
        return tuple((self.a[i] * t + self.b[i]) * t + self.c[i]
                     for i in range(2))

    def speed(self, t):
        dx, dy = self.derivative(t)
        return mp.sqrt(dx * dx + dy * dy)

    # ----- splitting -----

    def critical_points(self):
        """Sorted parameters in (0, 1) where the speed may have a minimum,
        a maximum or a kink (the real parts of the roots of B' . B'')."""
        if self._splits is not None:
            return self._splits
        a, b, c = self.exact_coefficients

        def dot(u, v):
            return u[0] * v[0] + u[1] * v[1]
        coefficients = [2 * dot(a, a), 3 * dot(a, b),
                        dot(b, b) + 2 * dot(a, c), dot(b, c)]
        # Rounded to the working precision (50 digits), so that a root at a
        # parameter such as 0.5 coincides with the same grid parameter.
        self._splits = real_roots_in_unit_interval(coefficients)
        return self._splits

    # ----- lengths -----

    def _integrate(self, t0, t1, depth=0):
        if t1 <= t0:
            return mpf(0)
        value, error = mp.quad(self.speed, [t0, t1], error=True)
        # Relative to the piece, or to the piece's share of the control
        # polygon's length (an upper bound of the whole length), so that a
        # sliver next to a cusp, whose length is ~0, is not split forever;
        # and never below 1e-45 of the polygon's length, so that a piece
        # narrower than the working precision (the root finder probes such
        # pieces) is accepted as it is.
        allowed = max(QUAD_RELATIVE_ERROR * max(abs(value),
                                                self.polygon_length * (t1 - t0)),
                      ABSOLUTE_FLOOR * self.polygon_length)
        if error > allowed and depth < MAX_SPLIT_DEPTH:
            mid = (t0 + t1) / 2
            return self._integrate(t0, mid, depth + 1) + \
                self._integrate(mid, t1, depth + 1)
        assert error <= allowed, (self.raw, t0, t1, value, error)
        return value

    def length_between(self, t0, t1):
        """The arc length from t0 to t1 (0 <= t0 <= t1 <= 1), split at the
        critical points inside."""
        t0, t1 = to_mpf(t0), to_mpf(t1)
        if self.is_point():
            return mpf(0)
        cuts = [t0] + [s for s in self.critical_points() if t0 < s < t1] + [t1]
        return sum((self._integrate(u, v) for u, v in zip(cuts, cuts[1:])),
                   start=mpf(0))

    def table(self, ts):
        """Cumulative lengths at 0, the given parameters and 1, with the
        critical points as extra breakpoints: a sorted list of (t, L(t))."""
        points = {mpf(0), mpf(1)} | {to_mpf(t) for t in ts} | \
            set(self.critical_points())
        points = sorted(points)
        out = [(points[0], mpf(0))]
        total = mpf(0)
        for u, v in zip(points, points[1:]):
            total += self.length_between(u, v)
            out.append((v, total))
        return out

    def length(self):
        return self.length_between(0, 1)

    def parameter_at(self, fraction, table=None):
        """The t in [0, 1] with L(t) = fraction . L(1), for fraction in
        [0, 1]; None for a segment that is a single point (every t has
        length 0)."""
        if self.is_point():
            return None
        if table is None:
            table = self.table([])
        total = table[-1][1]
        target = to_mpf(fraction) * total
        if target <= 0:
            return mpf(0)
        if target >= total:
            return mpf(1)
        for (u, lu), (v, lv) in zip(table, table[1:]):
            if lu == target:
                return u
            if lu < target <= lv:
                if lv == target:
                    return v
                break

        def g(t):
            # Clamp inside the bracket: the solver may probe just outside.
            t = min(max(t, u), v)
            return lu + self.length_between(u, t) - target
        root = mp.findroot(g, (u, v), solver="anderson",
                           tol=mpf(10) ** (-2 * mp.dps + 10),
                           verify=False, maxsteps=400)
        root = min(max(root, u), v)
        residual = abs(g(root))
        assert residual <= mpf("1e-40") * max(total, mpf("1e-300")), \
            (self.raw, fraction, residual)
        return root
