"""Reference model of CASpringAnimation's progress: a damped harmonic oscillator.

S1  Inputs: mass m, stiffness k, damping c, initial velocity v0 (units of the
    whole distance per second, positive towards the end). Bad input
    (Sources/CadenceTiming/Spring.swift): m or k not a finite positive number
    reads as 1 or 100; c negative or not finite reads as 0; v0 not finite as 0.
S2  The displacement y = progress - 1 solves m y'' + c y' + k y = 0 with
    y(0) = -1, y'(0) = v0. With a = c / 2m, q = k/m - a^2 and D = v0 - a:
        q > 0 (w = sqrt q):   y = e^(-a t) (-cos(w t) + D sin(w t) / w)
        q = 0:                y = e^(-a t) (-1 + D t)
        q < 0 (u = sqrt -q):  y = e^(-a t) (-cosh(u t) + D sinh(u t) / u)
    progress(t) = 1 + y(t), velocity(t) = y'(t); a negative t reads as 0.
    Here the solution is evaluated at 50 digits from the exact inputs, with
    its derivative obtained by mpmath's numerical differentiation of the
    same closed form (an independent route to the velocity).
S3  settlingDuration (Cadence's definition; Core Animation documents it only
    as "the estimated duration required for the spring system to be
    considered at rest"): the time the envelope of |y| falls to 1e-3:
        q > 0:  R e^(-a t) with R = sqrt(1 + (D / w)^2), so ln(R / 1e-3) / a;
        q = 0:  e^(-a t) (1 + |D| t);
        q < 0:  e^(-a t) (cosh(u t) + |D| sinh(u t) / u);
    for the last two the unique root (each rises at most once, then falls),
    found here by bisection to 50 digits after bracketing. +inf when a = 0.
"""

from mpmath import mp, mpf

from .exact import from_double

TOLERANCE = mpf("0.001")


class Spring:
    def __init__(self, mass=1.0, stiffness=100.0, damping=10.0, initial_velocity=0.0):
        def positive(x, default):
            x = float(x)
            return from_double(x) if x > 0 and x != float("inf") else mpf(default)
        self.m = positive(mass, 1)
        self.k = positive(stiffness, 100)
        c = float(damping)
        self.c = from_double(c) if c > 0 and c != float("inf") else mpf(0)
        v = float(initial_velocity)
        self.v0 = from_double(v) if v == v and abs(v) != float("inf") else mpf(0)
        self.a = self.c / (2 * self.m)
        self.q = self.k / self.m - self.a ** 2
        self.d = self.v0 - self.a

    def displacement(self, t):
        """S2: y(t) for t >= 0 (an mpf)."""
        a, q, d = self.a, self.q, self.d
        e = mp.exp(-a * t)
        if q > 0:
            w = mp.sqrt(q)
            return e * (-mp.cos(w * t) + d * mp.sin(w * t) / w)
        if q == 0:
            return e * (-1 + d * t)
        u = mp.sqrt(-q)
        return e * (-mp.cosh(u * t) + d * mp.sinh(u * t) / u)

    def progress(self, t):
        t = max(from_double(t), mpf(0))
        return 1 + self.displacement(t)

    def velocity(self, t):
        t = max(from_double(t), mpf(0))
        if t == 0:
            return self.v0
        return mp.diff(self.displacement, t)

    def envelope(self, t):
        a, q, d = self.a, self.q, self.d
        e = mp.exp(-a * t)
        if q == 0:
            return e * (1 + abs(d) * t)
        u = mp.sqrt(-q)
        return e * (mp.cosh(u * t) + abs(d) * mp.sinh(u * t) / u)

    def settling_duration(self):
        """S3."""
        if self.a == 0:
            return mp.inf
        if self.q > 0:
            w = mp.sqrt(self.q)
            amplitude = mp.sqrt(1 + (self.d / w) ** 2)
            return max(mpf(0), mp.log(amplitude / TOLERANCE) / self.a)
        high = 1 / self.a
        while self.envelope(high) > TOLERANCE:
            high *= 2
        low = mpf(0)
        # Bisection to 50 digits: the envelope exceeds the tolerance on [0, root).
        for _ in range(400):
            mid = (low + high) / 2
            if self.envelope(mid) > TOLERANCE:
                low = mid
            else:
                high = mid
        return high
