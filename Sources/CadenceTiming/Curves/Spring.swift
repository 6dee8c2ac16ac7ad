#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped harmonic oscillator (Core Animation's `CASpringAnimation`): a mass on a spring
/// with a damper, pulled from 0 to 1, as the progress of a spring animation.
///
/// With `m` the mass, `k` the stiffness, `c` the damping and `v₀` the initial velocity (in
/// units of the whole distance per second, positive towards the end), the displacement
/// from the end, `y = progress − 1`, solves `m·y″ + c·y′ + k·y = 0` with `y(0) = −1`,
/// `y′(0) = v₀`. With `a = c / 2m` and `q = k/m − a²`:
///
/// | regime | `y(t)` |
/// | --- | --- |
/// | under-damped, `q > 0` (`ω = √q`) | `e^(−a·t) · (−cos ωt + D · sin(ωt)/ω)` |
/// | critically damped, `q = 0` | `e^(−a·t) · (−1 + D · t)` |
/// | over-damped, `q < 0` (`μ = √−q`) | `e^(−a·t) · (−cosh μt + D · sinh(μt)/μ)` |
///
/// where `D = v₀ − a`. The progress overshoots 1 when the spring is under-damped (the value
/// of a spring animation then extrapolates past `toValue`). Evaluation is the closed form,
/// written to stay accurate near critical damping (`sin(ωt)/ω` and `sinh(μt)/μ` through
/// their series for a small argument) and for long times (the over-damped exponentials
/// combined before they can overflow): within 1e-13 of the 50-digit oracle
/// (`Reference/oracle/spring.py`, `SpringTests`).
///
/// **Settling.** `settlingDuration` is when the motion's envelope falls to
/// `settlingTolerance` (0.001 of the distance): Core Animation documents it only as "the
/// estimated duration required for the spring system to be considered at rest", so this is
/// Cadence's definition, stated exactly. The envelope is `R · e^(−a·t)` with
/// `R = √(1 + (D/ω)²)` under-damped (so the duration is `ln(R / 0.001) / a`),
/// `e^(−a·t) · (1 + |D|·t)` critically damped and
/// `e^(−a·t) · (|cosh μt| + |D| · sinh(μt)/μ)` over-damped (the last time it equals the
/// tolerance, found by bisection). Both bound `|y|` from above, so the spring is within the
/// tolerance from then on.
///
/// **Bad input.** A mass or stiffness that is not a finite positive number reads as the
/// default (1, 100); a negative or non-finite damping as 0, a non-finite initial velocity as
/// 0. An undamped spring (damping 0) oscillates for ever: its `settlingDuration` is +∞ and
/// its progress at `t = +∞` is NaN. A negative time reads as 0 (the start); NaN gives NaN.
public struct Spring: Hashable, Sendable {
    /// The mass of the object on the spring. Default 1.
    public var mass: Double { didSet { resolve() } }
    /// The spring's stiffness coefficient. Default 100.
    public var stiffness: Double { didSet { resolve() } }
    /// The damping coefficient. Default 10.
    public var damping: Double { didSet { resolve() } }
    /// The initial velocity, in units of the whole distance per second (positive towards
    /// the end). Default 0.
    public var initialVelocity: Double { didSet { resolve() } }

    /// The envelope level `settlingDuration` waits for: 0.001 of the distance.
    public static let settlingTolerance = 0.001

    /// The decay rate `a = c / 2m`.
    private var decay = 0.0
    /// `q = k/m − a²`: positive under-damped, 0 critically damped, negative over-damped.
    private var q = 0.0
    /// `√|q|`.
    private var frequency = 0.0
    /// `D = v₀ − a`.
    private var d = 0.0

    /// A spring with Core Animation's defaults: mass 1, stiffness 100, damping 10, no
    /// initial velocity (under-damped, damping ratio 0.5).
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        resolve()
    }

    private mutating func resolve() {
        let m = mass > 0 && mass.isFinite ? mass : 1
        let k = stiffness > 0 && stiffness.isFinite ? stiffness : 100
        let c = damping > 0 && damping.isFinite ? damping : 0
        let v = initialVelocity.isFinite ? initialVelocity : 0
        decay = c / (2 * m)
        // k/m − a² as (√(k/m) − a)(√(k/m) + a): no cancellation near critical damping.
        let natural = (k / m).squareRoot()
        q = (natural - decay) * (natural + decay)
        frequency = Swift.abs(q).squareRoot()
        d = v - decay
    }

    /// The damping ratio `ζ = c / 2√(km)`: below 1 under-damped, 1 critical, above 1
    /// over-damped.
    public var dampingRatio: Double { decay / (decay * decay + q).squareRoot() }

    /// The progress (0 at the start, 1 at rest) at `t` seconds since the start.
    public func progress(atTime t: Double) -> Double {
        guard !t.isNaN else { return .nan }
        if t == .infinity { return decay > 0 ? 1 : .nan }
        let t = Swift.max(t, 0)
        let (c, s) = modes(t)
        return 1 + (-c + d * s)
    }

    /// The velocity, in units of the whole distance per second, at `t` seconds since the
    /// start (what a spring that takes over at `t` would start with; 0 at rest).
    public func velocity(atTime t: Double) -> Double {
        guard !t.isNaN else { return .nan }
        if t == .infinity { return decay > 0 ? 0 : .nan }
        let t = Swift.max(t, 0)
        let (c, s) = modes(t)
        // y′ = −a·y + e^(−at)(−C′ + D·S′), with C′ = −q·S (the modes' derivatives: for
        // cos, −ω sin = −q · sin/ω; for cosh, μ sinh = −q · sinh/μ) and S′ = C.
        return -decay * (-c + d * s) + (q * s + d * c)
    }

    /// `e^(−a·t)` times the two modes at `t ≥ 0`: `(cos ωt, sin(ωt)/ω)` under-damped,
    /// `(1, t)` critically damped, `(cosh μt, sinh(μt)/μ)` over-damped.
    private func modes(_ t: Double) -> (c: Double, s: Double) {
        let x = frequency * t
        if q > 0 {
            let envelope = exp(-decay * t)
            return (envelope * cos(x), envelope * t * Self.sinc(x))
        }
        if q == 0 || x < 1 {
            // Critical (x = 0), or over-damped with a small argument.
            let envelope = exp(-decay * t)
            return (envelope * cosh(x), envelope * t * Self.sinhc(x))
        }
        // Over-damped: e^(−at)·cosh(μt) = (e^((μ−a)t) + e^(−(μ+a)t)) / 2, and sinh alike;
        // μ < a, so neither term overflows.
        let slow = exp((frequency - decay) * t), fast = exp(-(frequency + decay) * t)
        return ((slow + fast) / 2, (slow - fast) / (2 * frequency))
    }

    /// `sin(x)/x`, 1 at 0, by its series below 1e-3.
    private static func sinc(_ x: Double) -> Double {
        let x2 = x * x
        return Swift.abs(x) < 1e-3 ? 1 - x2 / 6 * (1 - x2 / 20) : sin(x) / x
    }

    /// `sinh(x)/x`, 1 at 0, by its series below 1e-3.
    private static func sinhc(_ x: Double) -> Double {
        let x2 = x * x
        return Swift.abs(x) < 1e-3 ? 1 + x2 / 6 * (1 + x2 / 20) : sinh(x) / x
    }

    // MARK: Settling

    /// How long the spring takes to come to rest: when its envelope falls to
    /// `settlingTolerance` (see the type). 0 only for a spring already within the tolerance
    /// at the start (never: it starts a whole distance away); +∞ for an undamped spring.
    public var settlingDuration: Double {
        let epsilon = Self.settlingTolerance
        guard decay > 0 else { return .infinity }
        if q > 0 {
            let amplitude = (1 + (d / frequency) * (d / frequency)).squareRoot()
            return Swift.max(0, log(amplitude / epsilon) / decay)
        }
        // The envelope e^(−at)(cosh-part + |D|·sinh-part), a positive function that tends
        // to 0; its last crossing of ε, by doubling then bisection.
        func envelope(_ t: Double) -> Double {
            let (c, s) = modes(t)
            return Swift.abs(c) + Swift.abs(d) * s
        }
        var high = 1 / decay
        while envelope(high) > epsilon && high < 1e300 { high *= 2 }
        var low = 0.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            guard mid > low && mid < high else { break }
            if envelope(mid) > epsilon { low = mid } else { high = mid }
        }
        return high
    }
}
