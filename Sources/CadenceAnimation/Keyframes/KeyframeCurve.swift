import CadenceGeometry
import CadenceTiming

/// The values of a keyframe animation as a function of its progress (after the
/// animation's own timing function): key times validated, per-segment timing functions,
/// and the calculation mode. Built once per animation (`init` does every table);
/// `value(at:)` allocates nothing. The rules are `Reference/README.md`'s "Keyframe rules"
/// (P1–P2, K1–K6, T1, M1–M5); a path's keyframes are `KeyframePath`.
///
/// - Progress: clamped to 0…1 (NaN reads as 0) before any lookup, in every mode (P1): no
///   keyframe exists outside it, so an overshooting *animation* timing function holds the
///   first or last value. An overshooting *segment* timing function still extrapolates
///   inside its segment (T1).
/// - Counts: no values gives no value; one value gives it for every progress (P2).
///
/// `cubicPaced` builds the same spline on evenly spaced keyframes and traverses it at
/// constant speed along its true arc length (`SplinePacing`); over zero length it shows the
/// first value.
///
/// The cubic mode needs a value that scales (`LinearAnimatableValue`: numbers, points,
/// sizes, rects, colours); for other values (transforms, integers) `cubic` is `linear` and
/// `cubicPaced` is `paced` (chord lengths by `distance(to:)`). Its spline is
/// Kochanek–Bartels in Hermite form, each segment stored as the equivalent cubic Bézier
/// (`B1 = P_i + TD_i/3`, `B2 = P_{i+1} − TS_{i+1}/3`) and evaluated by de Casteljau, which
/// needs only interpolation:
/// - outgoing `TD_i = ((1−t)(1+b)(1+c)/2)(P_i − P_{i−1}) + ((1−t)(1−b)(1−c)/2)(P_{i+1} − P_i)`,
///   incoming `TS_i = ((1−t)(1+b)(1−c)/2)(P_i − P_{i−1}) + ((1−t)(1−b)(1+c)/2)(P_{i+1} − P_i)`;
/// - uneven key times (Kochanek & Bartels 1984): `TD_i · 2N_i/(N_{i−1}+N_i)` and
///   `TS_i · 2N_{i−1}/(N_{i−1}+N_i)`, with `N_i` the length of segment `i`;
/// - ends: the end keyframe is doubled (`P_{−1} = P_0`, `P_n = P_{n−1}`), Catmull-Rom's
///   usual clamped ends.
/// With tension, continuity and bias all 0 and even key times it is the uniform
/// Catmull-Rom spline; keyframes are passed through exactly.
///
/// An immutable reference type: a copy of an animation holding a curve copies one
/// reference, and evaluating it passes that reference (a large struct passed to code that
/// is not inlined would be copied whole on every call).
public final class KeyframeCurve<Value: AnimatableValue>: Sendable {
    public let values: [Value]
    public let mode: CalculationMode
    /// The progress at which each keyframe is reached: the validated key times (given or
    /// even, K1–K4); for `paced`, the cumulative chord-length fractions; for `cubicPaced`,
    /// the cumulative arc-length fractions of the spline. Empty for no values, and for the
    /// paced modes over zero length.
    public let keyTimes: [Double]
    /// Whether the given `keyTimes` passed validation and are used (K1–K4; never in the
    /// paced modes, K3).
    public let keyTimesUsed: Bool
    /// Per-segment timing functions, when a valid array (`count − 1` of them) was given
    /// and the mode uses them (linear, cubic, T1; discrete ignores them as nothing moves).
    public let timingFunctions: [TimingFunction]?
    /// For the cubic modes: each segment's inner Bézier points `(B1, B2)`.
    @usableFromInline let controls: [(Value, Value)]?
    /// For `cubicPaced`: the spline's arc-length tables.
    @usableFromInline let pacing: SplinePacing?
    /// The keyframes' interpolation forms (`AnimatableValue.interpolationForm`), made once,
    /// for a type whose form is not the value itself (transforms: their decompositions);
    /// empty otherwise.
    @usableFromInline let forms: [Value.InterpolationForm]
    /// `m` when the key times are exactly `i / m` (the evenly spaced ones), so a lookup
    /// computes its segment instead of searching; 0 otherwise.
    @usableFromInline let evenSteps: Double

    /// Whether the given `timingFunctions` are used (T1).
    public var timingFunctionsUsed: Bool { timingFunctions != nil }

    /// A curve through `values`. `tension`, `continuity`, `bias` are per keyframe (missing
    /// entries 0, extra ignored); `keyTimes` and `timingFunctions` are validated as
    /// Core Animation does (an invalid array is ignored).
    public init(
        values: [Value], mode: CalculationMode = .linear, keyTimes: [Double]? = nil,
        timingFunctions: [TimingFunction]? = nil,
        tension: [Double] = [], continuity: [Double] = [], bias: [Double] = []
    ) {
        self.values = values
        self.mode = mode
        let n = values.count
        keyTimesUsed = keyTimes.map { KeyTimes.isValid($0, count: n, mode: mode) } ?? false
        self.timingFunctions = KeyTimes.segmentTimingFunctions(timingFunctions, count: n, mode: mode)
        let linear = n > 1 ? Value.self as? any LinearAnimatableValue.Type : nil
        var times: [Double]
        switch mode {
        case .paced:
            times = Self.chordFractions(values)
        case .cubicPaced:
            // M5: the spline is built on evenly spaced keyframes; time then runs along its
            // arc length. Without a spline (a value that does not scale) it is paced.
            times = linear == nil ? Self.chordFractions(values) : KeyTimes.validated(nil, count: n, mode: .linear)
        default:
            times = KeyTimes.validated(keyTimes, count: n, mode: mode)
        }
        var pacing: SplinePacing?
        if mode == .cubic || mode == .cubicPaced, let linear {
            let controls = Self.cubicControls(linear, values: values, keyTimes: times,
                                              tension: tension, continuity: continuity, bias: bias)
            self.controls = controls
            pacing = mode == .cubicPaced ? Self.makePacing(linear, values: values, controls: controls) : nil
            if mode == .cubicPaced { times = pacing?.keyTimes ?? [] }
        } else {
            controls = nil
        }
        self.pacing = pacing
        forms = Value.InterpolationForm.self == Value.self ? [] : values.map(Value.interpolationForm)
        self.keyTimes = times
        evenSteps = KeyTimes.evenSteps(of: times)
    }

    /// `paced` key times (M3): the cumulative chord lengths over the total, or `[]` when
    /// the total is zero or not finite.
    static func chordFractions(_ values: [Value]) -> [Double] {
        var distances = [0.0]
        for i in values.indices.dropFirst() { distances.append(distances[i - 1] + values[i - 1].distance(to: values[i])) }
        let total = distances.last ?? 0
        return total > 0 && total.isFinite ? distances.map { $0 / total } : []
    }

    /// The pacing of the spline (M5), or `nil` over zero or non-finite length.
    static func makePacing(_ type: any LinearAnimatableValue.Type, values: [Value], controls: [(Value, Value)]) -> SplinePacing? {
        func open<L: LinearAnimatableValue>(_: L.Type) -> SplinePacing? {
            // L is Value itself (opened from Value.self), so the arrays are reinterpreted, not converted.
            assert(L.self == Value.self)
            return SplinePacing(points: unsafeBitCast(values, to: [L].self), controls: unsafeBitCast(controls, to: [(L, L)].self))
        }
        return open(type)
    }

    /// The value at `progress` (the animation's progress after its timing function).
    ///
    /// - Range: `progress` is clamped to 0…1 first, NaN reading as 0 (P1); a segment
    ///   timing function that overshoots still extrapolates its segment.
    /// - `nil` when there are no values; one value: that value throughout. Paced over zero
    ///   total distance: the first value.
    /// - Boundaries: at a key time shared by several keyframes the later one wins (K5, K6).
    /// - Cost: a binary search over the key times, at most one timing function and one
    ///   de Casteljau evaluation (`cubicPaced`: an arc-length inversion); no allocation.
    ///   Transforms interpolate from their keyframes' decompositions, made once.
    ///   Inlinable, so every module evaluates it compiled for `Value`.
    @inlinable @inline(__always)
    public func value(at progress: Double) -> Value? {
        guard let first = values.first else { return nil }
        if values.count == 1 { return first }
        let p = KeyTimes.clamped(progress)
        if mode == .discrete {
            return values[KeyTimes.lastIndex(atOrBefore: p, in: keyTimes, upTo: values.count - 1, evenSteps: evenSteps)]
        }
        let i: Int, fraction: Double
        if let pacing {
            (i, fraction) = pacing.location(at: p)
        } else {
            guard keyTimes.count >= 2 else { return first }  // paced over zero distance
            (i, fraction) = KeyTimes.segment(of: p, in: keyTimes, evenSteps: evenSteps)
        }
        let u = timingFunctions?[i].progress(at: fraction) ?? fraction
        if let controls {
            // de Casteljau on P_i, B1, B2, P_{i+1}.
            let (b1, b2) = controls[i]
            let p0 = values[i], p3 = values[i + 1]
            let q0 = Value.interpolate(p0, b1, u), q1 = Value.interpolate(b1, b2, u), q2 = Value.interpolate(b2, p3, u)
            let r0 = Value.interpolate(q0, q1, u), r1 = Value.interpolate(q1, q2, u)
            return Value.interpolate(r0, r1, u)
        }
        if !forms.isEmpty { return Value.interpolate(forms: forms[i], forms[i + 1], u) }
        return Value.interpolate(values[i], values[i + 1], u)
    }

    /// The Kochanek–Bartels tangents as Bézier inner points, for a value that scales.
    static func cubicControls(
        _ type: any LinearAnimatableValue.Type, values: [Value], keyTimes: [Double],
        tension: [Double], continuity: [Double], bias: [Double]
    ) -> [(Value, Value)] {
        func open<L: LinearAnimatableValue>(_: L.Type) -> [(Value, Value)] {
            let p = values as! [L]
            let n = p.count
            func parameter(_ array: [Double], _ i: Int) -> Double { i < array.count && array[i].isFinite ? array[i] : 0 }
            var outgoing = [L](), incoming = [L]()
            for i in 0..<n {
                let previous = p[Swift.max(i - 1, 0)], next = p[Swift.min(i + 1, n - 1)]
                let (t, c, b) = (parameter(tension, i), parameter(continuity, i), parameter(bias, i))
                let back = p[i].subtracting(previous), ahead = next.subtracting(p[i])
                var out = back.scaled(by: (1 - t) * (1 + b) * (1 + c) / 2).adding(ahead.scaled(by: (1 - t) * (1 - b) * (1 - c) / 2))
                var into = back.scaled(by: (1 - t) * (1 + b) * (1 - c) / 2).adding(ahead.scaled(by: (1 - t) * (1 - b) * (1 + c) / 2))
                // Uneven spacing: scale each tangent by the segment it serves.
                let before = i > 0 ? keyTimes[i] - keyTimes[i - 1] : keyTimes[1] - keyTimes[0]
                let after = i < n - 1 ? keyTimes[i + 1] - keyTimes[i] : keyTimes[n - 1] - keyTimes[n - 2]
                let sum = before + after
                if sum > 0 {
                    out = out.scaled(by: 2 * after / sum)
                    into = into.scaled(by: 2 * before / sum)
                }
                outgoing.append(out)
                incoming.append(into)
            }
            return (0..<(n - 1)).map { i in
                (p[i].adding(outgoing[i].scaled(by: 1.0 / 3)) as! Value,
                 p[i + 1].subtracting(incoming[i + 1].scaled(by: 1.0 / 3)) as! Value)
            }
        }
        return open(type)
    }
}
