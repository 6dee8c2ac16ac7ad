import CCadenceFeatures

// Error-free transformations (Knuth's TwoSum, Dekker's TwoProduct) and the compensated
// Horner scheme built on them, written once for scalars and SIMD lanes alike.
//
// They let `TimingFunction` evaluate its polynomials as if in twice double precision:
// a sum or product is returned as a rounded value plus its exact rounding error.
// The product's error comes from one fused multiply-add where the target has it as an
// instruction (`CADENCE_HAS_FMA`, e.g. built with `-Xcc -march=x86-64-v3`), and from
// Dekker's splitting otherwise, where a fused multiply-add would be a slow library call;
// both are exact barring overflow (inputs below about 1e300). Sources: Knuth, TAOCP vol. 2, 4.2.2; Dekker 1971;
// Graillat, Langlois & Louvet 2005 (compensated Horner).

/// Arithmetic shared by `Double`, `SIMD2<Double>` and `SIMD4<Double>`, so the kernels below
/// are written once.
@usableFromInline
protocol FloatingLanes {
    /// `a · b + c` with a single rounding.
    static func fused(_ a: Self, _ b: Self, _ c: Self) -> Self
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    static func * (a: Self, b: Self) -> Self
    static func / (a: Self, b: Self) -> Self
    static func * (a: Self, b: Double) -> Self
    static func + (a: Self, b: Double) -> Self
    static func - (a: Self, b: Double) -> Self
    /// Every lane set to `value`.
    static func splat(_ value: Double) -> Self
}

extension Double: FloatingLanes {
    @inlinable @inline(__always)
    static func splat(_ value: Double) -> Double { value }
    @inlinable @inline(__always)
    static func fused(_ a: Double, _ b: Double, _ c: Double) -> Double { c.addingProduct(a, b) }
}

/// The SIMD lanes' arithmetic, one lane at a time.
extension FloatingLanes where Self: SIMD, Self.Scalar == Double {
    @inlinable @inline(__always)
    static func splat(_ value: Double) -> Self { Self(repeating: value) }
    @inlinable @inline(__always)
    static func fused(_ a: Self, _ b: Self, _ c: Self) -> Self { c.addingProduct(a, b) }
}

extension SIMD2: FloatingLanes where Scalar == Double {}
extension SIMD4: FloatingLanes where Scalar == Double {}

/// `a · b + c`: one fused multiply-add where the hardware has it (one rounding), else a
/// product and a sum (two roundings, but no library call). For plain-precision kernels
/// whose error bounds allow two roundings per step.
@inlinable @inline(__always)
func multiplyAdd<L: FloatingLanes>(_ a: L, _ b: L, _ c: L) -> L {
    cadence_has_fma() != 0 ? L.fused(a, b, c) : a * b + c
}

/// A value and the exact error of the operation that produced it: `value + error` is the
/// result as if in twice the precision.
@usableFromInline
struct Compensated<Lanes: FloatingLanes> {
    @usableFromInline var value: Lanes
    @usableFromInline var error: Lanes

    @inlinable
    init(_ value: Lanes, _ error: Lanes) {
        self.value = value
        self.error = error
    }
}

/// `a + b` with its rounding error (Knuth's TwoSum; any magnitudes).
@inlinable @inline(__always)
func twoSum<L: FloatingLanes>(_ a: L, _ b: L) -> Compensated<L> {
    let s = a + b
    let bb = s - a
    let e = (a - (s - bb)) + (b - bb)
    return Compensated(s, e)
}

/// The high half of `a` for Dekker's product (Veltkamp's split at 27 bits).
@inlinable @inline(__always)
func splitHigh<L: FloatingLanes>(_ a: L) -> L {
    let c = a * 134_217_729.0  // 2^27 + 1
    return c - (c - a)
}

/// `a · b` with its rounding error: one fused multiply-add where the hardware has it,
/// Dekker's TwoProduct otherwise (`bHigh`, `bLow` are `b` split by `splitHigh`).
@inlinable @inline(__always)
func twoProduct<L: FloatingLanes>(_ a: L, _ b: L, bHigh: L, bLow: L) -> Compensated<L> {
    let p = a * b
    if cadence_has_fma() != 0 {
        return Compensated(p, L.fused(a, b, L.splat(0) - p))
    }
    let aHigh = splitHigh(a)
    let aLow = a - aHigh
    let e = ((aHigh * bHigh - p) + aHigh * bLow + aLow * bHigh) + aLow * bLow
    return Compensated(p, e)
}

/// `((a·t + b)·t + c)·t + d` by the compensated Horner scheme: `value + error` is accurate
/// as if evaluated in twice double precision. The coefficients are double-doubles: `aLow`,
/// `bLow`, `cLow` are the parts their doubles could not hold, so a coefficient such as
/// `3·c1x` is taken exactly; `d` is a double (a residual's `−x`, an output's 1).
/// Error (Graillat, Langlois & Louvet): within about `6·2^-106 · (|a|t³ + |b|t² + |c|t + |d|)`
/// for `0 ≤ t ≤ 1`, plus the low parts' own rounding.
@inlinable @inline(__always)
func compensatedCubic<L: FloatingLanes>(
    _ a: L, _ b: L, _ c: L, plus d: L, lows aLow: L, _ bLow: L, _ cLow: L, at t: L
) -> Compensated<L> {
    let tHigh = splitHigh(t)
    let tLow = t - tHigh
    let p1 = twoProduct(a, t, bHigh: tHigh, bLow: tLow)
    let s1 = twoSum(p1.value, b)
    var error = p1.error + s1.error
    let p2 = twoProduct(s1.value, t, bHigh: tHigh, bLow: tLow)
    let s2 = twoSum(p2.value, c)
    error = error * t + p2.error + s2.error
    let p3 = twoProduct(s2.value, t, bHigh: tHigh, bLow: tLow)
    let s3 = twoSum(p3.value, d)
    error = error * t + p3.error + s3.error + ((aLow * t + bLow) * t + cLow) * t
    return Compensated(s3.value, error)
}

/// The coefficients of one cubic `((a·t + b)·t + c)·t` as double-doubles.
@usableFromInline
struct CubicCoefficients<L: FloatingLanes & Sendable>: Sendable {
    @usableFromInline var a, b, c, aLow, bLow, cLow: L

    @inlinable
    init(a: L, b: L, c: L, aLow: L, bLow: L, cLow: L) {
        self.a = a
        self.b = b
        self.c = c
        self.aLow = aLow
        self.bLow = bLow
        self.cLow = cLow
    }

    /// `P(t)` in compensated arithmetic.
    @inlinable @inline(__always)
    func compensated(at t: L) -> Compensated<L> {
        compensatedCubic(a, b, c, plus: L.splat(0), lows: aLow, bLow, cLow, at: t)
    }

    /// `P'(t)` in plain arithmetic.
    @inlinable @inline(__always)
    func slope(at t: L) -> L { (a * 3 * t + b * 2) * t + c }

    /// `P''(t)` in plain arithmetic.
    @inlinable @inline(__always)
    func curvature(at t: L) -> L { a * 6 * t + b * 2 }
}

/// `Y(t*)` for the root `t*` of `X(t) = x` near `t`, as an unrounded pair: `Y(t)` in
/// compensated arithmetic plus a second-order Taylor correction by `δ = t* − t`, itself
/// found from the compensated residual `X(t) − x`. Also returns whether the correction
/// can be trusted: `|δ|` small and the second-order term small beside the first, so that
/// the neglected third-order term is below about 1e-28.
@inlinable @inline(__always)
func correctedCubicRoot<L: FloatingLanes>(
    x: L, t: L, xCurve: CubicCoefficients<L>, yCurve: CubicCoefficients<L>
) -> (y: Compensated<L>, correction: L, delta: L, curvatureRatio: L) {
    let xt = xCurve.compensated(at: t)
    let residual = (xt.value - x) + xt.error
    let inverseSlope = L.splat(1) / xCurve.slope(at: t)
    let ratio = xCurve.curvature(at: t) * inverseSlope * 0.5
    let newton = (L.splat(0) - residual) * inverseSlope
    // X(t + δ) ≈ X + X'δ + X''δ²/2 = x  ⇒  δ ≈ δ₁ − X''δ₁²/(2X'), δ₁ = −ρ/X'.
    let delta = newton - newton * newton * ratio
    let yt = yCurve.compensated(at: t)
    let correction = yt.error + yCurve.slope(at: t) * delta + yCurve.curvature(at: t) * (delta * delta * 0.5)
    return (yt, correction, delta, delta * ratio)
}
