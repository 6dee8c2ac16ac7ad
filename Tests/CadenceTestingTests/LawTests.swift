import CadenceTesting
import Synchronization
import Testing

/// The kit's runner: reproducible searches, and a failure's report — the violation for the
/// shrunk input, swift-property-based's shrinking line, and the seed.
@Suite struct LawTests {
    static let belowHalf = Law<Double>("x stays below 0.5") { x in
        try Violation.unless(x < 0.5, "x = \(x)")
    }

    @Test func theSameSeedFindsTheSameCounterexample() throws {
        let a = try #require(Self.belowHalf.counterexample(in: Arbitrary.edgeBiased(), count: 100, seed: 7))
        let b = try #require(Self.belowHalf.counterexample(in: Arbitrary.edgeBiased(), count: 100, seed: 7))
        #expect(a.input == b.input && a.caseIndex == b.caseIndex && a.replayState == b.replayState)
        #expect(a.input >= 0.5 && a.seed == 7 && a.violation.description == "x = \(a.input)")
        #expect(Self.belowHalf.counterexample(in: Arbitrary.edgeBiased(in: 0...0.25), count: 100, seed: 7) == nil)
    }

    // verify's issues: the violation of the shrunk input (shrinking towards 0 stops at
    // 0.5, the smallest failing input), the "Failure occured" line with the input it was
    // shrunk from, and the law, case and seed.
    @Test func aFailureReportsTheShrunkInputAndTheSeed() async {
        let comments = Mutex<[String]>([])
        await withKnownIssue {
            await Self.belowHalf.verify(over: Arbitrary.edgeBiased(), count: 100, seed: 7)
        } matching: { issue in
            comments.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
            return true
        }
        let found = Self.belowHalf.counterexample(in: Arbitrary.edgeBiased(), count: 100, seed: 7)!
        let report = comments.withLock { $0 }
        // (The matcher also sees the issues propertyCheck suppresses while it shrinks.)
        #expect(report.contains("x stays below 0.5: x = 0.5"))
        #expect(report.contains { $0.hasPrefix("Failure occured with input 0.5.") && $0.contains("shrunk down from \(found.input)") })
        #expect(report.last?.contains("fails at case \(found.caseIndex) of 100 (seed 7)") == true)
        #expect(report.last?.contains(".fixedSeed(") == true)
    }

    @Test func violationsCompareNumbers() {
        #expect((try? Violation.unlessClose(1, 1 + 1e-13, within: 1e-12, "y")) != nil)
        #expect((try? Violation.unlessClose(.nan, .nan, within: 0, "y")) != nil)
        #expect(throws: Violation("y: 1.0, expected 2.0 within 0.5")) { try Violation.unlessClose(1, 2, within: 0.5, "y") }
        #expect(throws: Violation.self) { try Violation.unlessClose(.nan, 1, within: 1, "y") }
    }

    // EdgeBiased draws what SeededGenerator drew before it moved into the kit.
    @Test func splitMix64KeepsItsSequence() {
        var rng = SplitMix64(seed: 1)
        #expect(rng.next() == 0x910A_2DEC_8902_5CC1)
        #expect(EdgeBiased.stepped(1, ulps: -2) == 1.0.nextDown.nextDown)
    }
}
