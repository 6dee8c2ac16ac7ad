import CadenceTesting
@testable import CadenceTiming
import Testing

/// TimingFunction's properties on the testing kit's runner: a failure reports the shrunk
/// control points and the seed. The hard curves are checked one by one as well.
@Suite struct TimingFunctionPropertyTests {
    static let hardCurves = TimingFunctionTests.hardCurves.map { TimingControlPoints($0.0, $0.1, $0.2, $0.3) }

    @Test func linearIsTheIdentity() async {
        await Law<Double>("linear and any diagonal curve give y = x") { x in
            try Violation.unless(TimingFunction.linear.progress(at: x) == x, "linear progress(\(x)) = \(TimingFunction.linear.progress(at: x))")
            // Any curve with both control points on the diagonal is the identity too.
            let diagonal = TimingFunction(controlPoints: 0.3, 0.3, 0.8, 0.8).progress(at: x)
            try Violation.unless(diagonal == x, "(0.3, 0.3, 0.8, 0.8) progress(\(x)) = \(diagonal)")
        }.verify(over: Arbitrary.edgeBiased(), count: 1000, seed: 1)
    }

    // The kit's laws against Cadence itself: exact ends on every kind of curve (named,
    // valid, near-vertical, flat, overshooting, non-finite), and the hard ones.
    @Test func endsAreExact() async {
        let law = TimingFunctionLaws.exactEnds()
        law.verify(on: Self.hardCurves)
        await law.verify(over: Arbitrary.anyTimingCurves, count: 2000, seed: 0xE17D)
    }

    // Monotone: for a curve whose y control points lie in 0…1, y(x) never decreases; the
    // law walks 0…1 comparing pairs a few ulps apart as well as 1e-3 apart.
    @Test func monotoneOnMonotoneCurves() async {
        let law = TimingFunctionLaws.monotoneProgress()
        law.verify(on: Self.hardCurves)
        await law.verify(over: Arbitrary.monotoneTimingCurves, count: 100, seed: 0x5EED)
        await law.verify(over: Arbitrary.nearVerticalTimingCurves, count: 50, seed: 0x5EED)
    }

    // Accuracy: |y − y_exact| ≤ 1e-12 against the slow bisection twin, except on curves
    // that are vertical inside, where the backward-error bound applies
    // (TimingFunctionTests.testBackwardErrorOnVerticalCurves). 200 inputs per curve.
    static let matchesReference = Law<(TimingControlPoints, [Double])>("progress(at:) within 1e-12 of the bisection twin") { input in
        let (c, xs) = input
        guard !TimingFunctionTests.isVerticalInside((c.c1x, c.c1y, c.c2x, c.c2y)) else { return }
        let f = c.timingFunction
        let reference = ReferenceTimingFunction(c.c1x, c.c1y, c.c2x, c.c2y)
        for x in xs {
            try Violation.unlessClose(f.progress(at: x), reference.progress(at: x), within: 1e-12, "progress(\(x))")
        }
    }

    @Test func matchesReferenceOnHardAndRandomCurves() async {
        let xs = Arbitrary.edgeBiased().array(of: 200)
        var rng = SplitMix64(seed: 0xC0FFEE)
        let hardXs = (0..<200).map { _ in rng.edgeBiased() }
        Self.matchesReference.verify(on: Self.hardCurves.map { ($0, hardXs) })
        await Self.matchesReference.verify(over: zip(Arbitrary.timingCurves(), xs), count: 200, seed: 0xC0FFEE)
    }
}
