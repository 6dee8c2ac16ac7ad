"""Small arithmetic helpers shared by the reference models.

Two kinds of arithmetic are used, and each call site says which one it needs:

* Exact arithmetic for every quantity that feeds a decision (a comparison, a
  phase, an iteration number, the bisection predicate of the curve solver).
  The inputs are doubles, so sums, differences and products of them are
  dyadic rationals; mpmath computes them without rounding when asked with
  ``exact=True``. A decision made on such a value is therefore the decision
  of exact real arithmetic.
* Rounded arithmetic at ``mp.dps = 50`` (about 166 bits) for quotients, which
  are only ever reported as values and are then rounded once more to the
  nearest double.

Conversions from and to doubles are exact (in) and correctly rounded (out).
"""

from fractions import Fraction
import math

from mpmath import mp, mpf

mp.dps = 50

INF = mp.inf


def from_double(x):
    """The exact value of the double ``x`` as an mpf (NaN and infinities kept)."""
    x = float(x)
    if math.isnan(x):
        return mp.nan
    if math.isinf(x):
        return INF if x > 0 else -INF
    # mpf of a float is exact whenever the working precision is >= 53 bits.
    value = mpf(x)
    assert value == Fraction(x), "conversion from a double must be exact"
    return value


def add(*terms):
    """Exact sum of finite mpf values."""
    total = terms[0]
    for term in terms[1:]:
        total = mp.fadd(total, term, exact=True)
    return total


def sub(a, b):
    """Exact difference a - b of finite mpf values."""
    return mp.fsub(a, b, exact=True)


def mul(*factors):
    """Exact product of finite mpf values (Python ints are also exact)."""
    product = factors[0]
    for factor in factors[1:]:
        product = mp.fmul(product, factor, exact=True)
    return product


def div(a, b):
    """a / b rounded to the working precision (50 decimal digits)."""
    return mp.fdiv(a, b)


def as_fraction(x):
    """The exact rational value of a finite mpf.

    Read from the raw (sign, mantissa, exponent, bitcount) tuple: mpmath's
    public man_exp drops the sign.
    """
    assert mp.isfinite(x)
    sign, man, exp, _ = x._mpf_
    value = Fraction(man) * (Fraction(2) ** exp)
    return -value if sign else value


def floor_div(a, b):
    """floor(a / b) as a Python int, exactly, for finite a and finite b > 0.

    Computed on the exact rationals, so no rounding of the quotient can move
    the result across an integer.
    """
    assert b > 0
    return math.floor(as_fraction(a) / as_fraction(b))


def floor_mod(a, b):
    """(k, r) with a = k*b + r, k an integer and 0 <= r < b, all exact."""
    k = floor_div(a, b)
    r = sub(a, mul(k, b))  # an int factor is converted exactly by mpmath
    assert 0 <= r < b
    return k, r


def to_double(x):
    """Round an mpf to the nearest double (ties to even); None stays None.

    Python's float(Fraction) divides two integers, which CPython rounds
    correctly, subnormals included.
    """
    if x is None:
        return None
    if mp.isnan(x):
        return math.nan
    if mp.isinf(x):
        return math.inf if x > 0 else -math.inf
    return float(as_fraction(x))
