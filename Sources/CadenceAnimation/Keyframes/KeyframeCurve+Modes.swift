import CadenceTiming

/// How a keyframe animation computes the values between its keyframes
/// (`calculationMode`).
public enum CalculationMode: String, CaseIterable, Hashable, Sendable, Codable {
    /// Straight lines between keyframes, in key-time space (the default).
    case linear
    /// Each value in turn, no interpolation.
    case discrete
    /// Linear, at constant velocity by distance; key times and timing functions ignored.
    case paced
    /// A Kochanek–Bartels (Catmull-Rom when tension, continuity and bias are 0) spline
    /// through the keyframes, in key-time space.
    case cubic
    /// The cubic spline traversed at constant speed along its arc length; key times and
    /// timing functions ignored.
    case cubicPaced
}

/// Whether an animation along a path turns the layer to follow it (`rotationMode`).
public enum RotationMode: String, CaseIterable, Hashable, Sendable, Codable {
    /// The tangent's angle.
    case auto
    /// The tangent's angle plus π.
    case autoReverse
}

/// The key times a keyframe animation actually uses, after Core Animation's validation:
/// an invalid or inappropriate `keyTimes` array is ignored and the keyframes are spaced
/// evenly.
public enum KeyTimes {
    /// The validated key times for `count` values in `mode`: `keyTimes` when
    /// `isValid(_:count:mode:)` accepts it, otherwise (K4) evenly spaced:
    /// - `linear`, `cubic`: `i / (count − 1)`;
    /// - `discrete`: `i / count` (each value holds for an equal share of the duration —
    ///   Core Animation's discrete default);
    /// - `paced`, `cubicPaced`: `[]`; key times are ignored and the caller spaces by
    ///   distance.
    /// Fewer than one value gives `[]`; one value in `linear` or `cubic` gives `[0]`.
    /// Each even time is `Double(i) / Double(m)`, correctly rounded.
    public static func validated(_ keyTimes: [Double]?, count: Int, mode: CalculationMode) -> [Double] {
        guard count > 0 else { return [] }
        if let keyTimes, isValid(keyTimes, count: count, mode: mode) { return keyTimes }
        switch mode {
        case .linear, .cubic:
            return count == 1 ? [0] : (0..<count).map { Double($0) / Double(count - 1) }
        case .discrete:
            return (0..<count).map { Double($0) / Double(count) }
        case .paced, .cubicPaced:
            return []
        }
    }

    /// Whether Core Animation uses `keyTimes` for `count` values in `mode`:
    /// - `linear`, `cubic` (K1): exactly `count` times, non-decreasing, each in 0…1, the
    ///   first 0 and the last 1;
    /// - `discrete` (K2): `count` times (each value holds until the next, the last to the
    ///   end) or `count + 1` (the last time ends the last value, which still shows after
    ///   it), non-decreasing, in 0…1, the first 0;
    /// - `paced`, `cubicPaced` (K3): never.
    /// NaN anywhere fails; so does any array for `count` below 1.
    static func isValid(_ keyTimes: [Double], count: Int, mode: CalculationMode) -> Bool {
        guard count > 0, isOrderedUnit(keyTimes), keyTimes.first == 0 else { return false }
        switch mode {
        case .linear, .cubic: return keyTimes.count == count && keyTimes.last == 1
        case .discrete: return keyTimes.count == count || keyTimes.count == count + 1
        case .paced, .cubicPaced: return false
        }
    }

    /// The per-segment timing functions Core Animation uses (T1): one for each of the
    /// `count − 1` segments of `count ≥ 2` keyframes in `linear` or `cubic`. An array with
    /// fewer paces the first segments and leaves the rest linear; one with more gives its
    /// first `count − 1` (Core Animation's behaviour, checked on Apple hardware; Apple's documentation
    /// asks for exactly n − 1). `nil` — every segment linear — for no or an empty array,
    /// and in the other modes (discrete has nothing to interpolate, the paced modes ignore
    /// them).
    static func segmentTimingFunctions(_ functions: [TimingFunction]?, count: Int, mode: CalculationMode) -> [TimingFunction]? {
        guard mode == .linear || mode == .cubic, count >= 2, let functions, !functions.isEmpty else { return nil }
        let segments = count - 1
        guard functions.count != segments else { return functions }
        return Array(functions.prefix(segments)) + Array(repeating: .linear, count: Swift.max(0, segments - functions.count))
    }

    /// A keyframe animation's progress as its lookups read it (P1): clamped to 0…1, NaN
    /// reading as 0.
    @inlinable @inline(__always)
    static func clamped(_ progress: Double) -> Double {
        progress.isNaN ? 0 : Swift.min(Swift.max(progress, 0), 1)
    }

    /// `m` when `keyTimes` is exactly `[0/m, 1/m, …, m/m]` or its first `m` entries (the
    /// even times of `validated`), else 0.
    static func evenSteps(of keyTimes: [Double]) -> Double {
        guard keyTimes.count >= 2 else { return 0 }
        for m in [keyTimes.count - 1, keyTimes.count] {
            if keyTimes.indices.allSatisfy({ keyTimes[$0] == Double($0) / Double(m) }) { return Double(m) }
        }
        return 0
    }

    /// Non-decreasing and within 0…1 (NaN fails).
    static func isOrderedUnit(_ k: [Double]) -> Bool {
        for (i, t) in k.enumerated() {
            guard t >= 0, t <= 1 else { return false }
            if i > 0 && !(t >= k[i - 1]) { return false }
        }
        return true
    }

    /// The segment of `progress` among validated key times: the largest `i` with
    /// `keyTimes[i] ≤ progress` (so at a repeated key time the later keyframe wins),
    /// clamped to a segment index `0…count − 2`, and the local fraction in it (in 0…1 for
    /// a `progress` in 0…1, which callers ensure with `clamped(_:)`). A zero-length segment
    /// gives fraction 1 (it is reached only at its end, K5).
    @inlinable @inline(__always)
    static func segment(of progress: Double, in keyTimes: [Double], evenSteps: Double = 0) -> (index: Int, fraction: Double) {
        let i = lastIndex(atOrBefore: progress, in: keyTimes, upTo: keyTimes.count - 2, evenSteps: evenSteps)
        let width = keyTimes[i + 1] - keyTimes[i]
        return (i, width > 0 ? (progress - keyTimes[i]) / width : 1)
    }

    /// The largest `i ≤ limit` with `keyTimes[i] ≤ progress`, or 0. A branch-free binary
    /// search (a conditional move per halving; random times would mispredict a branch).
    /// With `evenSteps` `m > 0` (the key times are exactly `i / m`), the index is computed
    /// (`⌊progress · m⌋`, then moved by one where the rounding of that product and of the
    /// stored `i / m` disagree): the same answer without the search.
    @inlinable @inline(__always)
    static func lastIndex(atOrBefore progress: Double, in keyTimes: [Double], upTo limit: Int, evenSteps: Double = 0) -> Int {
        keyTimes.withUnsafeBufferPointer { k in
            let last = Swift.min(limit, k.count - 1)
            if evenSteps > 0 && progress >= 0 && progress <= 1 && last >= 0 {
                var i = Swift.min(Int(progress * evenSteps), last)
                if i < last && k[i + 1] <= progress {
                    i += 1
                } else if i > 0 && k[i] > progress {
                    i -= 1
                }
                return i
            }
            var base = 0
            var n = last + 1
            while n > 1 {
                let half = n / 2
                base = k[base + half] <= progress ? base + half : base
                n -= half
            }
            return base
        }
    }
}
