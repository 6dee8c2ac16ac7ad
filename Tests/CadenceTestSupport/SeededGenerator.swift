/// A small, fast, reproducible random number generator (SplitMix64) for property tests.
/// Every test that uses one reports its seed in failure messages.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    public let seed: UInt64
    private var state: UInt64

    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in 0..<1.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A double in `range`, biased towards the edges the conventions ask for: the ends
    /// themselves, points within a few ulps of them, values near 1e-7 from each end, and
    /// uniform, cubed and mirrored-cubed draws.
    public mutating func edgeBiased(in range: ClosedRange<Double> = 0...1) -> Double {
        let lo = range.lowerBound, hi = range.upperBound
        let u = unit()
        switch next() % 10 {
        case 0: return lo
        case 1: return hi
        case 2: return stepped(lo, ulps: Int(next() % 5))
        case 3: return stepped(hi, ulps: -Int(next() % 5))
        case 4: return lo + (hi - lo) * 1e-7 * u
        case 5: return hi - (hi - lo) * 1e-7 * u
        case 6: return lo + (hi - lo) * u * u * u
        case 7: return hi - (hi - lo) * u * u * u
        default: return lo + (hi - lo) * u
        }
    }

    /// `value` moved by `ulps` representable doubles (negative: downwards).
    public func stepped(_ value: Double, ulps: Int) -> Double {
        var v = value
        for _ in 0..<Swift.abs(ulps) { v = ulps > 0 ? v.nextUp : v.nextDown }
        return v
    }
}
