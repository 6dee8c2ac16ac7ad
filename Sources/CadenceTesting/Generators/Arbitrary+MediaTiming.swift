import Cadence
import PropertyBased

extension Arbitrary {
    /// Media timings with finite fields over the ranges where phases meet: begin time
    /// −2…2 s, duration 0…2 s (0 is the default duration), speed −2…2, time offset
    /// −1.5…1.5 s, repeat count 0, 0.75, 1.5 or 2.25, autoreversing or not, any fill mode.
    /// Shrinks towards `MediaTiming()` with begin −2 and speed −2.
    public static var mediaTimings: AnyGenerator<MediaTiming> {
        zip(
            edgeBiased(in: -2...2), edgeBiased(in: 0...2), edgeBiased(in: -2...2), edgeBiased(in: -1.5...1.5),
            Gen.int(in: 0...3), Gen.bool, one(of: FillMode.allCases)
        ).map { begin, duration, speed, offset, repeats, autoreverses, fill in
            MediaTiming(
                beginTime: begin, duration: duration, speed: speed, timeOffset: offset,
                repeatCount: Double(repeats) * 0.75, autoreverses: autoreverses, fillMode: fill)
        }.eraseToAny()
    }

    /// Media timings whose time spaces convert both ways: begin time ±5000 s, speed ≠ 0
    /// (one of 1, 2, 0.5, −1, −3.5, 1e-3, 1e3 times 1…2), time offset ±50 s.
    public static var convertibleMediaTimings: AnyGenerator<MediaTiming> {
        zip(edgeBiased(in: -5000...5000), one(of: [1, 2, 0.5, -1, -3.5, 1e-3, 1e3]), edgeBiased(in: 1...2), edgeBiased(in: -50...50))
            .map { begin, speed, factor, offset in MediaTiming(beginTime: begin, speed: speed * factor, timeOffset: offset) }
            .eraseToAny()
    }

    /// Media timings with bad fields, which an engine must sanitise: each numeric field is
    /// one of NaN, ±∞, 0, −0, negative, subnormal, huge or an ordinary value.
    public static var pathologicalMediaTimings: AnyGenerator<MediaTiming> {
        let field = one(of: [1, 0, -0.0, .nan, .infinity, -.infinity, -2.5, .leastNonzeroMagnitude, 1e300, 0.3])
        return zip(field, field, field, field, field, field, Gen.bool, one(of: FillMode.allCases))
            .map { begin, duration, speed, offset, count, repeatDuration, autoreverses, fill in
                MediaTiming(
                    beginTime: begin, duration: duration, speed: speed, timeOffset: offset, repeatCount: count,
                    repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: fill)
            }.eraseToAny()
    }

    /// Any media timing: ordinary (`mediaTimings`), convertible or pathological.
    public static var anyMediaTimings: AnyGenerator<MediaTiming> {
        Gen.frequency((3, mediaTimings), (1, convertibleMediaTimings), (2, pathologicalMediaTimings)).eraseToAny()
    }

    /// A timing from `timings` with a parent time in `times` (edge-biased).
    public static func mediaTimings(
        _ timings: AnyGenerator<MediaTiming> = anyMediaTimings, at times: ClosedRange<Double> = -10...10
    ) -> AnyGenerator<(MediaTiming, Double)> {
        zip(timings, edgeBiased(in: times)).eraseToAny()
    }
}
