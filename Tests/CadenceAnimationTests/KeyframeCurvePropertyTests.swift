import CadenceAnimation
import CadenceGeometry
import CadenceTesting
import Testing

/// Keyframe curves' properties on the testing kit's runner: a failure reports the shrunk
/// keyframes and the seed.
@Suite struct KeyframeCurvePropertyTests {
    // Property: cubic curves with random TCB and uneven key times pass through keyframes
    // exactly (1e-9 per coordinate, the kit's law) and are continuous across segment
    // boundaries (the value just before a key time within 1e-6 of the keyframe).
    // Edge-biased key times, where the old loop drew them uniformly.
    @Test func cubicKeyframesAndContinuity() async {
        let cubic = Arbitrary.keyframes([.cubic])
        await KeyframeLaws.keyframesPassedThrough().verify(over: cubic, count: 200, seed: 0xC0B1C)
        await Law<KeyframeSample>("cubic keyframes are continuous at their key times") { sample in
            let curve = sample.curve
            let n = sample.values.count
            let times = sample.keyTimes ?? (0..<n).map { Double($0) / Double(n - 1) }
            // (In a segment a few ulps long the key time's nextDown is far from its end, in
            // progress: only segments longer than 1e-6 are looked at.)
            for i in 1..<(n - 1) where times[i] - times[i - 1] > 1e-6 {
                let before = curve.value(at: times[i].nextDown)!
                try Violation.unless(before.distance(to: sample.values[i]) < 1e-6, "just before key time \(times[i]): \(before), keyframe \(sample.values[i])")
            }
        }.verify(over: cubic, count: 200, seed: 0xC0B1C)
    }

    // Every mode that keeps its key times passes through its keyframes (linear, discrete,
    // cubic; the paced modes compute theirs).
    @Test func keyframesPassedThroughInEveryMode() async {
        await KeyframeLaws.keyframesPassedThrough().verify(over: Arbitrary.keyframes(), count: 300, seed: 0x4EF)
    }

    // Paced: constant velocity by distance along the polyline, key times ignored (the
    // kit's law: within 1e-9 of the total length, 901 progresses).
    @Test func pacedSpeedIsConstant() async {
        await KeyframeLaws.pacedConstantSpeed().verify(over: Arbitrary.keyframes([.paced]), count: 100, seed: 0x9ACE)
    }
}
