import Cadence
import PropertyBased

/// A keyframe animation's description, as an engine receives it: point keyframes, their key
/// times (or none), the calculation mode and the Kochanek–Bartels parameters of the cubic
/// modes.
public struct KeyframeSample: Hashable, Sendable, CustomStringConvertible {
    /// The keyframes (at least two from `Arbitrary.keyframes(_:)`).
    public var values: [Point]
    /// When each keyframe is reached (0 first, 1 last, ascending), or `nil` for even spacing.
    public var keyTimes: [Double]?
    /// How the keyframes are joined.
    public var mode: CalculationMode
    /// Kochanek–Bartels tension, continuity and bias per keyframe (cubic modes).
    public var tension, continuity, bias: [Double]

    /// A sample of the given parts.
    public init(values: [Point], keyTimes: [Double]?, mode: CalculationMode, tension: [Double] = [], continuity: [Double] = [], bias: [Double] = []) {
        self.values = values
        self.keyTimes = keyTimes
        self.mode = mode
        self.tension = tension
        self.continuity = continuity
        self.bias = bias
    }

    /// Cadence's keyframe curve of the sample.
    public var curve: KeyframeCurve<Point> {
        KeyframeCurve(values: values, mode: mode, keyTimes: keyTimes, tension: tension, continuity: continuity, bias: bias)
    }

    /// Cadence's keyframe animation of `position` over the sample, lasting `duration` seconds.
    public func animation(duration: Double = 1) -> KeyframeAnimation<Point> {
        KeyframeAnimation(
            keyPath: "position", values: values, keyTimes: keyTimes, calculationMode: mode, tensionValues: tension,
            continuityValues: continuity, biasValues: bias, timing: MediaTiming(duration: duration))
    }

    /// "mode n keyframes: values; key times …; tcb …".
    public var description: String {
        let points = values.map { "(\($0.x), \($0.y))" }.joined(separator: ", ")
        return "\(mode) \(values.count) keyframes: [\(points)]; key times \(keyTimes.map { "\($0)" } ?? "even")"
            + (tension.isEmpty ? "" : "; tension \(tension), continuity \(continuity), bias \(bias)")
    }
}

extension Arbitrary {
    /// The most keyframes a sample has.
    public static let maximumKeyframes = 7

    /// Keyframe samples in one of `modes`: 2…7 points in 0…100 (edge-biased), key times
    /// ascending from 0 to 1 (uneven; sometimes repeated; even spacing one case in four),
    /// and tension, continuity and bias in −1…1 for the cubic modes. Shrinks towards fewer
    /// keyframes at the origin.
    public static func keyframes(_ modes: [CalculationMode] = CalculationMode.allCases) -> AnyGenerator<KeyframeSample> {
        let point = zip(edgeBiased(in: 0...100), edgeBiased(in: 0...100)).map { Point($0, $1) }
        let unit = edgeBiased(in: 0...1).array(of: maximumKeyframes)
        let tcb = edgeBiased(in: -1...1).array(of: 3 * maximumKeyframes)
        return zip(point.array(of: 2...maximumKeyframes), unit, Gen.int(in: 0...3), one(of: modes), tcb)
            .map { values, times, spacing, mode, tcb in
                let n = values.count
                var keyTimes: [Double]? = nil
                if spacing != 0 {
                    var t = Array(times.prefix(n)).sorted()
                    t[0] = 0
                    t[n - 1] = 1
                    keyTimes = t
                }
                let cubic = mode == .cubic || mode == .cubicPaced
                return KeyframeSample(
                    values: values, keyTimes: keyTimes, mode: mode,
                    tension: cubic ? Array(tcb[0..<n]) : [],
                    continuity: cubic ? Array(tcb[maximumKeyframes..<(maximumKeyframes + n)]) : [],
                    bias: cubic ? Array(tcb[(2 * maximumKeyframes)..<(2 * maximumKeyframes + n)]) : [])
            }.eraseToAny()
    }
}
