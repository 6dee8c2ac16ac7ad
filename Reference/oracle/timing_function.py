"""Reference model of a cubic Bézier timing function (CAMediaTimingFunction).

The curve runs from (0, 0) through the control points (c1x, c1y), (c2x, c2y)
to (1, 1). For an input progress x it returns the output progress y = Y(t)
where t solves X(t) = x.

Rules, and where each comes from:

* The x coordinates of the control points are clamped to [0, 1]; the y
  coordinates are kept. (CAMediaTimingFunction stores its control points that
  way; CSS Easing Level 1 requires x in [0, 1], which makes X monotone.)
* The input x is clamped to [0, 1] before solving: Core Animation returns
  y(0) for x = -0.5 and y(1) for x = 1.5.
* X(t) = x is solved on [0, 1] by bisection on the predicate X(t) < x, which
  finds the smallest t with X(t) >= x. X is non-decreasing when both x control
  points lie in [0, 1], so the predicate is true on an interval [0, t0) and
  false after it; X is in fact strictly increasing (X' is a quadratic that is
  >= 0 and not identically 0), so t0 is the only root.
* The predicate is evaluated exactly (see exact.py), so no rounding can send
  the bisection to the wrong half, not even next to a vertical tangent where X
  is extremely flat in t.
* Bisection stops when the bracket is at most 1e-45 wide, and also at most
  1e-45 of its upper end, so that tiny x (down to 5e-324) keep a relative
  accuracy of about 1e-45 in t and thus in y.
* dy/dx = Y'(t) / X'(t). When X'(t) = 0 and Y'(t) != 0 the tangent is vertical
  and the slope is None (infinite). When both vanish, the first derivative
  order n in 2, 3 where they do not both vanish decides: Y^(n)/X^(n), or None
  when X^(n) = 0 (l'Hôpital's rule on dY/dt over dX/dt).
* The extrapolating variant follows CSS Easing Level 1 (section "cubic Bézier
  easing functions"): outside [0, 1] the curve continues along the tangent at
  the nearer end point, with the slopes given in y_extrapolated below.
"""

import math

from mpmath import mp, mpf

from .exact import INF, add, div, from_double, mul, sub, to_double

# Bisection stops when the bracket is this small (absolute, and relative to t).
BISECTION_TOLERANCE = mpf("1e-45")

# A bound that bisection can never reach for double inputs (5e-324 needs about
# 1230 halvings); it only guards against a bug turning into an endless loop.
MAX_BISECTION_STEPS = 2000

ONE = mpf(1)
THREE = mpf(3)
SIX = mpf(6)


def clamp_unit(value):
    """Clamp an mpf to [0, 1]; NaN is not expected here."""
    assert not mp.isnan(value)
    if value < 0:
        return mpf(0)
    if value > 1:
        return ONE
    return value


class CubicTimingFunction:
    """A cubic Bézier timing function with exact-value arithmetic."""

    def __init__(self, c1x, c1y, c2x, c2y):
        # The raw doubles, as given (the JSON shows these).
        self.raw = (float(c1x), float(c1y), float(c2x), float(c2y))
        for value in self.raw:
            assert not math.isnan(value), "NaN control points are not modelled"
        # Rule: x control points are clamped to [0, 1]; y control points kept.
        self.c1x = clamp_unit(from_double(c1x))
        self.c2x = clamp_unit(from_double(c2x))
        self.c1y = from_double(c1y)
        self.c2y = from_double(c2y)
        # Power-basis coefficients of X, exact (see X_power).
        self._x_power = (
            sub(add(ONE, mul(THREE, self.c1x)), mul(THREE, self.c2x)),
            sub(mul(THREE, self.c2x), mul(SIX, self.c1x)),
            mul(THREE, self.c1x),
        )

    # ----- the Bernstein polynomials and their derivatives (all exact) -----

    @staticmethod
    def _bezier(p1, p2, t):
        """B(t) = 3(1-t)^2 t p1 + 3(1-t) t^2 p2 + t^3, with P0 = 0 and P3 = 1."""
        s = sub(ONE, t)
        return add(mul(THREE, s, s, t, p1), mul(THREE, s, t, t, p2), mul(t, t, t))

    @staticmethod
    def _derivative(p1, p2, t, order):
        """The order-th derivative of B at t, for order 1, 2 or 3.

        B'   = 3[(1-t)^2 (p1 - 0) + 2(1-t)t (p2 - p1) + t^2 (1 - p2)]
        B''  = 6[(1-t) (p2 - 2 p1 + 0) + t (1 - 2 p2 + p1)]
        B''' = 6 (1 - 3 p2 + 3 p1 - 0)
        """
        s = sub(ONE, t)
        if order == 1:
            return mul(THREE, add(mul(s, s, p1),
                                  mul(2, s, t, sub(p2, p1)),
                                  mul(t, t, sub(ONE, p2))))
        if order == 2:
            return mul(SIX, add(mul(s, sub(p2, mul(2, p1))),
                                mul(t, add(sub(ONE, mul(2, p2)), p1))))
        if order == 3:
            return mul(SIX, add(sub(ONE, mul(3, p2)), mul(3, p1)))
        raise ValueError(order)

    def X(self, t):
        return self._bezier(self.c1x, self.c2x, t)

    def X_power(self, t):
        """X(t) in powers of t, for the bisection predicate (fewer operations).

        3(1-t)^2 t p1 + 3(1-t) t^2 p2 + t^3
          = (3 p1) t + (3 p2 - 6 p1) t^2 + (1 + 3 p1 - 3 p2) t^3,
        evaluated as ((a t + b) t + c) t with the exact coefficients from
        __init__. Equal to X(t) exactly (a test checks it).
        """
        a, b, c = self._x_power
        return mul(add(mul(add(mul(a, t), b), t), c), t)

    def Y(self, t):
        return self._bezier(self.c1y, self.c2y, t)

    def dX(self, t, order=1):
        return self._derivative(self.c1x, self.c2x, t, order)

    def dY(self, t, order=1):
        return self._derivative(self.c1y, self.c2y, t, order)

    # ----- solving X(t) = x -----

    @staticmethod
    def clamp_input(x):
        """Rule: the input x is clamped to [0, 1] (±inf included)."""
        return clamp_unit(from_double(x))

    def solve_t(self, x):
        """The smallest t in [0, 1] with X(t) >= x, for an mpf x in [0, 1].

        Returned as the upper end of the final bisection bracket, so it is
        within 1e-45 (absolute and relative) above the exact root.
        """
        assert 0 <= x <= 1
        if x == 0:
            return mpf(0)  # X(0) = 0 and X is increasing: the root is t = 0.
        lo, hi = mpf(0), ONE  # Invariant: X(lo) < x <= X(hi).
        steps = 0
        while sub(hi, lo) > BISECTION_TOLERANCE * min(ONE, hi):
            mid = mul(add(lo, hi), mpf(0.5))  # exact: a dyadic midpoint
            if self.X_power(mid) < x:  # the predicate, evaluated exactly
                lo = mid
            else:
                hi = mid
            steps += 1
            assert steps < MAX_BISECTION_STEPS
        return hi

    def y(self, x):
        """Output progress for the double input x, as an mpf (x is clamped)."""
        t = self.solve_t(self.clamp_input(x))
        return self.Y(t)

    def slope(self, x):
        """dy/dx at the double input x (clamped), as an mpf, or None if vertical.

        For x outside [0, 1] this is the slope of the curve at the end point
        the input is clamped to (the curve's one-sided end tangent), not the
        zero slope of the clamped constant function.
        """
        return self.slope_at_t(self.solve_t(self.clamp_input(x)))

    def y_and_slope(self, x):
        """(y, slope) for the double input x, sharing one solve."""
        t = self.solve_t(self.clamp_input(x))
        return self.Y(t), self.slope_at_t(t)

    def slope_at_t(self, t):
        """dY/dX at the curve parameter t (see slope)."""
        for order in (1, 2, 3):
            dx = self.dX(t, order)
            dy = self.dY(t, order)
            if dx == 0 and dy == 0:
                continue  # l'Hôpital: look at the next derivative.
            if dx == 0:
                return None  # vertical tangent: dy/dx is infinite.
            return div(dy, dx)
        # Y is a non-constant cubic, so one of its first three derivatives is
        # non-zero at every t; reaching this line would be a bug.
        raise AssertionError("all derivatives vanish")

    # ----- vertical tangents -----

    def vertical_tangent_inside(self):
        """The t* in (0, 1) with X'(t*) = 0, or None if there is none.

        X'(t)/3 = a(1-t)^2 + 2b(1-t)t + c t^2 with a = c1x, b = c2x - c1x,
        c = 1 - c2x. In powers of t that is A t^2 + B t + C with
        A = a - 2b + c, B = 2(b - a), C = a. X' >= 0 on [0, 1], so an interior
        zero is a double root: the discriminant B^2 - 4AC = 4(b^2 - ac) is 0
        and t* = -B / (2A) = (a - b) / A. Everything up to the final division
        is exact.
        """
        a = self.c1x
        b = sub(self.c2x, self.c1x)
        c = sub(ONE, self.c2x)
        if sub(mul(b, b), mul(a, c)) != 0:
            return None
        big_a = add(sub(a, mul(2, b)), c)
        if big_a == 0:
            return None
        t_star = div(sub(a, b), big_a)
        if not (0 < t_star < 1):
            return None
        return t_star

    def vertical_tangents(self):
        """All t in [0, 1] where X'(t) = 0: the interior one and the ends."""
        points = []
        if self.c1x == 0:
            points.append(mpf(0))  # X'(0) = 3 c1x
        t_star = self.vertical_tangent_inside()
        if t_star is not None:
            points.append(t_star)
        if self.c2x == 1:
            points.append(ONE)  # X'(1) = 3 (1 - c2x)
        return points

    # ----- CSS Easing Level 1 extrapolation -----

    def start_slope(self):
        """Slope used for x < 0 (CSS Easing Level 1)."""
        if self.c1x > 0:
            return div(self.c1y, self.c1x)
        if self.c1y == 0 and self.c2x > 0:
            return div(self.c2y, self.c2x)
        return mpf(0)

    def end_slope(self):
        """Slope used for x > 1 (CSS Easing Level 1)."""
        if self.c2x < 1:
            return div(sub(self.c2y, ONE), sub(self.c2x, ONE))
        if self.c2y == 1 and self.c1x < 1:
            return div(sub(self.c1y, ONE), sub(self.c1x, ONE))
        return mpf(0)

    def y_extrapolated(self, x):
        """y(x) inside [0, 1]; the end tangent lines outside it.

        x < 0: y = x * s0;  x > 1: y = 1 + (x - 1) * s1 (slopes above).
        """
        value = from_double(x)
        assert not mp.isnan(value) and not mp.isinf(value)
        if value < 0:
            return value * self.start_slope()
        if value > 1:
            return ONE + sub(value, ONE) * self.end_slope()
        return self.y(x)


def y_double(curve, x):
    """Convenience: y rounded to the nearest double."""
    return to_double(curve.y(x))


__all__ = ["CubicTimingFunction", "y_double", "INF"]
