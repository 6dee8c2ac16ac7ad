import PropertyBased

/// Edge-biased draws: the values where numeric code breaks — the ends of a range, a few ulps
/// inside them, 1e-7 of the width from them — as often as plain uniform ones.
public enum EdgeBiased {
    /// A uniform double in 0..<1 from the top 53 bits of one draw.
    public static func unit(using rng: inout some RandomNumberGenerator) -> Double {
        Double(rng.next() >> 11) * 0x1p-53
    }

    /// A double in `range` (finite bounds): one draw in ten each is the lower end, the
    /// upper end, 0–4 ulps above the lower, 0–4 ulps below the upper, within 1e-7 of the
    /// width from either end, a cubed draw towards either end; the rest are uniform.
    /// Two draws from `rng` (three for the ulp steps).
    public static func double(in range: ClosedRange<Double> = 0...1, using rng: inout some RandomNumberGenerator) -> Double {
        let lo = range.lowerBound, hi = range.upperBound
        let u = unit(using: &rng)
        switch rng.next() % 10 {
        case 0: return lo
        case 1: return hi
        case 2: return stepped(lo, ulps: Int(rng.next() % 5))
        case 3: return stepped(hi, ulps: -Int(rng.next() % 5))
        case 4: return lo + (hi - lo) * 1e-7 * u
        case 5: return hi - (hi - lo) * 1e-7 * u
        case 6: return lo + (hi - lo) * u * u * u
        case 7: return hi - (hi - lo) * u * u * u
        default: return lo + (hi - lo) * u
        }
    }

    /// `value` moved by `ulps` representable doubles (negative: downwards).
    public static func stepped(_ value: Double, ulps: Int) -> Double {
        var v = value
        for _ in 0..<Swift.abs(ulps) { v = ulps > 0 ? v.nextUp : v.nextDown }
        return v
    }
}

extension Arbitrary {
    /// Doubles in `range` drawn by `EdgeBiased.double(in:using:)`, shrinking towards 0 (or
    /// the end of `range` nearest to it).
    public static func edgeBiased(in range: ClosedRange<Double> = 0...1) -> AnyGenerator<Double> {
        Generator<Double, Shrink.Floating<Double>>(
            run: { rng in EdgeBiased.double(in: range, using: &rng) },
            shrink: { $0.shrink(within: range) }
        ).eraseToAny()
    }
}
