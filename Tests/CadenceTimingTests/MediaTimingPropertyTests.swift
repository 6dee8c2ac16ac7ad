import CadenceTesting
import CadenceTiming
import Testing

/// MediaTiming's properties on the testing kit's runner: a failure reports the shrunk
/// timing and parent time, and the seed.
@Suite struct MediaTimingPropertyTests {
    // Property: parent → local → parent round trips for random timings (speed ≠ 0),
    // within 1e-9 relative to max(1, |t|, |beginTime|) (the kit's law).
    @Test func conversionRoundTrips() async {
        await MediaTimingLaws.conversionRoundTrip()
            .verify(over: Arbitrary.mediaTimings(Arbitrary.convertibleMediaTimings, at: -5e4...5e4), count: 10_000, seed: 0xABCD)
    }

    // Property: whatever its fields (NaN, ±∞, 0, negative, subnormal), a timing in effect
    // has its progress in 0…1.
    @Test func progressIsBoundedForBadFields() async {
        await MediaTimingLaws.boundedProgress().verify(over: Arbitrary.mediaTimings(Arbitrary.anyMediaTimings), count: 5000, seed: 0xBAD)
    }

    // Property: a phase table over random timings; the state is in effect exactly where
    // the fill mode says, and its progress is always within 0…1.
    @Test func phaseAndFillTable() async {
        await Law<(MediaTiming, Double)>("phase and fill table") { input in
            let (timing, t) = input
            let r = timing.resolved()
            let s = r.state(atParentTime: t)
            let e = r.speed == 0 ? 0 : (t - r.beginTime) * r.speed
            let phase: TimingPhase = e < 0 ? .before : (e > r.activeDuration ? .after : .active)
            try Violation.unless(s.phase == phase, "phase \(s.phase), expected \(phase)")
            let expected = phase == .active || (phase == .before && timing.fillMode.fillsBackwards)
                || (phase == .after && timing.fillMode.fillsForwards)
            try Violation.unless(s.isInEffect == expected, "in effect \(s.isInEffect), expected \(expected)")
            if s.isInEffect {
                try Violation.unless(s.progress >= 0 && s.progress <= 1, "progress \(s.progress)")
                try Violation.unless(s.basicTime >= 0 && s.basicTime <= r.duration, "basic time \(s.basicTime) of \(r.duration)")
                try Violation.unless(s.iteration >= 0, "iteration \(s.iteration)")
            }
        }.verify(over: Arbitrary.mediaTimings(Arbitrary.mediaTimings), count: 20_000, seed: 0xF111)
    }

    // Media clocks read around 1e9 s after long uptime: no loss of millisecond precision
    // (basic time within 1e-6 of the exact remainder, offsets 0…1000 s).
    @Test func hugeTimesKeepMillisecondPrecision() async {
        let begin = 1_000_000_000.123
        let timing = MediaTiming(beginTime: begin, duration: 0.3, repeatCount: .infinity)
        await Law<Double>("basic time near 1e9 s") { offset in
            let s = timing.state(atParentTime: begin + offset)
            try Violation.unlessClose(s.basicTime, offset.truncatingRemainder(dividingBy: 0.3), within: 1e-6, "basic time at offset \(offset)")
        }.verify(over: Arbitrary.edgeBiased(in: 0...1000), count: 1000, seed: 11)
        // The media clock itself near 1e9 s: progress at begin + 1 ms.
        let once = MediaTiming(beginTime: begin, duration: 1)
        #expect(abs(once.state(atParentTime: begin + 0.001).basicTime - 0.001) <= 1e-6)
    }
}
